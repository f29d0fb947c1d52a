import Stripe from 'stripe';
import { BASE_PATH } from '../../common/constants.ts';
import { PAYMENT_RESULT_PARAM } from '../../common/schemas/dues.ts';
import type { CheckoutRequest, CheckoutStart, PaymentsAdapter } from './adapter.ts';
import { CHECKOUT_TTL_MS } from './adapter.ts';
import { brandName } from './card.ts';
import type { SavedCardDetails } from './card.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another address for the Stripe API (a local stand-in in tests); unset: api.stripe.com. */
  apiUrl?: string | undefined;
}

/** What a completed Checkout Session tells the completion (docs/decisions.md D50). */
export interface StripeCompletion {
  eventId: string;
  sessionId: string;
  duesPaymentId: number;
  amountCents: number;
  /** Set only when the member ticked Stripe's own "save my card" box. */
  card: SavedCardDetails | null;
}

export interface StripePayments extends PaymentsAdapter {
  readonly kind: 'stripe';
  /**
   * The event Stripe sent, when its `Stripe-Signature` verifies over the exact body; throws
   * otherwise. A completed, paid Checkout Session becomes a completion; other events null.
   */
  completionOf(rawBody: string, signature: string | undefined): Promise<StripeCompletion | null>;
}

export class StripeSignatureError extends Error {}

function clientOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 20_000 };
  if (!apiUrl) return options;
  const url = new URL(apiUrl);
  return {
    ...options,
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  };
}

function savedCardOf(session: Stripe.Checkout.Session): SavedCardDetails | null {
  const intent = session.payment_intent;
  if (!intent || typeof intent === 'string' || !intent.setup_future_usage) return null;
  const method = intent.payment_method;
  if (!method || typeof method === 'string' || !method.card) return null;
  return {
    brand: brandName(method.card.brand),
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
    name: method.billing_details.name ?? session.customer_details?.name ?? '',
    email: method.billing_details.email ?? session.customer_details?.email ?? '',
    providerToken: method.id,
  };
}

/** Stripe Checkout through the official package (docs/decisions.md D50). */
export function createStripePayments(settings: StripeSettings): StripePayments {
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiUrl));
  return {
    kind: 'stripe',
    async startCheckout(request: CheckoutRequest): Promise<CheckoutStart> {
      const back = `${request.origin}${BASE_PATH}/my_account?${PAYMENT_RESULT_PARAM}=`;
      const id = String(request.duesPaymentId);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: request.lines.map((line) => ({
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: line.amountCents,
              product_data: { name: `${request.clubName}: ${line.label}` },
            },
          })),
          client_reference_id: id,
          metadata: { dues_payment_id: id },
          payment_intent_data: { metadata: { dues_payment_id: id } },
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          // Stripe's page asks the member whether to keep the card; only a yes sets
          // setup_future_usage, which is what the webhook reads before saving anything.
          customer_creation: 'always',
          saved_payment_method_options: { payment_method_save: 'enabled' },
          expires_at: Math.floor((Date.now() + CHECKOUT_TTL_MS) / 1000),
          success_url: `${back}paid`,
          cancel_url: `${back}cancelled`,
        },
        { idempotencyKey: `dues-payment-${id}` },
      );
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a url');
      return { url: session.url, providerReference: session.id };
    },
    async completionOf(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      } catch (error) {
        throw new StripeSignatureError(error instanceof Error ? error.message : String(error));
      }
      if (
        event.type !== 'checkout.session.completed' &&
        event.type !== 'checkout.session.async_payment_succeeded'
      ) {
        return null;
      }
      const sent = event.data.object;
      if (sent.payment_status !== 'paid') return null;
      // The event says which session; its details (and the card) are read back from Stripe.
      const session = await stripe.checkout.sessions.retrieve(sent.id, {
        expand: ['payment_intent.payment_method'],
      });
      const duesPaymentId = Number(
        session.metadata?.dues_payment_id ?? session.client_reference_id,
      );
      if (!Number.isSafeInteger(duesPaymentId) || duesPaymentId <= 0) return null;
      return {
        eventId: event.id,
        sessionId: session.id,
        duesPaymentId,
        amountCents: session.amount_total ?? 0,
        card: savedCardOf(session),
      };
    },
  };
}
