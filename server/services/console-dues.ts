/**
 * Dues in the secretary's console (issue 23, docs/decisions.md D70): a club's yearly amount and
 * billing it, the year's report, a member's dues at the club, and payments taken in person,
 * recorded beside the online ones and voided with a reason. Every use case opens with
 * `requireConsole` and asks `mayManageClub` of the club it touches (404 outside the scope).
 */
import { stringify } from 'csv-stringify/sync';
import { centsToDollars } from '../../common/money.ts';
import { DUES_REPORT_PAGE_SIZE } from '../../common/schemas/console-dues.ts';
import type {
  DuesBillBody,
  DuesRateBody,
  DuesReportAnswer,
  DuesReportCsvQuery,
  DuesReportQuery,
  InPersonPaymentBody,
  MemberDues,
  VoidPaymentBody,
} from '../../common/schemas/console-dues.ts';
import type { ClubDuesItem } from '../../common/schemas/dues.ts';
import { displayName } from '../../common/display-name.ts';
import type { Actor } from '../auth/actor.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { recordConsoleAudit } from '../db/audit-log.ts';
import {
  arrearsYearsOf,
  billActiveMembers,
  duesClub,
  duesOfYears,
  duesRateOf,
  duesReportAll,
  duesReportPage,
  duesReportTotals,
  insertInPersonPayment,
  isDuesPerson,
  lockDuesAtClub,
  markPaymentVoid,
  partyNames,
  paymentToVoid,
  paymentsAtClub,
  repriceUnpaidDues,
  setDuesRate,
  unpayDuesOfPayment,
} from '../db/console-dues.ts';
import type { DuesReportOptions } from '../db/console-dues.ts';
import { duesRowsOf } from '../db/dues.ts';
import { markDuesPaid } from '../db/dues-payments.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { enqueueDuesReceipt } from '../mail/receipt-mail.ts';
import { mayManageClub } from '../policies/console.ts';
import type { ConsoleScope } from '../policies/console.ts';
import { presentConsolePayment, presentDuesReportRow } from '../presenters/console-dues.ts';
import type { DuesReportStored } from '../presenters/console-dues.ts';
import { presentClubDues } from '../presenters/dues.ts';
import { requireConsole } from './console-access.ts';
import type { ServiceContext } from './context.ts';
import { yearOf } from './dues.ts';
import { CSV_WRITE_OPTIONS } from './unguarded/roster/roster-csv.ts';

const NO_SUCH_CLUB = 'No such club.';
const NO_SUCH_MEMBER = 'No such member.';
const NO_SUCH_PAYMENT = 'No such payment.';
const CSV_PAGE = 1_000;

async function managedClub(ctx: ServiceContext, scope: ConsoleScope, clubId: number) {
  const club = await duesClub(ctx.db, clubId);
  if (!club || !mayManageClub(scope, clubId)) throw new NotFoundError(NO_SUCH_CLUB);
  return club;
}

/** PUT /admin/dues/rate.json: the club's amount for a year; unpaid rows of it follow (D70). */
export async function setClubDuesRate(
  ctx: ServiceContext,
  actor: Actor,
  body: DuesRateBody,
  ip: string | null,
) {
  const { member, scope } = await requireConsole(ctx, actor);
  const club = await managedClub(ctx, scope, body.club_id);
  const rate = { clubId: club.id, year: body.year, amountCents: body.amount_cents };
  const now = Date.now();
  const repriced = await ctx.db.transaction().execute(async (trx) => {
    const before = await duesRateOf(trx, club.id, body.year);
    await setDuesRate(trx, rate, before !== null, now);
    const count = await repriceUnpaidDues(trx, rate, now);
    await recordConsoleAudit(
      trx,
      {
        actorUserId: member.userId,
        action: 'dues.rate_set',
        subjectType: 'Club',
        subjectId: club.id,
        organizationId: club.organization_id,
        clubId: club.id,
        partyId: null,
        before: { year: body.year, amount_cents: before },
        after: { year: body.year, amount_cents: body.amount_cents, unpaid_repriced: count },
        ip,
      },
      now,
    );
    return count;
  });
  return {
    rate: { club_id: club.id, year: body.year, amount_cents: body.amount_cents },
    repriced,
  };
}

