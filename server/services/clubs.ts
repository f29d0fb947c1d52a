/**
 * Clubs (§7 Clubs and memberships; API-CLUB-02, -05..09): a club's home, lodge search, the
 * lodges by city, and the member's favourite lodges.
 *
 * Who sees which club is mayViewClub (policies/clubs.ts): the clubs of the member's
 * organisations (an admin: every club). A single club one may not see is a 404
 * (club-visibility.ts, as its calendar and news are: D53); the lists hold
 * the same rule in SQL (`visibleClubs`), held to the policy on the demo data by
 * clubs.db.test.ts.
 */
import { sql } from 'kysely';
import type { Kysely, SqlBool } from 'kysely';
import { localDateOf } from '../../common/event-time.ts';
import { compareLodges, groupLodgesByCity, lodgeSearchNeedle } from '../../common/lodge-search.ts';
import { LODGE_SEARCH_LIMIT } from '../../common/schemas/club.ts';
import type {
  Club,
  ClubGroup,
  ClubListAnswer,
  ClubSummary,
  FavoriteClub,
} from '../../common/schemas/club.ts';
import { requireMember, type Actor, type Member } from '../auth/actor.ts';
import { engineOf } from '../db/database.ts';
import { clubIdsOf, currentClubIdsOf, organizationIdsOf, standingOf } from '../db/memberships.ts';
import type { Database } from '../db/schema.ts';
import { maySeeClubDashboard } from '../policies/clubs.ts';
import {
  presentClub,
  presentClubLinks,
  presentClubSummary,
  presentOfficerPositions,
} from '../presenters/club.ts';
import type { ClubSummaryRow } from '../presenters/club.ts';
import { eventWithAbilities } from './calendar-event-records.ts';
import { nextClubEvent } from './calendar-events.ts';
import { visibleClubOr404 } from './club-visibility.ts';
import type { ServiceContext } from './context.ts';
import { latestClubPost } from './posts.ts';

type Db = Kysely<Database>;

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

/** The SQL twin of mayViewClub: clubs of the member's organisations; an admin every club. */
function visibleClubs(db: Db, member: Member) {
  const query = selectClubSummaries(db);
  return member.isAdmin
    ? query
    : query.where('c.organization_id', 'in', organizationIdsOf(db, member.partyId));
}

function sortedSummaries(rows: readonly ClubSummaryRow[]): ClubSummary[] {
  return [...rows].sort(compareLodges).map(presentClubSummary);
}

// ---- Lists -------------------------------------------------------------------------------

/**
 * GET /clubs.json?search_text= (DIR-07, SRCH-12, AMB-11): the clubs whose stored key
 * (common/lodge-search.ts lodgeSearchKey) holds the cleaned, folded text, by folded name, pages
 * of LODGE_SEARCH_LIMIT. The text is a plain string to both engines' substring functions, so
 * `%` and `_` are characters like any other.
 */
export async function searchClubs(
  ctx: ServiceContext,
  actor: Actor,
  searchText: string,
  page = 0,
): Promise<ClubListAnswer> {
  const member = requireMember(actor);
  const needle = lodgeSearchNeedle(searchText);
  if (needle === '') return { clubs: [], has_more: false };
  const contains =
    engineOf(ctx.db) === 'postgres'
      ? sql<SqlBool>`strpos(c.search_key, ${needle}) > 0`
      : sql<SqlBool>`instr(c.search_key, ${needle}) > 0`;
  const rows = await visibleClubs(ctx.db, member)
    .where(contains)
    .orderBy('c.search_key')
    .orderBy('c.id')
    .limit(LODGE_SEARCH_LIMIT + 1)
    .offset(page * LODGE_SEARCH_LIMIT)
    .execute();
  return {
    clubs: rows.slice(0, LODGE_SEARCH_LIMIT).map(presentClubSummary),
    has_more: rows.length > LODGE_SEARCH_LIMIT,
  };
}

/**
 * GET /clubs.json?by_city=true (DIR-09, DIR-10): every club the member may see, by city, each
 * city's clubs by formal name (common/lodge-search.ts groupLodgesByCity, which the browser also
 * applies to group them under headings).
 */
export async function listClubsByCity(ctx: ServiceContext, actor: Actor): Promise<ClubListAnswer> {
  const member = requireMember(actor);
  const rows = await visibleClubs(ctx.db, member).execute();
  const ordered = groupLodgesByCity(rows).flatMap((city) => city.lodges);
  return { clubs: ordered.map(presentClubSummary), has_more: false };
}

function favoriteClubIdsOf(db: Db, userId: number) {
  return db
    .selectFrom('favorite_clubs as fc')
    .select('fc.club_id')
    .where('fc.user_id', '=', userId);
}

/**
 * GET /favorite_clubs.json (DIR-11, ENT-13): the clubs whose switch is on for the member: those
 * they follow and those they belong to (a member of a club follows it, CLUB-07; D40), by
 * formal name. A followed club of an organisation the member has left is not listed.
 */
export async function listFavoriteClubs(
  ctx: ServiceContext,
  actor: Actor,
): Promise<FavoriteClub[]> {
  const member = requireMember(actor);
  const [rows, memberClubIds] = await Promise.all([
    visibleClubs(ctx.db, member)
      .where((eb) =>
        eb.or([
          eb('c.id', 'in', favoriteClubIdsOf(ctx.db, member.userId)),
          eb('c.id', 'in', clubIdsOf(ctx.db, member.partyId)),
        ]),
      )
      .execute(),
    currentClubIdsOf(ctx.db, member.partyId),
  ]);
  return [...rows].sort(compareLodges).map((row) => ({
    club_id: row.id,
    is_member: memberClubIds.has(row.id),
    club: presentClubSummary(row),
  }));
}

