/**
 * Clubs (§7 Clubs and memberships; API-CLUB-02, -05..09): a club's home, lodge search, the
 * lodges by city, and the member's favourite lodges.
 *
 * Who sees which club is mayViewClub (policies/clubs.ts): the clubs of the member's
 * organisations (an admin: every club). A single club one may not see is a 404
 * (club-visibility.ts, as its calendar and news are: D53); the lists hold
 * the same rule in SQL (db/clubs.ts `visibleClubSummaries`), held to the policy on the demo data by
 * clubs.db.test.ts.
 */
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
import {
  allVisibleClubs,
  clubBySubdomain,
  clubSummaryById,
  clubSummaryWithOrganization,
  clubsInGroup,
  clubTypeNames,
  currentOfficers,
  deleteFavoriteClub,
  favoriteClubsSeenBy,
  followsClub,
  insertFavoriteClub,
  visibleClubsMatching,
} from '../db/clubs.ts';
import { currentClubIdsOf, standingOf } from '../db/memberships.ts';
import { maySeeClubDashboard } from '../policies/clubs.ts';
import {
  presentClub,
  presentClubLinks,
  presentClubSummary,
  presentOfficerPositions,
} from '../presenters/club.ts';
import type { ClubSummaryRow, DashboardTarget } from '../presenters/club.ts';
import { mayManageClub } from '../policies/console.ts';
import { consoleScopeOf } from './console-access.ts';
import { nextClubEvent } from './calendar-events.ts';
import { visibleClubOr404 } from './club-visibility.ts';
import type { ServiceContext } from './context.ts';
import { latestClubPost } from './posts.ts';

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
  const rows = await visibleClubsMatching(
    ctx.db,
    member,
    needle,
    LODGE_SEARCH_LIMIT,
    page * LODGE_SEARCH_LIMIT,
  );
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
  const rows = await allVisibleClubs(ctx.db, member);
  const ordered = groupLodgesByCity(rows).flatMap((city) => city.lodges);
  return { clubs: ordered.map(presentClubSummary), has_more: false };
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
    favoriteClubsSeenBy(ctx.db, member),
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
  const row = await clubSummaryWithOrganization(ctx.db, clubId);
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
  await insertFavoriteClub(ctx.db, member.userId, clubId, Date.now());
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
  await deleteFavoriteClub(ctx.db, member.userId, clubId);
}

// ---- The club home -----------------------------------------------------------------------

/** The club's parent with the parent's member clubs, or null for a club at the top (CLUB-11). */
async function groupOf(ctx: ServiceContext, groupId: number | null): Promise<ClubGroup | null> {
  if (groupId === null) return null;
  const [group, groupies] = await Promise.all([
    clubSummaryById(ctx.db, groupId),
    clubsInGroup(ctx.db, groupId),
  ]);
  return group ? { ...presentClubSummary(group), groupies: sortedSummaries(groupies) } : null;
}

/**
 * Where the club page's Dashboard leads for this member (AMB-05, D68): the club in the console
 * when they manage it there; else, for a webmaster, the club's own site's dashboard.
 */
async function dashboardTarget(
  ctx: ServiceContext,
  member: Member,
  clubId: number,
  webmasterClubIds: ReadonlySet<number>,
): Promise<DashboardTarget> {
  if (mayManageClub(await consoleScopeOf(ctx, member), clubId)) return 'console';
  return maySeeClubDashboard(member, clubId, webmasterClubIds) ? 'site' : 'none';
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
  const row = await visibleClubOr404(ctx, member, await clubBySubdomain(ctx.db, subdomain));
  const today = localDateOf(Date.now(), row.time_zone_id);
  const [standing, followed, officers, group, groupies, types, nextEvent, latestPost] =
    await Promise.all([
      standingOf(ctx.db, member.partyId),
      followsClub(ctx.db, member.userId, row.id),
      currentOfficers(ctx.db, row.id, today),
      groupOf(ctx, row.group_id),
      clubsInGroup(ctx.db, row.id),
      clubTypeNames(ctx.db, row.organization_id),
      nextClubEvent(ctx, member, row.id),
      latestClubPost(ctx, member, row.id),
    ]);
  const isMember = standing.memberClubIds.has(row.id);
  return presentClub(
    row,
    { imageTemplate: ctx.config.MAP_IMAGE_URL_TEMPLATE },
    {
      is_favorite: isMember || followed,
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
        row,
        await dashboardTarget(ctx, member, row.id, standing.webmasterClubIds),
        ctx.config.SUPPORT_URL,
      ),
    },
  );
}
