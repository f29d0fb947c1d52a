import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENT_WAS_CANCELLED,
  eventCancelledNotice,
  eventMovedAndPlaceNotice,
  eventMovedNotice,
  eventPlaceChangedNotice,
} from '../../../common/messages.ts';
import type { CalendarEventAnswer } from '../../../common/schemas/calendar-event.ts';
import type { CancelledEvent } from '../../../common/schemas/cancelled-event.ts';
import type { NoticeListAnswer } from '../../../common/schemas/notice.ts';
import { DEMO_CLUBS } from '../../db/seed/personas.ts';
import { reminderKey } from '../../services/unguarded/event-reminders.ts';
import { answerEvent, createClubEvent, editEvent } from '../../test/event-fixtures.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { clubIdOf, seedDemoData, signInPersonas } from '../../test/member-client.ts';
import type { PersonaKey, SignedInPersona } from '../../test/member-client.ts';

/**
 * Changes reach those who answered (issue 25, D81): a webmaster's move of an event's date,
 * time or place is a notice to everyone who answered it, Going or not, and to nobody else; a
 * deletion tells them it was cancelled, and the event's old link answers 410 with its name and
 * time. W (webmaster of Olentangy, L2) writes; M, M2 and S (of Harmony, L1) answer or not.
 */

interface Problem {
  type: string;
  title: string;
  status: number;
  calendar_event?: CancelledEvent;
}

let server: TestServer;
let personas: Record<PersonaKey, SignedInPersona>;
let l2: number;
const L2_NAME = 'Olentangy Lodge No. 614';

async function create(access: 'PUBLIC' | 'CLUB', name: string): Promise<number> {
  return (await createClubEvent(personas.W.client, l2, { name, access })).id;
}

async function answer(persona: PersonaKey, eventId: number, status: 'YES' | 'NO') {
  await answerEvent(personas[persona].client, eventId, status);
}

async function edit(eventId: number, fields: Record<string, unknown>) {
  return editEvent(personas.W.client, eventId, fields);
}

/** The messages of the persona's notices about this event, newest first. */
async function noticesAbout(persona: PersonaKey, eventId: number): Promise<string[]> {
  const response = await personas[persona].client.request<NoticeListAnswer>('GET', '/notices.json');
  expect(response.status).toBe(200);
  return response.body.data.notices
    .filter((n) => n.noticeable_type === 'CalendarEvent' && n.noticeable_id === eventId)
    .map((n) => n.message);
}

async function noticesOfEveryone(eventId: number): Promise<Record<PersonaKey, string[]>> {
  const keys: PersonaKey[] = ['M', 'M2', 'S', 'W', 'A'];
  const entries = await Promise.all(
    keys.map(async (key) => [key, await noticesAbout(key, eventId)] as const),
  );
  return Object.fromEntries(entries) as Record<PersonaKey, string[]>;
}

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  personas = await signInPersonas(server);
  l2 = await clubIdOf(server, DEMO_CLUBS.L2);
  const club = await server.database.handle.db
    .selectFrom('clubs')
    .select('name')
    .where('id', '=', l2)
    .executeTakeFirstOrThrow();
  expect(club.name).toBe(L2_NAME);
});

afterAll(async () => {
  await server?.close();
});

