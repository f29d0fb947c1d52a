/**
 * The member's dues (§2 My Account Dues, §3 Club dues item, §7; docs/decisions.md D50): the
 * list of what they owe per club, and the hand-off to the payment provider's checkout.
 */
import type { OrganizationDues } from '../../common/schemas/dues.ts';
import { requireMember, type Actor } from '../auth/actor.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { currentClubIdsOf, leafLodgesOf } from '../db/memberships.ts';
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
    ctx.db
      .selectFrom('dues as d')
      .innerJoin('clubs as c', 'c.id', 'd.club_id')
      .innerJoin('organizations as o', 'o.id', 'c.organization_id')
      .select([
        'd.club_id',
        'c.name as club_name',
        'o.name as organization_name',
        'd.year',
        'd.amount_cents',
        'd.paid_at',
      ])
      .where('d.party_id', '=', member.partyId)
      .orderBy('d.club_id')
      .orderBy('d.year')
      .execute(),
    // The member's lodges with no dues rows at all: §3's message form.
    ctx.db
      .selectFrom('clubs as c')
      .innerJoin('organizations as o', 'o.id', 'c.organization_id')
      .select(['c.id as club_id', 'c.name as club_name', 'o.name as organization_name'])
      .where('c.id', 'in', leafLodgesOf(ctx.db, member.partyId))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('dues as dd')
              .select('dd.id')
              .whereRef('dd.club_id', '=', 'c.id')
              .where('dd.party_id', '=', member.partyId),
          ),
        ),
      )
      .execute(),
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
  const rows = await ctx.db
    .selectFrom('dues as d')
    .innerJoin('clubs as c', 'c.id', 'd.club_id')
    .select(['d.id', 'd.party_id', 'd.year', 'd.amount_cents', 'd.paid_at', 'c.name as club_name'])
    .where('d.club_id', '=', clubId)
    .where('d.party_id', '=', member.partyId)
    .orderBy('d.year')
    .execute();
  const refusal = duesPaymentRefusal(
    member,
    rows.map((row) => ({ partyId: row.party_id, paidAt: row.paid_at })),
  );
  if (refusal === 'not-found') throw new NotFoundError();
  if (refusal === 'nothing-due') {
    throw new ValidationError({ base: ['There are no dues to pay for this lodge.'] });
  }
  const unpaid = rows.filter((row) => row.paid_at === null);
  const totalCents = unpaid.reduce((sum, row) => sum + row.amount_cents, 0);
  const token = newToken();
  const payment = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('dues_payments')
      .values({
        club_id: clubId,
        party_id: member.partyId,
        amount_cents: totalCents,
        token_hash: hashToken(token),
        status: 'pending',
        provider_reference: null,
        created_at: now,
        completed_at: null,
        provider_event_id: null,
        expires_at: now + CHECKOUT_TTL_MS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('dues_payment_items')
      .values(
        unpaid.map((row) => ({
          dues_payment_id: inserted.id,
          dues_id: row.id,
          amount_cents: row.amount_cents,
        })),
      )
      .execute();
    return inserted;
  });
  const email = await ctx.db
    .selectFrom('emails')
    .select('address')
    .where('party_id', '=', member.partyId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const clubName = unpaid[0]?.club_name ?? '';
  const start = await ctx.payments.adapter.startCheckout({
    duesPaymentId: payment.id,
    token,
    clubName,
    lines: unpaid.map((row) => ({ label: `${row.year} dues`, amountCents: row.amount_cents })),
    customerEmail: email?.address ?? null,
    origin,
  });
  if (start.providerReference) {
    await ctx.db
      .updateTable('dues_payments')
      .set({ provider_reference: start.providerReference })
      .where('id', '=', payment.id)
      .execute();
  }
  return start.url;
}
