import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CalendarFeedAnswer,
  NewCalendarFeedAnswer,
} from '../../../common/schemas/calendar-feed.ts';
import { hashToken } from '../../auth/tokens.ts';
import { MEMBER, MEMBER2 } from '../../db/seed/personas.ts';
import { mayViewCalendarEvent } from '../../policies/calendar-events.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { icsContentLines, readCalendar } from '../../test/ical-reader.ts';
import { seedDemoData, signInAs } from '../../test/member-client.ts';
import type { MemberClient } from '../../test/member-client.ts';
import { FEED_AHEAD_MS, FEED_PAST_MS } from '../../services/calendar-feeds.ts';

/**
 * Calendar feeds (issue 10, decision D30): a private address per member that calendar programs
 * read with no session, holding My Events and the events they answered; one event's download.
 * The feeds are parsed with ical.js, as a calendar program would read them.
 */

let server: TestServer;
let member: MemberClient;

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  member = await signInAs(server, MEMBER.username);
});

afterAll(async () => {
  await server.close();
});

/** The path of a feed address, for the harness (which takes `//` for paths outside the API). */
function pathOf(url: string): string {
  return `/${new URL(url).pathname}`;
}

async function newFeedUrl(client: MemberClient): Promise<string> {
  const answer = await client.request<NewCalendarFeedAnswer>('POST', '/calendar_feed.json');
  expect(answer.status).toBe(200);
  return answer.body.data.calendar_feed.url;
}

/** The token in a feed address. */
function tokenOf(url: string): string {
  const match = /\/feeds\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(url);
  if (!match?.[1]) throw new Error(`not a feed address: ${url}`);
  return match[1];
}

/** The events a member's feed must hold, worked out from the tables and the policy. */
/**
 * The ids of the single events in the member's feed, or (`singles` false) of the series of the
 * meetings in it (D80): a series is one VEVENT whatever its number of meetings.
 */
