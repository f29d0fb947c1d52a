import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clubDuesAnswerSchema,
  duesPaymentAnswerSchema,
  duesPaymentParamsSchema,
} from '../../../common/schemas/dues.ts';
import { originOf } from '../../http/origin.ts';
import { listClubDues, startDuesPayment } from '../../services/dues.ts';

/** The member's dues and the hand-off to a checkout (ACCT-09, DUES-02; docs/decisions.md D50). */
export function registerDuesRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/club_dues',
    {
      schema: {
        summary: "The member's dues per club: this year's unpaid dues, arrears and the total",
        tags: ['account'],
        response: { 200: clubDuesAnswerSchema },
      },
    },
    async (request) => ({
      data: { organization_dues: await listClubDues(app.services, request.actor) },
    }),
  );

  api.get(
    '/dues_payments/:clubId/edit',
    {
      schema: {
        summary: 'A checkout address for everything unpaid at the club (a pending payment)',
        tags: ['account'],
        params: duesPaymentParamsSchema,
        response: { 200: duesPaymentAnswerSchema },
        refusals: [404, 422],
      },
    },
    async (request) => ({
      data: {
        task_token_url: await startDuesPayment(
          app.services,
          request.actor,
          request.params.clubId,
          originOf(app, request),
        ),
      },
    }),
  );
}
