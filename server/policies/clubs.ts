import type { Actor } from '../auth/actor.ts';

/**
 * Who may see a club (its home, and it in lodge search, By City and favourites): an admin any
 * club; a member the clubs of the organisations they currently belong to, as the directory's
 * people (docs/decisions.md D37, D40). Another organisation's club is a 404.
 * `organizationIds` are the viewer's (db/memberships.ts organizationIdsOf).
 */
export function mayViewClub(
  actor: Actor,
  clubOrganizationId: number,
  organizationIds: ReadonlySet<number>,
): boolean {
  if (actor.kind !== 'member') return false;
  return actor.isAdmin || organizationIds.has(clubOrganizationId);
}

/**
 * The club's Dashboard link (PERM-04, AMB-05: the "helper check"): a webmaster of the club, or
 * an admin. `webmasterClubIds` are the viewer's (db/memberships.ts standingOf).
 */
export function maySeeClubDashboard(
  actor: Actor,
  clubId: number,
  webmasterClubIds: ReadonlySet<number>,
): boolean {
  if (actor.kind !== 'member') return false;
  return actor.isAdmin || webmasterClubIds.has(clubId);
}
