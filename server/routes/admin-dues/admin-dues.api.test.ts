import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AuditAnswer,
  DuesReportAnswer,
  MemberDues,
} from '../../../common/schemas/console-dues.ts';
import type { ClubDuesAnswer, ClubDuesItem } from '../../../common/schemas/dues.ts';
import { searchKeysOf } from '../../../common/member-search.ts';
import { DUES_REPORT_PAGE_SIZE } from '../../../common/schemas/console-dues.ts';
import { DEMO_CLUBS, DEMO_PASSWORD } from '../../db/seed/personas.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import type { Problem } from '../../test/flow-client.ts';
import { clubIdOf, seedDemoData, signInPersonas } from '../../test/member-client.ts';
import type { PersonaKey, SignedInPersona } from '../../test/member-client.ts';

/*
 * Dues in the console (issue 23, docs/decisions.md D70) and the audit log (D71) on both engines,
 * with real signed requests: the amount and billing, the year's report and its CSV, a payment
 * taken in person that the member's own GET /club_dues shows at once, its void, and the audit
 * log's scope, filters and pages.
 */

let server: TestServer;
let personas: Record<PersonaKey, SignedInPersona>;
let l1: number;
let l2: number;
const thisYear = new Date().getUTCFullYear();
const today = new Date().toISOString().slice(0, 10);

type Answer<T> = { data: T } & Problem;

function call<T>(persona: PersonaKey, method: string, path: string, body?: unknown) {
  return personas[persona].client.request<Answer<T>>(
    method,
    path,
    body === undefined ? {} : { body },
  );
}

async function clubDuesOf(persona: PersonaKey, clubId: number): Promise<ClubDuesItem | undefined> {
  const answer = await personas[persona].client.request<ClubDuesAnswer>('GET', '/club_dues');
  expect(answer.status).toBe(200);
  const item = answer.body.data.organization_dues.find((entry) => entry.club_id === clubId);
  return item && 'dues_metadata' in item ? item : undefined;
}

function memberDues(persona: PersonaKey, partyId: number, clubId = l1) {
  return call<{ member: MemberDues }>(
    persona,
    'GET',
    `/admin/dues/members/${partyId}.json?club_id=${clubId}`,
  );
}

function pay(persona: PersonaKey, body: Record<string, unknown>) {
  return call<{ member: MemberDues }>(persona, 'POST', '/admin/dues/payments.json', {
    club_id: l1,
    party_id: personas.M.partyId,
    method: 'cash',
    paid_on: today,
    note: '',
    ...body,
  });
}

function audit(persona: PersonaKey, query: string) {
  return call<AuditAnswer['data']>(
    persona,
    'GET',
    query ? `/admin/audit_log.json?${query}` : '/admin/audit_log.json',
  );
}

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  personas = await signInPersonas(server);
  l1 = await clubIdOf(server, DEMO_CLUBS.L1);
  l2 = await clubIdOf(server, DEMO_CLUBS.L2);
});

afterAll(async () => {
  await server?.close();
});

