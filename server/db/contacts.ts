/**
 * A member's own contact lists (Members › Recent and Members › Favorite): one row per member
 * (`user_id`) and party. The lists show only parties the viewer may still see
 * (`partyVisibleTo`, D37); the single rows are the member's own marks, whoever they name.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { RecentContactType } from '../../common/schemas/party.ts';
import { PARTY_SUMMARY_COLUMNS, partyVisibleTo } from './parties.ts';
import type { Viewer } from './parties.ts';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** The viewer's recent contacts they may still see, newest first. */
export function recentContactsSeenBy(db: Db, viewer: Viewer, limit: number) {
  return db
    .selectFrom('user_recent_contacts as r')
    .innerJoin('parties as p', 'p.id', 'r.party_id')
    .select([...PARTY_SUMMARY_COLUMNS, 'r.contact_type', 'r.contacted_at'])
    .where('r.user_id', '=', viewer.userId)
    .where((eb) => partyVisibleTo(db, eb, viewer.partyId))
    .orderBy('r.contacted_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

/** The member's one entry for the party, moved to the top; answers it as stored. */
export function upsertRecentContact(
  db: Db,
  userId: number,
  partyId: number,
  contactType: RecentContactType,
  now: number,
): Promise<{ contact_type: string; contacted_at: number }> {
  return (
    db
      .insertInto('user_recent_contacts')
      .values({ user_id: userId, party_id: partyId, contact_type: contactType, contacted_at: now })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'party_id']).doUpdateSet({
          contact_type: contactType,
          // Two taps in one millisecond, or a clock set back, never move an entry down.
          contacted_at: sql<number>`case when user_recent_contacts.contacted_at > ${now} then user_recent_contacts.contacted_at else ${now} end`,
        }),
      )
      // The entry as stored: a later tap that landed first keeps its time.
      .returning(['contact_type', 'contacted_at'])
      .executeTakeFirstOrThrow()
  );
}

/** The member's recent-contact entry for the party, if any. */
export function recentContactOf(db: Db, userId: number, partyId: number) {
  return db
    .selectFrom('user_recent_contacts')
    .select(['contact_type', 'contacted_at'])
    .where('user_id', '=', userId)
    .where('party_id', '=', partyId)
    .executeTakeFirst();
}

/** The viewer's favourites they may still see, by last name, then first name. */
export function favoriteContactsSeenBy(db: Db, viewer: Viewer) {
  return db
    .selectFrom('user_favorite_contacts as f')
    .innerJoin('parties as p', 'p.id', 'f.party_id')
    .select([...PARTY_SUMMARY_COLUMNS, 'f.created_at'])
    .where('f.user_id', '=', viewer.userId)
    .where((eb) => partyVisibleTo(db, eb, viewer.partyId))
    .orderBy('p.last_name_key')
    .orderBy('p.first_name_key')
    .orderBy('p.id')
    .execute();
}

/** Marks the party; a mark already there stays as it was. */
export async function insertFavoriteContact(
  db: Db,
  userId: number,
  partyId: number,
  now: number,
): Promise<void> {
  await db
    .insertInto('user_favorite_contacts')
    .values({ user_id: userId, party_id: partyId, created_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'party_id']).doNothing())
    .execute();
}

/** The member's favourite mark on the party, if any. */
export function favoriteContactOf(db: Db, userId: number, partyId: number) {
  return db
    .selectFrom('user_favorite_contacts')
    .select(['party_id', 'created_at'])
    .where('user_id', '=', userId)
    .where('party_id', '=', partyId)
    .executeTakeFirst();
}

export async function deleteFavoriteContact(db: Db, userId: number, partyId: number) {
  await db
    .deleteFrom('user_favorite_contacts')
    .where('user_id', '=', userId)
    .where('party_id', '=', partyId)
    .execute();
}
