import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClubDuesAnswer,
  ClubDuesItem,
  DuesPaymentAnswer,
  PaymentCredentialAnswer,
} from '../../../common/schemas/dues.ts';
import { MEMBER, MEMBER2 } from '../../db/seed/personas.ts';
import { completeDuesPayment } from '../../services/payments.ts';
import { yearOf } from '../../services/dues.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { seedDemoData, signInAs } from '../../test/member-client.ts';
import type { MemberClient } from '../../test/member-client.ts';

/**
 * Dues and the saved card in test mode (issue 13, docs/decisions.md D50): GET /club_dues, the
 * hand-off to the built-in test checkout, its completion (recorded once, clears what it paid,
 * audited, a card kept only when asked and never whole), GET/DELETE /payment_credentials.
 */

let server: TestServer;
let m: MemberClient;
let m2: MemberClient;

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  m = await signInAs(server, MEMBER.username);
  m2 = await signInAs(server, MEMBER2.username);
});

afterAll(async () => {
  await server.close();
});

const db = () => server.database.handle.db;

async function partyOf(username: string): Promise<number> {
  const row = await db()
    .selectFrom('users')
    .select('party_id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.party_id;
}

async function clubDues(
  client: MemberClient,
): Promise<ClubDuesAnswer['data']['organization_dues']> {
  const answer = await client.request<ClubDuesAnswer>('GET', '/club_dues');
  expect(answer.status).toBe(200);
  return answer.body.data.organization_dues;
}

function isItem(entry: ClubDuesAnswer['data']['organization_dues'][number]): entry is ClubDuesItem {
  return 'dues_metadata' in entry;
}

async function owedClub(client: MemberClient): Promise<ClubDuesItem> {
  const item = (await clubDues(client)).filter(isItem).find((entry) => entry.total_cents > 0);
  if (!item) throw new Error('no club with dues owed');
  return item;
}

/** The test checkout's path, from the address GET /dues_payments/{clubId}/edit answers. */
async function checkoutPath(client: MemberClient, clubId: number): Promise<string> {
  const answer = await client.request<DuesPaymentAnswer>('GET', `/dues_payments/${clubId}/edit`);
  expect(answer.status).toBe(200);
  const url = new URL(answer.body.data.task_token_url);
  expect(`${url.protocol}//${url.host}`).toBe(server.baseUrl);
  expect(url.pathname).toMatch(/^\/payments\/test-checkout\/[\w-]{43}$/);
  return url.pathname;
}

async function browse(
  path: string,
  cookie: string | null,
  form?: Record<string, string>,
): Promise<{ status: number; text: string; location: string | null }> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: form ? 'POST' : 'GET',
    headers,
    body: form ? new URLSearchParams(form).toString() : undefined,
    redirect: 'manual',
  });
  return {
    status: response.status,
    text: await response.text(),
    location: response.headers.get('location'),
  };
}

const PAY = {
  action: 'pay',
  name: 'Test Payer',
  email: 'payer@example.com',
  card_number: '4242 4242 4242 4242',
  expiry: '12/39',
};

