/**
 * A party's own contact information (§3 Address, E-mail, Phone; D49) and the reference data its
 * form chooses from (contact types, countries, states). services/contacts.ts is something else:
 * the recent and favourite contacts, in db/contacts.ts.
 */
import type { Insertable, Kysely } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** Contact types, countries and states, in the order the form lists them. */
export async function contactReferenceRows(db: Db) {
  const [types, countries, states] = await Promise.all([
    db
      .selectFrom('contact_types')
      .select(['id', 'kind', 'name', 'limit_count', 'min_count', 'allows_days', 'allows_extension'])
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('countries')
      .select(['id', 'name', 'is_default', 'is_zip4'])
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('states')
      .select(['id', 'country_id', 'name', 'code', 'is_default'])
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ]);
  return { types, countries, states };
}

/** The party's id and names, if it exists. */
export function contactOwnerOf(db: Db, partyId: number) {
  return db
    .selectFrom('parties')
    .select(['id', 'first_name', 'middle_name', 'last_name', 'suffix', 'preferred_name'])
    .where('id', '=', partyId)
    .executeTakeFirst();
}

/** The party's addresses, in the contact types' order, with the roster's invalid flag. */
export function addressesOf(db: Db, partyId: number) {
  return db
    .selectFrom('addresses as a')
    .innerJoin('contact_types as t', 't.id', 'a.contact_type_id')
    .select([
      't.name as type',
      'a.company',
      'a.address_1',
      'a.address_2',
      'a.city',
      'a.state',
      'a.state_id',
      'a.zip',
      'a.country_id',
      'a.start_day',
      'a.end_day',
      'a.is_invalid',
      'a.invalid_reason',
    ])
    .where('a.party_id', '=', partyId)
    .orderBy('t.sort_order')
    .orderBy('a.id')
    .execute();
}

/** The party's e-mail addresses, in the contact types' order. */
export function emailsOf(db: Db, partyId: number) {
  return db
    .selectFrom('emails as e')
    .innerJoin('contact_types as t', 't.id', 'e.contact_type_id')
    .select(['t.name as type', 'e.address'])
    .where('e.party_id', '=', partyId)
    .orderBy('t.sort_order')
    .orderBy('e.id')
    .execute();
}

/**
 * Locks the party's row until the transaction ends (PostgreSQL): two replacements of its
 * contacts at once then run one after the other.
 */
export async function lockParty(db: Db, partyId: number): Promise<void> {
  await db.selectFrom('parties').select('id').where('id', '=', partyId).forUpdate().execute();
}

type Row<T extends 'addresses' | 'emails' | 'phones'> = Omit<Insertable<Database[T]>, 'party_id'>;

export interface ContactRows {
  addresses: Row<'addresses'>[];
  emails: Row<'emails'>[];
  phones: Row<'phones'>[];
}

/** Replaces the party's addresses, e-mails and phones with these (in the caller's transaction). */
export async function replaceContacts(db: Db, partyId: number, rows: ContactRows): Promise<void> {
  await db.deleteFrom('addresses').where('party_id', '=', partyId).execute();
  await db.deleteFrom('emails').where('party_id', '=', partyId).execute();
  await db.deleteFrom('phones').where('party_id', '=', partyId).execute();
  if (rows.addresses.length > 0) {
    await db
      .insertInto('addresses')
      .values(rows.addresses.map((row) => ({ ...row, party_id: partyId })))
      .execute();
  }
  if (rows.emails.length > 0) {
    await db
      .insertInto('emails')
      .values(rows.emails.map((row) => ({ ...row, party_id: partyId })))
      .execute();
  }
  if (rows.phones.length > 0) {
    await db
      .insertInto('phones')
      .values(rows.phones.map((row) => ({ ...row, party_id: partyId })))
      .execute();
  }
}

/** The party's e-mails and mobile numbers, each list in its types' order: where a code can go. */
export async function reachableContactsOf(db: Db, partyId: number) {
  const [emails, phones] = await Promise.all([
    db
      .selectFrom('emails as e')
      .innerJoin('contact_types as t', 't.id', 'e.contact_type_id')
      .select(['e.id', 'e.address'])
      .where('e.party_id', '=', partyId)
      .orderBy('t.sort_order')
      .orderBy('e.id')
      .execute(),
    db
      .selectFrom('phones as p')
      .innerJoin('contact_types as t', 't.id', 'p.contact_type_id')
      .select(['p.id', 'p.number'])
      .where('p.party_id', '=', partyId)
      .where('t.name', '=', 'CellPhone')
      .orderBy('p.id')
      .execute(),
  ]);
  return { emails, phones };
}

/** Every phone of the parties, with its type's name and order. */
export function phonesOfParties(db: Db, partyIds: readonly number[]) {
  return db
    .selectFrom('phones as p')
    .innerJoin('contact_types as t', 't.id', 'p.contact_type_id')
    .select(['p.party_id', 'p.number', 't.name as type_name', 't.sort_order'])
    .where('p.party_id', 'in', partyIds)
    .execute();
}
