import type { Actor } from '../auth/actor.ts';

/**
 * Who may open a party's page, and so see them in the member's own lists (docs/decisions.md
 * D37): oneself always; another party only while they are a current member of an
 * organisation the viewer currently belongs to (`sharesOrganization`, from
 * db/memberships.ts). Being an admin changes nothing: the directory is the organisation's
 * roster. A party one may not see is a 404, as an unknown one.
 */
export function mayViewParty(actor: Actor, partyId: number, sharesOrganization: boolean): boolean {
  if (actor.kind !== 'member') return false;
  return partyId === actor.partyId || sharesOrganization;
}

/**
 * Whom a member may record as contacted (ENT-18): anyone they may see but themself, since a
 * call to oneself is no contact and would fill Members › Recent with one's own name.
 */
export function mayRecordContactWith(actor: Actor, partyId: number): boolean {
  return actor.kind === 'member' && partyId !== actor.partyId;
}
