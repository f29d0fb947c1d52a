import type { Actor } from '../auth/actor.ts';

/** What a policy needs to know about a notice. */
export interface NoticeFacts {
  /** Whose notice it is. */
  readonly partyId: number;
}

/**
 * A notice is its recipient's alone (§6: every member has notices; API-NOTE-01/02): only they
 * see it or mark it read. Another member's notice is answered as if it did not exist (a 404),
 * so ids say nothing. The list applies the same rule in SQL (`party_id` = the member's party).
 */
export function maySeeNotice(actor: Actor, notice: NoticeFacts): boolean {
  return actor.kind === 'member' && actor.partyId === notice.partyId;
}
