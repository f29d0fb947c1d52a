import ipaddr from 'ipaddr.js';
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
 * The address a limit counts by: an IPv4 address as it is, an IPv6 address by its /64 network,
 * since one subscriber is given a whole /64 and could otherwise take a fresh address per try.
 */
export function addressKey(ip: string | null): string {
  if (ip === null || !ipaddr.isValid(ip)) return 'unknown';
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${address.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}

/**
 * Attempts at one account's secret (a password, a birth date) or at something it spends (codes
 * sent) are counted per account and address together, and per account from every address. Only
 * the pair refuses outright, so a stranger's attempts hold back the stranger's address and nobody
 * else. The account's count is a ceiling far above what a member does by mistake, and even past
 * it an address that has not failed at this account within the ceiling's window (the member's
 * own, as a rule) still gets its answer: past the ceiling a guesser gets one try per fresh
 * address, never a lock-out of the member (OWASP ASVS 5.0 V6.3, decisions D52).
 */
export interface PairedLimits {
  /** One account from one address, e.g. `sign-in:pair:<username>:<address>`. */
  pair: Limit;
  /** One account from every address; also how long an address is remembered to have failed. */
  account: Limit;
}

const failedMark = (limits: PairedLimits) => `${limits.pair.key}:failed`;

/**
 * Counts one attempt from the pair before the secret is checked (so attempts sent at once are
 * counted at once) and throws a 429 when the pair is over its limit, or the account is over its
 * ceiling and this address has failed at it within the ceiling's window. Follow it with
 * `attemptFailed` or `attemptSucceeded`.
 */
export async function admitAttempt(
  db: Kysely<Database>,
  limits: PairedLimits,
  now = Date.now(),
  title?: string,
): Promise<void> {
  const pair = await hitLimit(db, limits.pair, now);
  if (pair.count > limits.pair.max) {
    throw new TooManyRequestsError((pair.resetAt - now) / 1000, title);
  }
  const rows = await db
    .selectFrom('rate_limit_counters')
    .select(['key', 'count', 'reset_at'])
    .where('key', 'in', [limits.account.key, failedMark(limits)])
    .where('reset_at', '>', now)
    .execute();
  const account = rows.find((row) => row.key === limits.account.key);
  const failed = rows.find((row) => row.key !== limits.account.key);
  if (account && failed && account.count >= limits.account.max) {
    // Let in again when either is forgotten: the ceiling's window ends or the address's failure ages out.
    const resetAt = Math.min(account.reset_at, failed.reset_at);
    throw new TooManyRequestsError((resetAt - now) / 1000, title);
  }
}

/**
 * A failed attempt: counts against the account's ceiling and marks the address as one that has
 * failed here, for as long as the ceiling's window (the pair's own count ages out sooner).
 */
export async function attemptFailed(
  db: Kysely<Database>,
  limits: PairedLimits,
  now = Date.now(),
): Promise<void> {
  await hitLimit(db, limits.account, now);
  await db
    .insertInto('rate_limit_counters')
    .values({ key: failedMark(limits), count: 1, reset_at: now + limits.account.windowMs })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`rate_limit_counters.count + 1`,
        reset_at: now + limits.account.windowMs,
      }),
    )
    .execute();
}

/** A right guess: this address starts afresh at this account. */
export async function attemptSucceeded(db: Kysely<Database>, limits: PairedLimits): Promise<void> {
  await db
    .deleteFrom('rate_limit_counters')
    .where('key', 'in', [limits.pair.key, failedMark(limits)])
    .execute();
}

/** Forgets the attempts on a key, e.g. an account's failed sign-ins after a good one. */
export async function clearLimit(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('key', '=', key).execute();
}

export async function purgeExpiredLimits(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db.deleteFrom('rate_limit_counters').where('reset_at', '<=', now).execute();
}