describe('who may use dues in the console', () => {
  it('refuses a visitor (401), M, M2 and W (403), and S outside Harmony Lodge (404)', async () => {
    const reads = [
      `/admin/dues.json?club_id=${l1}&year=${thisYear}`,
      `/admin/dues.csv?club_id=${l1}&year=${thisYear}`,
      `/admin/dues/members/${personas.M.partyId}.json?club_id=${l1}`,
      '/admin/audit_log.json',
    ];
    for (const path of reads) {
      expect((await server.request('GET', path)).status, path).toBe(401);
      for (const key of ['M', 'M2', 'W'] as const) {
        expect((await call(key, 'GET', path)).status, `${key} ${path}`).toBe(403);
      }
    }
    expect((await pay('W', { years: [thisYear] })).status).toBe(403);
    expect((await pay('M', { years: [thisYear] })).status).toBe(403);
    for (const path of [
      `/admin/dues.json?club_id=${l2}&year=${thisYear}`,
      `/admin/dues.csv?club_id=${l2}&year=${thisYear}`,
      `/admin/dues/members/${personas.W.partyId}.json?club_id=${l2}`,
      `/admin/audit_log.json?club_id=${l2}`,
    ]) {
      expect((await call('S', 'GET', path)).status, path).toBe(404);
      expect((await call('A', 'GET', path)).status, path).toBe(200);
    }
    const rate = { club_id: l2, year: 2090, amount_cents: 5000 };
    expect((await call('S', 'PUT', '/admin/dues/rate.json', rate)).status).toBe(404);
    expect((await call('S', 'POST', '/admin/dues/bill.json', rate)).status).toBe(404);
    expect(
      (await pay('S', { club_id: l2, party_id: personas.W.partyId, years: [thisYear] })).status,
    ).toBe(404);
  });
});

describe('a payment taken in person', () => {
  it("drops the member's own dues at once, and a void restores them", async () => {
    const before = await clubDuesOf('M', l1);
    expect(before?.total_cents).toBeGreaterThan(0);
    const years = [
      ...(before?.dues_metadata.arrears ?? []),
      ...(before?.dues_metadata.dues ?? []),
    ].map((line) => line.year);
    expect(years).toEqual([thisYear - 1, thisYear]);

    const panel = await memberDues('S', personas.M.partyId);
    expect(panel.status).toBe(200);
    expect(panel.body.data.member.club_dues).toEqual(before);

    const paid = await pay('S', { method: 'cheque', years: [thisYear], note: 'Cheque 1042' });
    expect(paid.status).toBe(200);
    const payment = paid.body.data.member.payments[0];
    expect(payment).toMatchObject({
      method: 'cheque',
      status: 'paid',
      years: [thisYear],
      paid_on: today,
      note: 'Cheque 1042',
      may_void: true,
    });
    const after = await clubDuesOf('M', l1);
    expect(after?.dues_metadata.dues).toEqual([]);
    expect(after?.total_cents).toBe(
      (before?.total_cents ?? 0) - (before?.dues_metadata.dues[0]?.amount_cents ?? 0),
    );
    expect(paid.body.data.member.club_dues).toEqual(after);

    const again = await pay('S', { years: [thisYear] });
    expect(again.status).toBe(422);
    expect(again.body.errors?.years).toEqual([`${thisYear} is paid already.`]);
    expect((await pay('S', { years: [1950] })).body.errors?.years).toEqual([
      'There are no dues for 1950.',
    ]);
    expect((await pay('S', { years: [thisYear - 1], paid_on: '2999-01-01' })).status).toBe(422);

    const noReason = await call('S', 'POST', `/admin/dues/payments/${payment?.id}/void.json`, {
      reason: ' ',
    });
    expect(noReason.status).toBe(422);
    const voided = await call<{ member: MemberDues }>(
      'S',
      'POST',
      `/admin/dues/payments/${payment?.id}/void.json`,
      { reason: 'Cheque returned by the bank.' },
    );
    expect(voided.status).toBe(200);
    expect(voided.body.data.member.payments[0]).toMatchObject({
      id: payment?.id,
      status: 'void',
      void_reason: 'Cheque returned by the bank.',
      may_void: false,
    });
    expect(await clubDuesOf('M', l1)).toEqual(before);
    const twice = await call('S', 'POST', `/admin/dues/payments/${payment?.id}/void.json`, {
      reason: 'Again.',
    });
    expect(twice.status).toBe(422);
    // W's lodge is not S's: its payments are not S's to void.
    const other = await pay('A', {
      club_id: l2,
      party_id: personas.W.partyId,
      years: [thisYear],
    });
    expect(other.status).toBe(200);
    const otherId = other.body.data.member.payments[0]?.id;
    expect(
      (await call('S', 'POST', `/admin/dues/payments/${otherId}/void.json`, { reason: 'No.' }))
        .status,
    ).toBe(404);
    expect((await clubDuesOf('W', l2))?.total_cents ?? 0).toBe(0);
  });
});