/** POST /admin/dues/bill.json: the year's dues for every active member without them (D70). */
export async function billClubDues(
  ctx: ServiceContext,
  actor: Actor,
  body: DuesBillBody,
  ip: string | null,
) {
  const { member, scope } = await requireConsole(ctx, actor);
  const club = await managedClub(ctx, scope, body.club_id);
  const now = Date.now();
  return ctx.db.transaction().execute(async (trx) => {
    const amountCents = await duesRateOf(trx, club.id, body.year);
    if (amountCents === null) {
      throw new ValidationError({ base: [`Set the amount for ${body.year} first.`] });
    }
    const billed = await billActiveMembers(
      trx,
      { clubId: club.id, organizationId: club.organization_id, year: body.year, amountCents },
      now,
    );
    await recordConsoleAudit(
      trx,
      {
        actorUserId: member.userId,
        action: 'dues.billed',
        subjectType: 'Club',
        subjectId: club.id,
        organizationId: club.organization_id,
        clubId: club.id,
        partyId: null,
        before: null,
        after: { year: body.year, amount_cents: amountCents, members_billed: billed },
        ip,
      },
      now,
    );
    return { billed, amount_cents: amountCents };
  });
}

async function presentedRows(
  ctx: ServiceContext,
  options: DuesReportOptions,
  rows: readonly DuesReportStored[],
) {
  const arrears = await arrearsYearsOf(
    ctx.db,
    options.clubId,
    options.year,
    rows.filter((row) => Number(row.arrears_cents ?? 0) > 0).map((row) => row.party_id),
  );
  const yearsOf = new Map<number, number[]>();
  for (const { party_id, year } of arrears) {
    yearsOf.set(party_id, [...(yearsOf.get(party_id) ?? []), year]);
  }
  return rows.map((row) => presentDuesReportRow(row, yearsOf.get(row.party_id) ?? []));
}

/** GET /admin/dues.json: a page of who paid and who owes at the club for the year (D70). */
export async function clubDuesReport(
  ctx: ServiceContext,
  actor: Actor,
  query: DuesReportQuery,
): Promise<DuesReportAnswer['data']> {
  const { scope } = await requireConsole(ctx, actor);
  const club = await managedClub(ctx, scope, query.club_id);
  const options: DuesReportOptions = {
    clubId: club.id,
    organizationId: club.organization_id,
    year: query.year,
    show: query.show,
  };
  const [rows, totals, amountCents] = await Promise.all([
    duesReportPage(ctx.db, options, {
      limit: DUES_REPORT_PAGE_SIZE + 1,
      offset: (query.page - 1) * DUES_REPORT_PAGE_SIZE,
    }),
    duesReportTotals(ctx.db, options),
    duesRateOf(ctx.db, club.id, query.year),
  ]);
  const page = rows.slice(0, DUES_REPORT_PAGE_SIZE);
  return {
    club: { id: club.id, name: club.name },
    year: query.year,
    amount_cents: amountCents,
    totals,
    members: await presentedRows(ctx, options, page),
    has_more: rows.length > page.length,
  };
}

export const DUES_REPORT_COLUMNS = [
  'member_number',
  'name',
  'year',
  'amount',
  'paid',
  'arrears_years',
  'arrears',
  'owes',
] as const;

function dollars(cents: number): string {
  return centsToDollars(cents).toFixed(2);
}

