import type { Member } from '../auth/actor.ts';

/*
 * The secretary's console (issue 23, docs/decisions.md D63). An administrator manages every
 * organisation; a secretary the clubs where they hold the role and every club below them; a
 * webmaster, like any other member, nothing here. Services load the scope once per request
 * (services/console-access.ts) and ask these functions with plain facts.
 */

export type ConsoleScope =
  | { readonly kind: 'all' }
  | {
      readonly kind: 'clubs';
      readonly clubIds: ReadonlySet<number>;
      readonly organizationIds: ReadonlySet<number>;
    };

/** A member with no console: no club is theirs to manage. */
export const NO_CONSOLE: ConsoleScope = Object.freeze({
  kind: 'clubs',
  clubIds: new Set<number>(),
  organizationIds: new Set<number>(),
});

/** The scope of an administrator, or of a member whose secretary clubs are these. */
export function consoleScope(
  member: Pick<Member, 'isAdmin'>,
  secretaryClubs: readonly { id: number; organization_id: number }[],
): ConsoleScope {
  if (member.isAdmin) return { kind: 'all' };
  return {
    kind: 'clubs',
    clubIds: new Set(secretaryClubs.map((club) => club.id)),
    organizationIds: new Set(secretaryClubs.map((club) => club.organization_id)),
  };
}

/** Whether the console opens at all (the menu's link, every /admin call). */
export function mayUseConsole(scope: ConsoleScope): boolean {
  return scope.kind === 'all' || scope.clubIds.size > 0;
}

/** Whether this club's roster, officers, roles and dues are the console user's to read and change. */
export function mayManageClub(scope: ConsoleScope, clubId: number): boolean {
  return scope.kind === 'all' || scope.clubIds.has(clubId);
}

/**
 * Whether a member's record is the console user's: the member belongs (or belonged) to one of
 * their clubs. `clubIds` are all the clubs of the member's memberships in that organisation.
 */
export function mayManageMember(scope: ConsoleScope, clubIds: readonly number[]): boolean {
  return scope.kind === 'all' || clubIds.some((id) => scope.clubIds.has(id));
}

/** Whether the console user works in this organisation at all (its roster import, its lists). */
export function mayWorkInOrganization(scope: ConsoleScope, organizationId: number): boolean {
  return scope.kind === 'all' || scope.organizationIds.has(organizationId);
}

/**
 * Whether the organisation's settings are the console user's to change (D68): an
 * administrator's, or a grand secretary's, whose scope holds the organisation's top clubs (every
 * one of them: a secretary of one grand lodge does not rename a sister body's organisation).
 * Any console user of the organisation may read them (mayWorkInOrganization).
 */
export function mayManageOrganization(scope: ConsoleScope, topClubIds: readonly number[]): boolean {
  if (scope.kind === 'all') return true;
  return topClubIds.length > 0 && topClubIds.every((id) => scope.clubIds.has(id));
}

/** New organisations and clubs at the top of one are an administrator's (D68). */
export function mayAddTopLevel(scope: ConsoleScope): boolean {
  return scope.kind === 'all';
}

/** A new club goes under a club the user manages; at the top, only an administrator's. */
export function mayAddClubUnder(scope: ConsoleScope, parentId: number | null): boolean {
  return parentId === null ? mayAddTopLevel(scope) : mayManageClub(scope, parentId);
}

/**
 * Closing a club is for those above it (D68): an administrator, or a secretary who manages its
 * parent; a lodge's own secretary does not close their lodge.
 */
export function mayCloseClub(scope: ConsoleScope, parentId: number | null): boolean {
  return mayAddClubUnder(scope, parentId);
}
