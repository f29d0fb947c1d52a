import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONE_IDS } from '../../../common/event-time.ts';
import { RECURRENCE_HAS_NO_DATES, RECURRENCE_PROBLEMS } from '../../../common/messages.ts';
import type {
  CalendarEventAnswer,
  CalendarEventDetail,
  ClubCalendarAnswer,
  EventAttendeeAnswer,
  RecurrencePreviewAnswer,
} from '../../../common/schemas/calendar-event.ts';
import { DEMO_CLUBS } from '../../db/seed/personas.ts';
import {
  extendShortSeries,
  SERIES_PER_SWEEP,
} from '../../services/unguarded/series-occurrences.ts';
import { startTestServer } from '../../test/api-harness.ts';
import { icsContentLines, readCalendar } from '../../test/ical-reader.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { clubIdOf, seedDemoData, signInPersonas } from '../../test/member-client.ts';
import type { MemberClient, PersonaKey, SignedInPersona } from '../../test/member-client.ts';

/**
 * Recurring meetings over signed HTTP against the real database (issue 25, D80): a series'
 * meetings as calendar events, the form's preview, editing by scope, cancelling, RSVPs per
 * meeting. W is webmaster of L2; M2 is a member of L2's organisation.
 */

interface Problem {
  status: number;
  errors?: Record<string, string[]>;
}

let server: TestServer;
let personas: Record<PersonaKey, SignedInPersona>;
let w: MemberClient;
let l2: number;

function db() {
  return server.database.handle.db;
}

const SECOND_TUESDAY_DARK_SUMMER = {
  frequency: 'monthly_by_weekday',
  interval: 1,
  week_of_month: 2,
  skip_months: [7, 8],
  ends: { kind: 'never' },
};

function seriesBody(fields: Record<string, unknown> = {}) {
  return {
    calendar_event: {
      club_id: l2,
      name: 'Stated Meeting',
      location: 'Lodge room',
      new_description: '<p>Dinner at 6:30.</p>',
      access: 'PUBLIC',
      // The second Tuesday of January 2030.
      start_date_string: '01/08/2030',
      start_time_string: '7:30pm',
      end_date_string: '01/08/2030',
      end_time_string: '9:30pm',
      time_zone_id: 1,
      allows_comments: true,
      photos_attributes: [],
      recurrence: SECOND_TUESDAY_DARK_SUMMER,
      ...fields,
    },
  };
}