describe('a changed event tells those who answered (D81)', () => {
  it('a new time: a notice to M (Going) and M2 (Not going), none to S, W or A', async () => {
    const id = await create('PUBLIC', 'Stated Communication');
    await answer('M', id, 'YES');
    await answer('M2', id, 'NO');
    const moved = await edit(id, { start_time_string: '6:30pm' });
    const expected = eventMovedNotice(
      L2_NAME,
      'Stated Communication',
      moved.local_start_date_time_with_duration,
    );
    expect(moved.local_start_date_time_with_duration).toBe(
      'Wednesday, December 8, 2027 6:30pm - 9:00pm EST',
    );
    expect(await noticesOfEveryone(id)).toEqual({
      M: [expected],
      M2: [expected],
      S: [],
      W: [],
      A: [],
    });
  });

  it('a new place, both at once, and a change of neither', async () => {
    const id = await create('PUBLIC', 'Ladies Night');
    await answer('S', id, 'YES');
    await edit(id, { location: 'Harmony Hall' });
    const both = await edit(id, {
      start_date_string: '12/09/2027',
      end_date_string: '12/09/2027',
      location: '',
    });
    // A new name or description is no change of date, time or place.
    await edit(id, { name: 'Ladies Night Dinner', new_description: '<p>Dress up.</p>' });
    expect(await noticesAbout('S', id)).toEqual([
      eventMovedAndPlaceNotice(
        L2_NAME,
        'Ladies Night',
        both.local_start_date_time_with_duration,
        null,
      ),
      eventPlaceChangedNotice(L2_NAME, 'Ladies Night', 'Harmony Hall'),
    ]);
    expect(await noticesAbout('M', id)).toEqual([]);
  });

  it('writes the names into the notice as text, not markup', async () => {
    const id = await create('PUBLIC', 'Night <b>&</b> Day');
    await answer('M', id, 'YES');
    await edit(id, { location: '<img src=x onerror=alert(1)>' });
    const [message] = await noticesAbout('M', id);
    expect(message).toContain('Night &lt;b&gt;&amp;&lt;/b&gt; Day');
    expect(message).not.toContain('<img');
  });
});

