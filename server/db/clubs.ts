/**
 * Clubs as the directory and the club home read them: summaries, the clubs a member may see
 * (`visibleClubSummaries`, the SQL twin of mayViewClub in policies/clubs.ts), lodge search,
 * followed clubs, and what the home shows (officers, group, club types).
 */
import { sql } from 'kysely';
import type { Kysely, SqlBool } from 'kysely';
import { engineOf } from './database.ts';
import { clubIdsOf, currentMembershipsOf, organizationIdsOf } from './memberships.ts';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** Whose clubs a list shows: the viewer's party and account, and whether they administer. */
export interface ClubViewer {
  partyId: number;
  userId: number;
  isAdmin: boolean;
}

/** Clubs as `c` with their type, selecting what a summary shows. */
function selectClubSummaries(db: Db) {
  return db
    .selectFrom('clubs as c')
    .innerJoin('club_types as t', 't.id', 'c.club_type_id')
    .select([
      'c.id',
      'c.name',
      'c.formal_name',
      't.name as type_name',
      'c.subdomain',
      'c.avatar_medium_key',
      'c.city',
      'c.state',
    ]);
}

/** The SQL twin of mayViewClub: clubs of the viewer's organisations; an admin every club. */
function visibleClubSummaries(db: Db, viewer: ClubViewer) {
  const query = selectClubSummaries(db);
  return viewer.isAdmin
    ? query
    : query.where('c.organization_id', 'in', organizationIdsOf(db, viewer.partyId));
}

/**
 * One page of the clubs the viewer may see whose stored search key holds `needle`, by key (one
 * more row than `limit`, to tell whether more follow). The needle is a plain string to both
 * engines' substring functions, so `%` and `_` are characters like any other.
 */
export function visibleClubsMatching(
  db: Db,
  viewer: ClubViewer,
  needle: string,
  limit: number,
  offset: number,
) {
  const contains =
    engineOf(db) === 'postgres'
      ? sql<SqlBool>`strpos(c.search_key, ${needle}) > 0`
      : sql<SqlBool>`instr(c.search_key, ${needle}) > 0`;
  return (
    visibleClubSummaries(db, viewer)
      .where(contains)
      // A closed club leaves lodge search (D68); its home and history stay readable.
      .where('c.closed_at', 'is', null)
      .orderBy('c.search_key')
      .orderBy('c.id')
      .limit(limit + 1)
      .offset(offset)
      .execute()
  );
}

/** Every open club the viewer may see, unordered: a closed one leaves By City (D68). */
export function allVisibleClubs(db: Db, viewer: ClubViewer) {
  return visibleClubSummaries(db, viewer).where('c.closed_at', 'is', null).execute();
}

function followedClubIdsOf(db: Db, userId: number) {
  return db
    .selectFrom('favorite_clubs as fc')
    .select('fc.club_id')
    .where('fc.user_id', '=', userId);
}

/** The clubs the viewer may see that they follow or belong to (D40), unordered. */
export function favoriteClubsSeenBy(db: Db, viewer: ClubViewer) {
  return visibleClubSummaries(db, viewer)
    .where((eb) =>
      eb.or([
        eb('c.id', 'in', followedClubIdsOf(db, viewer.userId)),
        eb('c.id', 'in', clubIdsOf(db, viewer.partyId)),
      ]),
    )
    .execute();
}

