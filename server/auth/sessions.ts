import type { ExpressionBuilder, Kysely } from 'kysely';
import { prepare } from '../db/prepared.ts';
import type { Database, PartiesTable, SessionKeyType, UsersTable } from '../db/schema.ts';
import type { ParsedPublicKey } from './signatures.ts';
import { MAX_CLOCK_SKEW_MS, parsePublicKey } from './signatures.ts';
import { hashToken, newToken } from './tokens.ts';

export const SESSION_COOKIE = 'lodgehall_session';
/** A session unused for two weeks ends; a member who comes weekly stays signed in. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** Every session ends after 60 days, however often it is used. */
export const SESSION_ABSOLUTE_MS = 60 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so a busy member does not write on every call. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface SessionRecord {
  readonly id: number;
  readonly userId: number;
  readonly partyId: number;
  readonly isAdmin: boolean;
  readonly publicKey: ParsedPublicKey;
  readonly lastSeenAt: number;
}

export interface NewSessionMeta {
  ip: string | null;
  userAgent: string | null;
  clientId: string | null;
  clientVersion: string | null;
}

const KEY_TYPE_NAMES: Record<ParsedPublicKey['type'], SessionKeyType> = {
  ed25519: 'Ed25519',
  p256: 'P-256',
};

// Parsing an SPKI key costs more than checking a signature with it; keep the parsed keys.
const parsedKeys = new Map<string, ParsedPublicKey>();
const PARSED_KEY_CACHE_SIZE = 10_000;

function cachedKey(publicKey: string): ParsedPublicKey {
  let parsed = parsedKeys.get(publicKey);
  if (!parsed) {
    parsed = parsePublicKey(publicKey);
    if (parsedKeys.size >= PARSED_KEY_CACHE_SIZE) {
      const oldest = parsedKeys.keys().next().value;
      if (oldest !== undefined) parsedKeys.delete(oldest);
    }
    parsedKeys.set(publicKey, parsed);
  }
  return parsed;
}

export async function createSession(
  db: Kysely<Database>,
  userId: number,
  publicKey: ParsedPublicKey,
  publicKeyText: string,
  meta: NewSessionMeta,
  now = Date.now(),
): Promise<{ token: string; id: number }> {
  const token = newToken();
  const row = await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      public_key: publicKeyText,
      key_type: KEY_TYPE_NAMES[publicKey.type],
      created_at: now,
      last_seen_at: now,
      expires_at: now + SESSION_ABSOLUTE_MS,
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
      client_id: meta.clientId?.slice(0, 100) ?? null,
      client_version: meta.clientVersion?.slice(0, 100) ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, id: row.id };
}

/**
 * Whether the user `u` of party `p` may still use Lodgehall: not gone, and an administrator or
 * active in some organisation. Sessions and calendar feeds ask the same question.
 */
export function mayStillSignIn(
  eb: ExpressionBuilder<Database & { u: UsersTable; p: PartiesTable }, 'u' | 'p'>,
) {
  return eb.and([
    eb('p.left_at', 'is', null),
    eb.or([
      eb('u.is_admin', '=', 1),
      eb.exists(
        eb
          .selectFrom('member_statuses as ms')
          .select('ms.id')
          .whereRef('ms.party_id', '=', 'u.party_id')
          .where('ms.status', '=', 'active'),
      ),
    ]),
  ]);
}

/**
 * The live session of a cookie token, or null. Live means: not past its absolute or idle limit,
 * and its member may still sign in (an administrator, or active in some organisation, and not
 * gone) — so a member who turns inactive loses access on the next call.
 */
const liveSessionByToken = prepare<
  {
    id: number;
    user_id: number;
    public_key: string;
    last_seen_at: number;
    party_id: number;
    is_admin: number;
  },
  'tokenHash' | 'now' | 'idleSince'