// ---- Favourites --------------------------------------------------------------------------

/** The club's summary row if the member may see it (mayViewClub); otherwise a 404. */
async function loadVisibleClubSummary(
  ctx: ServiceContext,
  member: Member,
  clubId: number,
): Promise<ClubSummaryRow & { organization_id: number }> {
  const row = await selectClubSummaries(ctx.db)
    .select('c.organization_id')
    .where('c.id', '=', clubId)
    .executeTakeFirst();
  return visibleClubOr404(ctx, member, row);
}

/** POST /favorite_clubs.json (CLUB-20, API-CLUB-08): follow a club; following it again is no change. */
export async function addFavoriteClub(
  ctx: ServiceContext,
  actor: Actor,
  clubId: number,
): Promise<FavoriteClub> {
  const member = requireMember(actor);
  const row = await loadVisibleClubSummary(ctx, member, clubId);
  await ctx.db
    .insertInto('favorite_clubs')
    .values({ user_id: member.userId, club_id: clubId, created_at: Date.now() })
    .onConflict((conflict) => conflict.columns(['user_id', 'club_id']).doNothing())
    .execute();
  const memberClubIds = await currentClubIdsOf(ctx.db, member.partyId);
  return { club_id: clubId, is_member: memberClubIds.has(clubId), club: presentClubSummary(row) };
}

/**
 * DELETE /favorite_clubs/{clubId} (CLUB-20, API-CLUB-09): stop following a club; a club not
 * followed stays so. A club the member belongs to stays a favourite by membership (CLUB-07).
 */
export async function removeFavoriteClub(
  ctx: ServiceContext,
  actor: Actor,
  clubId: number,
): Promise<void> {
  const member = requireMember(actor);
  await loadVisibleClubSummary(ctx, member, clubId);
  await ctx.db
    .deleteFrom('favorite_clubs')
    .where('user_id', '=', member.userId)
    .where('club_id', '=', clubId)
    .execute();
}

// ---- The club home -----------------------------------------------------------------------

function selectClub(db: Db) {
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
    ]);
}

/** Officers whose term covers `today` (the club's own date), by position order (CLUB-16). */
function currentOfficers(db: Db, clubId: number, today: string) {
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

/** The club's parent with the parent's member clubs, or null for a club at the top (CLUB-11). */
async function groupOf(db: Db, groupId: number | null): Promise<ClubGroup | null> {
  if (groupId === null) return null;
  const [group, groupies] = await Promise.all([
    selectClubSummaries(db).where('c.id', '=', groupId).executeTakeFirst(),
    selectClubSummaries(db).where('c.group_id', '=', groupId).execute(),
  ]);
  return group ? { ...presentClubSummary(group), groupies: sortedSummaries(groupies) } : null;
}

/**
 * GET /clubs/by_subdomain.json?subdomain= (API-CLUB-02, ENT-09, CLUB-01..18): the club with
 * every field of §3 Club and what its home shows. An unknown club, or one the member may not
 * see, is a 404 (AMB-44).
 */
export async function getClubBySubdomain(
  ctx: ServiceContext,
  actor: Actor,
  subdomain: string,
): Promise<Club> {
  const member = requireMember(actor);
  const row = await visibleClubOr404(
    ctx,
    member,
    await selectClub(ctx.db).where('c.subdomain', '=', subdomain).executeTakeFirst(),
  );
  const today = localDateOf(Date.now(), row.time_zone_id);
  const [standing, followed, officers, group, groupies, types, nextEvent, latestPost] =
    await Promise.all([
      standingOf(ctx.db, member.partyId),
      favoriteClubIdsOf(ctx.db, member.userId).where('fc.club_id', '=', row.id).executeTakeFirst(),
      currentOfficers(ctx.db, row.id, today),
      groupOf(ctx.db, row.group_id),
      selectClubSummaries(ctx.db).where('c.group_id', '=', row.id).execute(),
      ctx.db
        .selectFrom('club_types')
        .select('name')
        .where('organization_id', '=', row.organization_id)
        .orderBy('rank')
        .orderBy('id')
        .execute(),
      nextClubEvent(ctx, member, row.id).then(
        (event) => event && eventWithAbilities(ctx, member, event),
      ),
      latestClubPost(ctx, member, row.id),
    ]);
  const isMember = standing.memberClubIds.has(row.id);
  return presentClub(
    row,
    { imageTemplate: ctx.config.MAP_IMAGE_URL_TEMPLATE },
    {
      is_favorite: isMember || followed !== undefined,
      is_member: isMember,
      current_officer_positions: presentOfficerPositions(officers),
      group,
      groupies: sortedSummaries(groupies),
      organization: {
        id: row.organization_id,
        name: row.organization_name,
        club_hierarchy: types.map((type) => type.name),
      },
      next_event: nextEvent,
      latest_post: latestPost,
      links: presentClubLinks(
        row.default_url,
        maySeeClubDashboard(member, row.id, standing.webmasterClubIds),
        ctx.config.SUPPORT_URL,
      ),
    },
  );
}