async function expectedFeedIds(username: string, now: number, singles = true): Promise<number[]> {
  const db = server.database.handle.db;
  const user = await db
    .selectFrom('users')
    .select(['id', 'party_id', 'is_admin'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const clubs = new Set(
    (
      await db
        .selectFrom('memberships')
        .select(['club_id', 'left_at'])
        .where('party_id', '=', user.party_id)
        .execute()
    )
      .filter((m) => m.left_at === null)
      .map((m) => m.club_id),
  );
  const followed = new Set(
    (
      await db
        .selectFrom('favorite_clubs')
        .select('club_id')
        .where('user_id', '=', user.id)
        .execute()
    ).map((f) => f.club_id),
  );
  const answered = new Set(
    (
      await db
        .selectFrom('event_attendees')
        .select('calendar_event_id')
        .where('party_id', '=', user.party_id)
        .execute()
    ).map((a) => a.calendar_event_id),
  );
  const actor = {
    kind: 'member',
    userId: user.id,
    partyId: user.party_id,
    isAdmin: user.is_admin === 1,
  } as const;
  const events = await db
    .selectFrom('calendar_events')
    .select(['id', 'club_id', 'party_id', 'access', 'start_at', 'series_id'])
    .execute();
  return events
    .filter((e) => (e.series_id === null) === singles)
    .map((e) => (singles ? e : { ...e, id: e.series_id ?? 0 }))
    .filter((e) => e.start_at >= now - FEED_PAST_MS && e.start_at < now + FEED_AHEAD_MS)
    .filter((e) => clubs.has(e.club_id) || followed.has(e.club_id) || answered.has(e.id))
    .filter((e) =>
      mayViewCalendarEvent(
        actor,
        { clubId: e.club_id, partyId: e.party_id, access: e.access },
        clubs,
      ),
    )
    .map((e) => e.id)
    .filter((id, index, ids) => singles || ids.indexOf(id) === index)
    .sort((a, b) => a - b);
}

function eventIdOf(uid: string): number {
  const match = /^calendar-event-(\d+)@/.exec(uid);
  if (!match?.[1]) throw new Error(`unexpected UID ${uid}`);
  return Number(match[1]);
}

function seriesIdOf(uid: string): number | null {
  const match = /^calendar-event-series-(\d+)@/.exec(uid);
  return match?.[1] ? Number(match[1]) : null;
}

describe('the calendar feed address (GET, POST, DELETE /calendar_feed.json)', () => {
  it('is null until made; the address is answered once, when made, and never read back (D54)', async () => {
    const other = await signInAs(server, MEMBER2.username);
    const none = await other.request<CalendarFeedAnswer>('GET', '/calendar_feed.json');
    expect(none.status).toBe(200);
    expect(none.body.data.calendar_feed).toBeNull();

    const before = Date.now();
    const made = await other.request<NewCalendarFeedAnswer>('POST', '/calendar_feed.json');
    expect(made.status).toBe(200);
    const { url, created_at } = made.body.data.calendar_feed;
    expect(url).toMatch(new RegExp(`^${server.baseUrl}/feeds/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(created_at).toBeGreaterThanOrEqual(before);

    const again = await other.request<CalendarFeedAnswer>('GET', '/calendar_feed.json');
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ data: { calendar_feed: { url: null, created_at } } });
    expect(again.text).not.toContain(tokenOf(url));
    // The address still answers: it was not replaced by being read.
    expect((await server.request('GET', pathOf(url))).status).toBe(200);
  });

  it('keeps only the hash of the token, which finds the feed; the token is nowhere in the table', async () => {
    const other = await signInAs(server, MEMBER2.username);
    const url = await newFeedUrl(other);
    const token = tokenOf(url);
    const rows = await server.database.handle.db.selectFrom('calendar_feeds').selectAll().execute();
    for (const row of rows) {
      for (const value of Object.values(row)) expect(String(value)).not.toContain(token);
    }
    const user = await server.database.handle.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', MEMBER2.username)
      .executeTakeFirstOrThrow();
    const mine = rows.filter((row) => row.user_id === user.id);
    expect(mine.map((row) => row.token_hash)).toEqual([hashToken(token)]);
    expect((await server.request('GET', pathOf(url))).status).toBe(200);
    // The hash itself is no address.
    expect((await server.request('GET', `//feeds/calendar/${hashToken(token)}.ics`)).status).toBe(
      404,
    );
  });

  it('needs a signed-in member', async () => {
    expect((await server.request('GET', '/calendar_feed.json')).status).toBe(401);
    expect((await server.request('POST', '/calendar_feed.json')).status).toBe(401);
  });
});

describe('GET /feeds/calendar/{token}.ics', () => {
  it("holds the member's My Events and answered events, each at its instant, with its zone", async () => {
    const url = await newFeedUrl(member);
    const response = await server.request('GET', pathOf(url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, no-store');

    const calendar = readCalendar(response.text);
    const all = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const events = all.filter((event) => seriesIdOf(event.uid) === null);
    const ids = events.map((event) => eventIdOf(event.uid)).sort((a, b) => a - b);
    const expected = await expectedFeedIds(MEMBER.username, Date.now());
    expect(expected.length).toBeGreaterThan(3);
    expect(ids).toEqual(expected);
    // The lodges' stated meetings: one VEVENT with its rule per series (D80).
    const series = all.filter((event) => event.isRecurring());
    expect(
      series.map((event) => seriesIdOf(event.uid)).sort((a, b) => (a ?? 0) - (b ?? 0)),
    ).toEqual(await expectedFeedIds(MEMBER.username, Date.now(), false));

    // Every zone an event names is described in the feed (RFC 5545 §3.6.5), so a program
    // shows the lodge's local time; read through it, each start is the stored instant.
    const zones = new Set(
      calendar.getAllSubcomponents('vtimezone').map((z) => String(z.getFirstPropertyValue('tzid'))),
    );
    const rows = await server.database.handle.db
      .selectFrom('calendar_events')
      .select(['id', 'start_at', 'name'])
      .where('id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const event of events) {
      const row = byId.get(eventIdOf(event.uid));
      const tzid = event.startDate.zone?.tzid;
      if (tzid && tzid !== 'UTC' && tzid !== 'floating') expect(zones.has(tzid)).toBe(true);
      expect(event.startDate.toJSDate().getTime()).toBe(row?.start_at);
      expect(event.summary.startsWith(row?.name ?? '?')).toBe(true);
    }
  });

  it('stops answering when a new address is made, and the new one answers', async () => {
    const old = await newFeedUrl(member);
    const fresh = await newFeedUrl(member);
    expect(fresh).not.toBe(old);
    const gone = await server.request<{ status: number; type: string }>('GET', pathOf(old));
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await server.request('GET', pathOf(fresh))).status).toBe(200);
  });

  it('stops answering when the member removes it, or may no longer sign in', async () => {
    const other = await signInAs(server, MEMBER2.username);
    const url = await newFeedUrl(other);
    expect((await other.request('DELETE', '/calendar_feed.json')).status).toBe(204);
    expect((await server.request('GET', pathOf(url))).status).toBe(404);

    const second = await newFeedUrl(other);
    expect((await server.request('GET', pathOf(second))).status).toBe(200);
    const party = await server.database.handle.db
      .selectFrom('users')
      .select('party_id')
      .where('username', '=', MEMBER2.username)
      .executeTakeFirstOrThrow();
    await server.database.handle.db
      .updateTable('member_statuses')
      .set({ status: 'suspended' })
      .where('party_id', '=', party.party_id)
      .execute();
    expect((await server.request('GET', pathOf(second))).status).toBe(404);
  });

  it('answers 404 to an address that was never made', async () => {
    expect((await server.request('GET', `//feeds/calendar/${'x'.repeat(43)}.ics`)).status).toBe(
      404,
    );
  });
});

describe('GET /calendar_events/{id}.ics', () => {
  async function eventWhere(access: 'PUBLIC' | 'CLUB', ofMemberLodge: boolean) {
    const db = server.database.handle.db;
    const me = await db
      .selectFrom('users')
      .select('party_id')
      .where('username', '=', MEMBER.username)
      .executeTakeFirstOrThrow();
    const mine = db
      .selectFrom('memberships')
      .select('club_id')
      .where('party_id', '=', me.party_id)
      .where('left_at', 'is', null);
    return db
      .selectFrom('calendar_events')
      .select(['id', 'name', 'start_at'])
      .where('access', '=', access)
      .where('club_id', ofMemberLodge ? 'in' : 'not in', mine)
      .where('party_id', 'is distinct from', me.party_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
  }

  it('downloads an event the member may see as one VEVENT', async () => {
    const event = await eventWhere('PUBLIC', false);
    const response = await member.request('GET', `/calendar_events/${event.id}.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="event-${event.id}.ics"`,
    );
    const calendar = readCalendar(response.text);
    const [vevent] = calendar.getAllSubcomponents('vevent');
    if (!vevent) throw new Error('no VEVENT');
    const parsed = new ICAL.Event(vevent);
    expect(eventIdOf(parsed.uid)).toBe(event.id);
    expect(parsed.startDate.toJSDate().getTime()).toBe(event.start_at);
  });

  it('is a 404 for a lodge-only event of another lodge, and a 401 when unsigned', async () => {
    const hidden = await eventWhere('CLUB', false);
    expect((await member.request('GET', `/calendar_events/${hidden.id}.ics`)).status).toBe(404);
    expect((await server.request('GET', `/calendar_events/${hidden.id}.ics`)).status).toBe(401);
  });

  it('writes an event in the hour that repeats at the fall-back change in UTC, so every reader agrees', async () => {
    const db = server.database.handle.db;
    const event = await eventWhere('PUBLIC', true);
    // 1 November 2026: Chicago falls back at 2:00am CDT. 05:30Z is 12:30am CDT, a local time
    // that happens once; 06:30Z and 07:30Z are both 1:30am (CDT, then CST), which RFC 5545 and
    // ical.js read differently, so those are written in UTC.
    for (const [start, form] of [
      [Date.UTC(2026, 10, 1, 5, 30), 'DTSTART;TZID=America/Chicago:20261101T003000'],
      [Date.UTC(2026, 10, 1, 6, 30), 'DTSTART:20261101T063000Z'],
      [Date.UTC(2026, 10, 1, 7, 30), 'DTSTART:20261101T073000Z'],
    ] as const) {
      await db
        .updateTable('calendar_events')
        .set({ start_at: start, end_at: start + 20 * 60_000, time_zone_id: 2 })
        .where('id', '=', event.id)
        .execute();
      const response = await member.request('GET', `/calendar_events/${event.id}.ics`);
      expect(response.text).toContain(form);
      const calendar = readCalendar(response.text);
      const [vevent] = calendar.getAllSubcomponents('vevent');
      if (!vevent) throw new Error('no VEVENT');
      expect(new ICAL.Event(vevent).startDate.toJSDate().getTime()).toBe(start);
    }
  });
});

describe('text stored before the one-line rule, in the download and the feed (D54)', () => {
  /** Each payload of the brief, and all of them at once, as an old row could hold them. */
  const PAYLOADS = [
    'Open\rHouse',
    'Open\nHouse',
    'Open\r\nHouse',
    'Open House\r\nBEGIN:VEVENT\r\nUID:injected\r\nSUMMARY:Injected\r\nEND:VEVENT',
    'Dinner; dancing',
    'Dinner, dancing',
    'Dinner \\ dancing \\n',
  ];
  const ALL = PAYLOADS.join(' | ');

  /** iCalendar has one line break (RFC 5545 §3.3.11): CR and CRLF read back as LF. */
  const readBack = (text: string) => text.replace(/\r\n?/g, '\n');

  function expectOneCalendar(text: string, events: number) {
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = icsContentLines(text);
    expect(lines.filter((line) => line.startsWith('BEGIN:VCALENDAR'))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('BEGIN:VEVENT'))).toHaveLength(events);
    const calendar = readCalendar(text);
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(events);
    return calendar;
  }

  it('keeps each text inside its value: one calendar, its events, each name read back as written', async () => {
    const db = server.database.handle.db;
    const now = Date.now();
    // One of M's feed events M did not decline (a declined one's summary ends "(not going)").
    const declined = new Set(
      (
        await db
          .selectFrom('event_attendees as a')
          .innerJoin('users as u', 'u.party_id', 'a.party_id')
          .select('a.calendar_event_id')
          .where('u.username', '=', MEMBER.username)
          .where('a.status', '=', 'NO')
          .execute()
      ).map((a) => a.calendar_event_id),
    );
    const id = (await expectedFeedIds(MEMBER.username, now)).find((e) => !declined.has(e));
    if (id === undefined) throw new Error('M has no event in the feed');
    const row = await db
      .selectFrom('calendar_events as e')
      .innerJoin('clubs as c', 'c.id', 'e.club_id')
      .select(['e.name', 'e.location', 'e.club_id', 'c.name as club_name'])
      .where('e.id', '=', id)
      .executeTakeFirstOrThrow();
    const url = await newFeedUrl(member);
    try {
      for (const payload of [...PAYLOADS, ALL]) {
        // Straight into the tables, past the schema, as a row older than the rule could be.
        await db
          .updateTable('calendar_events')
          .set({ name: payload, location: payload })
          .where('id', '=', id)
          .execute();
        await db
          .updateTable('clubs')
          .set({ name: payload })
          .where('id', '=', row.club_id)
          .execute();

        const download = await member.request('GET', `/calendar_events/${id}.ics`);
        expect(download.status).toBe(200);
        expect(download.headers.get('content-disposition')).toBe(
          `attachment; filename="event-${id}.ics"`,
        );
        const one = expectOneCalendar(download.text, 1);
        expect(one.getFirstPropertyValue('x-wr-calname')).toBe(readBack(payload));
        expect(one.getFirstPropertyValue('name')).toBe(readBack(payload));
        const [vevent] = one.getAllSubcomponents('vevent');
        if (!vevent) throw new Error('no VEVENT');
        const event = new ICAL.Event(vevent);
        expect(event.summary).toBe(readBack(payload));
        expect(event.location).toBe(readBack(payload));
        expect(event.description.startsWith(`${readBack(payload)}\n\n`)).toBe(true);
        expect(eventIdOf(event.uid)).toBe(id);

        const feed = await server.request('GET', pathOf(url));
        expect(feed.status).toBe(200);
        const expected = await expectedFeedIds(MEMBER.username, Date.now());
        // And one VEVENT per series of the lodges' meetings (M changed or declined none).
        const series = await expectedFeedIds(MEMBER.username, Date.now(), false);
        const all = expectOneCalendar(feed.text, expected.length + series.length);
        const mine = all
          .getAllSubcomponents('vevent')
          .map((v) => new ICAL.Event(v))
          .filter((v) => seriesIdOf(v.uid) === null && eventIdOf(v.uid) === id);
        expect(mine.map((v) => [v.summary, v.location])).toEqual([
          [readBack(payload), readBack(payload)],
        ]);
      }
    } finally {
      await db
        .updateTable('calendar_events')
        .set({ name: row.name, location: row.location })
        .where('id', '=', id)
        .execute();
      await db
        .updateTable('clubs')
        .set({ name: row.club_name })
        .where('id', '=', row.club_id)
        .execute();
    }
  });
});
