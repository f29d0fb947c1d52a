/**
 * Completing a dues payment (docs/decisions.md D50), whichever provider took the money: the
 * built-in test checkout's form and Stripe's webhook both end in completeDuesPayment, which
 * records the payment once (idempotent on the provider's event id), marks paid exactly the
 * dues rows it covered, writes the audit entry, queues the member's receipt (D79), and keeps a
 * card only when the member asked.
 */
import crypto from 'node:crypto';
import { hashToken } from '../auth/tokens.ts';
import { findSession } from '../auth/sessions.ts';
import { recordDuesPaid } from '../db/audit-log.ts';
import {
  cancelPendingPayment,
  coversPaidDues,
  duesIdsOfPayment,
  isEventRecorded,
  lockDuesOfPayment,
  markDuesPaid,
  markPaymentPaid,
  paymentByTokenHash,
  paymentLines,
  paymentToComplete,
} from '../db/dues-payments.ts';
import { cardHolderOf, saveCard } from '../db/payment-credentials.ts';
import { userIdOfParty } from '../db/users.ts';
import { BadRequestError, NotFoundError } from '../errors.ts';
import { enqueueDuesReceipt } from '../mail/receipt-mail.ts';
import {
  cardBrand,
  cardExpiry,
  digitsOnly,
  maskedCardNumber,
  passesLuhn,
} from '../payments/card.ts';
import type { SavedCardDetails } from '../payments/card.ts';
import { StripeSignatureError } from '../payments/stripe.ts';
import { TEST_CARD_DECLINED } from '../payments/test-mode.ts';
import { mayUseCheckout } from '../policies/dues.ts';
import type { ServiceContext } from './context.ts';

export interface Completion {
  duesPaymentId: number;
  provider: 'test' | 'stripe';
  /** The provider's id of the event that reports the payment: recorded once. */
  eventId: string;
  /** What the provider says was paid, in cents; must match the pending payment. */
  amountCents: number;
  /** Stripe's Checkout Session id; null from the test checkout. */
  providerReference: string | null;
  /** Only when the member asked to keep the card. */
  card: SavedCardDetails | null;
  ip: string | null;
}

export type CompletionOutcome = 'recorded' | 'duplicate' | 'unknown' | 'mismatch';

/** The one way a payment becomes paid. */
export async function completeDuesPayment(
  ctx: ServiceContext,
  completion: Completion,
  now: number = Date.now(),
): Promise<CompletionOutcome> {
  if (await isEventRecorded(ctx.db, completion.eventId)) return 'duplicate';
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const payment = await paymentToComplete(trx, completion.duesPaymentId);
      if (!payment) return 'unknown';
      if (payment.status !== 'pending') return 'duplicate';
      if (
        payment.amount_cents !== completion.amountCents ||
        (completion.providerReference !== null &&
          payment.provider_reference !== completion.providerReference)
      ) {
        return 'mismatch';
      }
      // Two checkouts opened for the same dues: once one has paid them, the test checkout
      // refuses the other (it takes no money). Stripe has taken the money by now, so its
      // completion is still recorded and audited for the treasurer to refund.
      if (completion.provider === 'test') {
        // The years' rows are locked first on PostgreSQL, so a second checkout paid at the
        // same moment waits for this one and then sees the years paid. SQLite runs one write
        // transaction at a time already.
        if (ctx.engine === 'postgres') await lockDuesOfPayment(trx, payment.id);
        if (await coversPaidDues(trx, payment.id)) return 'mismatch';
      }
      // Conditional on 'pending', so two completions racing mark it once.
      if (!(await markPaymentPaid(trx, payment.id, completion.eventId, now))) return 'duplicate';
      const duesIds = await duesIdsOfPayment(trx, payment.id);
      await markDuesPaid(trx, duesIds, payment.party_id, now);
      const card = completion.card;
      if (card) {
        await saveCard(trx, payment.party_id, {
          name: card.name,
          email_address: card.email,
          card_number: maskedCardNumber(card.last4),
          expires: cardExpiry(card.expMonth, card.expYear),
          brand: card.brand,
          provider_token: card.providerToken,
          added_at: now,
        });
      }
      await recordDuesPaid(
        trx,
        {
          userId: await userIdOfParty(trx, payment.party_id),
          duesPaymentId: payment.id,
          ip: completion.ip,
          detail: {
            provider: completion.provider,
            event_id: completion.eventId,
            club_id: payment.club_id,
            amount_cents: payment.amount_cents,
            dues_ids: duesIds,
            card_saved: card !== null,
          },
        },
        now,
      );
      await enqueueDuesReceipt(ctx.jobs, trx, payment.id);
      return 'recorded';
    });
  } catch (error) {
    // The unique event id is the last guard: a racing twin got there first.
    if (await isEventRecorded(ctx.db, completion.eventId)) return 'duplicate';
    throw error;
  }
}

