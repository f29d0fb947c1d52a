/** The saved card (§2 Payment Information, §3 Credit card; API-ACCT-01, API-ACCT-02; D50). */
import type { CreditCard } from '../../common/schemas/dues.ts';
import { requireMember, type Actor } from '../auth/actor.ts';
import { deleteSavedCard, savedCardOf } from '../db/payment-credentials.ts';
import { presentCreditCard } from '../presenters/dues.ts';
import type { ServiceContext } from './context.ts';

/** GET /payment_credentials: the member's own card, or null. */
export async function getPaymentCredential(
  ctx: ServiceContext,
  actor: Actor,
): Promise<CreditCard | null> {
  const member = requireMember(actor);
  const row = await savedCardOf(ctx.db, member.partyId);
  return row ? presentCreditCard(row) : null;
}

/** DELETE /payment_credentials: forgets the member's own card; nothing to forget is fine. */
export async function removePaymentCredential(ctx: ServiceContext, actor: Actor): Promise<void> {
  const member = requireMember(actor);
  await deleteSavedCard(ctx.db, member.partyId);
}
