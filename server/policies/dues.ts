import type { Member } from '../auth/actor.ts';

/*
 * Dues are a member's own business (docs/decisions.md D50): each member sees and pays only the
 * dues rows that name their own party; no role, not even an admin's, reads another's here.
 * The SQL of services/dues.ts applies the same rule to the list (`party_id = member`).
 */

/** One yearly dues row, as far as the rules need it. */
export interface DuesFact {
  partyId: number;
  paidAt: number | null;
}

/** Whether the member may see or pay this yearly dues row. */
export function mayPayDues(member: Member, dues: DuesFact): boolean {
  return dues.partyId === member.partyId;
}

/**
 * What "pay" may do at a club, from the member's rows there: none is a 404 (not their club, or
 * no dues set up), all paid is a 422 (nothing due), else the unpaid rows are paid.
 */
export function duesPaymentRefusal(
  member: Member,
  rows: readonly DuesFact[],
): 'not-found' | 'nothing-due' | null {
  const own = rows.filter((row) => mayPayDues(member, row));
  if (own.length === 0) return 'not-found';
  return own.some((row) => row.paidAt === null) ? null : 'nothing-due';
}

/**
 * Who may use a checkout page: the member whose payment it is, signed in in this browser.
 * The token in the address alone is not enough, so a leaked address pays nothing.
 */
export function mayUseCheckout(sessionPartyId: number | null, paymentPartyId: number): boolean {
  return sessionPartyId !== null && sessionPartyId === paymentPartyId;
}
