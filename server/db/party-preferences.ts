/** The member's preferences (§3 Party preference): one row per party and code. */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** Stores the value, replacing the one stored before under that code. */
export async function upsertPartyPreference(
  db: Db,
  partyId: number,
  code: string,
  value: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('party_preferences')
    .values({ party_id: partyId, code, value, updated_at: now })
    .onConflict((conflict) =>
      conflict.columns(['party_id', 'code']).doUpdateSet({ value, updated_at: now }),
    )
    .execute();
}
