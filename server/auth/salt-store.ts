import type { Kysely } from 'kysely';
import type { Engine } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { MAX_CLOCK_SKEW_MS } from './signatures.ts';
import { useSalt } from './sessions.ts';

/** Where the X-SALT values already accepted are kept, to refuse a replayed request. */
export interface SaltStore {
  /** Records a salt as used; false when it was seen before. */
  use(sessionId: number | null, salt: string, saltTime: number): Promise<boolean>;
  /** Drops salts whose time can no longer pass the clock-skew check. */
  purge(now: number): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL: one shared table, so a request replayed to another node is refused too. */
export function databaseSaltStore(db: Kysely<Database>): SaltStore {
  return {
    use: (sessionId, salt, saltTime) => useSalt(db, sessionId, salt, saltTime),
    async purge(now) {
      await db.deleteFrom('request_salts').where('expires_at', '<=', now).execute();
    },
    async close() {},
  };
}

const FLUSH_INTERVAL_MS = 1000;
const FLUSH_BATCH = 500;

/**
 * SQLite: the database file belongs to one server process, so that process's memory is the
 * whole truth about salts, and a commit per request (about 100 µs here, most of a signed call)
 * buys nothing. Salts are still written behind, in one transaction a second, and read back at
 * start, so a restart does not reopen the five-minute window to replays.
 */
export async function memorySaltStore(db: Kysely<Database>, now = Date.now()): Promise<SaltStore> {
  const seen = new Map<string, number>();
  const rows = await db
    .selectFrom('request_salts')
    .select(['salt', 'expires_at'])
    .where('expires_at', '>', now)
    .execute();
  for (const row of rows) seen.set(row.salt, row.expires_at);

  let pending: { salt: string; expires_at: number }[] = [];
  let flushing: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    if (pending.length === 0) return flushing;
    const batch = pending;
    pending = [];
    flushing = flushing.then(async () => {
      await db.transaction().execute(async (trx) => {
        for (let start = 0; start < batch.length; start += FLUSH_BATCH) {
          await trx
            .insertInto('request_salts')
            // No session id: the session may end before the row is written.
            .values(
              batch.slice(start, start + FLUSH_BATCH).map((row) => ({ ...row, session_id: null })),
            )
            .onConflict((conflict) => conflict.column('salt').doNothing())
            .execute();
        }
      });
    });
    return flushing;
  };
  const timer = setInterval(() => {
    flush().catch(() => undefined);
  }, FLUSH_INTERVAL_MS);
  timer.unref();

  return {
    async use(_sessionId, salt, saltTime) {
      if (seen.has(salt)) return false;
      const expiresAt = saltTime + MAX_CLOCK_SKEW_MS;
      seen.set(salt, expiresAt);
      pending.push({ salt, expires_at: expiresAt });
      return true;
    },
    async purge(at) {
      for (const [salt, expiresAt] of seen) if (expiresAt <= at) seen.delete(salt);
      await flush();
      await db.deleteFrom('request_salts').where('expires_at', '<=', at).execute();
    },
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

export function createSaltStore(db: Kysely<Database>, engine: Engine): Promise<SaltStore> {
  return engine === 'sqlite' ? memorySaltStore(db) : Promise.resolve(databaseSaltStore(db));
}
