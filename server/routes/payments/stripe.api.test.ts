import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ClubDuesAnswer,
  DuesPaymentAnswer,
  PaymentCredentialAnswer,
} from '../../../common/schemas/dues.ts';
import { MEMBER } from '../../db/seed/personas.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { seedDemoData, signInAs } from '../../test/member-client.ts';
import type { MemberClient } from '../../test/member-client.ts';
import { startStripeStandIn } from '../../test/stripe-stand-in.ts';
import type { StripeStandIn } from '../../test/stripe-stand-in.ts';

/**
 * The Stripe adapter (issue 13, docs/decisions.md D50) with STRIPE_SECRET_KEY set: the real
 * `stripe` package against a local stand-in of the Stripe API, and webhooks signed the way
 * Stripe signs them (generateTestHeaderString), so the signature check is the real one.
 */

const WEBHOOK_SECRET = 'whsec_standinsecret';
const WEBHOOK = '//payments/stripe/webhook';

let standIn: StripeStandIn;
let server: TestServer;
let m: MemberClient;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  standIn = await startStripeStandIn();
  server = await startTestServer({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
    },
  });
  await seedDemoData(server);
  m = await signInAs(server, MEMBER.username);
});

afterAll(async () => {
  await server.close();
  await standIn.close();
});

const db = () => server.database.handle.db;

async function owed(): Promise<{ clubId: number; cents: number }> {
  const answer = await m.request<ClubDuesAnswer>('GET', '/club_dues');
  for (const item of answer.body.data.organization_dues) {
    if ('total_cents' in item && item.total_cents > 0) {
      return { clubId: item.club_id, cents: item.total_cents };
    }
  }
  throw new Error('nothing owed');
}

async function addArrears(year: number, cents: number): Promise<void> {
  const user = await db()
    .selectFrom('users')
    .select('party_id')
    .where('username', '=', MEMBER.username)
    .executeTakeFirstOrThrow();
  const answer = await m.request<ClubDuesAnswer>('GET', '/club_dues');
  const clubId = answer.body.data.organization_dues[0]?.club_id ?? 0;
  await db()
    .insertInto('dues')
    .values({
      club_id: clubId,
      party_id: user.party_id,
      year,
      amount_cents: cents,
      paid_at: null,
      created_at: Date.now(),
    })
    .execute();
}

function completedEvent(eventId: string, sessionId: string, paymentId: string): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        metadata: { dues_payment_id: paymentId },
      },
    },
  });
}

async function send(payload: string, secret = WEBHOOK_SECRET) {
  return server.request<{ received: boolean; outcome: string }>('POST', WEBHOOK, {
    rawBody: payload,
    headers: { 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }) },
  });
}

async function totalPaidAudits(): Promise<number> {
  const rows = await db()
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', 'dues.paid')
    .execute();
  return rows.length;
}