/** Whether the account follows the club. */
export async function followsClub(db: Db, userId: number, clubId: number): Promise<boolean> {
  const row = await followedClubIdsOf(db, userId)
    .where('fc.club_id', '=', clubId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Follows the club; following it again is no change. */
export async function insertFavoriteClub(
  db: Db,
  userId: number,
  clubId: number,
  now: number,
): Promise<void> {
  await db
    .insertInto('favorite_clubs')
    .values({ user_id: userId, club_id: clubId, created_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'club_id']).doNothing())
    .execute();
}

export async function deleteFavoriteClub(db: Db, userId: number, clubId: number): Promise<void> {
  await db
    .deleteFrom('favorite_clubs')
    .where('user_id', '=', userId)
    .where('club_id', '=', clubId)
    .execute();
}

/** The club's summary with its organisation, whoever asks. */
export function clubSummaryWithOrganization(db: Db, clubId: number) {
  return selectClubSummaries(db)
    .select('c.organization_id')
    .where('c.id', '=', clubId)
    .executeTakeFirst();
}

/** The club's summary, whoever asks. */
export function clubSummaryById(db: Db, clubId: number) {
  return selectClubSummaries(db).where('c.id', '=', clubId).executeTakeFirst();
}

/** The summaries of the clubs whose parent is `groupId`. */
export function clubsInGroup(db: Db, groupId: number) {
  return selectClubSummaries(db).where('c.group_id', '=', groupId).execute();
}

/** The club with every field its home shows, by subdomain, whoever asks. */
export function clubBySubdomain(db: Db, subdomain: string) {
  return selectClubSummaries(db)
    .innerJoin('organizations as o', 'o.id', 'c.organization_id')
    .select([
      'c.organization_id',
      'o.name as organization_name',
      'c.group_id',
      'c.default_url',
      'c.address1',
      'c.address2',
      'c.zip',
      'c.time_zone_id',
      'c.lat',
      'c.lng',
      'c.description',
      'c.meetings',
      'c.map_url',
      'c.map_image',
      'c.introduction',
      'c.is_hiding_stock_introduction',
    ])
    .where('c.subdomain', '=', subdomain)
    .executeTakeFirst();
}

/** Officers whose term covers `today` (the club's own date), by position order (CLUB-16). */
export function currentOfficers(db: Db, clubId: number, today: string) {
  return db
    .selectFrom('officer_positions as op')
    .innerJoin('officer_terms as ot', 'ot.officer_position_id', 'op.id')
    .leftJoin('parties as p', 'p.id', 'ot.party_id')
    .select([
      'op.id as position_id',
      'op.title',
      'ot.party_id',
      'ot.full_name',
      'p.first_name',
      'p.middle_name',
      'p.last_name',
      'p.suffix',
    ])
    .where('op.club_id', '=', clubId)
    .where('ot.from_date', '<=', today)
    .where((eb) => eb.or([eb('ot.to_date', 'is', null), eb('ot.to_date', '>=', today)]))
    .orderBy('op.sort_order')
    .orderBy('op.id')
    .orderBy('ot.from_date')
    .orderBy('ot.id')
    .execute();
}

/** The organisation's club types from the lowest rank up: its hierarchy's names. */
export function clubTypeNames(db: Db, organizationId: number) {
  return db
    .selectFrom('club_types')
    .select('name')
    .where('organization_id', '=', organizationId)
    .orderBy('rank')
    .orderBy('id')
    .execute();
}

/**
 * The current Secretaries of the party's clubs in an organisation (the party excepted), its
 * lodge first, then the bodies above it, with their names when they are on the roster.
 */
export function currentSecretariesFor(
  db: Db,
  partyId: number,
  organizationId: number,
  today: string,
) {
  return currentMembershipsOf(db, partyId)
    .innerJoin('clubs as c', 'c.id', 'm.club_id')
    .innerJoin('club_types as ct', 'ct.id', 'c.club_type_id')
    .innerJoin('officer_positions as op', 'op.club_id', 'c.id')
    .innerJoin('officer_terms as ot', 'ot.officer_position_id', 'op.id')
    .leftJoin('parties as sp', 'sp.id', 'ot.party_id')
    .select([
      'ot.party_id',
      'ot.full_name',
      'sp.first_name',
      'sp.middle_name',
      'sp.last_name',
      'sp.suffix',
      'sp.preferred_name',
    ])
    .where('c.organization_id', '=', organizationId)
    .where('op.title', '=', 'Secretary')
    .where('ot.from_date', '<=', today)
    .where((eb) => eb.or([eb('ot.to_date', 'is', null), eb('ot.to_date', '>=', today)]))
    .where((eb) => eb.or([eb('ot.party_id', 'is', null), eb('ot.party_id', '<>', partyId)]))
    .orderBy('ct.is_leaf', 'desc')
    .orderBy('ct.rank', 'desc')
    .orderBy('c.id')
    .execute();
}
