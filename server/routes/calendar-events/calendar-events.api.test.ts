import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayName } from '../../../common/display-name.ts';
import type {
  CalendarEvent,
  CalendarEventAnswer,
  CalendarListAnswer,
  ClubCalendarAnswer,
  EventAttendeeAnswer,
  EventAttendeesAnswer,
} from '../../../common/schemas/calendar-event.ts';
import { ADMIN, DEMO_CLUBS, MEMBER, MEMBER2, WEBMASTER } from '../../db/seed/personas.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { allEvents, eventViewerOf } from '../../test/event-visibility.ts';
import { rosterOf } from '../../test/party-visibility.ts';
import type { Roster } from '../../test/party-visibility.ts';
import type { EventLine } from '../../test/event-visibility.ts';
import { seedDemoData, signInAs, signInPersonas } from '../../test/member-client.ts';
import type { MemberClient, PersonaKey, SignedInPersona } from '../../test/member-client.ts';

interface Problem {
  status: number;
  errors?: Record<string, string[]>;
}

let server: TestServer;
let personas: Record<PersonaKey, SignedInPersona>;
let m: MemberClient;
let m2: MemberClient;
let events: EventLine[];

function db() {
  return server.database.handle.db;
}

async function eventNamed(name: string): Promise<number> {
  const row = await db()
    .selectFrom('calendar_events')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function wholeTab(client: MemberClient, path: string): Promise<CalendarEvent[]> {
  const all: CalendarEvent[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 200; pages++) {
    const url: string = cursor === null ? path : `${path}&cursor=${encodeURIComponent(cursor)}`;
    const response = await client.request<CalendarListAnswer>('GET', url);
    expect(response.status).toBe(200);
    all.push(...response.body.data.calendar_events);
    cursor = response.body.data.next_cursor;
    if (cursor === null) return all;
  }
  throw new Error('the list never ended');
}

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  personas = await signInPersonas(server);
  m = personas.M.client;
  m2 = personas.M2.client;
  events = await allEvents(db());
});

afterAll(async () => {
  await server?.close();
});