// ---- The built-in test checkout --------------------------------------------------------------

export interface TestCheckoutView {
  clubName: string;
  organizationName: string;
  lines: { label: string; amountCents: number }[];
  amountCents: number;
  /** What the member typed, to show again beside errors (never the card number). */
  form: { name: string; email: string; expiry: string; saveCard: boolean };
  errors: Record<string, string>;
}

export type TestCheckoutState =
  { kind: 'ready'; view: TestCheckoutView } | { kind: 'sign-in' } | { kind: 'gone' };

interface PendingPayment {
  id: number;
  party_id: number;
  amount_cents: number;
  club_name: string;
  organization_name: string;
  status: string;
  expires_at: number | null;
}

async function checkoutPayment(
  ctx: ServiceContext,
  token: string,
  sessionToken: string | undefined,
  now: number,
): Promise<{ state: Exclude<TestCheckoutState, { kind: 'ready' }> } | { payment: PendingPayment }> {
  // Only in test mode: with Stripe configured no payment may be completed here.
  if (ctx.payments.stripe) throw new NotFoundError();
  const payment = await paymentByTokenHash(ctx.db, hashToken(token));
  if (!payment) throw new NotFoundError();
  const session = sessionToken ? await findSession(ctx.db, sessionToken, now) : null;
  if (!mayUseCheckout(session?.partyId ?? null, payment.party_id)) {
    // Whose payment it is stays unsaid: a stranger learns only that they must sign in.
    return { state: { kind: 'sign-in' } };
  }
  if (payment.status !== 'pending' || (payment.expires_at !== null && payment.expires_at <= now)) {
    return { state: { kind: 'gone' } };
  }
  return { payment };
}

async function viewOf(
  ctx: ServiceContext,
  payment: PendingPayment,
  form: TestCheckoutView['form'],
  errors: Record<string, string>,
): Promise<TestCheckoutView> {
  const items = await paymentLines(ctx.db, payment.id);
  return {
    clubName: payment.club_name,
    organizationName: payment.organization_name,
    lines: items.map((item) => ({ label: `${item.year} dues`, amountCents: item.amount_cents })),
    amountCents: payment.amount_cents,
    form,
    errors,
  };
}

/** GET /payments/test-checkout/{token}: the page, for the member whose payment it is. */
export async function openTestCheckout(
  ctx: ServiceContext,
  token: string,
  sessionToken: string | undefined,
  now: number = Date.now(),
): Promise<TestCheckoutState> {
  const found = await checkoutPayment(ctx, token, sessionToken, now);
  if ('state' in found) return found.state;
  const card = await cardHolderOf(ctx.db, found.payment.party_id);
  return {
    kind: 'ready',
    view: await viewOf(
      ctx,
      found.payment,
      { name: card?.name ?? '', email: card?.email_address ?? '', expiry: '', saveCard: false },
      {},
    ),
  };
}

export interface TestCheckoutForm {
  action: string;
  name: string;
  email: string;
  cardNumber: string;
  expiry: string;
  saveCard: boolean;
}

