import type { Actor } from '../auth/actor.ts';

/**
 * Anyone may read the organisation list: a visitor needs it to prove membership before
 * registering, and it holds nothing private.
 */
export function mayListOrganizations(_actor: Actor): boolean {
  return true;
}
