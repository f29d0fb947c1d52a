/** Accounts (`users`): who signs in, with which password, and what the session shows of them. */
import type { Insertable, Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { PARTY_NAME_COLUMNS } from './parties.ts';

type Db = Kysely<Database>;

/** The account with this username key (usernameKey of common/schemas/username.ts), if any. */
export function userByUsernameKey(db: Db, key: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username_key', '=', key)
    .executeTakeFirst();
}

/**
 * What sign-in decides on: the hash, whether the party has left, whether it is an
 * administrator, and whether it is active in any organisation.
 */
export function signInCandidate(db: Db, key: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('parties as p', 'p.id', 'u.party_id')
    .select(['u.id', 'u.password_hash', 'u.is_admin', 'u.party_id', 'p.left_at'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('member_statuses as ms')
            .select('ms.id')
            .whereRef('ms.party_id', '=', 'u.party_id')
            .where('ms.status', '=', 'active'),
        )
        .as('is_active'),
    )
    .where('u.username_key', '=', key)
    .executeTakeFirst();
}

export async function markSignedIn(db: Db, userId: number, now: number): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: now }).where('id', '=', userId).execute();
}

export async function makeAdmin(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_admin: 1, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** A new account; answers its id. */
export async function insertUser(db: Db, values: Insertable<Database['users']>): Promise<number> {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function setPassword(
  db: Db,
  userId: number,
  passwordHash: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** The account's hash with the names a new password must not contain. */
export function passwordOwnerByUserId(db: Db, userId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('parties as p', 'p.id', 'u.party_id')
    .select(['u.password_hash', 'u.username', ...PARTY_NAME_COLUMNS])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** The party's account with the names a new password must not contain, if it has one. */
export function passwordOwnerByPartyId(db: Db, partyId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('parties as p', 'p.id', 'u.party_id')
    .select(['u.id', 'u.username', 'u.username_key', ...PARTY_NAME_COLUMNS])
    .where('u.party_id', '=', partyId)
    .executeTakeFirst();
}

/** The party's account id, if it has one. */
export async function userIdOfParty(db: Db, partyId: number): Promise<number | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('party_id', '=', partyId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The account with the party's names and avatar, as the session shows it. */
export function sessionUserRow(db: Db, userId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('parties as p', 'p.id', 'u.party_id')
    .select(['u.username', 'u.is_admin', 'p.id', ...PARTY_NAME_COLUMNS, 'p.avatar_medium_key'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** Whether any account may administer: an empty database's first start says how to make one. */
export async function hasAdministrator(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('is_admin', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