describe('GET /calendar_events.json?group= (CAL-01, CAL-02, API-CAL-01)', () => {
  const usernames: Record<Exclude<PersonaKey, 'S'>, string> = {
    M: MEMBER.username,
    M2: MEMBER2.username,
    W: WEBMASTER.username,
    A: ADMIN.username,
  };
  for (const key of ['M', 'M2', 'W', 'A'] as const) {
    it(`${key}: each tab holds exactly its lodges' events that ${key} may see`, async () => {
      const viewer = await eventViewerOf(db(), usernames[key]);
      const client = personas[key].client;
      for (const group of ['my_events', 'nearby_events', 'other_events'] as const) {
        const expected = events
          .filter((e) => viewer.sees(e) && viewer.tabOf(e) === group)
          .map((e) => e.id)
          .sort((a, b) => a - b);
        const got = await wholeTab(client, `/calendar_events.json?group=${group}`);
        expect(expected.length, group).toBeGreaterThan(0);
        expect({ group, ids: got.map((e) => e.id).sort((a, b) => a - b) }).toEqual({
          group,
          ids: expected,
        });
      }
    });
  }

  it("answers the spec's event shape, with the caller's RSVP and the counts (§3)", async () => {
    const banquet = await eventNamed('Centennial Banquet');
    const mine = await wholeTab(m, '/calendar_events.json?group=my_events');
    const event = mine.find((e) => e.id === banquet);
    expect(event).toMatchObject({
      name: 'Centennial Banquet',
      club: { subdomain: DEMO_CLUBS.L1 },
      access: 'PUBLIC',
      allows_comments: true,
      event_attendee: { status: 'YES', guests: 2 },
    });
    expect(event?.local_start_date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(event?.start_time_string).toMatch(/^\d{1,2}:\d{2}[ap]m$/);
    expect(event?.event_attendance_counts.yes).toBeGreaterThanOrEqual(2);
    expect(event?.event_attendance_counts.guests).toBeGreaterThanOrEqual(3);
  });

  it('refuses an unknown group and a malformed cursor (422), and a visitor (401)', async () => {
    expect((await m.request('GET', '/calendar_events.json?group=all')).status).toBe(422);
    expect((await m.request('GET', '/calendar_events.json?group=my_events&cursor=x')).status).toBe(
      422,
    );
    // A Nearby Events cursor (day, distance, start, id) says nothing of where My Events stand.
    const foreign = await m.request<Problem>(
      'GET',
      '/calendar_events.json?group=my_events&cursor=1764000000000.u.20261124.1500.1764000000000.7',
    );
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.body.errors ?? {})).toEqual(['cursor']);
    expect((await server.request('GET', '/calendar_events.json?group=my_events')).status).toBe(401);
  });

  it('refuses a cursor whose numbers its keys cannot hold, on both engines (issue 21, D55)', async () => {
    // PostgreSQL failed each of these with a 500: an id or a distance past 32 bits, an instant
    // with no date.
    const cursors = [
      ['my_events', '1764000000000.u.1764000000000.2147483648'],
      ['other_events', '1764000000000.p.1764000000000.-2147483648'],
      ['my_events', '9999999999999999.u'],
      ['nearby_events', '1764000000000.p.20261124.99999999999.1764000000000.7'],
      ['nearby_events', '1764000000000.u.20261124.1500.1764000000000.2147483648'],
    ];
    for (const [group, cursor] of cursors) {
      const response = await m.request<Problem>(
        'GET',
        `/calendar_events.json?group=${group}&cursor=${cursor}`,
      );
      expect(response.status, cursor).toBe(422);
      expect(Object.keys(response.body.errors ?? {})).toEqual(['cursor']);
    }
    const club = await m.request<Problem>(
      'GET',
      `/clubs/calendar_events.json?subdomain=${DEMO_CLUBS.L1}&cursor=1764000000000.p.1.2147483648`,
    );
    expect(club.status).toBe(422);
    // The largest that fit still page.
    const edge = await m.request(
      'GET',
      '/calendar_events.json?group=my_events&cursor=1.u.1.2147483647',
    );
    expect(edge.status).toBe(200);
  });
});

describe('GET /clubs/calendar_events.json?subdomain= (CAL-08..10)', () => {
  it("a lodge's calendar: its events, its own type only, and the organisation's types", async () => {
    const response = await m.request<ClubCalendarAnswer>(
      'GET',
      `/clubs/calendar_events.json?subdomain=${DEMO_CLUBS.L1}`,
    );
    expect(response.status).toBe(200);
    const { calendar_events, club_hierarchy, type_names, club } = response.body.data;
    expect(club).toMatchObject({ subdomain: DEMO_CLUBS.L1, type_name: type_names[0] });
    expect(club.name).toMatch(/Lodge/);
    expect(type_names).toHaveLength(1);
    expect(club_hierarchy.length).toBeGreaterThan(1);
    expect(club_hierarchy.at(-1)).toBe(type_names[0]);
    expect(calendar_events.length).toBeGreaterThan(0);
    expect(new Set(calendar_events.map((e) => e.club.subdomain))).toEqual(new Set([DEMO_CLUBS.L1]));
  });

  it("a grand body's calendar holds its sub-clubs' events and every type below it", async () => {
    const top = await db()
      .selectFrom('clubs as c')
      .select('c.subdomain')
      .where('c.group_id', 'is', null)
      .where('c.organization_id', '=', (eb) =>
        eb.selectFrom('clubs').select('organization_id').where('subdomain', '=', DEMO_CLUBS.L1),
      )
      .executeTakeFirstOrThrow();
    const response = await m.request<ClubCalendarAnswer>(
      'GET',
      `/clubs/calendar_events.json?subdomain=${top.subdomain}`,
    );
    expect(response.status).toBe(200);
    const { club_hierarchy, type_names } = response.body.data;
    expect(type_names).toEqual(club_hierarchy);
    const all = await wholeTab(m, `/clubs/calendar_events.json?subdomain=${top.subdomain}`);
    expect(new Set(all.map((e) => e.club.type_name))).toEqual(new Set(club_hierarchy));
  });

  it('`types` keeps only the events of clubs of those types, every page full (CAL-10, D34)', async () => {
    const top = await db()
      .selectFrom('clubs as c')
      .select('c.subdomain')
      .where('c.group_id', 'is', null)
      .where('c.organization_id', '=', (eb) =>
        eb.selectFrom('clubs').select('organization_id').where('subdomain', '=', DEMO_CLUBS.L1),
      )
      .executeTakeFirstOrThrow();
    const path = `/clubs/calendar_events.json?subdomain=${top.subdomain}`;
    const all = await wholeTab(m, path);
    const [first, ...lower] = [...new Set(all.map((e) => e.club.type_name))];
    expect(first).toBeDefined();
    expect(lower.length).toBeGreaterThan(0);
    const kept = lower.join(',');
    const filtered = await wholeTab(m, `${path}&types=${encodeURIComponent(kept)}`);
    expect(filtered.map((e) => e.id)).toEqual(
      all.filter((e) => lower.includes(e.club.type_name)).map((e) => e.id),
    );
    const none = await m.request<ClubCalendarAnswer>('GET', `${path}&types=`);
    expect(none.status).toBe(200);
    expect(none.body.data).toMatchObject({ calendar_events: [], next_cursor: null });
  });

  it('an unknown club is a 404', async () => {
    const response = await m.request('GET', '/clubs/calendar_events.json?subdomain=no-such-club');
    expect(response.status).toBe(404);
  });
});

