/**
 * The `bus_events` table (docs/decisions.md D43): each change an event stream carries, written
 * in the transaction of the change, numbered by its id, read back by a stream that resumes, and
 * swept past the replay window. What the rows mean is realtime/bus.ts's.
 */
import type { Kysely, Selectable } from 'kysely';
import pg from 'pg';
import type { BusEventsTable, Database } from './schema.ts';

type Db = Kysely<Database>;

export type BusEventRow = Selectable<BusEventsTable>;

/** The channel a commit of `bus_events` rows notifies (migration 0017, docs/decisions.md D74). */
export const BUS_CHANNEL = 'lodgehall_bus';
/** How the LISTEN connection names itself in pg_stat_activity. */
export const BUS_LISTENER_NAME = 'lodgehall bus';

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

export interface BusListenConnection {
  /** The server process of the connection (pg_stat_activity.pid). */
  readonly pid: number;
  /** Asks the server something, so a connection that died silently is noticed. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One dedicated connection, not from the query pool (a pooled client is handed to others, and
 * LISTEN belongs to a session), that LISTENs on the bus channel. `onNotify` is called for each
 * commit's notification; `onLost` once, when the connection fails or ends unasked.
 */
export async function listenForBusEvents(
  url: string,
  onNotify: () => void,
  onLost: (error: unknown) => void,
): Promise<BusListenConnection> {
  const client = new pg.Client({
    connectionString: url,
    application_name: BUS_LISTENER_NAME,
    keepAlive: true,
    connectionTimeoutMillis: 5000,
  });
  let closing = false;
  let lost = false;
  const lose = (error: unknown) => {
    if (closing || lost) return;
    lost = true;
    onLost(error);
  };
  client.on('error', lose);
  client.on('end', () => lose(new Error('the LISTEN connection ended')));
  client.on('notification', (message) => {
    if (message.channel === BUS_CHANNEL) onNotify();
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${BUS_CHANNEL}`);
  } catch (error) {
    closing = true;
    await client.end().catch(() => undefined);
    throw error;
  }
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  return {
    pid: Number(rows[0]?.pid),
    async ping() {
      await client.query('select 1');
    },
    async close() {
      closing = true;
      await client.end().catch(() => undefined);
    },
  };
}
