import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_PAGE_SIZE } from '../../common/constants.ts';
import type { CalendarGroup } from '../../common/schemas/calendar-event.ts';
import { ADMIN, MEMBER, MEMBER2, WEBMASTER } from '../db/seed/personas.ts';
import { DEMO_NOW, demoServices } from '../test/demo-services.ts';
import type { TestDatabase } from '../test/test-database.ts';
import { allEvents, eventViewerOf, inListOrder, isUpcoming } from '../test/event-visibility.ts';
import type { EventLine, EventViewer } from '../test/event-visibility.ts';
import {
  createEventAttendee,
  getCalendarEvent,
  listCalendarEvents,
  listClubCalendarEvents,
  updateEventAttendee,
} from './calendar-events.ts';
import type { CalendarPage } from './calendar-events.ts';
import type { ServiceContext } from './context.ts';
import { nearbyClubsOf } from './unguarded/calendar.ts';

/**
 * The calendar tabs (GET /calendar_events.json, CAL-01, CAL-02) and a club's calendar filter
 * in SQL (`visibleTo`, db/calendar/lists.ts); the policy `mayViewCalendarEvent` says the same
 * rule in code. On the demo data, for every persona, each tab must be exactly the events of its
 * lodges the policy lets the persona see, in the order of docs/decisions.md D31, page by page.
 */

let database: TestDatabase;
let ctx: ServiceContext;
let events: EventLine[];

beforeAll(async () => {
  ({ database, ctx } = await demoServices());
  events = await allEvents(database.handle.db);
});

afterAll(async () => {
  await database.drop();
});

async function whole(read: (cursor: string | undefined) => Promise<CalendarPage>) {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const page = await read(cursor);
    expect(page.calendar_events.length).toBeLessThanOrEqual(CALENDAR_PAGE_SIZE);
    ids.push(...page.calendar_events.map((event) => event.id));
    if (page.next_cursor === null) return ids;
    expect(page.calendar_events.length).toBe(CALENDAR_PAGE_SIZE);
    cursor = page.next_cursor;
  }
  throw new Error('the list never ended');
}

function tab(viewer: EventViewer, group: CalendarGroup) {
  return whole((cursor) =>
    listCalendarEvents(ctx, viewer.member, group, { cursor, now: DEMO_NOW }),
  );
}

describe('the calendar tabs equal the visibility rule, split and ordered as D31 says', () => {
  for (const persona of [MEMBER, MEMBER2, WEBMASTER, ADMIN]) {
    it(`${persona.username}: My, Nearby and Other Events, every page`, async () => {
      const viewer = await eventViewerOf(database.handle.db, persona.username);
      const visible = events.filter(viewer.sees);
      const distances = await nearbyClubsOf(ctx, viewer.member);
      expect(new Set(distances.keys())).toEqual(viewer.nearby);
      for (const group of ['my_events', 'nearby_events', 'other_events'] as const) {
        const expected = visible.filter((event) => viewer.tabOf(event) === group);
        // The demo data has every tab, with past and upcoming events, for every persona.
        expect(
          expected.some((event) => isUpcoming(event, DEMO_NOW)),
          group,
        ).toBe(true);
        expect(
          expected.some((event) => !isUpcoming(event, DEMO_NOW)),
          group,
        ).toBe(true);
        const order = inListOrder(
          expected,
          DEMO_NOW,
          group === 'nearby_events' ? distances : undefined,
        );
        expect({ group, ids: await tab(viewer, group) }).toEqual({ group, ids: order });
      }
      const hidden = events.length - visible.length;
      if (persona === ADMIN) expect(hidden).toBe(0);
      else expect(hidden).toBeGreaterThan(0);
    });
  }
});

