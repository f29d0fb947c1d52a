import { sql } from 'kysely';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { engineOf } from './database.ts';

/**
 * PostgreSQL advisory locks that make several nodes on one database take turns (D76). Each lock
 * is the pair (LODGEHALL, key): the two-integer form, a key space apart from the one-bigint form
 * Kysely's migrator locks with, so neither can ever wait for the other by accident.
 *
 * On SQLite there is nothing to lock: one process owns the file (a node of its own, D76), so
 * these run the work directly.
 */
const LODGEHALL = 0x4c48; // "LH"

const KEYS = {
  /** Migrations, the demo seed and the demo images at start (server/main.ts, the CLI). */
  start: 1,
  /** The minute's sweep of expired rows (server/app.ts). */
  sweep: 2,
} as const;

export type AdvisoryLockName = keyof typeof KEYS;

export interface HeldLock {
  release(): Promise<void>;
}

/**
 * Locks that say a row's work is under way in a live process (a roster import, D77): the pair
 * (a namespace of their own, the row's id). Another node can ask whether the process that took
 * one still lives: PostgreSQL frees it when its session ends, however the process ended.
 */
const ROWS = {
  rosterImport: 0x4c49,
  /** A job queue's workers (server/jobs/postgres-queue.ts, D78): the id is in their names. */
  jobQueue: 0x4c4a,
} as const;

export type RowLockName = keyof typeof ROWS;

/**
 * Waits for the lock, then holds it until `release`. A session-level lock on a connection held
 * for it alone: the work under it runs its own transactions on other connections (Kysely's
 * migrator opens one of its own), so no one transaction could carry a transaction-level lock
 * around them all. A process that dies ends its session, and PostgreSQL frees the lock. Taking
 * it again while holding it waits for ever (another connection is another session).
 */
export function holdAdvisoryLock<DB>(db: Kysely<DB>, name: AdvisoryLockName): Promise<HeldLock> {
  return hold(db, LODGEHALL, KEYS[name]);
}

/** Holds the row's lock (`holdAdvisoryLock`) while its work runs in this process. */
export function holdRowLock<DB>(db: Kysely<DB>, name: RowLockName, id: number): Promise<HeldLock> {
  return hold(db, ROWS[name], id);
}

/**
 * Whether some live session holds the row's lock, i.e. its work still runs somewhere. On SQLite
 * the one process knows: never (the caller asks for work left by a process that ended).
 */
export async function isRowLockHeld<DB>(
  db: Kysely<DB>,
  name: RowLockName,
  id: number,
): Promise<boolean> {
  if (engineOf(db) === 'sqlite') return false;
  const namespace = ROWS[name];
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_lock(${sql.lit(namespace)}, ${id}) as locked`.execute(connection);
    if (rows[0]?.locked !== true) return true;
    await sql`select pg_advisory_unlock(${sql.lit(namespace)}, ${id})`.execute(connection);
    return false;
  });
}

async function hold<DB>(db: Kysely<DB>, classId: number, objectId: number): Promise<HeldLock> {
  if (engineOf(db) === 'sqlite') return { release: () => Promise.resolve() };
  let letGo = (): void => undefined;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let held = (): void => undefined;
  const acquired = new Promise<void>((resolve) => (held = resolve));
  const session = db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(classId)}, ${objectId})`.execute(connection);
    held();
    await released;
    await sql`select pg_advisory_unlock(${sql.lit(classId)}, ${objectId})`.execute(connection);
  });
  // Whichever comes first: the lock, or the failure to get it.
  await Promise.race([acquired, session]);
  return {
    release() {
      letGo();
      return session;
    },
  };
}

export interface RunUnlessLockedOptions {
  /**
   * Keeps the lock this long from the run's start even when the work ends sooner: the other
   * nodes' runs of the same period, begun within this time of this one, then skip rather than
   * run the job again just after it.
   */
  holdMs?: number;
  /** Ends the hold early (the app is closing). */
  signal?: AbortSignal;
}

function holdUntil(at: number, signal: AbortSignal | undefined): Promise<void> {
  const wait = at - Date.now();
  if (wait <= 0 || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, wait);
    signal?.addEventListener('abort', done);
  });
}

/**
 * Runs `work` unless another node holds the lock (it then skips, answering false): for the
 * periodic jobs every node schedules, of which one run a period is enough.
 */
export async function runUnlessLocked<DB>(
  db: Kysely<DB>,
  name: AdvisoryLockName,
  work: () => Promise<unknown>,
  options: RunUnlessLockedOptions = {},
): Promise<boolean> {
  if (engineOf(db) === 'sqlite') {
    await work();
    return true;
  }
  const key = KEYS[name];
  const started = Date.now();
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_lock(${sql.lit(LODGEHALL)}, ${sql.lit(key)}) as locked`.execute(
      connection,
    );
    if (rows[0]?.locked !== true) return false;
    try {
      await work();
      await holdUntil(started + (options.holdMs ?? 0), options.signal);
      return true;
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(LODGEHALL)}, ${sql.lit(key)})`.execute(
        connection,
      );
    }
  });
}

/** How often a kept lock tries again after losing its connection. */
const KEEP_RETRY_MS = 1000;

export interface KeptLock {
  release(): Promise<void>;
}

/**
 * Holds the row's lock for as long as the process lives, on a connection of its own (PostgreSQL
 * only): when that connection is lost (the server restarted, the network failed) the lock is gone
 * with it, so this takes it again as soon as the server answers. Another node that saw it free
 * for a moment must not take that for a dead process: it looks twice, longer apart than this
 * retry (server/jobs/postgres-queue.ts, D78). Resolves once the lock is first held; false when
 * another session holds it.
 */
export async function keepRowLock(
  url: string,
  name: RowLockName,
  id: number,
  onError: (error: unknown) => void,
): Promise<KeptLock | undefined> {
  const classId = ROWS[name];
  let client: pg.Client | undefined;
  let released = false;
  let retry: NodeJS.Timeout | undefined;

  const take = async (): Promise<boolean> => {
    const next = new pg.Client({ connectionString: url });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client !== next || released) return;
      client = undefined;
      schedule();
    });
    await next.connect();
    const { rows } = await next.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1, $2) as locked',
      [classId, id],
    );
    if (rows[0]?.locked !== true || released) {
      await next.end().catch(() => undefined);
      return false;
    }
    client = next;
    return true;
  };
  const schedule = (): void => {
    retry = setTimeout(() => {
      take().then(
        (held) => {
          if (!held && !released) schedule();
        },
        (error: unknown) => {
          onError(error);
          if (!released) schedule();
        },
      );
    }, KEEP_RETRY_MS);
    retry.unref();
  };

  if (!(await take())) return undefined;
  return {
    async release() {
      released = true;
      clearTimeout(retry);
      const held = client;
      client = undefined;
      await held?.end().catch(() => undefined);
    },
  };
}
