import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BASE_PATH } from '../../../common/constants.ts';
import { PAYMENT_RESULT_PARAM } from '../../../common/schemas/dues.ts';
import { SESSION_COOKIE } from '../../auth/sessions.ts';
import { STRIPE_WEBHOOK_PATH, TEST_CHECKOUT_PREFIX } from '../../payments/adapter.ts';
import {
  renderTestCheckoutNotice,
  renderTestCheckoutPage,
} from '../../presenters/test-checkout.ts';
import type { TestCheckoutView } from '../../services/payments.ts';
import {
  openTestCheckout,
  receiveStripeEvent,
  submitTestCheckout,
} from '../../services/payments.ts';

/*
 * The payment provider's side of dues (docs/decisions.md D50), outside /app and the API: the
 * built-in test checkout page (a plain HTML form, no script), and the Stripe webhook, which
 * Stripe calls unsigned by us but signed by Stripe over the raw body.
 */

const HTML = 'text/html; charset=utf-8';
const FORM_LIMIT = 16 * 1024;

type CheckoutRequest = FastifyRequest<{ Params: { token: string } }>;

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function html(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).type(HTML).header('cache-control', 'no-store').send(body);
}

function backToAccount(reply: FastifyReply, result: 'paid' | 'cancelled'): FastifyReply {
  return reply.redirect(`${BASE_PATH}/my_account?${PAYMENT_RESULT_PARAM}=${result}`, 303);
}

function pageOf(request: CheckoutRequest, view: TestCheckoutView): string {
  return renderTestCheckoutPage({
    ...view,
    action: `${TEST_CHECKOUT_PREFIX}/${encodeURIComponent(request.params.token)}`,
  });
}

export function registerPaymentRoutes(app: FastifyInstance): void {
  void app.register(async (scope) => {
    // The test checkout posts an ordinary HTML form.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_request, body, done) => {
        const params = new URLSearchParams(typeof body === 'string' ? body : body.toString());
        done(null, Object.fromEntries(params));
      },
    );

    scope.get<{ Params: { token: string } }>(
      `${TEST_CHECKOUT_PREFIX}/:token`,
      { schema: { hide: true } },
      async (request, reply) => {
        const state = await openTestCheckout(
          app.services,
          request.params.token,
          request.cookies[SESSION_COOKIE],
        );
        if (state.kind === 'ready') return html(reply, 200, pageOf(request, state.view));
        return html(
          reply,
          state.kind === 'sign-in' ? 401 : 410,
          renderTestCheckoutNotice(state.kind),
        );
      },
    );

    scope.post<{ Params: { token: string }; Body: Record<string, unknown> | undefined }>(
      `${TEST_CHECKOUT_PREFIX}/:token`,
      { schema: { hide: true } },
      async (request, reply) => {
        const body = request.body ?? {};
        const result = await submitTestCheckout(
          app.services,
          request.params.token,
          request.cookies[SESSION_COOKIE],
          {
            action: text(body.action),
            name: text(body.name),
            email: text(body.email),
            cardNumber: text(body.card_number),
            expiry: text(body.expiry),
            saveCard: text(body.save_card) === 'yes',
          },
          request.ip,
        );
        switch (result.kind) {
          case 'paid':
          case 'cancelled':
            return backToAccount(reply, result.kind);
          case 'invalid':
            return html(reply, 422, pageOf(request, result.view));
          default:
            return html(
              reply,
              result.kind === 'sign-in' ? 401 : 410,
              renderTestCheckoutNotice(result.kind),
            );
        }
      },
    );

    scope.post(STRIPE_WEBHOOK_PATH, { schema: { hide: true } }, async (request) => {
      const signature = request.headers['stripe-signature'];
      const outcome = await receiveStripeEvent(
        app.services,
        request.rawBody ?? '',
        Array.isArray(signature) ? signature[0] : signature,
        request.ip,
      );
      return { received: true, outcome };
    });
  });
}
