import type { Member } from '../auth/actor.ts';

/**
 * A member reads and replaces only their own contact information (§2 My Account): the calls
 * name no party, the session's party is the one. Nobody, an admin neither, edits another's
 * through this call; the roster is the place for that (D49).
 */
export function mayManageContactInfo(member: Member, partyId: number): boolean {
  return member.partyId === partyId;
}
