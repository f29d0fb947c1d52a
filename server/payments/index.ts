import type { AppConfig } from '../config.ts';
import type { PaymentsAdapter } from './adapter.ts';
import { createStripePayments } from './stripe.ts';
import type { StripePayments } from './stripe.ts';
import { createTestModePayments } from './test-mode.ts';

/*
 * One adapter per app configuration, made on first use: Stripe when STRIPE_SECRET_KEY is set
 * (config.ts then requires STRIPE_WEBHOOK_SECRET too), else the built-in test mode.
 */
interface Payments {
  adapter: PaymentsAdapter;
  stripe: StripePayments | null;
}

const made = new WeakMap<AppConfig, Payments>();

function paymentsFor(config: AppConfig): Payments {
  let payments = made.get(config);
  if (!payments) {
    const stripe =
      config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
        ? createStripePayments({
            secretKey: config.STRIPE_SECRET_KEY,
            webhookSecret: config.STRIPE_WEBHOOK_SECRET,
            apiUrl: config.STRIPE_API_URL,
          })
        : null;
    payments = { adapter: stripe ?? createTestModePayments(), stripe };
    made.set(config, payments);
  }
  return payments;
}

export function paymentsOf(config: AppConfig): PaymentsAdapter {
  return paymentsFor(config).adapter;
}

/** The Stripe adapter when Stripe is configured; null in test mode. */
export function stripeOf(config: AppConfig): StripePayments | null {
  return paymentsFor(config).stripe;
}
