import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { AUTH_CODE_LENGTH } from '../../common/constants.ts';
import type { ContactKind, Database, OneTimeCodePurpose } from '../db/schema.ts';
import { hashToken, newToken } from './tokens.ts';

/*
 * The server-side state of a registration or reset flow (docs/architecture.md §5): one row of
 * one_time_codes per flow, found by the hash of a random token that only the visitor's browser
 * holds (in an HttpOnly cookie). The row remembers whose membership was proven, which contact on
 * file was chosen, the hash of the code sent there, how many wrong codes were tried, until when
 * the flow lives and whether it has been used.
 */

/** A code works for 10 minutes after it is sent. */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** After five wrong codes the flow is dead and the visitor starts again at step one. */
export const MAX_CODE_ATTEMPTS = 5;
/** Time to choose a contact after proving membership, before any code is sent. */
export const FLOW_TTL_MS = 30 * 60 * 1000;

export interface FlowRow {
  id: number;
  purpose: OneTimeCodePurpose;
  party_id: number;
  contact_kind: ContactKind | null;
  contact_id: number | null;
  code_hash: string | null;
  attempts: number;
  expires_at: number;
  used_at: number | null;
}

/** Six random digits from a cryptographic source, leading zeros kept. */
export function newCode(): string {
  return String(crypto.randomInt(0, 10 ** AUTH_CODE_LENGTH)).padStart(AUTH_CODE_LENGTH, '0');
}

/**
 * The stored form of a code: an HMAC keyed by the flow token. A million codes are quick to try
 * against a plain hash; keyed by a 256-bit token that the database never holds, a leaked row
 * gives nothing, and the same code in two flows hashes differently.
 */
export function hashCode(flowToken: string, code: string): string {
  return crypto.createHmac('sha256', flowToken).update(`code:${code}`).digest('hex');
}

export function codeMatches(flowToken: string, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashCode(flowToken, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}

/**
 * An opaque key for a contact on file, bound to this flow: the same e-mail gets another key in
 * another flow, and a key says nothing about which row it names.
 */
export function contactKey(flowToken: string, kind: ContactKind, contactId: number): string {
  return crypto
    .createHmac('sha256', flowToken)
    .update(`contact:${kind}:${contactId}`)
    .digest('base64url')
    .slice(0, 22);
}

export async function startFlow(
  db: Kysely<Database>,
  purpose: OneTimeCodePurpose,
  partyId: number,
  now = Date.now(),
): Promise<{ token: string; id: number }> {
  const token = newToken();
  const row = await db
    .insertInto('one_time_codes')
    .values({
      purpose,
      party_id: partyId,
      flow_token_hash: hashToken(token),
      contact_kind: null,
      contact_id: null,
      code_hash: null,
      expires_at: now + FLOW_TTL_MS,
      used_at: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, id: row.id };
}

/** Drops the flow a browser had before it started a new one. */
export async function endFlow(db: Kysely<Database>, flowToken: string): Promise<void> {
  await db
    .deleteFrom('one_time_codes')
    .where('flow_token_hash', '=', hashToken(flowToken))
    .execute();
}

/** The live flow of a token: not used, not expired, tries left; otherwise null. */
export async function findLiveFlow(
  db: Kysely<Database>,
  purpose: OneTimeCodePurpose,
  flowToken: string,
  now = Date.now(),
): Promise<FlowRow | null> {
  const row = await db
    .selectFrom('one_time_codes')
    .select([
      'id',
      'purpose',
      'party_id',
      'contact_kind',
      'contact_id',
      'code_hash',
      'attempts',
      'expires_at',
      'used_at',
    ])
    .where('flow_token_hash', '=', hashToken(flowToken))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', MAX_CODE_ATTEMPTS)
    .executeTakeFirst();
  return row ?? null;
}

/** Records the code sent to the chosen contact; the code works from now for CODE_TTL_MS. */
export async function storeCode(
  db: Kysely<Database>,
  flow: FlowRow,
  flowToken: string,
  contact: { kind: ContactKind; id: number },
  code: string,
  now = Date.now(),
): Promise<void> {
  await db
    .updateTable('one_time_codes')
    .set({
      contact_kind: contact.kind,
      contact_id: contact.id,
      code_hash: hashCode(flowToken, code),
      expires_at: now + CODE_TTL_MS,
    })
    .where('id', '=', flow.id)
    .execute();
}

export type CodeCheck = 'ok' | 'wrong' | 'dead';

/**
 * Checks a code against the flow. A try is taken before the comparison (in one guarded
 * UPDATE), so parallel guesses cannot get past the five-try limit; a right code gives its try
 * back, so only wrong codes count. 'dead' means the flow has no tries left, was used or expired.
 */
export async function tryCode(
  db: Kysely<Database>,
  flowId: number,
  flowToken: string,
  code: string,
  now = Date.now(),
): Promise<CodeCheck> {
  const taken = await db
    .updateTable('one_time_codes')
    .set({ attempts: sql<number>`attempts + 1` })
    .where('id', '=', flowId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', MAX_CODE_ATTEMPTS)
    .where('code_hash', 'is not', null)
    .returning(['code_hash'])
    .executeTakeFirst();
  if (!taken?.code_hash) return 'dead';
  if (!codeMatches(flowToken, code, taken.code_hash)) return 'wrong';
  await db
    .updateTable('one_time_codes')
    .set({ attempts: sql<number>`attempts - 1` })
    .where('id', '=', flowId)
    .execute();
  return 'ok';
}

/** A right code at step three gives the member ten more minutes for step four. */
export async function extendFlow(
  db: Kysely<Database>,
  flowId: number,
  now = Date.now(),
): Promise<void> {
  await db
    .updateTable('one_time_codes')
    .set({ expires_at: now + CODE_TTL_MS })
    .where('id', '=', flowId)
    .where('used_at', 'is', null)
    .execute();
}

/** Marks the flow used; false when another request used it first (single use). */
export async function consumeFlow(
  db: Kysely<Database>,
  flowId: number,
  now = Date.now(),
): Promise<boolean> {
  const used = await db
    .updateTable('one_time_codes')
    .set({ used_at: now })
    .where('id', '=', flowId)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}

export async function purgeExpiredCodes(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db.deleteFrom('one_time_codes').where('expires_at', '<=', now).execute();
}
