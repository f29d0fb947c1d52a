/**
 * The member's dues (§2 My Account Dues, §3 Club dues item, §7; docs/decisions.md D50): the
 * list of what they owe per club, and the hand-off to the payment provider's checkout.
 */
import type { OrganizationDues } from '../../common/schemas/dues.ts';
import { requireMember, type Actor } from '../auth/actor.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import {
  duesAtClub,
  duesRowsOf,
  insertPendingPayment,
  lodgesWithoutDuesOf,
  receiptEmailOf,
  setProviderReference,
} from '../db/dues.ts';
import { currentClubIdsOf } from '../db/memberships.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { CHECKOUT_TTL_MS } from '../payments/adapter.ts';
import { duesPaymentRefusal } from '../policies/dues.ts';
import { presentClubDues } from '../presenters/dues.ts';
import type { ServiceContext } from './context.ts';

export function yearOf(now: number): number {
  return new Date(now).getUTCFullYear();
}

/** GET /club_dues: the member's own rows only (policies/dues.ts mayPayDues, in SQL). */
export async function listClubDues(
  ctx: ServiceContext,
  actor: Actor,
  now: number = Date.now(),
): Promise<OrganizationDues[]> {
  const member = requireMember(actor);
  const [rows, duesLess, currentClubIds] = await Promise.all([
    duesRowsOf(ctx.db, member.partyId),
    // The member's lodges with no dues rows at all: §3's message form.
    lodgesWithoutDuesOf(ctx.db, member.partyId),
    currentClubIdsOf(ctx.db, member.partyId),
  ]);
  return presentClubDues(rows, duesLess, currentClubIds, yearOf(now));
}

/**
 * GET /dues_payments/{clubId}/edit: a pending payment of everything unpaid at the club, and
 * the provider's checkout address for it. The spec names this a GET; it writes only the
 * pending hand-off, which nothing reads until the member completes the checkout (D50).
 */
export async function startDuesPayment(
  ctx: ServiceContext,
  actor: Actor,
  clubId: number,
  origin: string,
  now: number = Date.now(),
): Promise<string> {
  const member = requireMember(actor);
  const rows = await duesAtClub(ctx.db, clubId, member.partyId);
  const refusal = duesPaymentRefusal(
    member,
    rows.map((row) => ({ partyId: row.party_id, paidAt: row.paid_at })),
  );
  if (refusal === 'not-found') throw new NotFoundError();
  if (refusal === 'nothing-due') {
    throw new ValidationError({ base: ['There are no dues to pay for this lodge.'] });
  }
  const unpaid = rows.filter((row) => row.paid_at === null);
  const token = newToken();
  const paymentId = await ctx.db.transaction().execute((trx) =>
    insertPendingPayment(
      trx,
      {
        clubId,
        partyId: member.partyId,
        tokenHash: hashToken(token),
        expiresAt: now + CHECKOUT_TTL_MS,
        items: unpaid.map((row) => ({ duesId: row.id, amountCents: row.amount_cents })),
      },
      now,
    ),
  );
  const email = await receiptEmailOf(ctx.db, member.partyId);
  const clubName = unpaid[0]?.club_name ?? '';
  const start = await ctx.payments.adapter.startCheckout({
    duesPaymentId: paymentId,
    token,
    clubName,
    lines: unpaid.map((row) => ({ label: `${row.year} dues`, amountCents: row.amount_cents })),
    customerEmail: email,
    origin,
  });
  if (start.providerReference) {
    await setProviderReference(ctx.db, paymentId, start.providerReference);
  }
  return start.url;
}
