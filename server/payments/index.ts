import type { AppConfig } from '../config.ts';
import type { PaymentsAdapter } from './adapter.ts';
import { createStripePayments } from './stripe.ts';
import type { StripePayments } from './stripe.ts';
import { createTestModePayments } from './test-mode.ts';

/** The payment provider of one app, made once in app.ts and reached through the ServiceContext. */
export interface Payments {
  /** Where "pay" starts a checkout. */
  readonly adapter: PaymentsAdapter;
  /** The Stripe adapter when Stripe is configured; null in test mode. */
  readonly stripe: StripePayments | null;
}

/**
 * Stripe when STRIPE_SECRET_KEY is set (config.ts then requires STRIPE_WEBHOOK_SECRET too), else
 * the built-in test mode.
 */
export function createPayments(config: AppConfig): Payments {
  const stripe =
    config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? createStripePayments({
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          apiUrl: config.STRIPE_API_URL,
        })
      : null;
  return { adapter: stripe ?? createTestModePayments(), stripe };
}