async function auditCount(): Promise<number> {
  const row = await db()
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('action', '=', 'dues.paid')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An unpaid year added for a test; the caller deletes it afterwards. */
async function addUnpaidDues(
  clubId: number,
  party: number,
  year: number,
  cents: number,
): Promise<{ id: number }> {
  return db()
    .insertInto('dues')
    .values({
      club_id: clubId,
      party_id: party,
      year,
      amount_cents: cents,
      paid_at: null,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** How many paid payments of this amount the member has at the club. */
async function paidPayments(party: number, clubId: number, cents: number): Promise<number> {
  const row = await db()
    .selectFrom('dues_payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('party_id', '=', party)
    .where('club_id', '=', clubId)
    .where('amount_cents', '=', cents)
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('GET /club_dues (ACCT-09, ENT-23, API-CLUB-10)', () => {
  it("lists M's clubs with this year's unpaid dues, earlier arrears and the total, in dollars and cents", async () => {
    const party = await partyOf(MEMBER.username);
    const rows = await db()
      .selectFrom('dues')
      .select(['club_id', 'year', 'amount_cents', 'paid_at'])
      .where('party_id', '=', party)
      .execute();
    const year = yearOf(Date.now());
    const items = (await clubDues(m)).filter(isItem);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const unpaid = rows.filter((row) => row.club_id === item.club_id && row.paid_at === null);
      const line = (row: (typeof rows)[number]) => ({
        year: row.year,
        amount: row.amount_cents / 100,
        amount_cents: row.amount_cents,
      });
      expect(item.dues_metadata.dues).toEqual(unpaid.filter((r) => r.year >= year).map(line));
      expect(item.dues_metadata.arrears).toEqual(unpaid.filter((r) => r.year < year).map(line));
      const cents = unpaid.reduce((sum, row) => sum + row.amount_cents, 0);
      expect(item.total_cents).toBe(cents);
      expect(item.total).toBe(cents / 100);
      expect(item.dues_payment_options_task_token_url).toBeNull();
      expect(item.club_name).not.toBe('');
      expect(item.organization_name).not.toBe('');
    }
    // The demo's M owes this year's dues and last year's arrears.
    expect(items.some((item) => item.dues_metadata.arrears.length > 0)).toBe(true);
    expect(items.some((item) => item.total_cents > 0)).toBe(true);
  });

  it('M2 owes nothing: every club shows a zero total and no lines', async () => {
    const items = (await clubDues(m2)).filter(isItem);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      expect(item.total_cents).toBe(0);
      expect(item.dues_metadata).toEqual({ dues: [], arrears: [] });
    }
  });

  it('is refused without a signed session', async () => {
    expect((await m.request('GET', '/club_dues', { unsigned: true })).status).toBe(401);
  });
});

describe('paying dues through the test-mode checkout (DUES-02, D50)', () => {
  it('404 for a club the member has no dues at, 422 when nothing is due', async () => {
    const m2Club = (await clubDues(m2)).filter(isItem).find((item) => item.total_cents === 0);
    if (!m2Club) throw new Error('M2 has no paid-up club');
    expect((await m2.request('GET', `/dues_payments/${m2Club.club_id}/edit`)).status).toBe(422);
    const mClubs = new Set((await clubDues(m)).map((item) => item.club_id));
    const other = await db()
      .selectFrom('clubs')
      .select('id')
      .where('id', 'not in', [...mClubs])
      .executeTakeFirstOrThrow();
    expect((await m.request('GET', `/dues_payments/${other.id}/edit`)).status).toBe(404);
    expect((await m.request('GET', '/dues_payments/999999/edit')).status).toBe(404);
  });

  it('the page needs the paying member signed in: no cookie or another member gets nothing', async () => {
    const club = await owedClub(m);
    const path = await checkoutPath(m, club.club_id);
    const anonymous = await browse(path, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).not.toContain(club.club_name);
    const other = await browse(path, m2.cookie, PAY);
    expect(other.status).toBe(401);
    expect((await owedClub(m)).total_cents).toBe(club.total_cents);
    expect((await browse('/payments/test-checkout/not-a-token', m.cookie)).status).toBe(404);
  });

  it('shows TEST MODE, the club and the amount; a bad card is refused with the reason', async () => {
    const club = await owedClub(m);
    const path = await checkoutPath(m, club.club_id);
    const page = await browse(path, m.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('TEST MODE');
    expect(page.text).toContain('No real card is charged');
    expect(page.text).toContain('4242 4242 4242 4242');
    expect(page.text).toContain(`$${(club.total_cents / 100).toFixed(2)}`);
    expect(page.text).not.toMatch(/<script/i);
    const bad = await browse(path, m.cookie, { ...PAY, card_number: '4242 4242 4242 4241' });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('This card number is not valid.');
    const declined = await browse(path, m.cookie, { ...PAY, card_number: '4000 0000 0000 0002' });
    expect(declined.text).toContain('declined');
    const expired = await browse(path, m.cookie, { ...PAY, expiry: '01/20' });
    expect(expired.text).toContain('Enter a future expiry date');
    expect((await owedClub(m)).total_cents).toBe(club.total_cents);
  });

  it('Cancel records nothing and the address is dead afterwards', async () => {
    const club = await owedClub(m);
    const path = await checkoutPath(m, club.club_id);
    const cancelled = await browse(path, m.cookie, { action: 'cancel' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe('/app/my_account?payment=cancelled');
    expect((await browse(path, m.cookie)).status).toBe(410);
    expect((await owedClub(m)).total_cents).toBe(club.total_cents);
  });

  it('paying clears the balance once, is audited, keeps no card unless asked; a replay changes nothing', async () => {
    const party = await partyOf(MEMBER.username);
    expect((await m.request('DELETE', '/payment_credentials')).status).toBe(200);
    const club = await owedClub(m);
    const path = await checkoutPath(m, club.club_id);
    const audits = await auditCount();
    const paid = await browse(path, m.cookie, PAY);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe('/app/my_account?payment=paid');

    const after = (await clubDues(m)).filter(isItem).find((item) => item.club_id === club.club_id);
    expect(after?.total_cents).toBe(0);
    expect(after?.dues_metadata).toEqual({ dues: [], arrears: [] });
    expect(await auditCount()).toBe(audits + 1);
    const payment = await db()
      .selectFrom('dues_payments')
      .selectAll()
      .where('party_id', '=', party)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    expect(payment.amount_cents).toBe(club.total_cents);
    const card = await m.request<PaymentCredentialAnswer>('GET', '/payment_credentials');
    expect(card.body.data.credit_card).toBeNull();

    // The same form again, and the same completion event again: nothing moves.
    const before = await db()
      .selectFrom('dues')
      .selectAll()
      .where('party_id', '=', party)
      .execute();
    expect((await browse(path, m.cookie, PAY)).status).toBe(410);
    const replay = await completeDuesPayment(server.app.services, {
      duesPaymentId: payment.id,
      provider: 'test',
      eventId: payment.provider_event_id ?? '',
      amountCents: payment.amount_cents,
      providerReference: null,
      card: null,
      ip: null,
    });
    expect(replay).toBe('duplicate');
    expect(
      await db().selectFrom('dues').selectAll().where('party_id', '=', party).execute(),
    ).toEqual(before);
    expect(await auditCount()).toBe(audits + 1);
    // Paid and nothing new due: pay is refused.
    expect((await m.request('GET', `/dues_payments/${club.club_id}/edit`)).status).toBe(422);
  });

  it('two checkouts opened for the same dues: the second Pay is refused, nothing is paid twice', async () => {
    const party = await partyOf(MEMBER.username);
    const clubId = (await clubDues(m)).filter(isItem)[0]?.club_id ?? 0;
    const row = await addUnpaidDues(clubId, party, 1995, 500);
    const first = await checkoutPath(m, clubId);
    const second = await checkoutPath(m, clubId);
    const audits = await auditCount();
    expect((await browse(first, m.cookie, PAY)).status).toBe(303);
    expect((await browse(second, m.cookie, PAY)).status).toBe(410);
    expect(await auditCount()).toBe(audits + 1);
    expect(await paidPayments(party, clubId, 500)).toBe(1);
    await db().deleteFrom('dues').where('id', '=', row.id).execute();
  });

  it('three checkouts for the same dues paid at the same moment: one pays, the others are refused', async () => {
    const party = await partyOf(MEMBER.username);
    const clubId = (await clubDues(m)).filter(isItem)[0]?.club_id ?? 0;
    const row = await addUnpaidDues(clubId, party, 1994, 700);
    // Whatever else the member owes at this club is in the checkout too.
    const owed = (await clubDues(m)).filter(isItem).find((item) => item.club_id === clubId);
    const paths = [
      await checkoutPath(m, clubId),
      await checkoutPath(m, clubId),
      await checkoutPath(m, clubId),
    ];
    const audits = await auditCount();
    const statuses = await Promise.all(
      paths.map(async (path) => (await browse(path, m.cookie, PAY)).status),
    );
    expect(statuses.sort()).toEqual([303, 410, 410]);
    expect(await auditCount()).toBe(audits + 1);
    expect(await paidPayments(party, clubId, owed?.total_cents ?? 0)).toBe(1);
    await db().deleteFrom('dues').where('id', '=', row.id).execute();
  });

  it('marks paid only the years the payment covered', async () => {
    const party = await partyOf(MEMBER.username);
    const clubId = (await clubDues(m)).filter(isItem)[0]?.club_id ?? 0;
    await db()
      .insertInto('dues')
      .values({
        club_id: clubId,
        party_id: party,
        year: 1997,
        amount_cents: 900,
        paid_at: null,
        created_at: Date.now(),
      })
      .execute();
    const club = await owedClub(m);
    expect(club.total_cents).toBe(900);
    const path = await checkoutPath(m, club.club_id);
    // A year added after the hand-off is not part of it.
    const added = await db()
      .insertInto('dues')
      .values({
        club_id: club.club_id,
        party_id: party,
        year: 1999,
        amount_cents: 700,
        paid_at: null,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await browse(path, m.cookie, PAY)).status).toBe(303);
    const after = (await clubDues(m)).filter(isItem).find((item) => item.club_id === club.club_id);
    expect(after?.total_cents).toBe(700);
    expect(after?.dues_metadata.arrears).toEqual([{ year: 1999, amount: 7, amount_cents: 700 }]);
    await db().deleteFrom('dues').where('id', '=', added.id).execute();
  });
});

describe('the saved card (ACCT-15, ACCT-16, ENT-24, API-ACCT-01, API-ACCT-02)', () => {
  it('is kept only when asked, masked, and never holds the full number', async () => {
    const party = await partyOf(MEMBER.username);
    const extra = await db()
      .insertInto('dues')
      .values({
        club_id: (await clubDues(m))[0]?.club_id ?? 0,
        party_id: party,
        year: 1998,
        amount_cents: 1250,
        paid_at: null,
        created_at: Date.now(),
      })
      .returning('club_id')
      .executeTakeFirstOrThrow();
    const path = await checkoutPath(m, extra.club_id);
    const paid = await browse(path, m.cookie, {
      ...PAY,
      card_number: '5555555555554444',
      expiry: '07/31',
      save_card: 'yes',
    });
    expect(paid.status).toBe(303);
    const answer = await m.request<PaymentCredentialAnswer>('GET', '/payment_credentials');
    expect(answer.status).toBe(200);
    const card = answer.body.data.credit_card;
    expect(card).toEqual({
      name: 'Test Payer',
      email_address: 'payer@example.com',
      card_number: 'XXXX-XXXX-XXXX-4444',
      expires: '07/2031',
      added_at: expect.any(Number),
      brand: 'Mastercard',
    });
    // No column of any saved card, payment or audit row holds the number.
    const stored = JSON.stringify([
      await db().selectFrom('payment_credentials').selectAll().execute(),
      await db().selectFrom('dues_payments').selectAll().execute(),
      await db().selectFrom('audit_log').selectAll().execute(),
    ]);
    expect(stored).not.toContain('5555555555554444');
    expect(stored).not.toContain('5555 5555 5555 4444');
  });

  it('each member reads and removes only their own card', async () => {
    const m2Party = await partyOf(MEMBER2.username);
    await db()
      .insertInto('payment_credentials')
      .values({
        party_id: m2Party,
        name: 'M Two',
        email_address: 'm2@example.com',
        card_number: 'XXXX-XXXX-XXXX-1111',
        expires: '01/2030',
        brand: 'Visa',
        provider_token: 'test_pm_m2',
        added_at: Date.now(),
      })
      .onConflict((c) => c.column('party_id').doNothing())
      .execute();
    expect((await m.request('DELETE', '/payment_credentials')).status).toBe(200);
    const mine = await m.request<PaymentCredentialAnswer>('GET', '/payment_credentials');
    expect(mine.body.data.credit_card).toBeNull();
    const theirs = await m2.request<PaymentCredentialAnswer>('GET', '/payment_credentials');
    expect(theirs.body.data.credit_card?.card_number).toMatch(/^XXXX-XXXX-XXXX-\d{4}$/);
    // Removing nothing is fine.
    expect((await m.request('DELETE', '/payment_credentials')).status).toBe(200);
    expect((await m.request('GET', '/payment_credentials', { unsigned: true })).status).toBe(401);
  });
});

describe('the message form of a dues item (§3, ENT-23)', () => {
  it('a lodge of the member without dues rows carries the message form (§3)', async () => {
    const party = await partyOf(MEMBER2.username);
    const item = (await clubDues(m2)).filter(isItem)[0];
    if (!item) throw new Error('M2 has no dues');
    await db()
      .deleteFrom('dues')
      .where('party_id', '=', party)
      .where('club_id', '=', item.club_id)
      .execute();
    const entry = (await clubDues(m2)).find((e) => e.club_id === item.club_id);
    expect(entry).toEqual({
      club_id: item.club_id,
      club_name: item.club_name,
      organization_name: item.organization_name,
      message: expect.stringMatching(/not paid online/),
    });
    // Nothing to pay there.
    expect((await m2.request('GET', `/dues_payments/${item.club_id}/edit`)).status).toBe(404);
  });
});