export type TestCheckoutResult =
  | { kind: 'paid' }
  | { kind: 'cancelled' }
  | Exclude<TestCheckoutState, { kind: 'ready' }>
  | { kind: 'invalid'; view: TestCheckoutView };

const EXPIRY = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/;

function expiryOf(text: string, now: number): { month: number; year: number } | null {
  const match = EXPIRY.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  const today = new Date(now);
  const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth();
  return year * 12 + (month - 1) < thisMonth ? null : { month, year };
}

function checkForm(
  form: TestCheckoutForm,
  now: number,
): { errors: Record<string, string>; card: Omit<SavedCardDetails, 'providerToken'> | null } {
  const errors: Record<string, string> = {};
  const name = form.name.trim();
  const email = form.email.trim();
  const digits = digitsOnly(form.cardNumber);
  const expiry = expiryOf(form.expiry, now);
  if (name === '') errors.name = 'Enter the name on the card.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = 'Enter an e-mail address.';
  if (!passesLuhn(digits)) errors.card_number = 'This card number is not valid.';
  else if (digits === digitsOnly(TEST_CARD_DECLINED)) {
    errors.card_number = 'The card was declined (this test card always is).';
  }
  if (!expiry) errors.expiry = 'Enter a future expiry date as MM/YY.';
  if (Object.keys(errors).length > 0 || !expiry) return { errors, card: null };
  return {
    errors,
    card: {
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      expMonth: expiry.month,
      expYear: expiry.year,
      name,
      email,
    },
  };
}

/** POST /payments/test-checkout/{token}: Pay (checked, then completed) or Cancel. */
export async function submitTestCheckout(
  ctx: ServiceContext,
  token: string,
  sessionToken: string | undefined,
  form: TestCheckoutForm,
  ip: string | null,
  now: number = Date.now(),
): Promise<TestCheckoutResult> {
  const found = await checkoutPayment(ctx, token, sessionToken, now);
  if ('state' in found) return found.state;
  const { payment } = found;
  if (form.action === 'cancel') {
    await cancelPendingPayment(ctx.db, payment.id, now);
    return { kind: 'cancelled' };
  }
  const { errors, card } = checkForm(form, now);
  if (!card) {
    return {
      kind: 'invalid',
      view: await viewOf(
        ctx,
        payment,
        { name: form.name, email: form.email, expiry: form.expiry, saveCard: form.saveCard },
        errors,
      ),
    };
  }
  const outcome = await completeDuesPayment(
    ctx,
    {
      duesPaymentId: payment.id,
      provider: 'test',
      eventId: `test_evt_${payment.id}`,
      amountCents: payment.amount_cents,
      providerReference: null,
      card: form.saveCard
        ? { ...card, providerToken: `test_pm_${crypto.randomBytes(12).toString('hex')}` }
        : null,
      ip,
    },
    now,
  );
  return outcome === 'recorded' || outcome === 'duplicate' ? { kind: 'paid' } : { kind: 'gone' };
}

// ---- Stripe ------------------------------------------------------------------------------------

/** POST /payments/stripe/webhook: a signed event from Stripe (raw body, Stripe-Signature). */
export async function receiveStripeEvent(
  ctx: ServiceContext,
  rawBody: string,
  signature: string | undefined,
  ip: string | null,
): Promise<CompletionOutcome | 'ignored'> {
  const stripe = ctx.payments.stripe;
  if (!stripe) throw new NotFoundError();
  let completion;
  try {
    completion = await stripe.completionOf(rawBody, signature);
  } catch (error) {
    if (error instanceof StripeSignatureError) {
      throw new BadRequestError('The Stripe-Signature header does not verify.');
    }
    throw error;
  }
  if (!completion) return 'ignored';
  return completeDuesPayment(ctx, {
    duesPaymentId: completion.duesPaymentId,
    provider: 'stripe',
    eventId: completion.eventId,
    amountCents: completion.amountCents,
    providerReference: completion.sessionId,
    card: completion.card,
    ip,
  });
}