describe('a deleted event is cancelled, and its link says so (D81)', () => {
  it('tells those who answered, and answers its old link 410 with its name and time', async () => {
    const id = await create('PUBLIC', 'Table Lodge');
    await answer('M', id, 'YES');
    await answer('M2', id, 'NO');
    const before = await personas.M.client.request<CalendarEventAnswer>(
      'GET',
      `/calendar_events/${id}.json`,
    );
    const when = before.body.data.calendar_event.local_start_date_time_with_duration;
    expect((await personas.W.client.request('DELETE', `/calendar_events/${id}`)).status).toBe(204);

    const expected = eventCancelledNotice(L2_NAME, 'Table Lodge', when);
    expect(await noticesOfEveryone(id)).toEqual({
      M: [expected],
      M2: [expected],
      S: [],
      W: [],
      A: [],
    });
    for (const persona of ['M', 'W', 'A'] as const) {
      const gone = await personas[persona].client.request<Problem>(
        'GET',
        `/calendar_events/${id}.json`,
      );
      expect(gone.status, persona).toBe(410);
      expect(gone.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(gone.body).toMatchObject({
        type: 'https://lodgehall.org/problems/event-cancelled',
        title: EVENT_WAS_CANCELLED,
        status: 410,
        calendar_event: {
          id,
          name: 'Table Lodge',
          club_id: l2,
          club_name: L2_NAME,
          location: 'Olentangy Temple',
          local_start_date_time_with_duration: when,
        },
      });
    }
    // Unsigned, the link is still a 401 like any member call.
    const unsigned = await personas.M.client.request('GET', `/calendar_events/${id}.json`, {
      unsigned: true,
    });
    expect(unsigned.status).toBe(401);
  });

  it('a lodge-only event’s tombstone is a 404 to members outside the lodge, as the event was', async () => {
    const id = await create('CLUB', 'Officers Meeting');
    expect((await personas.M.client.request('GET', `/calendar_events/${id}.json`)).status).toBe(
      404,
    );
    expect((await personas.W.client.request('DELETE', `/calendar_events/${id}`)).status).toBe(204);
    expect((await personas.M.client.request('GET', `/calendar_events/${id}.json`)).status).toBe(
      404,
    );
    expect((await personas.W.client.request('GET', `/calendar_events/${id}.json`)).status).toBe(
      410,
    );
    // An id that never was an event stays a 404.
    expect((await personas.W.client.request('GET', '/calendar_events/999999.json')).status).toBe(
      404,
    );
  });
});

describe('the meetings of a series tell those who answered them, whichever way they change (D80, D81)', () => {
  type SixMeetings = [number, number, number, number, number, number];

  async function createSeries(name: string): Promise<SixMeetings> {
    const response = await personas.W.client.request<CalendarEventAnswer>(
      'POST',
      '/calendar_events',
      {
        body: {
          calendar_event: {
            club_id: l2,
            name,
            location: 'Olentangy Temple',
            new_description: '<p>Dinner at 6:30.</p>',
            access: 'PUBLIC',
            // The second Tuesday of December 2027, then every second Tuesday.
            start_date_string: '12/14/2027',
            start_time_string: '7:30pm',
            end_date_string: '12/14/2027',
            end_time_string: '9:30pm',
            time_zone_id: 1,
            allows_comments: false,
            photos_attributes: [],
            recurrence: {
              frequency: 'monthly_by_weekday',
              skip_months: [7, 8],
              ends: { kind: 'after_count', count: 6 },
            },
          },
        },
      },
    );
    expect(response.status, response.text).toBe(200);
    const seriesId = response.body.data.calendar_event.series_id;
    const rows = await server.database.handle.db
      .selectFrom('calendar_events')
      .select('id')
      .where('series_id', '=', seriesId)
      .orderBy('recurrence_start_at')
      .execute();
    expect(rows).toHaveLength(6);
    // Six, as the rule's count says (checked just above).
    return rows.map((row) => row.id) as SixMeetings;
  }

  async function when(eventId: number): Promise<string> {
    const response = await personas.W.client.request<CalendarEventAnswer>(
      'GET',
      `/calendar_events/${eventId}.json`,
    );
    expect(response.status, response.text).toBe(200);
    return response.body.data.calendar_event.local_start_date_time_with_duration;
  }

  function reminderOf(eventId: number, persona: PersonaKey) {
    return server.app.services.jobs.inspect(reminderKey(eventId, personas[persona].partyId));
  }

  it('cancelling one meeting tells who answered it, and drops their reminder', async () => {
    const [, second, third] = await createSeries('Stated Communication (cancel)');
    await answer('M', second, 'YES');
    await answer('M2', third, 'NO');
    expect(await reminderOf(second, 'M')).toBeDefined();
    const secondWhen = await when(second);
    const cancelled = await personas.W.client.request(
      'POST',
      `/calendar_events/${second}/cancel.json`,
    );
    expect(cancelled.status, cancelled.text).toBe(200);

    const expected = eventCancelledNotice(L2_NAME, 'Stated Communication (cancel)', secondWhen);
    expect(await noticesOfEveryone(second)).toEqual({
      M: [expected],
      M2: [],
      S: [],
      W: [],
      A: [],
    });
    expect(await noticesAbout('M2', third)).toEqual([]);
    expect(await reminderOf(second, 'M')).toBeUndefined();
    // A second cancel tells nobody again.
    await personas.W.client.request('POST', `/calendar_events/${second}/cancel.json`);
    expect(await noticesAbout('M', second)).toEqual([expected]);
  });

  it('a new time for all meetings tells each who answered one, and their reminders follow', async () => {
    const [first, second] = await createSeries('Stated Communication (all)');
    await answer('M', second, 'YES');
    const reminderBefore = await reminderOf(second, 'M');
    const edited = await personas.W.client.request('PUT', `/calendar_events/${first}.json`, {
      body: {
        calendar_event: { start_time_string: '6:30pm', end_time_string: '8:30pm' },
        scope: 'all',
      },
    });
    expect(edited.status, edited.text).toBe(200);
    const movedWhen = await when(second);
    expect(movedWhen).toMatch(/6:30pm - 8:30pm/);
    expect(await noticesOfEveryone(second)).toEqual({
      M: [eventMovedNotice(L2_NAME, 'Stated Communication (all)', movedWhen)],
      M2: [],
      S: [],
      W: [],
      A: [],
    });
    const reminderAfter = await reminderOf(second, 'M');
    expect(reminderAfter?.runAt).toBe((reminderBefore?.runAt ?? 0) - 60 * 60 * 1000);
  });

  it('deleting this and following tells who answered a deleted meeting, whose link says cancelled', async () => {
    const [, , third, fourth] = await createSeries('Stated Communication (following)');
    await answer('M2', fourth, 'YES');
    const fourthWhen = await when(fourth);
    const deleted = await personas.W.client.request(
      'DELETE',
      `/calendar_events/${third}?scope=following`,
    );
    expect(deleted.status, deleted.text).toBe(204);
    expect(await noticesAbout('M2', fourth)).toEqual([
      eventCancelledNotice(L2_NAME, 'Stated Communication (following)', fourthWhen),
    ]);
    expect(await reminderOf(fourth, 'M2')).toBeUndefined();
    for (const id of [third, fourth]) {
      const gone = await personas.M2.client.request<Problem>('GET', `/calendar_events/${id}.json`);
      expect(gone.status, String(id)).toBe(410);
    }
  });
});
