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

/**
 * Guessing one account's secret (a password, a birth date) is counted twice: per account and
 * address together, and per account from every address. Only the pair refuses outright, so a
 * stranger's failures lock out the stranger and nobody else. The account's count is a ceiling far
 * above what a member mistypes, and even past it the address that has not failed at this
 * account (the member's own, as a rule) still gets its answer: past the ceiling a guesser gets
 * one try per fresh address, never a lock-out of the member (OWASP ASVS 5.0 V6.3, decisions D52).
 */
export interface GuessLimits {
  /** One account from one address, e.g. `sign-in:pair:<username>:<address>`. */
  pair: Limit;
  /** One account from every address. */
  account: Limit;
}

/**
 * Counts one guess from the pair before the secret is checked (so guesses sent at once are
 * counted at once) and throws a 429 when the pair is over its limit, or the account is over its
 * ceiling and this address has failed at it before. Follow it with `guessFailed` or
 * `guessSucceeded`.
 */
export async function admitGuess(
  db: Kysely<Database>,
  limits: GuessLimits,
  now = Date.now(),
  title?: string,
): Promise<void> {
  const pair = await hitLimit(db, limits.pair, now);
  if (pair.count > limits.pair.max) {
    throw new TooManyRequestsError((pair.resetAt - now) / 1000, title);
  }
  const failedHereBefore = pair.count > 1;
  if (!failedHereBefore) return;
  const account = await db
    .selectFrom('rate_limit_counters')
    .select(['count', 'reset_at'])
    .where('key', '=', limits.account.key)
    .where('reset_at', '>', now)
    .executeTakeFirst();
  if (account && account.count >= limits.account.max) {
    throw new TooManyRequestsError((account.reset_at - now) / 1000, title);
  }
}

/** A wrong guess: counts against the account's ceiling (the pair counted it on admission). */
export async function guessFailed(
  db: Kysely<Database>,
  limits: GuessLimits,
  now = Date.now(),
): Promise<void> {
  await hitLimit(db, limits.account, now);
}

/** A right guess: this address starts afresh at this account. */
export async function guessSucceeded(db: Kysely<Database>, limits: GuessLimits): Promise<void> {
  await clearLimit(db, limits.pair.key);
}

/** Forgets the attempts on a key, e.g. an account's failed sign-ins after a good one. */
export async function clearLimit(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('key', '=', key).execute();
}

export async function purgeExpiredLimits(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('reset_at', '<=', now).execute();
}
