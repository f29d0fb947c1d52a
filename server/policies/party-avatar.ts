import type { Actor } from '../auth/actor.ts';

/**
 * Whose avatar a member may set or remove (§4 Avatar, PERM-02): their own party's only. Every
 * member may; an admin changes no one else's picture through this call.
 */
export function mayChangeAvatar(actor: Actor, partyId: number): boolean {
  return actor.kind === 'member' && actor.partyId === partyId;
}
