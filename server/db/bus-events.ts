/**
 * The `bus_events` table (docs/decisions.md D43): each change an event stream carries, written
 * in the transaction of the change, numbered by its id, read back by a stream that resumes, and
 * swept past the replay window. What the rows mean is realtime/bus.ts's.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

export interface NewBusEventRow {
  kind: string;
  chat_id: number | null;
  /** JSON: the party ids it is for. */
  party_ids: string;
  /** JSON: the payload. */
  payload: string;
  created_at: number;
}

/** Writes an event (in the caller's transaction) and answers its id. */
export async function insertBusEvent(db: Db, row: NewBusEventRow): Promise<number> {
  const inserted = await db
    .insertInto('bus_events')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** The newest event's id; null when there is none. */
export async function newestBusEventId(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('bus_events')
    .select((eb) => eb.fn.max<number>('id').as('id'))
    .executeTakeFirst();
  return row?.id === null || row?.id === undefined ? null : Number(row.id);
}

/** The oldest event's id still kept; null when there is none. */
export async function oldestBusEventId(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('bus_events')
    .select((eb) => eb.fn.min<number>('id').as('id'))
    .executeTakeFirst();
  return row?.id === null || row?.id === undefined ? null : Number(row.id);
}

/** Up to `limit` events after `afterId`, oldest first, for whomever they are. */
export async function busEventRowsAfter(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom('bus_events')
    .selectAll()
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Deletes the events made before `before`. */
export async function deleteBusEventsBefore(db: Db, before: number): Promise<void> {
  await db.deleteFrom('bus_events').where('created_at', '<', before).execute();
}
