import { consoleUsers } from '../../test/access-matrix.ts';
import type { MemberDues } from '../../../common/schemas/console-dues.ts';
import type { AccessEntry, MatrixContext, NamedField } from '../../test/access-matrix.ts';

/*
 * Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55):
 * dues in the console (D70). L1 (Harmony) is S's lodge; L2 (Olentangy) is outside S's console,
 * so S gets the 404 of a club that does not exist. A cell that bills L1 for a year of its own
 * (far in the future) pays M2's dues of that year at once, as M2 owes nothing in the demo and the
 * dues' own cells count on it; payments are recorded and voided for M, who owes already.
 */

/** The report and a member's dues name the club's members, as the roster does. */
export const CONSOLE_DUES: NamedField = {
  at: /^(data\.(members\[\]|member))?$/,
  why: "a club's dues: its administrators and its secretary collect them (D63, D70)",
};

let nextYear = 2100;

/** A year only this cell uses, set and billed at L1 by A, so M2 owes it. */
async function billedYear(ctx: MatrixContext): Promise<number> {
  const year = nextYear++;
  const club_id = ctx.demo.club('L1').id;
  await ctx.ok('A', 'PUT', '/admin/dues/rate.json', { club_id, year, amount_cents: 1000 });
  await ctx.ok('A', 'POST', '/admin/dues/bill.json', { club_id, year });
  await settleM2(ctx, year);
  return year;
}

/** M2's dues of the year paid, if billed and unpaid. */
async function settleM2(ctx: MatrixContext, year: number): Promise<void> {
  const club_id = ctx.demo.club('L1').id;
  const answer = await ctx.ok<{ data: { member: MemberDues } }>(
    'A',
    'GET',
    `/admin/dues/members/${ctx.partyOf('M2')}.json?club_id=${club_id}`,
  );
  if (!answer.data.member.club_dues.dues_metadata.dues.some((line) => line.year === year)) return;
  await ctx.ok('A', 'POST', '/admin/dues/payments.json', {
    ...paymentOf(ctx, year),
    party_id: ctx.partyOf('M2'),
  });
}

function paymentOf(ctx: MatrixContext, year: number) {
  return {
    club_id: ctx.demo.club('L1').id,
    party_id: ctx.partyOf('M'),
    method: 'cash',
    paid_on: '2026-11-01',
    years: [year],
    note: `Matrix ${ctx.unique()}`,
  };
}

export const access: readonly AccessEntry[] = [
  {
    operation: 'GET /admin/dues.json',
    expect: consoleUsers(200, 200),
    mayName: [CONSOLE_DUES],
    request: async (ctx) => ({
      path: `/admin/dues.json?club_id=${ctx.demo.club('L1').id}&year=2026`,
    }),
  },
  {
    operation: 'GET /admin/dues.csv',
    expect: consoleUsers(200, 200),
    mayName: [CONSOLE_DUES],
    request: async (ctx) => ({
      path: `/admin/dues.csv?club_id=${ctx.demo.club('L1').id}&year=2026`,
    }),
  },
  {
    operation: 'PUT /admin/dues/rate.json',
    expect: consoleUsers(200, 200),
    request: async (ctx) => ({
      path: '/admin/dues/rate.json',
      body: { club_id: ctx.demo.club('L1').id, year: 2099, amount_cents: 1000 },
    }),
  },
  {
    operation: 'POST /admin/dues/bill.json',
    expect: consoleUsers(200, 200),
    request: async (ctx) => {
      const club_id = ctx.demo.club('L1').id;
      await ctx.ok('A', 'PUT', '/admin/dues/rate.json', {
        club_id,
        year: 2098,
        amount_cents: 1000,
      });
      return {
        path: '/admin/dues/bill.json',
        body: { club_id, year: 2098 },
        after: () => settleM2(ctx, 2098),
      };
    },
  },
  {
    operation: 'GET /admin/dues/members/{party_id}.json',
    expect: consoleUsers(200, 200),
    mayName: [CONSOLE_DUES],
    request: async (ctx) => ({
      path: `/admin/dues/members/${ctx.partyOf('M')}.json?club_id=${ctx.demo.club('L1').id}`,
    }),
  },
  {
    operation: 'POST /admin/dues/payments.json',
    expect: consoleUsers(200, 200),
    mayName: [CONSOLE_DUES],
    request: async (ctx) => ({
      path: '/admin/dues/payments.json',
      body: paymentOf(ctx, await billedYear(ctx)),
    }),
  },
  {
    operation: 'POST /admin/dues/payments/{payment_id}/void.json',
    expect: consoleUsers(200, 200),
    mayName: [CONSOLE_DUES],
    request: async (ctx) => {
      const year = await billedYear(ctx);
      const made = await ctx.ok<{ data: { member: { payments: { id: number }[] } } }>(
        'A',
        'POST',
        '/admin/dues/payments.json',
        paymentOf(ctx, year),
      );
      const id = made.data.member.payments[0]?.id ?? 0;
      return {
        path: `/admin/dues/payments/${id}/void.json`,
        body: { reason: 'Recorded by the permission matrix.' },
      };
    },
  },
];

/** The same calls on Olentangy Lodge (L2), outside S's console: a 404 to S. */
export const further: readonly AccessEntry[] = [
  {
    operation: 'GET /admin/dues.json',
    expect: consoleUsers(200, 404),
    mayName: [CONSOLE_DUES],
    request: async (ctx) => ({
      path: `/admin/dues.json?club_id=${ctx.demo.club('L2').id}&year=2026`,
    }),
  },
  {
    operation: 'GET /admin/dues.csv',
    expect: consoleUsers(200, 404),
    mayName: [CONSOLE_DUES],
    request: async (ctx) => ({
      path: `/admin/dues.csv?club_id=${ctx.demo.club('L2').id}&year=2026`,
    }),
  },
  {
    operation: 'PUT /admin/dues/rate.json',
    expect: consoleUsers(200, 404),
    request: async (ctx) => ({
      path: '/admin/dues/rate.json',
      body: { club_id: ctx.demo.club('L2').id, year: 2099, amount_cents: 1000 },
    }),
  },
  {
    operation: 'GET /admin/dues/members/{party_id}.json',
    expect: consoleUsers(200, 404),
    mayName: [CONSOLE_DUES],
    request: async (ctx) => ({
      path: `/admin/dues/members/${ctx.partyOf('W')}.json?club_id=${ctx.demo.club('L2').id}`,
    }),
  },
];
