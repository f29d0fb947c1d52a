import { describe, expect, it } from 'vitest';
import { consoleScope, mayAddClubUnder, mayCloseClub, mayManageOrganization } from './console.ts';

/*
 * The organisation's settings and its clubs (D68): a grand secretary (whose scope holds the
 * organisation's top club) and an administrator change the organisation; a lodge's secretary
 * adds under their lodge but does not close it; a top club is an administrator's.
 */

const admin = consoleScope({ isAdmin: true }, []);
// Grand Lodge 1 at the top, District 2 below it, Lodge 3 below that (the scope holds the tree).
const grandSecretary = consoleScope({ isAdmin: false }, [
  { id: 1, organization_id: 9 },
  { id: 2, organization_id: 9 },
  { id: 3, organization_id: 9 },
]);
const lodgeSecretary = consoleScope({ isAdmin: false }, [{ id: 3, organization_id: 9 }]);

describe('mayManageOrganization', () => {
  it('lets an administrator and the grand secretary change the organisation, no one else', () => {
    expect(mayManageOrganization(admin, [1])).toBe(true);
    expect(mayManageOrganization(admin, [])).toBe(true);
    expect(mayManageOrganization(grandSecretary, [1])).toBe(true);
    expect(mayManageOrganization(lodgeSecretary, [1])).toBe(false);
    // Two bodies at the top: the secretary of one does not rename the other's organisation.
    expect(mayManageOrganization(grandSecretary, [1, 4])).toBe(false);
    // An organisation with no club yet is an administrator's.
    expect(mayManageOrganization(grandSecretary, [])).toBe(false);
  });
});

describe('mayAddClubUnder and mayCloseClub', () => {
  it('adds under a managed club, and at the top for an administrator only', () => {
    expect(mayAddClubUnder(lodgeSecretary, 3)).toBe(true);
    expect(mayAddClubUnder(lodgeSecretary, 2)).toBe(false);
    expect(mayAddClubUnder(grandSecretary, null)).toBe(false);
    expect(mayAddClubUnder(admin, null)).toBe(true);
  });

  it('closes a club for those above it, not for its own secretary', () => {
    // Lodge 3's parent is District 2.
    expect(mayCloseClub(lodgeSecretary, 2)).toBe(false);
    expect(mayCloseClub(grandSecretary, 2)).toBe(true);
    expect(mayCloseClub(admin, null)).toBe(true);
    expect(mayCloseClub(grandSecretary, null)).toBe(false);
  });
});
