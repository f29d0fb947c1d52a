import type { Kysely } from 'kysely';
import {
  busEventRowsAfter,
  listenForBusEvents,
  type BusListenConnection,
} from '../db/bus-events.ts';
import type { Database } from '../db/schema.ts';
import type { Bus, BusListener } from './bus.ts';
import { busEventOfRow, deliverToAll, latestBusEventId } from './bus.ts';

/*
 * The bus of several nodes on one PostgreSQL (docs/architecture.md §7, docs/decisions.md D74).
 *
 * Every commit that wrote `bus_events` rows notifies `lodgehall_bus` (migration 0017, which also
 * numbers the rows in commit order). Each node LISTENs on one dedicated connection; a
 * notification only wakes it: it reads the rows after the last id it delivered, in id order,
 * and hands them to its own subscribers (streams, the chat poll's memory, the memo). Because the
 * ids are in commit order, "after the last id" skips nothing, and the same read is the catch-up
 * after a lost connection and the check the chat poll makes before it answers from memory.
 *
 * The publishing node does not wait for its own notification: `publish` runs the same read at
 * once, and the cursor makes the notification that follows find nothing, so nothing arrives
 * twice. A node thus delivers every event exactly once, in id order, whoever published it.
 */

/** Rows read at once; a node further behind reads again. */
const READ_BATCH = 500;
const FIRST_RECONNECT_MS = 100;
const LAST_RECONNECT_MS = 5000;
/** How often the LISTEN connection is asked something, so one that died silently is noticed. */
const PING_MS = 15_000;

export interface PostgresBusOptions {
  /** The query pool: the rows are read through it. */
  db: Kysely<Database>;
  /** For the LISTEN connection, which is not from the pool. */
  url: string;
  onError(error: unknown, what: string): void;
  /**
   * Called once the LISTEN connection is back and the node caught up: memory that events swept
   * while the node heard nothing could have changed is dropped here (app.ts).
   */
  onResync?(): void;
  /** Waits before the n-th attempt to reconnect (from 1); by default a doubling backoff. */
  waitBeforeReconnect?(attempt: number): Promise<void>;
}

export interface PostgresBus extends Bus {
  /** The LISTEN connection's server process; null while it is down. */
  listenerPid(): number | null;
  /** Resolves once the LISTEN connection is up and the node caught up after it. */
  listening(): Promise<void>;
}

/** A promise and its resolver: what `listening()` answers until the connection is up. */
function pending(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function backoff(attempt: number): Promise<void> {
  const ms = Math.min(FIRST_RECONNECT_MS * 2 ** (attempt - 1), LAST_RECONNECT_MS);
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

export async function createPostgresBus(options: PostgresBusOptions): Promise<PostgresBus> {
  const { db, onError } = options;
  const listeners = new Set<BusListener>();
  const onListenerError = (error: unknown) => onError(error, 'a bus listener');
  /** The highest id handed to the subscribers: the next read starts after it. */
  let last = await latestBusEventId(db);
  let closed = false;
  let connection: BusListenConnection | null = null;
  let up: { promise: Promise<void>; resolve: () => void } = pending();

  async function readOnce(): Promise<void> {
    for (;;) {
      if (closed) return;
      const rows = await busEventRowsAfter(db, last, READ_BATCH);
      for (const row of rows) {
        // Moved first: a listener that throws must not make the next read deliver it again.
        last = Number(row.id);
        const event = busEventOfRow(row);
        if (event) deliverToAll(listeners, event, onListenerError);
      }
      if (rows.length < READ_BATCH) return;
    }
  }

  let current: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  /**
   * Delivers everything committed before the call. A read already under way may have begun
   * before that commit, so a caller then waits for the next read, which all such callers share.
   */
  function catchUp(): Promise<void> {
    if (!current) {
      current = readOnce().finally(() => {
        current = null;
      });
      return current;
    }
    queued ??= current
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return catchUp();
      });
    return queued;
  }

  function lost(from: BusListenConnection | null, error: unknown): void {
    // Null: the connection failed while being made, which its maker handles.
    if (closed || from === null || connection !== from) return;
    connection = null;
    up = pending();
    onError(error, 'the bus LISTEN connection');
    void reconnect();
  }

  async function connect(again: boolean): Promise<void> {
    let made: BusListenConnection | null = null;
    made = await listenForBusEvents(
      options.url,
      () => void catchUp().catch((error: unknown) => onError(error, 'reading bus events')),
      (error) => lost(made, error),
    );
    if (closed) {
      await made.close();
      return;
    }
    connection = made;
    // Events committed before the LISTEN took hold were not notified: read them now. Should the
    // read fail, the cursor stays where it was and the next notification's read brings them.
    await catchUp().catch((error: unknown) => onError(error, 'catching up on bus events'));
    if (again) options.onResync?.();
    up.resolve();
  }

  async function reconnect(): Promise<void> {
    for (let attempt = 1; !closed; attempt += 1) {
      await (options.waitBeforeReconnect ?? backoff)(attempt);
      if (closed) return;
      try {
        await connect(true);
        return;
      } catch (error) {
        // Once an outage, not every few seconds while the database is away.
        if (attempt === 1) onError(error, 'reconnecting the bus LISTEN connection');
      }
    }
  }

  try {
    await connect(false);
  } catch (error) {
    onError(error, 'the bus LISTEN connection');
    void reconnect();
  }

  const ping = setInterval(() => {
    const checked = connection;
    checked?.ping().catch((error: unknown) => lost(checked, error));
  }, PING_MS);
  ping.unref();

  return {
    async publish() {
      // The row is committed: reading it now spares this node the notification's round trip.
      // A failed read is not the change's failure; the notification or the next read brings it.
      await catchUp().catch((error: unknown) => onError(error, 'reading bus events'));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    caughtUp: catchUp,
    listenerPid: () => connection?.pid ?? null,
    listening: () => up.promise,
    async close() {
      closed = true;
      clearInterval(ping);
      const open = connection;
      connection = null;
      await open?.close();
      await current?.catch(() => undefined);
      listeners.clear();
    },
  };
}
