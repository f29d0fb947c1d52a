/**
 * Dues in the console (issue 23, docs/decisions.md D70): a club's yearly amount, billing it to
 * the club's active members, the year's report, and payments taken in person beside the online
 * ones of `dues.ts` and `dues-payments.ts`.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { insertPaymentItems } from './dues.ts';
import { PARTY_NAME_COLUMNS } from './parties.ts';

type Db = Kysely<Database>;

/** The club with its organisation, or undefined. */
export function duesClub(db: Db, clubId: number) {
  return db
    .selectFrom('clubs as c')
    .innerJoin('organizations as o', 'o.id', 'c.organization_id')
    .select(['c.id', 'c.name', 'c.organization_id', 'o.name as organization_name'])
    .where('c.id', '=', clubId)
    .executeTakeFirst();
}

/** The club's amount for the year, in cents, or null when none is set. */
export async function duesRateOf(db: Db, clubId: number, year: number): Promise<number | null> {
  const row = await db
    .selectFrom('dues_rates')
    .select('amount_cents')
    .where('club_id', '=', clubId)
    .where('year', '=', year)
    .executeTakeFirst();
  return row?.amount_cents ?? null;
}

/** Sets the club's amount for the year, in the caller's transaction. */
export async function setDuesRate(
  db: Db,
  rate: { clubId: number; year: number; amountCents: number },
  exists: boolean,
  now: number,
): Promise<void> {
  if (exists) {
    await db
      .updateTable('dues_rates')
      .set({ amount_cents: rate.amountCents, updated_at: now })
      .where('club_id', '=', rate.clubId)
      .where('year', '=', rate.year)
      .execute();
    return;
  }
  await db
    .insertInto('dues_rates')
    .values({
      club_id: rate.clubId,
      year: rate.year,
      amount_cents: rate.amountCents,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/**
 * Unpaid dues of the club and year take the new amount; paid rows keep what was paid, and a row
 * in a checkout still open keeps the amount that checkout shows (D70). Answers how many changed.
 */
export async function repriceUnpaidDues(
  db: Db,
  rate: { clubId: number; year: number; amountCents: number },
  now: number,
): Promise<number> {
  const result = await db
    .updateTable('dues')
    .set({ amount_cents: rate.amountCents })
    .where('club_id', '=', rate.clubId)
    .where('year', '=', rate.year)
    .where('paid_at', 'is', null)
    .where('amount_cents', '<>', rate.amountCents)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('dues_payment_items as i')
            .innerJoin('dues_payments as p', 'p.id', 'i.dues_payment_id')
            .select('i.id')
            .whereRef('i.dues_id', '=', 'dues.id')
            .where('p.status', '=', 'pending')
            .where('p.expires_at', '>', now),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Gives every current member of the club who is active in its organisation, and has no row for
 * the year yet, that year's dues at the amount. Answers how many rows were added.
 */
export async function billActiveMembers(
  db: Db,
  bill: { clubId: number; organizationId: number; year: number; amountCents: number },
  now: number,
): Promise<number> {
  const result = await db
    .insertInto('dues')
    .columns(['club_id', 'party_id', 'year', 'amount_cents', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('memberships as m')
        .innerJoin('member_statuses as s', (join) =>
          join
            .onRef('s.party_id', '=', 'm.party_id')
            .on('s.organization_id', '=', bill.organizationId)
            .on('s.status', '=', 'active'),
        )
        .where('m.club_id', '=', bill.clubId)
        .where('m.left_at', 'is', null)
        .where((w) =>
          w.not(
            w.exists(
              w
                .selectFrom('dues as d')
                .select('d.id')
                .whereRef('d.party_id', '=', 'm.party_id')
                .where('d.club_id', '=', bill.clubId)
                .where('d.year', '=', bill.year),
            ),
          ),
        )
        // Typed, because PostgreSQL cannot tell a bare parameter's type in a grouped select.
        .select((s) => [
          s.cast(s.val(bill.clubId), 'integer').as('club_id'),
          'm.party_id',
          s.cast(s.val(bill.year), 'integer').as('year'),
          s.cast(s.val(bill.amountCents), 'integer').as('amount_cents'),
          s.cast(s.val(now), 'bigint').as('created_at'),
        ])
        // A member with two current memberships of the club is billed once.
        .groupBy('m.party_id'),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

/** The people of a club's dues: its current members and anyone with dues rows there. */
function duesPeople(db: Db, clubId: number) {
  return db
    .selectFrom('memberships')
    .select('party_id')
    .where('club_id', '=', clubId)
    .where('left_at', 'is', null)
    .union(db.selectFrom('dues').select('party_id').where('club_id', '=', clubId));
}

export type DuesReportShow = 'all' | 'owes' | 'paid';

export interface DuesReportOptions {
  clubId: number;
  organizationId: number;
  year: number;
  show: DuesReportShow;
}

function reportRows(db: Db, options: DuesReportOptions) {
  const { clubId, year } = options;
  let query = db
    .selectFrom(duesPeople(db, clubId).as('people'))
    .innerJoin('parties as p', 'p.id', 'people.party_id')
    .leftJoin('member_statuses as s', (join) =>
      join.onRef('s.party_id', '=', 'p.id').on('s.organization_id', '=', options.organizationId),
    )
    .leftJoin('dues as y', (join) =>
      join.onRef('y.party_id', '=', 'p.id').on('y.club_id', '=', clubId).on('y.year', '=', year),
    )
    .select((eb) => [
      'p.id as party_id',
      ...PARTY_NAME_COLUMNS,
      's.member_number',
      'y.amount_cents as year_amount_cents',
      'y.paid_at as year_paid_at',
      eb
        .selectFrom('dues as a')
        .select((a) => a.fn.coalesce(a.fn.sum<number>('a.amount_cents'), a.lit(0)).as('sum'))
        .whereRef('a.party_id', '=', 'p.id')
        .where('a.club_id', '=', clubId)
        .where('a.year', '<', year)
        .where('a.paid_at', 'is', null)
        .as('arrears_cents'),
    ]);
  if (options.show === 'paid') query = query.where('y.paid_at', 'is not', null);
  if (options.show === 'owes') {
    query = query.where((eb) =>
      eb.or([
        eb.and([eb('y.id', 'is not', null), eb('y.paid_at', 'is', null)]),
        eb.exists(
          eb
            .selectFrom('dues as o')
            .select('o.id')
            .whereRef('o.party_id', '=', 'p.id')
            .where('o.club_id', '=', clubId)
            .where('o.year', '<', year)
            .where('o.paid_at', 'is', null),
        ),
      ]),
    );
  }
  return query;
}

/** A page of the year's report, by last and first name (`limit` + 1 rows tell a next page). */
export function duesReportPage(
  db: Db,
  options: DuesReportOptions,
  page: { limit: number; offset: number },
) {
  return reportRows(db, options)
    .orderBy('p.last_name')
    .orderBy('p.first_name')
    .orderBy('p.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Every row of the year's report, in pages of `size` by party id: the CSV export. */
export async function* duesReportAll(
  db: Db,
  options: DuesReportOptions,
  size: number,
): AsyncGenerator<Awaited<ReturnType<typeof duesReportPage>>> {
  let after = 0;
  for (;;) {
    const rows = await reportRows(db, options)
      .where('p.id', '>', after)
      .orderBy('p.id')
      .limit(size)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]?.party_id ?? after;
    if (rows.length < size) return;
  }
}

/** Unpaid years before `year` of these members at the club, oldest first. */
export function arrearsYearsOf(db: Db, clubId: number, year: number, partyIds: readonly number[]) {
  if (partyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('dues')
    .select(['party_id', 'year'])
    .where('club_id', '=', clubId)
    .where('year', '<', year)
    .where('paid_at', 'is', null)
    .where('party_id', 'in', partyIds)
    .orderBy('year')
    .execute();
}

/** The year's counts over the whole club: members, paid, owing and what they owe. */
export async function duesReportTotals(db: Db, options: DuesReportOptions) {
  const rows = await reportRows(db, { ...options, show: 'all' }).execute();
  let paid = 0;
  let owing = 0;
  let owingCents = 0;
  for (const row of rows) {
    if (row.year_paid_at !== null) paid += 1;
    const yearOwed = row.year_amount_cents !== null && row.year_paid_at === null;
    const owed = (yearOwed ? (row.year_amount_cents ?? 0) : 0) + Number(row.arrears_cents);
    if (yearOwed || Number(row.arrears_cents) > 0) owing += 1;
    owingCents += owed;
  }
  return { members: rows.length, paid, owing, owing_cents: owingCents };
}

/** Whether the party is or was a member of the club, or has dues rows there. */
export async function isDuesPerson(db: Db, clubId: number, partyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .select('party_id')
    .where('club_id', '=', clubId)
    .where('party_id', '=', partyId)
    .union(
      db
        .selectFrom('dues')
        .select('party_id')
        .where('club_id', '=', clubId)
        .where('party_id', '=', partyId),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** The party's names, for the console's answers. */
export function partyNames(db: Db, partyId: number) {
  return db
    .selectFrom('parties')
    .select(['id', 'first_name', 'middle_name', 'last_name', 'suffix', 'preferred_name'])
    .where('id', '=', partyId)
    .executeTakeFirst();
}

/** The party's payments at the club, newest first, with the years each covers. */
export async function paymentsAtClub(db: Db, clubId: number, partyId: number) {
  const payments = await db
    .selectFrom('dues_payments')
    .select([
      'id',
      'method',
      'status',
      'amount_cents',
      'paid_on',
      'completed_at',
      'note',
      'void_reason',
    ])
    .where('club_id', '=', clubId)
    .where('party_id', '=', partyId)
    .where('status', 'in', ['paid', 'void'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const ids = payments.map((payment) => payment.id);
  const years =
    ids.length === 0
      ? []
      : await db
          .selectFrom('dues_payment_items as i')
          .innerJoin('dues as d', 'd.id', 'i.dues_id')
          .select(['i.dues_payment_id', 'd.year'])
          .where('i.dues_payment_id', 'in', ids)
          .orderBy('d.year')
          .execute();
  return { payments, years };
}

/** The party's dues rows at the club for these years (any paid state). */
export function duesOfYears(db: Db, clubId: number, partyId: number, years: readonly number[]) {
  return db
    .selectFrom('dues')
    .select(['id', 'year', 'amount_cents', 'paid_at'])
    .where('club_id', '=', clubId)
    .where('party_id', '=', partyId)
    .where('year', 'in', years)
    .execute();
}

/** Locks the party's dues rows at the club until the transaction ends (PostgreSQL only). */
export async function lockDuesAtClub(db: Db, clubId: number, partyId: number): Promise<void> {
  await db
    .selectFrom('dues')
    .select('id')
    .where('club_id', '=', clubId)
    .where('party_id', '=', partyId)
    .forUpdate()
    .execute();
}

export interface InPersonPayment {
  clubId: number;
  partyId: number;
  method: 'cash' | 'cheque';
  paidOn: string;
  note: string | null;
  recordedBy: number;
  /** A unique, never-used value: the column is the online hand-off's, which this has none of. */
  tokenHash: string;
  items: readonly { duesId: number; amountCents: number }[];
}

/** A payment taken in person, paid at once, with its items; answers its id. */
export async function insertInPersonPayment(
  db: Db,
  payment: InPersonPayment,
  now: number,
): Promise<number> {
  const inserted = await db
    .insertInto('dues_payments')
    .values({
      club_id: payment.clubId,
      party_id: payment.partyId,
      amount_cents: payment.items.reduce((sum, item) => sum + item.amountCents, 0),
      token_hash: payment.tokenHash,
      status: 'paid',
      provider_reference: null,
      created_at: now,
      completed_at: now,
      provider_event_id: null,
      expires_at: null,
      method: payment.method,
      paid_on: payment.paidOn,
      note: payment.note,
      recorded_by_user_id: payment.recordedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertPaymentItems(db, inserted.id, payment.items);
  return inserted.id;
}

/** The payment a void names, with its club's organisation. */
export function paymentToVoid(db: Db, paymentId: number) {
  return db
    .selectFrom('dues_payments as p')
    .innerJoin('clubs as c', 'c.id', 'p.club_id')
    .select([
      'p.id',
      'p.club_id',
      'p.party_id',
      'p.method',
      'p.status',
      'p.amount_cents',
      'p.paid_on',
      'p.note',
      'c.organization_id',
    ])
    .where('p.id', '=', paymentId)
    .executeTakeFirst();
}

/** Voids a paid in-person payment; false when it was no longer paid. */
export async function markPaymentVoid(
  db: Db,
  paymentId: number,
  voided: { by: number; reason: string },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('dues_payments')
    .set({
      status: 'void',
      voided_at: now,
      voided_by_user_id: voided.by,
      void_reason: voided.reason,
    })
    .where('id', '=', paymentId)
    .where('status', '=', 'paid')
    .where('method', '<>', 'online')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The dues rows the payment covers become unpaid again; answers their years. */
export async function unpayDuesOfPayment(db: Db, paymentId: number): Promise<void> {
  await db
    .updateTable('dues')
    .set({ paid_at: null })
    .where(
      'id',
      'in',
      db
        .selectFrom('dues_payment_items')
        .select('dues_id')
        .where('dues_payment_id', '=', paymentId),
    )
    .execute();
}
