/**
 * Completing and cancelling dues payments (docs/decisions.md D50): the queries of
 * services/payments.ts, which decides when a payment becomes paid. Each write that may race
 * another is conditional on the state it expects and says whether it changed anything.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** Whether a completion with this provider event id has been recorded. */
export async function isEventRecorded(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('dues_payments')
    .select('id')
    .where('provider_event_id', '=', eventId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The payment as a completion checks it. */
export function paymentToComplete(db: Db, paymentId: number) {
  return db
    .selectFrom('dues_payments')
    .select(['id', 'party_id', 'club_id', 'amount_cents', 'status', 'provider_reference'])
    .where('id', '=', paymentId)
    .executeTakeFirst();
}

/** Locks the dues rows the payment covers until the transaction ends (PostgreSQL only). */
export async function lockDuesOfPayment(db: Db, paymentId: number): Promise<void> {
  await db
    .selectFrom('dues')
    .select('id')
    .where(
      'id',
      'in',
      db
        .selectFrom('dues_payment_items')
        .select('dues_id')
        .where('dues_payment_id', '=', paymentId),
    )
    .forUpdate()
    .execute();
}

/** Whether any of the dues rows the payment covers is paid already. */
export async function coversPaidDues(db: Db, paymentId: number): Promise<boolean> {
  const row = await db
    .selectFrom('dues_payment_items as i')
    .innerJoin('dues as d', 'd.id', 'i.dues_id')
    .select('d.id')
    .where('i.dues_payment_id', '=', paymentId)
    .where('d.paid_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks a pending payment paid; false when it was no longer pending. */
export async function markPaymentPaid(
  db: Db,
  paymentId: number,
  eventId: string,
  now: number,
): Promise<boolean> {
  const marked = await db
    .updateTable('dues_payments')
    .set({ status: 'paid', provider_event_id: eventId, completed_at: now })
    .where('id', '=', paymentId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) === 1;
}

/** Ids of the dues rows the payment covers. */
export async function duesIdsOfPayment(db: Db, paymentId: number): Promise<number[]> {
  const items = await db
    .selectFrom('dues_payment_items')
    .select('dues_id')
    .where('dues_payment_id', '=', paymentId)
    .execute();
  return items.map((item) => item.dues_id);
}

/** Marks paid those of the party's dues rows that are not yet. */
export async function markDuesPaid(
  db: Db,
  duesIds: readonly number[],
  partyId: number,
  now: number,
): Promise<void> {
  if (duesIds.length === 0) return;
  await db
    .updateTable('dues')
    .set({ paid_at: now })
    .where('id', 'in', duesIds)
    .where('party_id', '=', partyId)
    .where('paid_at', 'is', null)
    .execute();
}

/** Cancels a payment still pending; one already completed stays as it is. */
export async function cancelPendingPayment(db: Db, paymentId: number, now: number): Promise<void> {
  await db
    .updateTable('dues_payments')
    .set({ status: 'cancelled', completed_at: now })
    .where('id', '=', paymentId)
    .where('status', '=', 'pending')
    .execute();
}

/** The payment a checkout address names (by its token's hash), with its club and organisation. */
export function paymentByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('dues_payments as p')
    .innerJoin('clubs as c', 'c.id', 'p.club_id')
    .innerJoin('organizations as o', 'o.id', 'c.organization_id')
    .select([
      'p.id',
      'p.party_id',
      'p.amount_cents',
      'p.status',
      'p.expires_at',
      'c.name as club_name',
      'o.name as organization_name',
    ])
    .where('p.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The years and amounts the payment covers, oldest first. */
export function paymentLines(db: Db, paymentId: number) {
  return db
    .selectFrom('dues_payment_items as i')
    .innerJoin('dues as d', 'd.id', 'i.dues_id')
    .select(['d.year', 'i.amount_cents'])
    .where('i.dues_payment_id', '=', paymentId)
    .orderBy('d.year')
    .execute();
}

/** What a payment's receipt says (D79): the amount, its years, how and when, and where. */
export async function duesReceiptFacts(db: Db, paymentId: number) {
  const payment = await db
    .selectFrom('dues_payments as p')
    .innerJoin('clubs as c', 'c.id', 'p.club_id')
    .innerJoin('organizations as o', 'o.id', 'c.organization_id')
    .select([
      'p.party_id',
      'p.amount_cents',
      'p.method',
      'p.paid_on',
      'p.completed_at',
      'c.name as club_name',
      'c.time_zone_id',
      'o.name as organization_name',
    ])
    .where('p.id', '=', paymentId)
    .executeTakeFirst();
  if (!payment) return undefined;
  const years = await db
    .selectFrom('dues_payment_items as i')
    .innerJoin('dues as d', 'd.id', 'i.dues_id')
    .select('d.year')
    .where('i.dues_payment_id', '=', paymentId)
    .orderBy('d.year')
    .execute();
  return { ...payment, years: years.map((row) => row.year) };
}
