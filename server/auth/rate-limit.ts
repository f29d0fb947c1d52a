import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { TooManyRequestsError } from '../errors.ts';

export interface Limit {
  /** What is counted, e.g. `sign-in:ip:203.0.113.9`. */
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters in the database, so every node behind a load balancer shares them. A
 * window ends on its own: nobody is locked out for longer than `windowMs`.
 */
export async function hitLimit(
  db: Kysely<Database>,
  limit: Limit,
  now = Date.now(),
): Promise<{ count: number; resetAt: number }> {
  const resetAt = now + limit.windowMs;
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ key: limit.key, count: 1, reset_at: resetAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when rate_limit_counters.reset_at <= ${now} then 1 else rate_limit_counters.count + 1 end`,
        reset_at: sql<number>`case when rate_limit_counters.reset_at <= ${now} then ${resetAt} else rate_limit_counters.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { count: row.count, resetAt: row.reset_at };
}

/**
 * Counts one attempt against each limit; throws a 429 (with Retry-After) when one is exceeded,
 * titled `title` when the caller has clearer words for it than the general ones.
 */
export async function enforceLimits(
  db: Kysely<Database>,
  limits: readonly Limit[],
  now = Date.now(),
  title?: string,
): Promise<void> {
  for (const limit of limits) {
    const { count, resetAt } = await hitLimit(db, limit, now);
    if (count > limit.max) throw new TooManyRequestsError((resetAt - now) / 1000, title);
  }
}

/** Forgets the attempts on a key, e.g. an account's failed sign-ins after a good one. */
export async function clearLimit(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('key', '=', key).execute();
}

export async function purgeExpiredLimits(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('reset_at', '<=', now).execute();
}
