/**
 * The member's e-mail settings (issue 25, D81), kept as party preferences (§3 Party
 * preference): one row per member and setting, none while the member keeps the default.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** The preference codes of the three settings. */
export const MAIL_PREFERENCE_CODES = {
  notice_mail: 'NOTICE_MAIL',
  announcement_mail: 'ANNOUNCEMENT_MAIL',
  event_reminder: 'EVENT_REMINDER',
} as const;

export type MailPreferenceCode = (typeof MAIL_PREFERENCE_CODES)[keyof typeof MAIL_PREFERENCE_CODES];

const CODES: MailPreferenceCode[] = Object.values(MAIL_PREFERENCE_CODES);

/** The member's stored e-mail preferences (those never chosen are absent). */
export async function storedMailPreferences(
  db: Db,
  partyId: number,
): Promise<{ code: string; value: string }[]> {
  return db
    .selectFrom('party_preferences')
    .select(['code', 'value'])
    .where('party_id', '=', partyId)
    .where('code', 'in', CODES)
    .execute();
}

/** Rows per statement when reading for a whole lodge: well under every engine's limit. */
const CHUNK = 500;

/**
 * Of these members, those who stored `value` under `code`: for an Announce to 2,000 members,
 * four reads of the (party_id, code) key, not one per member.
 */
export async function partiesWithPreference(
  db: Db,
  partyIds: readonly number[],
  code: MailPreferenceCode,
  value: string,
): Promise<Set<number>> {
  const found = new Set<number>();
  for (let start = 0; start < partyIds.length; start += CHUNK) {
    const rows = await db
      .selectFrom('party_preferences')
      .select('party_id')
      .where('party_id', 'in', partyIds.slice(start, start + CHUNK))
      .where('code', '=', code)
      .where('value', '=', value)
      .execute();
    for (const row of rows) found.add(row.party_id);
  }
  return found;
}

/** Whether the party is still on file (an unsubscribe link may outlive its member). */
export async function partyOnFile(db: Db, partyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('parties')
    .select('id')
    .where('id', '=', partyId)
    .executeTakeFirst();
  return row !== undefined;
}