describe('GET /calendar_events/{id}.json and /attendees (API-CAL-02, API-CAL-07)', () => {
  it('the detail has the description, the RSVP and the counts (CAL-11)', async () => {
    const banquet = await eventNamed('Centennial Banquet');
    const response = await m.request<CalendarEventAnswer>(
      'GET',
      `/calendar_events/${banquet}.json`,
    );
    expect(response.status).toBe(200);
    const event = response.body.data.calendar_event;
    expect(event.calendar_event_description.id).toBe(event.calendar_event_description_id);
    expect(event.calendar_event_description.body).toContain('<p>');
    expect(event.event_attendee).toMatchObject({ status: 'YES', guests: 2 });
  });

  it('a CLUB event of another lodge is a 404 for a member, seen by an admin (PERM)', async () => {
    const viewer = await eventViewerOf(db(), MEMBER.username);
    const hidden = events.find((e) => !viewer.sees(e));
    if (!hidden) throw new Error('the demo data hides no event from M');
    expect(hidden.access).toBe('CLUB');
    expect((await m.request('GET', `/calendar_events/${hidden.id}.json`)).status).toBe(404);
    expect((await m.request('GET', `/calendar_events/${hidden.id}/attendees`)).status).toBe(404);
    const a = personas.A.client;
    expect((await a.request('GET', `/calendar_events/${hidden.id}.json`)).status).toBe(200);
    expect((await m.request('GET', '/calendar_events/999999.json')).status).toBe(404);
  });

  it('the attendees, going first, each with their party (CAL-19)', async () => {
    const banquet = await eventNamed('Centennial Banquet');
    const response = await m.request<EventAttendeesAnswer>(
      'GET',
      `/calendar_events/${banquet}/attendees`,
    );
    expect(response.status).toBe(200);
    const list = response.body.data.event_attendees;
    expect(list.map((a) => a.party.id)).toContain(personas.M.partyId);
    const firstNo = list.findIndex((a) => a.status === 'NO');
    if (firstNo >= 0) expect(list.slice(firstNo).every((a) => a.status === 'NO')).toBe(true);
  });
});