async function createSeries(fields: Record<string, unknown> = {}): Promise<CalendarEventDetail> {
  const response = await w.request<CalendarEventAnswer>('POST', '/calendar_events', {
    body: seriesBody(fields),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.calendar_event;
}

async function meetingsOf(seriesId: number) {
  return db()
    .selectFrom('calendar_events')
    .select(['id', 'start_at', 'local_start_date', 'cancelled_at', 'occurrence_changed', 'name'])
    .where('series_id', '=', seriesId)
    .orderBy('recurrence_start_at')
    .execute();
}

async function event(client: MemberClient, id: number): Promise<CalendarEventDetail> {
  const response = await client.request<CalendarEventAnswer>('GET', `/calendar_events/${id}.json`);
  expect(response.status).toBe(200);
  return response.body.data.calendar_event;
}

beforeAll(async () => {
  server = await startTestServer({ logger: { level: 'error' } as never });
  await seedDemoData(server);
  personas = await signInPersonas(server);
  w = personas.W.client;
  l2 = await clubIdOf(server, DEMO_CLUBS.L2);
});

afterAll(async () => {
  await server?.close();
});

describe('POST /calendar_events with a recurrence', () => {
  it('makes a series: the answer is its first meeting, with the rule in words', async () => {
    const first = await createSeries();
    expect(first).toMatchObject({
      start_date_string: '01/08/2030',
      start_time_string: '7:30pm',
      end_time_string: '9:30pm',
      recurrence: SECOND_TUESDAY_DARK_SUMMER,
      recurrence_description: 'Every 2nd Tuesday of the month, except July and August',
      occurrence_changed: false,
      cancelled: false,
      abilities: { edit: true, cancel: true },
    });
    expect(first.series_id).not.toBeNull();
    const rows = await meetingsOf(first.series_id ?? 0);
    // A year of meetings from the first: ten (no July, no August).
    expect(rows).toHaveLength(10);
    const dates = rows.map((row) => row.local_start_date);
    expect(dates.slice(0, 8)).toEqual([
      '2030-01-08',
      '2030-02-12',
      '2030-03-12',
      '2030-04-09',
      '2030-05-14',
      '2030-06-11',
      '2030-09-10',
      '2030-10-08',
    ]);
  });

  it('refuses a rule that skips every month, under recurrence', async () => {
    const yearly = await w.request<Problem>('POST', '/calendar_events', {
      body: seriesBody({
        recurrence: { ...SECOND_TUESDAY_DARK_SUMMER, frequency: 'yearly', skip_months: [7] },
      }),
    });
    expect(yearly.status).toBe(422);
    expect(yearly.body.errors?.recurrence).toEqual([RECURRENCE_PROBLEMS.yearly_skips_months]);
    // The 31st, skipping every month that has one: no meeting ever.
    const never = await w.request<Problem>('POST', '/calendar_events', {
      body: seriesBody({
        start_date_string: '01/31/2030',
        end_date_string: '01/31/2030',
        recurrence: {
          frequency: 'monthly_by_date',
          interval: 1,
          skip_months: [1, 3, 5, 7, 8, 10, 12],
          ends: { kind: 'never' },
        },
      }),
    });
    expect(never.status).toBe(422);
    expect(never.body.errors?.recurrence).toEqual([RECURRENCE_HAS_NO_DATES]);
  });
});

describe('POST /calendar_events/recurrence_preview.json', () => {
  it('answers the words and the next six dates', async () => {
    const response = await w.request<RecurrencePreviewAnswer>(
      'POST',
      '/calendar_events/recurrence_preview.json',
      {
        body: {
          start_date_string: '06/04/2030',
          start_time_string: '7:30pm',
          time_zone_id: 1,
          recurrence: SECOND_TUESDAY_DARK_SUMMER,
        },
      },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.recurrence_description).toBe(
      'Every 2nd Tuesday of the month, except July and August',
    );
    expect(response.body.data.occurrences.map((o) => o.start_date_string)).toEqual([
      '06/11/2030',
      '09/10/2030',
      '10/08/2030',
      '11/12/2030',
      '12/10/2030',
      '01/14/2031',
    ]);
    expect(response.body.data.occurrences[0]?.label).toBe('Tuesday, June 11, 2030 7:30pm');
  });
});

async function put(id: number, body: Record<string, unknown>) {
  const response = await w.request<CalendarEventAnswer>('PUT', `/calendar_events/${id}.json`, {
    body,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.calendar_event;
}

async function clubCalendarIds(client: MemberClient): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`;
    const page = await client.request<ClubCalendarAnswer>(
      'GET',
      `/clubs/calendar_events.json?subdomain=${DEMO_CLUBS.L2}${query}`,
    );
    ids.push(...page.body.data.calendar_events.map((e) => e.id));
    cursor = page.body.data.next_cursor;
  } while (cursor !== null);
  return ids;
}

describe('a meeting of a series, changed by scope', () => {
  it('"this meeting": only it moves; it keeps its RSVPs and gets comments of its own', async () => {
    const first = await createSeries({ name: 'Moved One' });
    const [, second, third] = await meetingsOf(first.series_id ?? 0);
    const rsvp = await personas.M2.client.request<EventAttendeeAnswer>(
      'POST',
      '/event_attendees.json',
      { body: { calendar_event_id: second?.id, status: 'YES', guests: 1 } },
    );
    expect(rsvp.status).toBe(200);
    const moved = await put(second?.id ?? 0, {
      calendar_event: {
        start_date_string: '02/13/2030',
        end_date_string: '02/13/2030',
        location: 'Church hall',
      },
      scope: 'this',
    });
    expect(moved).toMatchObject({
      id: second?.id,
      start_date_string: '02/13/2030',
      start_time_string: '7:30pm',
      location: 'Church hall',
      occurrence_changed: true,
      event_attendance_counts: { yes: 1, guests: 1 },
    });
    expect(moved.comment_container.id).not.toBe(first.comment_container.id);
    const untouched = await event(w, third?.id ?? 0);
    expect(untouched).toMatchObject({ location: 'Lodge room', occurrence_changed: false });
    expect(untouched.comment_container.id).toBe(first.comment_container.id);
  });

  it("without a scope a move is this meeting's and a rename all meetings'", async () => {
    const first = await createSeries({ name: 'Default Scope' });
    const [, second, third] = await meetingsOf(first.series_id ?? 0);
    await put(second?.id ?? 0, {
      calendar_event: { start_time_string: '7:00pm', end_time_string: '9:00pm' },
    });
    expect((await event(w, third?.id ?? 0)).start_time_string).toBe('7:30pm');
    await put(third?.id ?? 0, { calendar_event: { name: 'Stated Communication' } });
    const names = (await meetingsOf(first.series_id ?? 0)).map((row) => row.name);
    expect(new Set(names)).toEqual(new Set(['Stated Communication']));
  });

  it('"all": a new time moves every meeting, keeps their ids and RSVPs, and leaves a moved one', async () => {
    const first = await createSeries({ name: 'All Of Them' });
    const before = await meetingsOf(first.series_id ?? 0);
    const [, second, third] = before;
    await personas.M2.client.request('POST', '/event_attendees.json', {
      body: { calendar_event_id: third?.id, status: 'YES', guests: 0 },
    });
    await put(second?.id ?? 0, {
      calendar_event: { start_date_string: '02/14/2030', end_date_string: '02/14/2030' },
      scope: 'this',
    });
    const changed = await put(first.id, {
      calendar_event: {
        start_time_string: '7:00pm',
        end_time_string: '9:00pm',
        name: 'Stated Meeting (new time)',
      },
      scope: 'all',
    });
    expect(changed).toMatchObject({
      id: first.id,
      start_time_string: '7:00pm',
      end_time_string: '9:00pm',
    });
    const after = await meetingsOf(first.series_id ?? 0);
    expect(after.map((row) => row.id)).toEqual(before.map((row) => row.id));
    const thirdNow = await event(personas.M2.client, third?.id ?? 0);
    expect(thirdNow).toMatchObject({
      start_time_string: '7:00pm',
      event_attendance_counts: { yes: 1 },
    });
    expect(thirdNow.event_attendee?.status).toBe('YES');
    const secondNow = await event(w, second?.id ?? 0);
    expect(secondNow).toMatchObject({
      start_date_string: '02/14/2030',
      start_time_string: '7:30pm',
    });
    expect(secondNow.name).toBe('Stated Meeting (new time)');
  });

  it('"this and following": the series splits; the later meetings keep their ids where their date maps', async () => {
    const first = await createSeries({ name: 'Split Me' });
    const before = await meetingsOf(first.series_id ?? 0);
    const fourth = before[3];
    const changed = await put(fourth?.id ?? 0, {
      calendar_event: {
        location: 'New Temple',
        start_time_string: '8:00pm',
        end_time_string: '10:00pm',
      },
      scope: 'following',
    });
    expect(changed.id).toBe(fourth?.id);
    expect(changed.series_id).not.toBe(first.series_id);
    expect(changed).toMatchObject({ location: 'New Temple', start_time_string: '8:00pm' });
    const old = await meetingsOf(first.series_id ?? 0);
    expect(old.map((row) => row.id)).toEqual(before.slice(0, 3).map((row) => row.id));
    const later = await meetingsOf(changed.series_id ?? 0);
    expect(later.map((row) => row.id).slice(0, before.length - 3)).toEqual(
      before.slice(3).map((row) => row.id),
    );
    expect((await event(w, before[2]?.id ?? 0)).start_time_string).toBe('7:30pm');
    const series = await db()
      .selectFrom('calendar_event_series')
      .select('rrule')
      .where('id', '=', first.series_id ?? 0)
      .executeTakeFirstOrThrow();
    expect(series.rrule).toMatch(/UNTIL=20300409T/);
  });

  it('a new rule for all keeps the meetings whose dates it holds', async () => {
    const first = await createSeries({ name: 'New Rule' });
    const before = await meetingsOf(first.series_id ?? 0);
    const changed = await put(first.id, {
      calendar_event: { recurrence: { ...SECOND_TUESDAY_DARK_SUMMER, skip_months: [6, 7, 8] } },
      scope: 'all',
    });
    expect(changed.recurrence_description).toBe(
      'Every 2nd Tuesday of the month, except June, July and August',
    );
    const after = await meetingsOf(first.series_id ?? 0);
    expect(after.map((row) => row.local_start_date)).not.toContain('2030-06-11');
    expect(after.map((row) => row.id).slice(0, 5)).toEqual(before.slice(0, 5).map((row) => row.id));
  });
});

describe('cancelling one meeting', () => {
  it('drops it from the lists; its page says cancelled; the others stay', async () => {
    const first = await createSeries({ name: 'Cancel One', access: 'PUBLIC' });
    const [, second, third] = await meetingsOf(first.series_id ?? 0);
    const response = await w.request<CalendarEventAnswer>(
      'POST',
      `/calendar_events/${second?.id}/cancel.json`,
    );
    expect(response.status).toBe(200);
    expect(response.body.data.calendar_event).toMatchObject({
      cancelled: true,
      abilities: { cancel: false },
    });
    const ids = await clubCalendarIds(personas.M2.client);
    expect(ids).not.toContain(second?.id);
    expect(ids).toContain(third?.id);
    expect((await event(personas.M2.client, second?.id ?? 0)).cancelled).toBe(true);
    // A member may not.
    const refused = await personas.M2.client.request<Problem>(
      'POST',
      `/calendar_events/${third?.id}/cancel.json`,
    );
    expect(refused.status).toBe(403);
  });

  it('DELETE with scope this cancels; with scope all the series goes', async () => {
    const first = await createSeries({ name: 'Delete Scopes' });
    const [, second] = await meetingsOf(first.series_id ?? 0);
    expect((await w.request('DELETE', `/calendar_events/${second?.id}?scope=this`)).status).toBe(
      204,
    );
    expect((await event(w, second?.id ?? 0)).cancelled).toBe(true);
    expect((await w.request('DELETE', `/calendar_events/${first.id}?scope=all`)).status).toBe(204);
    expect(await meetingsOf(first.series_id ?? 0)).toEqual([]);
    // Its old links say the meeting was cancelled, as a deleted single event's do (D81).
    expect((await w.request('GET', `/calendar_events/${first.id}.json`)).status).toBe(410);
  });
});

describe('RSVPs belong to a meeting', () => {
  it('an RSVP to one meeting leaves the next untouched', async () => {
    const first = await createSeries({ name: 'RSVP Each' });
    const [one, two] = await meetingsOf(first.series_id ?? 0);
    const m2 = personas.M2.client;
    await m2.request('POST', '/event_attendees.json', {
      body: { calendar_event_id: one?.id, status: 'YES', guests: 2 },
    });
    const a = await event(m2, one?.id ?? 0);
    const b = await event(m2, two?.id ?? 0);
    expect(a.event_attendee).toMatchObject({ status: 'YES', guests: 2 });
    expect(a.event_attendance_counts).toEqual({ yes: 1, no: 0, guests: 2 });
    expect(b.event_attendee).toBeNull();
    expect(b.event_attendance_counts).toEqual({ yes: 0, no: 0, guests: 0 });
  });

  it("comments are the series' on every meeting not changed alone", async () => {
    const first = await createSeries({ name: 'Shared Comments' });
    const [, two] = await meetingsOf(first.series_id ?? 0);
    const posted = await personas.M2.client.request('POST', '/comments', {
      body: {
        comment: { comment_container_id: first.comment_container.id, comment: 'See you there.' },
      },
    });
    expect(posted.status).toBe(200);
    expect((await event(w, two?.id ?? 0)).comment_container).toEqual({
      id: first.comment_container.id,
      comment_count: 1,
    });
    // Members' words stay: the series cannot be deleted while it has comments.
    expect((await w.request('DELETE', `/calendar_events/${first.id}?scope=all`)).status).toBe(403);
  });
});

describe('across daylight-saving changes', () => {
  it.each(TIME_ZONE_IDS)('zone %i: every meeting starts at 7:30pm local time', async (zone) => {
    const first = await createSeries({
      name: `DST ${zone}`,
      time_zone_id: zone,
      recurrence: {
        frequency: 'weekly',
        interval: 1,
        skip_months: [],
        ends: { kind: 'after_count', count: 30 },
      },
    });
    const rows = await meetingsOf(first.series_id ?? 0);
    expect(rows).toHaveLength(30);
    for (const row of rows) {
      const shown = await event(w, row.id);
      expect(shown.start_time_string).toBe('7:30pm');
      expect(shown.end_time_string).toBe('9:30pm');
    }
  });
});

describe('the horizon', () => {
  it('the minute sweep adds the meetings that come within a year', async () => {
    const today = new Date();
    const start = new Date(today.getTime() + 86_400_000);
    const wire = `${String(start.getUTCMonth() + 1).padStart(2, '0')}/${String(start.getUTCDate()).padStart(2, '0')}/${start.getUTCFullYear()}`;
    const first = await createSeries({
      name: 'Weekly Forever',
      start_date_string: wire,
      end_date_string: wire,
      recurrence: { frequency: 'weekly', interval: 1, skip_months: [], ends: { kind: 'never' } },
    });
    const seriesId = first.series_id ?? 0;
    const before = await meetingsOf(seriesId);
    // A year of weeks from the first meeting.
    expect(before.length).toBeGreaterThanOrEqual(52);
    expect(before.length).toBeLessThanOrEqual(53);
    const later = Date.now() + 60 * 86_400_000;
    while ((await extendShortSeries(db(), later)) === SERIES_PER_SWEEP);
    const after = await meetingsOf(seriesId);
    expect(after.length - before.length).toBeGreaterThanOrEqual(8);
    expect(after.slice(0, before.length).map((row) => row.id)).toEqual(before.map((row) => row.id));
    const last = after.at(-1)?.start_at ?? 0;
    expect(Number(last)).toBeGreaterThan(later + 358 * 86_400_000);
    // Once there, a second sweep adds nothing.
    while ((await extendShortSeries(db(), later)) === SERIES_PER_SWEEP);
    expect(await meetingsOf(seriesId)).toHaveLength(after.length);
  });
});

/**
 * The meetings a calendar program finds in iCalendar text (ical.js): the series' VEVENT
 * expanded by its RRULE without its EXDATEs, each meeting replaced by its RECURRENCE-ID
 * VEVENT when there is one. Answers their start instants, soonest first.
 */
function expandedStarts(text: string, until: number): number[] {
  const calendar = readCalendar(text);
  const vevents = calendar.getAllSubcomponents('vevent');
  const master = vevents.find((v) => v.hasProperty('rrule'));
  if (!master) throw new Error('no VEVENT with an RRULE');
  const series = new ICAL.Event(master);
  for (const v of vevents) if (v.hasProperty('recurrence-id')) series.relateException(v);
  const starts: number[] = [];
  const iterator = series.iterator();
  for (let next = iterator.next(); next; next = iterator.next()) {
    const details = series.getOccurrenceDetails(next);
    const start = details.startDate.toJSDate().getTime();
    if (details.recurrenceId.toJSDate().getTime() >= until) break;
    starts.push(start);
  }
  return starts.sort((a, b) => a - b);
}

describe('the series in iCalendar', () => {
  it.each(TIME_ZONE_IDS)(
    'zone %i: one VEVENT with RRULE, EXDATE and RECURRENCE-ID reads back to the stored meetings',
    async (zone) => {
      const first = await createSeries({
        name: `Feed ${zone}`,
        time_zone_id: zone,
        // Every Tuesday from January into April: across March's change of clocks.
        recurrence: {
          frequency: 'weekly',
          interval: 1,
          skip_months: [],
          ends: { kind: 'after_count', count: 14 },
        },
      });
      const rows = await meetingsOf(first.series_id ?? 0);
      const [, second, third] = rows;
      await w.request('POST', `/calendar_events/${second?.id}/cancel.json`);
      await put(third?.id ?? 0, {
        calendar_event: {
          start_date_string: '01/23/2030',
          end_date_string: '01/23/2030',
          start_time_string: '6:00pm',
          end_time_string: '8:00pm',
        },
        scope: 'this',
      });
      const response = await w.request('GET', `/calendar_events/${rows[5]?.id}.ics`);
      expect(response.status).toBe(200);
      const text = response.text;
      const lines = icsContentLines(text);
      expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2);
      const withRule = readCalendar(text)
        .getAllSubcomponents('vevent')
        .filter((v) => v.hasProperty('rrule'));
      expect(withRule).toHaveLength(1);
      expect(lines.some((line) => line.startsWith('EXDATE;TZID='))).toBe(true);
      expect(lines.some((line) => line.startsWith('RECURRENCE-ID'))).toBe(true);
      const stored = (await meetingsOf(first.series_id ?? 0))
        .filter((row) => row.cancelled_at === null)
        .map((row) => Number(row.start_at))
        .sort((a, b) => a - b);
      expect(expandedStarts(text, Number.MAX_SAFE_INTEGER)).toEqual(stored);
    },
  );
});

describe('announcing a meeting', () => {
  it('announces the series once: every meeting counts as announced; the notice names the rule', async () => {
    const first = await createSeries({ name: 'Announced Series' });
    const [, second, third] = await meetingsOf(first.series_id ?? 0);
    const response = await w.request<CalendarEventAnswer>(
      'POST',
      `/calendar_events/${second?.id}/announce.json`,
    );
    expect(response.status).toBe(200);
    expect(response.body.data.calendar_event.announced).toBe(true);
    const other = await event(w, third?.id ?? 0);
    expect(other).toMatchObject({ announced: true, abilities: { announce: false } });
    const notice = await db()
      .selectFrom('notices')
      .select('message')
      .where('noticeable_type', '=', 'CalendarEvent')
      .where('noticeable_id', '=', second?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(notice.message).toContain('Every 2nd Tuesday of the month, except July and August.');
    expect(notice.message).toContain('Tuesday, February 12, 2030');
  });
});

describe('every rule shape, as the preview and the stored meetings give it', () => {
  const shapes = [
    {
      start: '01/31/2030',
      recurrence: {
        frequency: 'monthly_by_date',
        interval: 1,
        skip_months: [],
        ends: { kind: 'after_count', count: 4 },
      },
      words: 'Every month on the 31st, 4 times',
      // Months without a 31st have no meeting (RFC 5545).
      dates: ['01/31/2030', '03/31/2030', '05/31/2030', '07/31/2030'],
    },
    {
      start: '01/29/2030',
      recurrence: {
        frequency: 'monthly_by_weekday',
        interval: 1,
        week_of_month: -1,
        skip_months: [],
        ends: { kind: 'after_count', count: 3 },
      },
      words: 'Every last Tuesday of the month, 3 times',
      dates: ['01/29/2030', '02/26/2030', '03/26/2030'],
    },
    {
      start: '01/03/2030',
      recurrence: {
        frequency: 'weekly',
        interval: 2,
        skip_months: [],
        ends: { kind: 'on_date', date: '02/28/2030' },
      },
      words: 'Every other Thursday, until 02/28/2030',
      dates: ['01/03/2030', '01/17/2030', '01/31/2030', '02/14/2030', '02/28/2030'],
    },
    {
      start: '03/15/2030',
      recurrence: {
        frequency: 'yearly',
        interval: 1,
        skip_months: [],
        ends: { kind: 'after_count', count: 3 },
      },
      words: 'Every year on March 15, 3 times',
      dates: ['03/15/2030', '03/15/2031', '03/15/2032'],
    },
    {
      start: '01/08/2030',
      recurrence: {
        frequency: 'monthly_by_weekday',
        interval: 3,
        week_of_month: 2,
        skip_months: [],
        ends: { kind: 'after_count', count: 3 },
      },
      words: 'The 2nd Tuesday of every 3rd month, 3 times',
      dates: ['01/08/2030', '04/09/2030', '07/09/2030'],
    },
  ];

  it.each(shapes)('$words', async ({ start, recurrence, words, dates }) => {
    const preview = await w.request<RecurrencePreviewAnswer>(
      'POST',
      '/calendar_events/recurrence_preview.json',
      {
        body: {
          start_date_string: start,
          start_time_string: '7:30pm',
          time_zone_id: 3,
          recurrence,
        },
      },
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.recurrence_description).toBe(words);
    expect(preview.body.data.occurrences.map((o) => o.start_date_string)).toEqual(dates);
    const first = await createSeries({
      name: words,
      start_date_string: start,
      end_date_string: start,
      time_zone_id: 3,
      recurrence,
    });
    expect(first.recurrence).toEqual(recurrence);
    expect(first.recurrence_description).toBe(words);
    const stored = await meetingsOf(first.series_id ?? 0);
    expect(stored.map((row) => row.local_start_date)).toEqual(
      dates.map((d) => `${d.slice(6)}-${d.slice(0, 2)}-${d.slice(3, 5)}`),
    );
  });
});

describe('this and following, with a count and a delete', () => {
  it('a split of a counted series keeps the count across both halves', async () => {
    const first = await createSeries({
      name: 'Counted Split',
      recurrence: { ...SECOND_TUESDAY_DARK_SUMMER, ends: { kind: 'after_count', count: 6 } },
    });
    const before = await meetingsOf(first.series_id ?? 0);
    expect(before).toHaveLength(6);
    const changed = await put(before[2]?.id ?? 0, {
      calendar_event: { location: 'Annex' },
      scope: 'following',
    });
    expect(changed.recurrence?.ends).toEqual({ kind: 'after_count', count: 4 });
    expect(await meetingsOf(first.series_id ?? 0)).toHaveLength(2);
    const later = await meetingsOf(changed.series_id ?? 0);
    expect(later.map((row) => row.id)).toEqual(before.slice(2).map((row) => row.id));
  });

  it('DELETE with scope following ends the series before the meeting', async () => {
    const first = await createSeries({ name: 'Delete Following' });
    const before = await meetingsOf(first.series_id ?? 0);
    const response = await w.request('DELETE', `/calendar_events/${before[3]?.id}?scope=following`);
    expect(response.status).toBe(204);
    const after = await meetingsOf(first.series_id ?? 0);
    expect(after.map((row) => row.id)).toEqual(before.slice(0, 3).map((row) => row.id));
    expect((await event(w, first.id)).recurrence?.ends.kind).toBe('on_date');
    // The sweep adds nothing past the new end.
    while ((await extendShortSeries(db(), Date.now() + 400 * 86_400_000)) === SERIES_PER_SWEEP);
    expect(await meetingsOf(first.series_id ?? 0)).toHaveLength(3);
  });
});

describe("a member's answers in the series' iCalendar", () => {
  it('a meeting the member declined is its own VEVENT ending "(not going)"', async () => {
    const first = await createSeries({ name: 'Declined Once' });
    const [, second] = await meetingsOf(first.series_id ?? 0);
    const m2 = personas.M2.client;
    await m2.request('POST', '/event_attendees.json', {
      body: { calendar_event_id: second?.id, status: 'NO', guests: 0 },
    });
    const response = await m2.request('GET', `/calendar_events/${second?.id}.ics`);
    expect(response.status).toBe(200);
    const vevents = readCalendar(response.text)
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v));
    expect(vevents.map((v) => [v.summary, v.isRecurrenceException()])).toEqual([
      ['Declined Once', false],
      ['Declined Once (not going)', true],
    ]);
    expect(vevents[1]?.recurrenceId.toJSDate().getTime()).toBe(Number(second?.start_at));
  });
});
