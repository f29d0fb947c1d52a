/**
 * Dues (§3 Club dues item; docs/decisions.md D50): what each member owes per club and year, and
 * the pending payments that hand them to the provider's checkout. A payment becomes paid only
 * through services/payments.ts completeDuesPayment, with the queries of `dues-payments.ts`.
 */
import type { Kysely } from 'kysely';
import { leafLodgesOf } from './memberships.ts';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** The party's dues rows with their club and organisation, by club and year. */
export function duesRowsOf(db: Db, partyId: number) {
  return db
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
    .where('d.party_id', '=', partyId)
    .orderBy('d.club_id')
    .orderBy('d.year')
    .execute();
}

/** The party's current lodges with no dues rows of theirs at all. */
export function lodgesWithoutDuesOf(db: Db, partyId: number) {
  return db
    .selectFrom('clubs as c')
    .innerJoin('organizations as o', 'o.id', 'c.organization_id')
    .select(['c.id as club_id', 'c.name as club_name', 'o.name as organization_name'])
    .where('c.id', 'in', leafLodgesOf(db, partyId))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('dues as dd')
            .select('dd.id')
            .whereRef('dd.club_id', '=', 'c.id')
            .where('dd.party_id', '=', partyId),
        ),
      ),
    )
    .execute();
}

/** The party's dues rows at one club, by year, with the club's name. */
export function duesAtClub(db: Db, clubId: number, partyId: number) {
  return db
    .selectFrom('dues as d')
    .innerJoin('clubs as c', 'c.id', 'd.club_id')
    .select(['d.id', 'd.party_id', 'd.year', 'd.amount_cents', 'd.paid_at', 'c.name as club_name'])
    .where('d.club_id', '=', clubId)
    .where('d.party_id', '=', partyId)
    .orderBy('d.year')
    .execute();
}

export interface NewDuesPayment {
  clubId: number;
  partyId: number;
  tokenHash: string;
  expiresAt: number;
  /** The dues rows it pays, each at its amount; the payment's amount is their sum. */
  items: readonly { duesId: number; amountCents: number }[];
}

/** A pending payment with its items, in the caller's transaction; answers its id. */
export async function insertPendingPayment(
  db: Db,
  payment: NewDuesPayment,
  now: number,
): Promise<number> {
  const inserted = await db
    .insertInto('dues_payments')
    .values({
      club_id: payment.clubId,
      party_id: payment.partyId,
      amount_cents: payment.items.reduce((sum, item) => sum + item.amountCents, 0),
      token_hash: payment.tokenHash,
      status: 'pending',
      provider_reference: null,
      created_at: now,
      completed_at: null,
      provider_event_id: null,
      expires_at: payment.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertPaymentItems(db, inserted.id, payment.items);
  return inserted.id;
}

/** The yearly dues a payment covers, each at its amount, in the caller's transaction. */
export async function insertPaymentItems(
  db: Db,
  paymentId: number,
  items: readonly { duesId: number; amountCents: number }[],
): Promise<void> {
  await db
    .insertInto('dues_payment_items')
    .values(
      items.map((item) => ({
        dues_payment_id: paymentId,
        dues_id: item.duesId,
        amount_cents: item.amountCents,
      })),
    )
    .execute();
}

/** The provider's id of the checkout (a Stripe Checkout Session id). */
export async function setProviderReference(
  db: Db,
  paymentId: number,
  reference: string,
): Promise<void> {
  await db
    .updateTable('dues_payments')
    .set({ provider_reference: reference })
    .where('id', '=', paymentId)
    .execute();
}

/** The party's oldest e-mail address, for the provider's receipt. */
export async function receiptEmailOf(db: Db, partyId: number): Promise<string | null> {
  const row = await db
    .selectFrom('emails')
    .select('address')
    .where('party_id', '=', partyId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.address ?? null;
}
