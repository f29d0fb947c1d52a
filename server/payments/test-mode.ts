import type { PaymentsAdapter } from './adapter.ts';
import { TEST_CHECKOUT_PREFIX } from './adapter.ts';

/**
 * The built-in checkout (docs/decisions.md D50): a page of this server, labelled TEST MODE,
 * where no card is charged. Its address carries the payment's single-use token.
 */
export function createTestModePayments(): PaymentsAdapter {
  return {
    kind: 'test',
    startCheckout(request) {
      return Promise.resolve({
        url: `${request.origin}${TEST_CHECKOUT_PREFIX}/${request.token}`,
        providerReference: null,
      });
    },
  };
}

/** Numbers the test checkout accepts: any that passes the Luhn check, except the decline one. */
export const TEST_CARD_OK = '4242 4242 4242 4242';
export const TEST_CARD_DECLINED = '4000 0000 0000 0002';