describe('the attendee list names only members one may find in the directory (CAL-19, D37, D53)', () => {
  let roster: Roster;
  /** A MEMBER or PUBLIC event of M's lodge, answered by M, M2 and two members of another organisation. */
  let eventId: number;
  let strangers: { partyId: number; client: MemberClient; names: string[] }[];

  interface Rsvp {
    id: number;
    party_id: number;
    status: 'YES' | 'NO';
    guests: number;
  }

  async function rsvpsOf(id: number): Promise<Rsvp[]> {
    return db()
      .selectFrom('event_attendees')
      .select(['id', 'party_id', 'status', 'guests'])
      .where('calendar_event_id', '=', id)
      .orderBy('id')
      .execute();
  }

  async function attendeesAs(client: MemberClient, id: number) {
    const response = await client.request<EventAttendeesAnswer>(
      'GET',
      `/calendar_events/${id}/attendees`,
    );
    expect(response.status).toBe(200);
    return { ...response.body.data, text: response.text };
  }

  /** What the viewer's answer must be, by the second opinion of server/test/party-visibility.ts. */
  async function expectedFor(viewer: number, id: number) {
    const rsvps = await rsvpsOf(id);
    const seen = rsvps.filter((rsvp) => roster.sees(viewer, rsvp.party_id));
    return {
      listed: seen.map((rsvp) => rsvp.id).sort((a, b) => a - b),
      hidden: rsvps.length - seen.length,
    };
  }

  function listedIds(answer: { event_attendees: { id: number }[] }): number[] {
    return answer.event_attendees.map((attendee) => attendee.id).sort((a, b) => a - b);
  }

  beforeAll(async () => {
    roster = await rosterOf(db());
    const event = await db()
      .selectFrom('calendar_events as e')
      .innerJoin('clubs as c', 'c.id', 'e.club_id')
      .select('e.id')
      .where('c.subdomain', '=', DEMO_CLUBS.L1)
      .where('e.access', 'in', ['PUBLIC', 'MEMBER'])
      .where('e.name', 'not in', ['Centennial Banquet', 'Open House'])
      .orderBy('e.id')
      .executeTakeFirstOrThrow();
    eventId = event.id;
    const accounts = await db()
      .selectFrom('users as u')
      .innerJoin('parties as p', 'p.id', 'u.party_id')
      .select([
        'u.username',
        'p.id',
        'p.first_name',
        'p.middle_name',
        'p.last_name',
        'p.suffix',
        'p.preferred_name',
      ])
      .where('u.party_id', 'in', roster.strangersTo(personas.M.partyId))
      .where('u.is_admin', '=', 0)
      .orderBy('p.id')
      .limit(2)
      .execute();
    expect(accounts, 'two members of another organisation with accounts').toHaveLength(2);
    strangers = await Promise.all(
      accounts.map(async (account) => ({
        partyId: account.id,
        client: await signInAs(server, account.username),
        names: [
          displayName(account),
          `${account.first_name ?? ''} ${account.last_name ?? ''}`,
          `${account.last_name ?? ''}, ${account.first_name ?? ''}`,
        ],
      })),
    );
    const answers: [MemberClient, 'YES' | 'NO', number][] = [
      [m, 'YES', 1],
      [m2, 'NO', 0],
      [strangers[0]?.client ?? m, 'YES', 2],
      [strangers[1]?.client ?? m, 'NO', 0],
    ];
    for (const [client, status, guests] of answers) {
      const response = await client.request('POST', '/event_attendees.json', {
        body: { calendar_event_id: eventId, status, guests },
      });
      expect(response.status, response.text).toBe(200);
    }
  });

  it("M sees M's organisation's attendees, the others only as a count, and no trace of them", async () => {
    const answer = await attendeesAs(m, eventId);
    const expected = await expectedFor(personas.M.partyId, eventId);
    expect({ listed: listedIds(answer), hidden: answer.hidden_attendee_count }).toEqual(expected);
    expect(expected.hidden).toBeGreaterThanOrEqual(2);
    const parties = answer.event_attendees.map((attendee) => attendee.party.id);
    expect(parties).toEqual(expect.arrayContaining([personas.M.partyId, personas.M2.partyId]));
    const theirRsvps = (await rsvpsOf(eventId)).filter((rsvp) =>
      strangers.some((stranger) => stranger.partyId === rsvp.party_id),
    );
    expect(theirRsvps).toHaveLength(2);
    for (const stranger of strangers) {
      expect(parties).not.toContain(stranger.partyId);
      for (const name of stranger.names) expect(answer.text).not.toContain(name);
    }
    expect(listedIds(answer)).not.toEqual(
      expect.arrayContaining([theirRsvps[0]?.id, theirRsvps[1]?.id]),
    );
    // Going first still holds among those named.
    const firstNo = answer.event_attendees.findIndex((a) => a.status === 'NO');
    expect(firstNo).toBeGreaterThan(0);
    expect(answer.event_attendees.slice(firstNo).every((a) => a.status === 'NO')).toBe(true);
  });

  it("the event's counts still count everyone who answered", async () => {
    const rsvps = await rsvpsOf(eventId);
    const going = rsvps.filter((rsvp) => rsvp.status === 'YES');
    const detail = await m.request<CalendarEventAnswer>('GET', `/calendar_events/${eventId}.json`);
    expect(detail.body.data.calendar_event.event_attendance_counts).toEqual({
      yes: going.length,
      no: rsvps.length - going.length,
      guests: going.reduce((sum, rsvp) => sum + rsvp.guests, 0),
    });
  });

  it('a member of the other organisation sees themself named, and M and M2 only counted', async () => {
    const stranger = strangers[0];
    if (!stranger) throw new Error('no stranger signed in');
    const answer = await attendeesAs(stranger.client, eventId);
    expect({ listed: listedIds(answer), hidden: answer.hidden_attendee_count }).toEqual(
      await expectedFor(stranger.partyId, eventId),
    );
    const parties = answer.event_attendees.map((attendee) => attendee.party.id);
    expect(parties).toContain(stranger.partyId);
    expect(parties).not.toContain(personas.M.partyId);
    expect(parties).not.toContain(personas.M2.partyId);
    for (const persona of [MEMBER, MEMBER2]) {
      const name = displayName({
        first_name: persona.firstName,
        middle_name: persona.middleName,
        last_name: persona.lastName,
        suffix: persona.suffix,
        preferred_name: persona.preferredName,
      });
      expect(answer.text).not.toContain(name);
    }
  });

  it("an admin is named the same rule: the directory is the organisation's roster (D37)", async () => {
    const answer = await attendeesAs(personas.A.client, eventId);
    expect({ listed: listedIds(answer), hidden: answer.hidden_attendee_count }).toEqual(
      await expectedFor(personas.A.partyId, eventId),
    );
    const parties = answer.event_attendees.map((attendee) => attendee.party.id);
    expect(parties).toContain(personas.M.partyId);
    for (const stranger of strangers) expect(parties).not.toContain(stranger.partyId);
  });

  it("another organisation's event shows M only the count of its seeded attendees", async () => {
    const own = await db()
      .selectFrom('clubs')
      .select('organization_id')
      .where('subdomain', '=', DEMO_CLUBS.L1)
      .executeTakeFirstOrThrow();
    const theirs = await db()
      .selectFrom('calendar_events as e')
      .innerJoin('clubs as c', 'c.id', 'e.club_id')
      .select(['e.id', 'e.yes_count', 'e.no_count'])
      .where('c.organization_id', '!=', own.organization_id)
      .where('e.access', 'in', ['PUBLIC', 'MEMBER'])
      .where('e.yes_count', '>', 2)
      .orderBy('e.id')
      .executeTakeFirstOrThrow();
    const answer = await attendeesAs(m, theirs.id);
    const expected = await expectedFor(personas.M.partyId, theirs.id);
    expect({ listed: listedIds(answer), hidden: answer.hidden_attendee_count }).toEqual(expected);
    expect(answer.hidden_attendee_count).toBeGreaterThan(0);
    expect(expected.listed.length + expected.hidden).toBe(theirs.yes_count + theirs.no_count);
  });
});

