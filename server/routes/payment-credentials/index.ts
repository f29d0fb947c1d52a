import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentCredentialAnswerSchema } from '../../../common/schemas/dues.ts';
import { emptyAnswerSchema } from '../../http/forms.ts';
import {
  getPaymentCredential,
  removePaymentCredential,
} from '../../services/payment-credentials.ts';

/** The saved card (ACCT-15, ACCT-16; API-ACCT-01, API-ACCT-02). */
export function registerPaymentCredentialRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/payment_credentials',
    {
      schema: {
        summary: "The member's saved card (masked), or null",
        tags: ['account'],
        response: { 200: paymentCredentialAnswerSchema },
      },
    },
    async (request) => ({
      data: { credit_card: await getPaymentCredential(app.services, request.actor) },
    }),
  );

  api.delete(
    '/payment_credentials',
    {
      schema: {
        summary: "Forgets the member's saved card",
        tags: ['account'],
        response: { 200: emptyAnswerSchema },
      },
    },
    async (request) => {
      await removePaymentCredential(app.services, request.actor);
      return { data: {} };
    },
  );
}