describe("a club's calendar (GET /clubs/calendar_events.json) equals the rule", () => {
  it('the events of the club and the clubs below it that each persona may see', async () => {
    const db = database.handle.db;
    const clubs = await db.selectFrom('clubs').select(['id', 'group_id', 'subdomain']).execute();
    const below = (id: number): number[] => [
      id,
      ...clubs.filter((c) => c.group_id === id).flatMap((c) => below(c.id)),
    ];
    // A top body, a middle one and a lodge: the three levels of the demo organisations.
    const top = clubs.find((c) => c.group_id === null && clubs.some((d) => d.group_id === c.id));
    const middle = clubs.find(
      (c) => c.group_id === top?.id && clubs.some((d) => d.group_id === c.id),
    );
    const lodge = clubs.find((c) => c.group_id === middle?.id);
    for (const persona of [MEMBER, ADMIN]) {
      const viewer = await eventViewerOf(db, persona.username);
      for (const club of [top, middle, lodge]) {
        if (!club) throw new Error('the demo data lacks a level of clubs');
        const tree = new Set(below(club.id));
        const expected = inListOrder(
          events.filter((e) => tree.has(e.club_id) && viewer.sees(e)),
          DEMO_NOW,
        );
        expect(expected.length).toBeGreaterThan(0);
        const ids = await whole((cursor) =>
          listClubCalendarEvents(ctx, viewer.member, club.subdomain, { cursor, now: DEMO_NOW }),
        );
        expect({ club: club.subdomain, ids }).toEqual({ club: club.subdomain, ids: expected });
      }
    }
  });
});