describe('RSVP: POST /event_attendees.json, PUT /event_attendees/{id}.json (CAL-15..18)', () => {
  it('create then update; the counts follow; NO brings no guests (AMB-43)', async () => {
    const house = await eventNamed('Open House');
    const before = await m.request<CalendarEventAnswer>('GET', `/calendar_events/${house}.json`);
    expect(before.body.data.calendar_event.event_attendee).toBeNull();
    const counts = before.body.data.calendar_event.event_attendance_counts;

    const created = await m.request<EventAttendeeAnswer>('POST', '/event_attendees.json', {
      body: { calendar_event_id: house, status: 'YES', guests: 2 },
    });
    expect(created.status).toBe(200);
    const attendee = created.body.data.event_attendee;
    expect(attendee).toMatchObject({ status: 'YES', guests: 2 });
    expect(created.body.data.event_attendance_counts).toEqual({
      yes: counts.yes + 1,
      no: counts.no,
      guests: counts.guests + 2,
    });

    const updated = await m.request<EventAttendeeAnswer>(
      'PUT',
      `/event_attendees/${attendee.id}.json`,
      { body: { status: 'NO', guests: 3 } },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data.event_attendee).toEqual({ id: attendee.id, status: 'NO', guests: 0 });
    expect(updated.body.data.event_attendance_counts).toEqual({
      yes: counts.yes,
      no: counts.no + 1,
      guests: counts.guests,
    });
    const after = await m.request<CalendarEventAnswer>('GET', `/calendar_events/${house}.json`);
    expect(after.body.data.calendar_event.event_attendee).toEqual({
      id: attendee.id,
      status: 'NO',
      guests: 0,
    });

    // A second POST changes the one RSVP instead of making another.
    const again = await m.request<EventAttendeeAnswer>('POST', '/event_attendees.json', {
      body: { calendar_event_id: house, status: 'YES', guests: 9 },
    });
    expect(again.body.data.event_attendee).toEqual({ id: attendee.id, status: 'YES', guests: 9 });
  });

  it('guests outside 0 to 9 and a bad status are 422 under their fields (VAL-22)', async () => {
    const house = await eventNamed('Open House');
    for (const body of [
      { calendar_event_id: house, status: 'YES', guests: 10 },
      { calendar_event_id: house, status: 'YES', guests: -1 },
      { calendar_event_id: house, status: 'YES', guests: 1.5 },
    ]) {
      const response = await m2.request<Problem>('POST', '/event_attendees.json', { body });
      expect(response.status).toBe(422);
      expect(Object.keys(response.body.errors ?? {})).toEqual(['guests']);
    }
    const status = await m2.request<Problem>('POST', '/event_attendees.json', {
      body: { calendar_event_id: house, status: 'MAYBE', guests: 0 },
    });
    expect(status.status).toBe(422);
    expect(Object.keys(status.body.errors ?? {})).toEqual(['status']);
    const mine = await db()
      .selectFrom('event_attendees')
      .select('id')
      .where('calendar_event_id', '=', house)
      .where('party_id', '=', personas.M2.partyId)
      .execute();
    expect(mine).toEqual([]);
  });

  it("another member's RSVP is a 403 and stays; an unknown one or a hidden event's a 404", async () => {
    const banquet = await eventNamed('Centennial Banquet');
    const theirs = await db()
      .selectFrom('event_attendees')
      .select(['id', 'status', 'guests'])
      .where('calendar_event_id', '=', banquet)
      .where('party_id', '=', personas.M.partyId)
      .executeTakeFirstOrThrow();
    for (const client of [m2, personas.A.client]) {
      const response = await client.request('PUT', `/event_attendees/${theirs.id}.json`, {
        body: { status: 'NO', guests: 0 },
      });
      expect(response.status).toBe(403);
    }
    const still = await db()
      .selectFrom('event_attendees')
      .select(['id', 'status', 'guests'])
      .where('id', '=', theirs.id)
      .executeTakeFirstOrThrow();
    expect(still).toEqual(theirs);
    expect(
      (await m.request('PUT', '/event_attendees/999999.json', { body: { status: 'NO' } })).status,
    ).toBe(404);

    const viewer = await eventViewerOf(db(), MEMBER.username);
    const hidden = events.find((e) => !viewer.sees(e));
    if (!hidden) throw new Error('the demo data hides no event from M');
    const refused = await m.request('POST', '/event_attendees.json', {
      body: { calendar_event_id: hidden.id, status: 'YES', guests: 0 },
    });
    expect(refused.status).toBe(404);
  });
});
