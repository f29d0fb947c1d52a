import type { Kysely } from 'kysely';
import { localDateOf } from '../../common/event-time.ts';
import type { Member } from '../auth/actor.ts';
import type { Access, Database } from '../db/schema.ts';
import { mayViewCalendarEvent } from '../policies/calendar-events.ts';

/**
 * The calendar tabs computed the slow, obvious way for tests: every event, membership, follow
 * and club place read into memory, each event put to the policy `mayViewCalendarEvent` and
 * sorted into its tab by docs/decisions.md D31. The lists hold their SQL to this
 * (services/calendar-events.db.test.ts), so the policy and its SQL twin cannot drift apart.
 */
export interface EventLine {
  id: number;
  club_id: number;
  party_id: number | null;
  access: Access;
  start_at: number;
  time_zone_id: number;
  local_start_date: string;
}

export type Tab = 'my_events' | 'nearby_events' | 'other_events';

export interface EventViewer {
  member: Member;
  clubIds: ReadonlySet<number>;
  /** The lodges of My Events: the viewer's clubs and the clubs they follow. */
  mine: ReadonlySet<number>;
  /** Clubs within 80 km of one of the viewer's leaf lodges, not among `mine`. */
  nearby: ReadonlySet<number>;
  sees(event: EventLine): boolean;
  tabOf(event: EventLine): Tab;
}

function kilometres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  // Written out again on purpose (equirectangular is within metres of haversine at 80 km).
  const rad = Math.PI / 180;
  const x = (b.lng - a.lng) * rad * Math.cos(((a.lat + b.lat) / 2) * rad);
  const y = (b.lat - a.lat) * rad;
  return Math.sqrt(x * x + y * y) * 6371.0088;
}

export async function eventViewerOf(db: Kysely<Database>, username: string): Promise<EventViewer> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'party_id', 'is_admin'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const memberships = (
    await db.selectFrom('memberships').select(['party_id', 'club_id', 'left_at']).execute()
  ).filter((m) => m.left_at === null && m.party_id === user.party_id);
  const clubs = await db
    .selectFrom('clubs as c')
    .innerJoin('club_types as t', 't.id', 'c.club_type_id')
    .select(['c.id', 'c.lat', 'c.lng', 't.is_leaf'])
    .execute();
  const clubIds = new Set(memberships.map((m) => m.club_id));
  const followed = await db
    .selectFrom('favorite_clubs')
    .select('club_id')
    .where('user_id', '=', user.id)
    .execute();
  const mine = new Set([...clubIds, ...followed.map((row) => row.club_id)]);
  const centres = clubs.filter((c) => clubIds.has(c.id) && c.is_leaf === 1);
  const nearby = new Set<number>();
  for (const club of clubs) {
    if (mine.has(club.id) || club.lat === null || club.lng === null) continue;
    const place = { lat: club.lat, lng: club.lng };
    const near = centres.some(
      (c) =>
        c.lat !== null &&
        c.lng !== null &&
        kilometres({ lat: c.lat, lng: c.lng }, place) <= 80.4672,
    );
    if (near) nearby.add(club.id);
  }
  const member: Member = {
    kind: 'member',
    userId: user.id,
    partyId: user.party_id,
    isAdmin: user.is_admin === 1,
  };
  return {
    member,
    clubIds,
    mine,
    nearby,
    sees: (event) =>
      mayViewCalendarEvent(
        member,
        { clubId: event.club_id, partyId: event.party_id, access: event.access },
        clubIds,
      ),
    tabOf: (event) =>
      mine.has(event.club_id)
        ? 'my_events'
        : nearby.has(event.club_id)
          ? 'nearby_events'
          : 'other_events',
  };
}

export function allEvents(db: Kysely<Database>): Promise<EventLine[]> {
  return db
    .selectFrom('calendar_events')
    .select(['id', 'club_id', 'party_id', 'access', 'start_at', 'time_zone_id', 'local_start_date'])
    .execute();
}

/** Whether the event is upcoming at `t`: on or after today in its own zone (D31). */
export function isUpcoming(event: EventLine, t: number): boolean {
  return event.local_start_date >= localDateOf(t, event.time_zone_id);
}

/**
 * The list order of D31: upcoming soonest first, then past latest first; `distance` (by
 * club) orders each day's events for Nearby Events.
 */
export function inListOrder(
  events: readonly EventLine[],
  t: number,
  distance?: ReadonlyMap<number, number>,
): number[] {
  const dist = (e: EventLine) => distance?.get(e.club_id) ?? 0;
  const up = events.filter((e) => isUpcoming(e, t));
  const past = events.filter((e) => !isUpcoming(e, t));
  const byDay = (a: EventLine, b: EventLine, sign: number): number =>
    distance ? sign * a.local_start_date.localeCompare(b.local_start_date) || dist(a) - dist(b) : 0;
  up.sort((a, b) => byDay(a, b, 1) || a.start_at - b.start_at || a.id - b.id);
  past.sort((a, b) => byDay(a, b, -1) || b.start_at - a.start_at || b.id - a.id);
  return [...up, ...past].map((e) => e.id);
}