describe('Stripe Checkout through the stand-in (D50)', () => {
  let sessionId = '';
  let paymentId = '';

  it('GET /dues_payments/{clubId}/edit creates a Checkout Session for the unpaid total', async () => {
    const { clubId, cents } = await owed();
    const answer = await m.request<DuesPaymentAnswer>('GET', `/dues_payments/${clubId}/edit`);
    expect(answer.status).toBe(200);
    const create = standIn.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions',
    );
    if (!create) throw new Error('no session was created');
    sessionId = [...standIn.sessions.keys()][0] ?? '';
    expect(answer.body.data.task_token_url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    expect(create.headers.authorization).toBe('Bearer sk_test_standin');
    expect(create.headers['idempotency-key']).toMatch(/^dues-payment-\d+$/);
    expect(create.params.mode).toBe('payment');
    expect(create.params['line_items[0][price_data][currency]']).toBe('usd');
    paymentId = create.params['metadata[dues_payment_id]'] ?? '';
    expect(create.params.client_reference_id).toBe(paymentId);
    expect(create.params.success_url).toBe(`${server.baseUrl}/app/my_account?payment=paid`);
    expect(create.params.cancel_url).toBe(`${server.baseUrl}/app/my_account?payment=cancelled`);
    expect(create.params['saved_payment_method_options[payment_method_save]']).toBe('enabled');
    expect(standIn.sessions.get(sessionId)?.amountTotal).toBe(cents);
    const row = await db()
      .selectFrom('dues_payments')
      .selectAll()
      .where('id', '=', Number(paymentId))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'pending',
      provider_reference: sessionId,
      amount_cents: cents,
    });
  });

  it('the test checkout page does not exist while Stripe is configured', async () => {
    const response = await server.request('GET', '//payments/test-checkout/anything', {
      headers: { cookie: m.cookie },
    });
    expect(response.status).toBe(404);
  });

  it('a webhook with a bad signature is refused and changes nothing', async () => {
    const audits = await totalPaidAudits();
    const forged = await send(
      completedEvent('evt_forged', sessionId, paymentId),
      'whsec_wrongsecret',
    );
    expect(forged.status).toBe(400);
    const unsigned = await server.request('POST', WEBHOOK, {
      rawBody: completedEvent('evt_x', sessionId, paymentId),
    });
    expect(unsigned.status).toBe(400);
    // A signed body changed afterwards no longer verifies.
    const payload = completedEvent('evt_tamper', sessionId, paymentId);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await server.request('POST', WEBHOOK, {
      rawBody: payload.replace('"paid"', '"paid" '),
      headers: { 'stripe-signature': header },
    });
    expect(tampered.status).toBe(400);
    expect(await totalPaidAudits()).toBe(audits);
    expect((await owed()).cents).toBeGreaterThan(0);
  });

  it('checkout.session.completed records the payment once; a replay changes nothing; no card unless asked', async () => {
    const { clubId } = await owed();
    const audits = await totalPaidAudits();
    await m.request('DELETE', '/payment_credentials');
    const payload = completedEvent('evt_paid_1', sessionId, paymentId);
    const first = await send(payload);
    expect(first.status).toBe(200);
    expect(first.body.outcome).toBe('recorded');
    expect(
      standIn.requests.some(
        (r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`,
      ),
    ).toBe(true);
    const dues = await m.request<ClubDuesAnswer>('GET', '/club_dues');
    const item = dues.body.data.organization_dues.find((entry) => entry.club_id === clubId);
    expect(item && 'total_cents' in item ? item.total_cents : -1).toBe(0);
    expect(await totalPaidAudits()).toBe(audits + 1);
    const card = await m.request<PaymentCredentialAnswer>('GET', '/payment_credentials');
    expect(card.body.data.credit_card).toBeNull();

    const snapshot = await db().selectFrom('dues').selectAll().execute();
    const replay = await send(payload);
    expect(replay.status).toBe(200);
    expect(replay.body.outcome).toBe('duplicate');
    // Another event about the same session (Stripe may send more) records nothing either.
    expect((await send(completedEvent('evt_paid_1b', sessionId, paymentId))).body.outcome).toBe(
      'duplicate',
    );
    expect(await db().selectFrom('dues').selectAll().execute()).toEqual(snapshot);
    expect(await totalPaidAudits()).toBe(audits + 1);
    const row = await db()
      .selectFrom('dues_payments')
      .selectAll()
      .where('id', '=', Number(paymentId))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'paid', provider_event_id: 'evt_paid_1' });
  });

  it('keeps the card (brand, last four, expiry, name, e-mail) when the member ticked save on Stripe', async () => {
    await addArrears(1996, 4200);
    const { clubId } = await owed();
    expect((await m.request('GET', `/dues_payments/${clubId}/edit`)).status).toBe(200);
    const id = [...standIn.sessions.keys()].at(-1) ?? '';
    const session = standIn.sessions.get(id);
    if (!session) throw new Error('no session');
    session.saveCard = true;
    const outcome = await send(
      completedEvent('evt_paid_2', id, session.metadata.dues_payment_id ?? ''),
    );
    expect(outcome.body.outcome).toBe('recorded');
    const card = await m.request<PaymentCredentialAnswer>('GET', '/payment_credentials');
    expect(card.body.data.credit_card).toEqual({
      name: 'Pat Payer',
      email_address: 'payer@example.com',
      card_number: 'XXXX-XXXX-XXXX-4444',
      expires: '07/2031',
      added_at: expect.any(Number),
      brand: 'Mastercard',
    });
    const stored = await db()
      .selectFrom('payment_credentials')
      .select('provider_token')
      .where('card_number', '=', 'XXXX-XXXX-XXXX-4444')
      .executeTakeFirstOrThrow();
    expect(stored.provider_token).toBe(`pm_${id}`);
  });

  it('answers other event types without recording anything', async () => {
    const payload = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    const answer = await send(payload);
    expect(answer.status).toBe(200);
    expect(answer.body.outcome).toBe('ignored');
  });
});
