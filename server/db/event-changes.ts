/**
 * What an event's change or deletion leaves behind (issue 25, D81): who answered it, and the
 * tombstone of a deleted one that its old links find.
 */
import type { Insertable, Kysely } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** Everyone who answered the event, Going or not. */
export async function answeringPartyIds(db: Db, eventId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('event_attendees')
    .select('party_id')
    .distinct()
    .where('calendar_event_id', '=', eventId)
    .execute();
  return rows.map((row) => row.party_id);
}

export type NewTombstone = Insertable<Database['calendar_event_tombstones']>;

export async function insertTombstones(db: Db, tombstones: readonly NewTombstone[]): Promise<void> {
  if (tombstones.length === 0) return;
  await db
    .insertInto('calendar_event_tombstones')
    .values([...tombstones])
    .execute();
}

export interface TombstoneRow {
  event_id: number;
  club_id: number;
  club_name: string;
  party_id: number | null;
  name: string;
  location: string | null;
  access: Database['calendar_event_tombstones']['access'];
  start_at: number;
  end_at: number | null;
  time_zone_id: number;
}

/** The tombstone of the deleted event with this id, with its lodge's name. */
export async function tombstoneOfEvent(db: Db, eventId: number): Promise<TombstoneRow | undefined> {
  const row = await db
    .selectFrom('calendar_event_tombstones as t')
    .innerJoin('clubs as c', 'c.id', 't.club_id')
    .select([
      't.event_id',
      't.club_id',
      'c.name as club_name',
      't.party_id',
      't.name',
      't.location',
      't.access',
      't.start_at',
      't.end_at',
      't.time_zone_id',
    ])
    .where('t.event_id', '=', eventId)
    .executeTakeFirst();
  return row
    ? {
        ...row,
        start_at: Number(row.start_at),
        end_at: row.end_at === null ? null : Number(row.end_at),
      }
    : undefined;
}

/** Those who said Going to the event. */
export async function goingPartyIds(db: Db, eventId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('event_attendees')
    .select('party_id')
    .where('calendar_event_id', '=', eventId)
    .where('status', '=', 'YES')
    .execute();
  return rows.map((row) => row.party_id);
}

/** Whether the member said Going to the event. */
export async function isGoing(db: Db, eventId: number, partyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('event_attendees')
    .select('id')
    .where('calendar_event_id', '=', eventId)
    .where('party_id', '=', partyId)
    .where('status', '=', 'YES')
    .executeTakeFirst();
  return row !== undefined;
}

/** The events not yet begun that the member said Going to, with their starts. */
export async function upcomingGoingEvents(
  db: Db,
  partyId: number,
  now: number,
): Promise<{ id: number; start_at: number }[]> {
  const rows = await db
    .selectFrom('event_attendees as a')
    .innerJoin('calendar_events as e', 'e.id', 'a.calendar_event_id')
    .select(['e.id', 'e.start_at'])
    .where('a.party_id', '=', partyId)
    .where('a.status', '=', 'YES')
    .where('e.start_at', '>', now)
    .where('e.cancelled_at', 'is', null)
    .execute();
  return rows.map((row) => ({ id: row.id, start_at: Number(row.start_at) }));
}

/** An event as a notice of its change needs it; `cancelled_at` for a meeting of a series. */
export interface NoticedEventRow {
  id: number;
  club_id: number;
  club_name: string;
  party_id: number | null;
  name: string;
  location: string | null;
  access: Database['calendar_events']['access'];
  start_at: number;
  end_at: number | null;
  time_zone_id: number;
  cancelled_at: number | null;
}

function noticedEvents(db: Db) {
  return db
    .selectFrom('calendar_events as e')
    .innerJoin('clubs as c', 'c.id', 'e.club_id')
    .select([
      'e.id',
      'e.club_id',
      'c.name as club_name',
      'e.party_id',
      'e.name',
      'e.location',
      'e.access',
      'e.start_at',
      'e.end_at',
      'e.time_zone_id',
      'e.cancelled_at',
    ]);
}

function noticedEventRow(row: NoticedEventRow): NoticedEventRow {
  return {
    ...row,
    start_at: Number(row.start_at),
    end_at: row.end_at === null ? null : Number(row.end_at),
    cancelled_at: row.cancelled_at === null ? null : Number(row.cancelled_at),
  };
}

/**
 * The meetings of a series someone answered that are not cancelled and start at `from` or
 * later: those a change of the series may have to tell of (D81).
 */
export async function answeredMeetingsOfSeries(
  db: Db,
  seriesId: number,
  from: number,
): Promise<NoticedEventRow[]> {
  const rows = await noticedEvents(db)
    .where('e.series_id', '=', seriesId)
    .where('e.cancelled_at', 'is', null)
    .where('e.start_at', '>=', from)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('event_attendees as a')
          .select('a.id')
          .whereRef('a.calendar_event_id', '=', 'e.id'),
      ),
    )
    .execute();
  return rows.map(noticedEventRow);
}

/** These events as they are now; an id left out of the answer was deleted. */
export async function noticedEventsById(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, NoticedEventRow>> {
  if (ids.length === 0) return new Map();
  const rows = await noticedEvents(db)
    .where('e.id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, noticedEventRow(row)]));
}