/** GET /admin/dues.csv: the whole report as CSV chunks, header first, formula-guarded (D71). */
export async function clubDuesReportCsv(
  ctx: ServiceContext,
  actor: Actor,
  query: DuesReportCsvQuery,
): Promise<{ filename: string; chunks: AsyncGenerator<string> }> {
  const { scope } = await requireConsole(ctx, actor);
  const club = await managedClub(ctx, scope, query.club_id);
  const options: DuesReportOptions = {
    clubId: club.id,
    organizationId: club.organization_id,
    year: query.year,
    show: query.show,
  };
  async function* chunks(): AsyncGenerator<string> {
    yield stringify([[...DUES_REPORT_COLUMNS]], CSV_WRITE_OPTIONS);
    for await (const rows of duesReportAll(ctx.db, options, CSV_PAGE)) {
      const presented = await presentedRows(ctx, options, rows);
      yield stringify(
        presented.map((row) => [
          row.member_number ?? '',
          row.display_name,
          String(query.year),
          row.year_amount_cents === null ? '' : dollars(row.year_amount_cents),
          row.year_amount_cents === null ? '' : row.year_paid ? 'yes' : 'no',
          row.arrears_years.join(';'),
          dollars(row.arrears_cents),
          dollars(row.owes_cents),
        ]),
        CSV_WRITE_OPTIONS,
      );
    }
  }
  return { filename: `dues-${club.id}-${query.year}.csv`, chunks: chunks() };
}

async function memberDuesOf(
  ctx: ServiceContext,
  club: { id: number; name: string; organization_name: string },
  partyId: number,
  now: number,
): Promise<MemberDues> {
  const [names, rows, stored] = await Promise.all([
    partyNames(ctx.db, partyId),
    duesRowsOf(ctx.db, partyId),
    paymentsAtClub(ctx.db, club.id, partyId),
  ]);
  if (!names) throw new NotFoundError(NO_SUCH_MEMBER);
  // The member's own GET /club_dues numbers for this club (D50), by the same presenter.
  const [item] = presentClubDues(
    rows.filter((row) => row.club_id === club.id),
    [],
    new Set([club.id]),
    yearOf(now),
  );
  const empty: ClubDuesItem = {
    club_id: club.id,
    club_name: club.name,
    organization_name: club.organization_name,
    dues_metadata: { dues: [], arrears: [] },
    total: 0,
    total_cents: 0,
    dues_payment_options_task_token_url: null,
  };
  const yearsOf = new Map<number, number[]>();
  for (const { dues_payment_id, year } of stored.years) {
    yearsOf.set(dues_payment_id, [...(yearsOf.get(dues_payment_id) ?? []), year]);
  }
  return {
    party_id: partyId,
    display_name: displayName(names),
    club_dues: item && 'dues_metadata' in item ? item : empty,
    payments: stored.payments.map((payment) =>
      presentConsolePayment(payment, yearsOf.get(payment.id) ?? []),
    ),
  };
}

async function managedDuesPerson(
  ctx: ServiceContext,
  scope: ConsoleScope,
  clubId: number,
  partyId: number,
) {
  const club = await managedClub(ctx, scope, clubId);
  if (!(await isDuesPerson(ctx.db, club.id, partyId))) throw new NotFoundError(NO_SUCH_MEMBER);
  return club;
}

/** GET /admin/dues/members/{party_id}.json: a member's dues, arrears and payments at a club. */
export async function memberDuesAtClub(
  ctx: ServiceContext,
  actor: Actor,
  clubId: number,
  partyId: number,
  now: number = Date.now(),
): Promise<MemberDues> {
  const { scope } = await requireConsole(ctx, actor);
  const club = await managedDuesPerson(ctx, scope, clubId, partyId);
  return memberDuesOf(ctx, club, partyId, now);
}

/**
 * POST /admin/dues/payments.json: cash or a cheque taken in person for these unpaid years,
 * paid at once: the member's dues drop in the same transaction (D70), which queues the member's
 * receipt (D79).
 */
