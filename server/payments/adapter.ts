/**
 * The payment provider behind "pay" (docs/decisions.md D50): the built-in test-mode checkout
 * when no Stripe key is configured, Stripe Checkout when one is. A service asks it for the
 * address of a checkout page; the completion comes back through the provider's own route
 * (the test checkout's form, Stripe's webhook) into services/payments.ts completeDuesPayment.
 */

export interface CheckoutLine {
  /** e.g. "2025 dues". */
  label: string;
  amountCents: number;
}

export interface CheckoutRequest {
  duesPaymentId: number;
  /** The single-use capability the test checkout's address carries (only its hash is stored). */
  token: string;
  clubName: string;
  lines: readonly CheckoutLine[];
  customerEmail: string | null;
  /** The app's own address, for the pages the provider sends the member back to. */
  origin: string;
}

export interface CheckoutStart {
  url: string;
  /** The provider's id of the checkout (a Stripe Checkout Session id), or null. */
  providerReference: string | null;
}

export interface PaymentsAdapter {
  readonly kind: 'test' | 'stripe';
  startCheckout(request: CheckoutRequest): Promise<CheckoutStart>;
}

/** Pages outside /app and the API: the test checkout, and where Stripe posts its events. */
export const TEST_CHECKOUT_PREFIX = '/payments/test-checkout';
export const STRIPE_WEBHOOK_PATH = '/payments/stripe/webhook';
/** How long a checkout address may be used (Stripe's own minimum is 30 minutes). */
export const CHECKOUT_TTL_MS = 60 * 60 * 1000;
