import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  duesBillAnswerSchema,
  duesBillBodySchema,
  duesRateAnswerSchema,
  duesRateBodySchema,
  duesReportAnswerSchema,
  duesReportCsvQuerySchema,
  duesReportQuerySchema,
  inPersonPaymentBodySchema,
  memberDuesAnswerSchema,
  memberDuesParamsSchema,
  memberDuesQuerySchema,
  paymentParamsSchema,
  voidPaymentBodySchema,
} from '../../../common/schemas/console-dues.ts';
import type { DuesReportCsvQuery } from '../../../common/schemas/console-dues.ts';
import {
  billClubDues,
  clubDuesReport,
  clubDuesReportCsv,
  memberDuesAtClub,
  recordInPersonPayment,
  setClubDuesRate,
  voidInPersonPayment,
} from '../../services/console-dues.ts';
import { sendCsv } from '../../http/csv-reply.ts';

/**
 * Dues in the secretary's console (issue 23, D70): a club's yearly amount and billing, the
 * year's report (JSON pages and CSV), a member's dues at the club, and payments taken in
 * person. Member routes: the console's policy answers 403 to anyone but an administrator or a
 * secretary, and 404 for a club outside their scope.
 */
export function registerAdminDuesRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/dues.json',
    {
      schema: {
        summary: "Who paid and who owes a club's dues for a year, with arrears; pages of 100",
        tags: ['console'],
        querystring: duesReportQuerySchema,
        response: { 200: duesReportAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: await clubDuesReport(app.services, request.actor, request.query),
    }),
  );

  // Without the zod type provider: its typed reply takes the documented string, not a stream.
  app.get<{ Querystring: DuesReportCsvQuery }>(
    '/admin/dues.csv',
    {
      schema: {
        summary: "A club's dues report for a year as CSV (formula-guarded cells)",
        tags: ['console'],
        querystring: duesReportCsvQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('The report as CSV, a header row first') },
        refusals: [403, 404],
      },
    },
    async (request, reply) =>
      sendCsv(reply, await clubDuesReportCsv(app.services, request.actor, request.query)),
  );

  api.put(
    '/admin/dues/rate.json',
    {
      schema: {
        summary: "Sets a club's dues for a year; its unpaid dues of that year take the new amount",
        tags: ['console'],
        body: duesRateBodySchema,
        response: { 200: duesRateAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: await setClubDuesRate(app.services, request.actor, request.body, request.ip),
    }),
  );

  api.post(
    '/admin/dues/bill.json',
    {
      schema: {
        summary: "Bills a year's dues to every active member of the club not yet billed",
        tags: ['console'],
        body: duesBillBodySchema,
        response: { 200: duesBillAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: await billClubDues(app.services, request.actor, request.body, request.ip),
    }),
  );

  api.get(
    '/admin/dues/members/:party_id.json',
    {
      schema: {
        summary: "A member's dues, arrears and payments at a club",
        tags: ['console'],
        params: memberDuesParamsSchema,
        querystring: memberDuesQuerySchema,
        response: { 200: memberDuesAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: {
        member: await memberDuesAtClub(
          app.services,
          request.actor,
          request.query.club_id,
          request.params.party_id,
        ),
      },
    }),
  );

  api.post(
    '/admin/dues/payments.json',
    {
      schema: {
        summary: 'Records cash or a cheque taken in person for unpaid years; paid at once',
        tags: ['console'],
        body: inPersonPaymentBodySchema,
        response: { 200: memberDuesAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: {
        member: await recordInPersonPayment(app.services, request.actor, request.body, request.ip),
      },
    }),
  );

  api.post(
    '/admin/dues/payments/:payment_id/void.json',
    {
      schema: {
        summary: 'Voids a payment taken in person, with a reason; its years are unpaid again',
        tags: ['console'],
        params: paymentParamsSchema,
        body: voidPaymentBodySchema,
        response: { 200: memberDuesAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: {
        member: await voidInPersonPayment(
          app.services,
          request.actor,
          request.params.payment_id,
          request.body,
          request.ip,
        ),
      },
    }),
  );
}
