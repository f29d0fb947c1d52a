/**
 * What the daily digest of notices reads and keeps (issue 25, D83): who has unread notices set
 * in a window, a member's unread ones newest first, and how far each member's digests reached
 * (a party preference, so no migration).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** The preference holding the instant (ms, as text) up to which the member's digests went. */
export const DIGEST_SENT_UNTIL_CODE = 'NOTICE_DIGEST_SENT_UNTIL';

/**
 * Members with an unread notice set in (from, until], by id. Once a day, a scan of the week's
 * notices (no index leads with last_set_at; the table's index leads with the member).
 */
export async function partiesWithUnreadNotices(
  db: Db,
  from: number,
  until: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('notices')
    .select('party_id')
    .distinct()
    .where('is_read', '=', 0)
    .where('last_set_at', '>', from)
    .where('last_set_at', '<=', until)
    .orderBy('party_id')
    .execute();
  return rows.map((row) => row.party_id);
}

/**
 * The member's unread notices set in (from, until]: the newest `limit`, newest first, and how
 * many there are in all (read from the index notices (party_id, last_set_at, id)).
 */
export async function unreadNoticesOf(
  db: Db,
  partyId: number,
  window: { from: number; until: number; limit: number },
): Promise<{ messages: string[]; total: number }> {
  const base = db
    .selectFrom('notices')
    .where('party_id', '=', partyId)
    .where('is_read', '=', 0)
    .where('last_set_at', '>', window.from)
    .where('last_set_at', '<=', window.until);
  const [rows, count] = await Promise.all([
    base
      .select('message')
      .orderBy('last_set_at', 'desc')
      .orderBy('id', 'desc')
      .limit(window.limit)
      .execute(),
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { messages: rows.map((row) => row.message), total: Number(count.total) };
}

/** Of these members, how far each one's digests reached (absent: never sent one). */
export async function digestsSentUntil(
  db: Db,
  partyIds: readonly number[],
): Promise<Map<number, number>> {
  if (partyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('party_preferences')
    .select(['party_id', 'value'])
    .where('party_id', 'in', partyIds)
    .where('code', '=', DIGEST_SENT_UNTIL_CODE)
    .execute();
  return new Map(rows.map((row) => [row.party_id, Number(row.value)]));
}
