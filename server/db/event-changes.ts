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

export async function insertTombstone(db: Db, tombstone: NewTombstone): Promise<void> {
  await db.insertInto('calendar_event_tombstones').values(tombstone).execute();
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
