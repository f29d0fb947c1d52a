/**
 * The member's e-mail settings (issue 25, D81) as the mail that obeys them reads them: no
 * actor, for the Announce, the notices' mail, reminders and the unsubscribe link. The member's
 * own read and change are services/mail-settings.ts.
 */
import type { Kysely } from 'kysely';
import {
  DEFAULT_MAIL_SETTINGS,
  mailSettingsSchema,
  type MailSettings,
} from '../../../common/schemas/mail-settings.ts';
import {
  MAIL_PREFERENCE_CODES,
  partiesWithPreference,
  storedMailPreferences,
} from '../../db/mail-settings.ts';
import { upsertPartyPreference } from '../../db/party-preferences.ts';
import type { Database } from '../../db/schema.ts';

type Setting = keyof MailSettings;

/** How each setting is stored as a preference value (text), and read back. */
function storedValue<K extends Setting>(setting: K, value: MailSettings[K]): string {
  if (setting === 'announcement_mail') return value ? 'on' : 'off';
  return String(value);
}

function readValue(setting: Setting, stored: string): unknown {
  if (setting === 'announcement_mail') return stored === 'on';
  return stored;
}

const SETTINGS = Object.keys(MAIL_PREFERENCE_CODES) as Setting[];

/**
 * The member's settings: each stored one that still reads as a choice of today's schema, the
 * default for the rest (a value a later version no longer offers falls back to the default).
 */
export async function mailSettingsOfParty(
  db: Kysely<Database>,
  partyId: number,
): Promise<MailSettings> {
  const rows = await storedMailPreferences(db, partyId);
  const settings: Record<string, unknown> = { ...DEFAULT_MAIL_SETTINGS };
  for (const setting of SETTINGS) {
    const row = rows.find((candidate) => candidate.code === MAIL_PREFERENCE_CODES[setting]);
    if (!row) continue;
    const value = readValue(setting, row.value);
    if (mailSettingsSchema.shape[setting].safeParse(value).success) settings[setting] = value;
  }
  return mailSettingsSchema.parse(settings);
}

/** Stores the settings given, each under its own code; the others stay as they were. */
export async function storeMailSettings(
  db: Kysely<Database>,
  partyId: number,
  changes: Partial<MailSettings>,
  now: number,
): Promise<void> {
  for (const setting of SETTINGS) {
    const value = changes[setting];
    if (value === undefined) continue;
    await upsertPartyPreference(
      db,
      partyId,
      MAIL_PREFERENCE_CODES[setting],
      storedValue(setting, value),
      now,
    );
  }
}

/**
 * Of an Announce's recipients, those who take its mail: everyone who has not turned
 * announcement mail off, whatever their notices setting (the webmaster chose to broadcast).
 */
export async function announcementMailRecipients(
  db: Kysely<Database>,
  partyIds: readonly number[],
): Promise<number[]> {
  const off = await partiesWithPreference(
    db,
    partyIds,
    MAIL_PREFERENCE_CODES.announcement_mail,
    storedValue('announcement_mail', false),
  );
  return partyIds.filter((partyId) => !off.has(partyId));
}

/** Of these members, those who take their notices by e-mail at once (not the default). */
export async function noticeMailAtOnceRecipients(
  db: Kysely<Database>,
  partyIds: readonly number[],
): Promise<number[]> {
  const atOnce = await partiesWithPreference(
    db,
    partyIds,
    MAIL_PREFERENCE_CODES.notice_mail,
    storedValue('notice_mail', 'immediately'),
  );
  return partyIds.filter((partyId) => atOnce.has(partyId));
}

/**
 * Of these members, those who take their notices in the daily digest: the default, so everyone
 * who has not stored `immediately` or `off` (D83).
 */
export async function noticeDigestRecipients(
  db: Kysely<Database>,
  partyIds: readonly number[],
): Promise<number[]> {
  const code = MAIL_PREFERENCE_CODES.notice_mail;
  const [atOnce, off] = await Promise.all([
    partiesWithPreference(db, partyIds, code, storedValue('notice_mail', 'immediately')),
    partiesWithPreference(db, partyIds, code, storedValue('notice_mail', 'off')),
  ]);
  return partyIds.filter((partyId) => !atOnce.has(partyId) && !off.has(partyId));
}
