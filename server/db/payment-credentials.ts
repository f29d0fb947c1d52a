/** The one saved card per party (§3 Credit card; D50): masked, with the provider's token. */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** The party's saved card as the account page shows it, if any. */
export function savedCardOf(db: Db, partyId: number) {
  return db
    .selectFrom('payment_credentials')
    .select(['name', 'email_address', 'card_number', 'expires', 'added_at', 'brand'])
    .where('party_id', '=', partyId)
    .executeTakeFirst();
}

/** The name and e-mail on the party's saved card, to fill a checkout form in. */
export function cardHolderOf(db: Db, partyId: number) {
  return db
    .selectFrom('payment_credentials')
    .select(['name', 'email_address'])
    .where('party_id', '=', partyId)
    .executeTakeFirst();
}

export interface CardToSave {
  name: string;
  email_address: string;
  /** Masked: never more than the last four digits. */
  card_number: string;
  expires: string;
  brand: string;
  provider_token: string;
  added_at: number;
}

/** Saves the party's card, replacing the one saved before. */
export async function saveCard(db: Db, partyId: number, card: CardToSave): Promise<void> {
  await db
    .insertInto('payment_credentials')
    .values({ party_id: partyId, ...card })
    .onConflict((conflict) => conflict.column('party_id').doUpdateSet(card))
    .execute();
}

export async function deleteSavedCard(db: Db, partyId: number): Promise<void> {
  await db.deleteFrom('payment_credentials').where('party_id', '=', partyId).execute();
}