>((db, p) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('parties as p', 'p.id', 'u.party_id')
    .select(['s.id', 's.user_id', 's.public_key', 's.last_seen_at', 'u.party_id', 'u.is_admin'])
    .where('s.token_hash', '=', p<string>('tokenHash'))
    .where('s.expires_at', '>', p<number>('now'))
    .where('s.last_seen_at', '>', p<number>('idleSince'))
    .where(mayStillSignIn),
);

/**
 * The live session of a cookie token, or null. Live means: not past its absolute or idle limit,
 * and its member may still sign in (an administrator, or active in some organisation, and not
 * gone) — so a member who turns inactive loses access on the next call.
 */
export async function findSession(
  db: Kysely<Database>,
  token: string,
  now = Date.now(),
): Promise<SessionRecord | null> {
  const { rows } = await liveSessionByToken.run(db, {
    tokenHash: hashToken(token),
    now,
    idleSince: now - SESSION_IDLE_MS,
  });
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    partyId: row.party_id,
    isAdmin: row.is_admin === 1,
    publicKey: cachedKey(row.public_key),
    lastSeenAt: row.last_seen_at,
  };
}

/**
 * Which of these sessions are still live, by the rule of `findSession`: an open event stream
 * asks at each heartbeat, for every stream of the node in one query.
 */
export async function liveSessionIds(
  db: Kysely<Database>,
  sessionIds: readonly number[],
  now = Date.now(),
): Promise<Set<number>> {
  const live = new Set<number>();
  for (let start = 0; start < sessionIds.length; start += 500) {
    const rows = await db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .innerJoin('parties as p', 'p.id', 'u.party_id')
      .select('s.id')
      .where('s.id', 'in', sessionIds.slice(start, start + 500))
      .where('s.expires_at', '>', now)
      .where('s.last_seen_at', '>', now - SESSION_IDLE_MS)
      .where(mayStillSignIn)
      .execute();
    for (const row of rows) live.add(row.id);
  }
  return live;
}

export async function touchSession(
  db: Kysely<Database>,
  session: SessionRecord,
  now = Date.now(),
): Promise<void> {
  if (now - session.lastSeenAt < TOUCH_INTERVAL_MS) return;
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now })
    .where('id', '=', session.id)
    .execute();
}

/**
 * Records a salt as used; false when it was seen before (a replay). Salts are kept until
 * their timestamp can no longer pass the clock-skew check.
 */
const insertSalt = prepare<{ id: number }, 'sessionId' | 'salt' | 'expiresAt'>((db, p) =>
  db
    .insertInto('request_salts')
    .values({
      session_id: p<number | null>('sessionId'),
      salt: p<string>('salt'),
      expires_at: p<number>('expiresAt'),
    })
    .onConflict((conflict) => conflict.column('salt').doNothing())
    .returning('id'),
);

/**
 * Records a salt as used; false when it was seen before (a replay). Salts are kept until
 * their timestamp can no longer pass the clock-skew check.
 */
export async function useSalt(
  db: Kysely<Database>,
  sessionId: number | null,
  salt: string,
  saltTime: number,
): Promise<boolean> {
  const { rows } = await insertSalt.run(db, {
    sessionId,
    salt,
    expiresAt: saltTime + MAX_CLOCK_SKEW_MS,
  });
  return rows.length > 0;
}

export async function deleteSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/**
 * Ends every session of a user but one (password change) or all of them (reset), and answers
 * the ids it ended, read by the delete itself, so the `session_end` event that closes their
 * streams names exactly those (D43).
 */
export async function deleteUserSessions(
  db: Kysely<Database>,
  userId: number,
  keepSessionId?: number,
): Promise<number[]> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId !== undefined) query = query.where('id', '<>', keepSessionId);
  const rows = await query.returning('id').execute();
  return rows.map((row) => row.id);
}

export async function purgeExpiredSessions(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - SESSION_IDLE_MS)]),
    )
    .execute();
}