export async function recordInPersonPayment(
  ctx: ServiceContext,
  actor: Actor,
  body: InPersonPaymentBody,
  ip: string | null,
  now: number = Date.now(),
): Promise<MemberDues> {
  const { member, scope } = await requireConsole(ctx, actor);
  const club = await managedDuesPerson(ctx, scope, body.club_id, body.party_id);
  if (body.paid_on > new Date(now).toISOString().slice(0, 10)) {
    throw new ValidationError({ paid_on: ["Can't be in the future."] });
  }
  const years = [...new Set(body.years)].sort((a, b) => a - b);
  const note = body.note?.trim() ? body.note.trim() : null;
  await ctx.db.transaction().execute(async (trx) => {
    // Two secretaries recording the same year at once: the second waits, then sees it paid.
    if (ctx.engine === 'postgres') await lockDuesAtClub(trx, club.id, body.party_id);
    const rows = await duesOfYears(trx, club.id, body.party_id, years);
    const problems = years.flatMap((year) => {
      const row = rows.find((candidate) => candidate.year === year);
      if (!row) return [`There are no dues for ${year}.`];
      return row.paid_at === null ? [] : [`${year} is paid already.`];
    });
    if (problems.length > 0) throw new ValidationError({ years: problems });
    const items = rows.map((row) => ({ duesId: row.id, amountCents: row.amount_cents }));
    const paymentId = await insertInPersonPayment(
      trx,
      {
        clubId: club.id,
        partyId: body.party_id,
        method: body.method,
        paidOn: body.paid_on,
        note,
        recordedBy: member.userId,
        tokenHash: hashToken(newToken()),
        items,
      },
      now,
    );
    await markDuesPaid(
      trx,
      items.map((item) => item.duesId),
      body.party_id,
      now,
    );
    await recordConsoleAudit(
      trx,
      {
        actorUserId: member.userId,
        action: 'dues.payment_recorded',
        subjectType: 'DuesPayment',
        subjectId: paymentId,
        organizationId: club.organization_id,
        clubId: club.id,
        partyId: body.party_id,
        before: null,
        after: {
          method: body.method,
          paid_on: body.paid_on,
          years_paid: years,
          amount_cents: items.reduce((sum, item) => sum + item.amountCents, 0),
          note,
        },
        ip,
      },
      now,
    );
    await enqueueDuesReceipt(ctx.jobs, trx, paymentId);
  });
  return memberDuesOf(ctx, club, body.party_id, now);
}

/**
 * POST /admin/dues/payments/{id}/void.json: a payment recorded by mistake is voided, never
 * deleted: its years are unpaid again and the audit log keeps who, when and why (D70). An online
 * payment is refunded through the provider instead.
 */
export async function voidInPersonPayment(
  ctx: ServiceContext,
  actor: Actor,
  paymentId: number,
  body: VoidPaymentBody,
  ip: string | null,
  now: number = Date.now(),
): Promise<MemberDues> {
  const { member, scope } = await requireConsole(ctx, actor);
  const payment = await paymentToVoid(ctx.db, paymentId);
  if (!payment || !mayManageClub(scope, payment.club_id)) {
    throw new NotFoundError(NO_SUCH_PAYMENT);
  }
  if (payment.method === 'online') {
    throw new ValidationError({
      base: ['An online payment is refunded through the payment provider, not voided here.'],
    });
  }
  const club = await managedClub(ctx, scope, payment.club_id);
  await ctx.db.transaction().execute(async (trx) => {
    const voided = await markPaymentVoid(
      trx,
      payment.id,
      { by: member.userId, reason: body.reason },
      now,
    );
    if (!voided) throw new ValidationError({ base: ['This payment is void already.'] });
    await unpayDuesOfPayment(trx, payment.id);
    await recordConsoleAudit(
      trx,
      {
        actorUserId: member.userId,
        action: 'dues.payment_voided',
        subjectType: 'DuesPayment',
        subjectId: payment.id,
        organizationId: payment.organization_id,
        clubId: payment.club_id,
        partyId: payment.party_id,
        before: { status: 'paid', method: payment.method, amount_cents: payment.amount_cents },
        after: { status: 'void', reason: body.reason },
        ip,
      },
      now,
    );
  });
  return memberDuesOf(ctx, club, payment.party_id, now);
}