describe('the amount, billing and the report', () => {
  it('bills active members once, reprices unpaid dues only, and reports who paid and owes', async () => {
    const year = 2091;
    const noRate = await call('S', 'POST', '/admin/dues/bill.json', { club_id: l1, year });
    expect(noRate.status).toBe(422);
    const set = await call<{ repriced: number }>('S', 'PUT', '/admin/dues/rate.json', {
      club_id: l1,
      year,
      amount_cents: 7500,
    });
    expect(set.status).toBe(200);
    expect(set.body.data.repriced).toBe(0);
    const bill = await call<{ billed: number }>('S', 'POST', '/admin/dues/bill.json', {
      club_id: l1,
      year,
    });
    expect(bill.status, bill.text).toBe(200);
    expect(bill.body.data.billed).toBeGreaterThan(1);
    const rebill = await call<{ billed: number }>('S', 'POST', '/admin/dues/bill.json', {
      club_id: l1,
      year,
    });
    expect(rebill.body.data.billed).toBe(0);

    expect((await pay('S', { party_id: personas.M2.partyId, years: [year] })).status).toBe(200);
    const reprice = await call<{ repriced: number }>('S', 'PUT', '/admin/dues/rate.json', {
      club_id: l1,
      year,
      amount_cents: 8000,
    });
    expect(reprice.body.data.repriced).toBe(bill.body.data.billed - 1);

    const report = await call<DuesReportAnswer['data']>(
      'S',
      'GET',
      `/admin/dues.json?club_id=${l1}&year=${year}`,
    );
    expect(report.status).toBe(200);
    expect(report.body.data.amount_cents).toBe(8000);
    const rowOf = (partyId: number) =>
      report.body.data.members.find((row) => row.party_id === partyId);
    expect(rowOf(personas.M2.partyId)).toMatchObject({ year_amount_cents: 7500, year_paid: true });
    expect(rowOf(personas.M.partyId)).toMatchObject({
      year_amount_cents: 8000,
      year_paid: false,
      arrears_years: [thisYear - 1, thisYear],
    });
    const m = rowOf(personas.M.partyId);
    expect(m?.owes_cents).toBe(8000 + (m?.arrears_cents ?? 0));
    expect(report.body.data.totals.paid).toBeGreaterThanOrEqual(1);

    const owes = await call<DuesReportAnswer['data']>(
      'S',
      'GET',
      `/admin/dues.json?club_id=${l1}&year=${year}&show=owes`,
    );
    expect(owes.body.data.members.some((row) => row.party_id === personas.M2.partyId)).toBe(false);
    const paidOnly = await call<DuesReportAnswer['data']>(
      'S',
      'GET',
      `/admin/dues.json?club_id=${l1}&year=${year}&show=paid`,
    );
    expect(paidOnly.body.data.members.map((row) => row.party_id)).toContain(personas.M2.partyId);
    expect(paidOnly.body.data.members.every((row) => row.year_paid)).toBe(true);

    const csv = await personas.S.client.request(
      'GET',
      `/admin/dues.csv?club_id=${l1}&year=${year}`,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="dues-${l1}-${year}.csv"`,
    );
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('member_number,name,year,amount,paid,arrears_years,arrears,owes');
    expect(lines.length - 1).toBe(report.body.data.totals.members);
    expect(
      lines.some((line) => line.includes(`${year},80.00,no,${thisYear - 1};${thisYear}`)),
    ).toBe(true);
  });
});

describe('the audit log', () => {
  it('keeps each dues change with before and after, filtered and paged, in scope only', async () => {
    const year = 2092;
    expect(
      (await call('A', 'PUT', '/admin/dues/rate.json', { club_id: l2, year, amount_cents: 100 }))
        .status,
    ).toBe(200);
    expect(
      (await call('S', 'PUT', '/admin/dues/rate.json', { club_id: l1, year, amount_cents: 200 }))
        .status,
    ).toBe(200);
    const mine = await audit('S', 'action=dues.rate_set');
    expect(mine.status).toBe(200);
    expect(mine.body.data.entries.every((entry) => entry.club?.id === l1)).toBe(true);
    expect(mine.body.data.entries[0]).toMatchObject({
      action: 'dues.rate_set',
      actor: { name: expect.any(String) },
      club: { id: l1 },
      before: { year, amount_cents: null },
      after: { year, amount_cents: 200 },
    });
    const all = await audit('A', 'action=dues.rate_set');
    expect(all.body.data.entries.some((entry) => entry.club?.id === l2)).toBe(true);

    const payments = await audit('S', `party_id=${personas.M.partyId}&action=dues.payment_voided`);
    expect(payments.body.data.entries[0]).toMatchObject({
      party: { id: personas.M.partyId },
      before: { status: 'paid', method: 'cheque' },
      after: { status: 'void', reason: 'Cheque returned by the bank.' },
    });
    const ranged = await audit('S', `from=${today}&to=${today}`);
    expect(ranged.body.data.entries.length).toBeGreaterThan(0);
    expect((await audit('S', 'from=2001-01-01&to=2001-12-31')).body.data.entries).toEqual([]);

    // More than a page of rows, several in the same millisecond: the keyset's id breaks ties.
    for (let cents = 1; cents <= 55; cents += 1) {
      await call('S', 'PUT', '/admin/dues/rate.json', { club_id: l1, year, amount_cents: cents });
    }
    // Pages by the keyset: no row twice, none skipped, newest first.
    const seen: number[] = [];
    let before: string | null = '';
    const createdAt: number[] = [];
    while (before !== null) {
      const page = await audit('A', before ? `before=${before}` : '');
      expect(page.status).toBe(200);
      seen.push(...page.body.data.entries.map((entry) => entry.id));
      createdAt.push(...page.body.data.entries.map((entry) => entry.created_at));
      before = page.body.data.next;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(66);
    expect(createdAt).toEqual([...createdAt].sort((a, b) => b - a));

    const first = await audit('S', 'action=dues.rate_set');
    const csv = await personas.S.client.request('GET', '/admin/audit_log.csv?action=dues.rate_set');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('when,action,by,club,member,subject,changes,detail');
    expect(first.body.data.next).not.toBeNull();
    expect(lines.length - 1).toBe(mine.body.data.entries.length + 55);
    expect(csv.text).toContain('amount: (none) → $2.00');
    expect(csv.text).toContain('amount: $2.00 → $0.01');
  });
});

describe('identity events in the audit log', () => {
  it("shows a secretary their member's password change, and not another lodge's", async () => {
    const body = (current: string, password: string) => ({
      password_setting: {
        current_password: current,
        password,
        password_confirmation: password,
      },
    });
    for (const key of ['M2', 'W'] as const) {
      const changed = await call(
        key,
        'POST',
        '/password_settings',
        body(DEMO_PASSWORD, 'a-new-lodge-password-1'),
      );
      expect(changed.status, key).toBe(200);
      expect(
        (
          await call(
            key,
            'POST',
            '/password_settings',
            body('a-new-lodge-password-1', DEMO_PASSWORD),
          )
        ).status,
      ).toBe(200);
    }
    const mine = await audit('S', 'action=password.changed');
    expect(mine.body.data.entries.map((entry) => entry.party?.id)).toEqual([
      personas.M2.partyId,
      personas.M2.partyId,
    ]);
    expect(mine.body.data.entries[0]).toMatchObject({ club: null, before: null, after: null });
    const all = await audit('A', `action=password.changed&party_id=${personas.W.partyId}`);
    expect(all.body.data.entries).toHaveLength(2);
  });
});

describe("a grand lodge's report", () => {
  it('reads 2,500 members a page of 100 at a time, each once, in name order, as the totals say', async () => {
    const { db } = server.database.handle;
    const year = 2095;
    const now = Date.now();
    const partyIds: number[] = [];
    for (let start = 0; start < 2_500; start += 500) {
      const rows = Array.from({ length: 500 }, (_, index) => {
        const n = start + index;
        const first = `Grand${n % 7}`;
        const last = `Lodger${String(n).padStart(4, '0')}`;
        return {
          first_name: first,
          middle_name: null,
          last_name: last,
          suffix: null,
          preferred_name: null,
          ...searchKeysOf({ first_name: first, last_name: last, preferred_name: null }),
          birth_date: '1950-01-01',
          avatar_key: null,
          avatar_medium_key: null,
          left_at: null,
          created_at: now,
          updated_at: now,
        };
      });
      const inserted = await db.insertInto('parties').values(rows).returning('id').execute();
      partyIds.push(...inserted.map((row) => row.id));
    }
    for (let start = 0; start < partyIds.length; start += 500) {
      const chunk = partyIds.slice(start, start + 500);
      await db
        .insertInto('memberships')
        .values(
          chunk.map((party_id) => ({
            party_id,
            club_id: l2,
            member_number: null,
            joined_on: null,
            left_at: null,
            created_at: now,
          })),
        )
        .execute();
      await db
        .insertInto('dues')
        .values(
          chunk.map((party_id, index) => ({
            club_id: l2,
            party_id,
            year,
            amount_cents: 5000,
            // Every third member has paid.
            paid_at: (start + index) % 3 === 0 ? now : null,
            created_at: now,
          })),
        )
        .execute();
    }

    // As autovacuum would: fresh statistics, or PostgreSQL plans 2,500 new rows as a handful.
    if (server.database.handle.engine === 'postgres') await sql`analyze`.execute(db);

    const names: string[] = [];
    const lodgers: string[] = [];
    let totals: DuesReportAnswer['data']['totals'] | undefined;
    for (let page = 1, more = true; more; page += 1) {
      const answer = await call<DuesReportAnswer['data']>(
        'A',
        'GET',
        `/admin/dues.json?club_id=${l2}&year=${year}&page=${page}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.data.members.length).toBeLessThanOrEqual(DUES_REPORT_PAGE_SIZE);
      names.push(...answer.body.data.members.map((row) => `${row.party_id}`));
      lodgers.push(
        ...answer.body.data.members
          .map((row) => row.display_name)
          .filter((name) => name.includes('Lodger'))
          .map((name) => name.split(' ')[1] ?? ''),
      );
      totals = answer.body.data.totals;
      more = answer.body.data.has_more;
    }
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBe(totals?.members);
    expect(names.length).toBeGreaterThanOrEqual(2_500);
    expect(lodgers).toEqual([...lodgers].sort());
    expect(lodgers).toHaveLength(2_500);
    expect(totals?.paid).toBe(834);
    // The demo's own members of the lodge owe earlier years: they count among those who owe.
    const owing = totals?.owing ?? 0;
    expect(owing).toBeGreaterThanOrEqual(1_666);
    const last = Math.ceil(owing / DUES_REPORT_PAGE_SIZE);
    const owes = await call<DuesReportAnswer['data']>(
      'A',
      'GET',
      `/admin/dues.json?club_id=${l2}&year=${year}&show=owes&page=${last}`,
    );
    expect(owes.body.data.members).toHaveLength(owing - (last - 1) * DUES_REPORT_PAGE_SIZE);
    expect(owes.body.data.has_more).toBe(false);
    const csv = await personas.A.client.request(
      'GET',
      `/admin/dues.csv?club_id=${l2}&year=${year}`,
    );
    expect(csv.text.trimEnd().split('\r\n')).toHaveLength(names.length + 1);
  });
});
