import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditAnswerSchema,
  auditCsvQuerySchema,
  auditQuerySchema,
} from '../../../common/schemas/console-dues.ts';
import type { AuditQuery } from '../../../common/schemas/console-dues.ts';
import { auditLogCsv, auditLogPage } from '../../services/console-audit-log.ts';
import { sendCsv } from '../../http/csv-reply.ts';

/**
 * The console's audit log (issue 23, D71): filtered, newest first, paged by a keyset, and as
 * CSV. An administrator reads every row, a secretary those of their clubs and their members.
 */
export function registerAdminAuditLogRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/audit_log.json',
    {
      schema: {
        summary:
          'The audit log: who changed what, when, with the values before and after; pages of 50, newest first',
        tags: ['console'],
        querystring: auditQuerySchema,
        response: { 200: auditAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({ data: await auditLogPage(app.services, request.actor, request.query) }),
  );

  app.get<{ Querystring: Omit<AuditQuery, 'before'> }>(
    '/admin/audit_log.csv',
    {
      schema: {
        summary: 'The filtered audit log as CSV (at most 50,000 rows, formula-guarded cells)',
        tags: ['console'],
        querystring: auditCsvQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('The audit log as CSV, a header row first') },
        refusals: [403, 404],
      },
    },
    async (request, reply) =>
      sendCsv(reply, await auditLogCsv(app.services, request.actor, request.query)),
  );
}
