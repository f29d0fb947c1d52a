import type { Actor } from '../auth/actor.ts';

/**
 * Any signed-in member may use the status checker (§6, PERM-02, AMB-35), for organisations
 * Lodgehall recognises (AMB-07); how often is the rate limit's business (D48).
 */
export function mayCheckMemberStatus(actor: Actor): boolean {
  return actor.kind === 'member';
}