describe('paging is stable when events are added (keyset)', () => {
  it('an event added before the cursor neither repeats nor shifts the next page', async () => {
    const viewer = await eventViewerOf(database.handle.db, ADMIN.username);
    const first = await listCalendarEvents(ctx, viewer.member, 'other_events', { now: DEMO_NOW });
    expect(first.next_cursor).not.toBeNull();
    const expectedNext = await listCalendarEvents(ctx, viewer.member, 'other_events', {
      cursor: first.next_cursor ?? undefined,
      now: DEMO_NOW,
    });
    const [head] = first.calendar_events;
    if (!head) throw new Error('empty first page');
    // A copy of page 0's first event, a minute earlier: it sorts before the cursor.
    const row = await database.handle.db
      .selectFrom('calendar_events')
      .selectAll()
      .where('id', '=', head.id)
      .executeTakeFirstOrThrow();
    const description = await database.handle.db
      .insertInto('calendar_event_descriptions')
      .values({ body: '<p>added</p>' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const container = await database.handle.db
      .insertInto('comment_containers')
      .values({ comment_count: 0, created_at: DEMO_NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: _id, ...rest } = row;
    const added = await database.handle.db
      .insertInto('calendar_events')
      .values({
        ...rest,
        calendar_event_description_id: description.id,
        comment_container_id: container.id,
        start_at: row.start_at - 60_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const next = await listCalendarEvents(ctx, viewer.member, 'other_events', {
        cursor: first.next_cursor ?? undefined,
        now: DEMO_NOW,
      });
      expect(next.calendar_events.map((e) => e.id)).toEqual(
        expectedNext.calendar_events.map((e) => e.id),
      );
    } finally {
      await database.handle.db.deleteFrom('calendar_events').where('id', '=', added.id).execute();
    }
  });
});

describe('the demo data crosses daylight-saving changes (issue 10)', () => {
  it("M's My Events hold a past and an upcoming event spanning a change of clocks", async () => {
    const viewer = await eventViewerOf(database.handle.db, MEMBER.username);
    const page = async (cursor: string | undefined) =>
      listCalendarEvents(ctx, viewer.member, 'my_events', { cursor, now: DEMO_NOW });
    const spanning: { start: number; line: string }[] = [];
    for (let cursor: string | undefined, pages = 0; pages < 100; pages++) {
      const { calendar_events, next_cursor } = await page(cursor);
      for (const event of calendar_events) {
        const zones = event.local_start_date_time_with_duration.match(/\b[A-Z][DS]T\b/g) ?? [];
        if (new Set(zones).size > 1) {
          spanning.push({
            start: event.start_time,
            line: event.local_start_date_time_with_duration,
          });
        }
      }
      if (next_cursor === null) break;
      cursor = next_cursor;
    }
    expect(
      spanning.some((event) => event.start < DEMO_NOW),
      JSON.stringify(spanning),
    ).toBe(true);
    expect(
      spanning.some((event) => event.start > DEMO_NOW),
      JSON.stringify(spanning),
    ).toBe(true);
  });
});

/** Every event's counts as the RSVPs say them: members going and not, guests of those going. */
async function countedFromRsvps(): Promise<
  Map<number, { yes: number; no: number; guests: number }>
> {
  const rows = await database.handle.db
    .selectFrom('event_attendees')
    .select(['calendar_event_id', 'status', 'guests'])
    .execute();
  const counts = new Map<number, { yes: number; no: number; guests: number }>();
  for (const row of rows) {
    const entry = counts.get(row.calendar_event_id) ?? { yes: 0, no: 0, guests: 0 };
    if (row.status === 'YES') {
      entry.yes += 1;
      entry.guests += row.guests;
    } else entry.no += 1;
    counts.set(row.calendar_event_id, entry);
  }
  return counts;
}

async function storedCounts(): Promise<Map<number, { yes: number; no: number; guests: number }>> {
  const rows = await database.handle.db
    .selectFrom('calendar_events')
    .select(['id', 'yes_count', 'no_count', 'guest_count'])
    .execute();
  return new Map(
    rows
      .filter((row) => row.yes_count + row.no_count > 0)
      .map((row) => [row.id, { yes: row.yes_count, no: row.no_count, guests: row.guest_count }]),
  );
}

describe('stored attendance counts (issue 10, Measure and report; CAL-15, CAL-16)', () => {
  it('the demo data stores each event its RSVPs counted', async () => {
    const counted = await countedFromRsvps();
    expect(counted.size).toBeGreaterThan(10);
    expect(await storedCounts()).toEqual(counted);
  });

  it('stay equal to the RSVPs after an RSVP is made, made again and changed', async () => {
    const viewer = await eventViewerOf(database.handle.db, MEMBER2.username);
    const { calendar_events: page } = await listCalendarEvents(ctx, viewer.member, 'my_events', {
      now: DEMO_NOW,
    });
    const event = page.find((e) => e.event_attendee === null);
    if (!event) throw new Error('M2 has answered every event of the first page');
    const before = event.event_attendance_counts;

    const made = await createEventAttendee(ctx, viewer.member, {
      calendar_event_id: event.id,
      status: 'YES',
      guests: 3,
    });
    expect(made.event_attendance_counts).toEqual({
      yes: before.yes + 1,
      no: before.no,
      guests: before.guests + 3,
    });
    expect(await storedCounts()).toEqual(await countedFromRsvps());

    // A second POST changes the one RSVP: no second member is counted.
    const again = await createEventAttendee(ctx, viewer.member, {
      calendar_event_id: event.id,
      status: 'YES',
      guests: 1,
    });
    expect(again.event_attendance_counts).toEqual({
      yes: before.yes + 1,
      no: before.no,
      guests: before.guests + 1,
    });

    const changed = await updateEventAttendee(ctx, viewer.member, made.event_attendee.id, {
      status: 'NO',
      guests: 2,
    });
    expect(changed.event_attendance_counts).toEqual({
      yes: before.yes,
      no: before.no + 1,
      guests: before.guests,
    });
    expect(await storedCounts()).toEqual(await countedFromRsvps());

    // The lists and the event show what the RSVP answered.
    const detail = await getCalendarEvent(ctx, viewer.member, event.id);
    expect(detail.event_attendance_counts).toEqual(changed.event_attendance_counts);
    const listed = await listCalendarEvents(ctx, viewer.member, 'my_events', { now: DEMO_NOW });
    expect(listed.calendar_events.find((e) => e.id === event.id)?.event_attendance_counts).toEqual(
      changed.event_attendance_counts,
    );
  });
});
