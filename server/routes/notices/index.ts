import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  noticeAnswerSchema,
  noticeIdParamsSchema,
  noticeListAnswerSchema,
  noticeListQuerySchema,
} from '../../../common/schemas/notice.ts';
import { listNotices, markNoticeRead } from '../../services/notices.ts';

/** The member's notices (§7 Notices; API-NOTE-01/02). Signed member routes. */
export function registerNoticeRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/notices.json',
    {
      schema: {
        summary: "The member's own notices, newest first, 20 a page; `before` pages on (D47)",
        tags: ['notices'],
        querystring: noticeListQuerySchema,
        response: { 200: noticeListAnswerSchema },
      },
    },
    async (request) => ({ data: await listNotices(app.services, request.actor, request.query) }),
  );

  api.put(
    '/notices/:id/mark_read',
    {
      schema: {
        summary: "Mark one of the member's notices read; again changes nothing; 404 if not theirs",
        tags: ['notices'],
        params: noticeIdParamsSchema,
        response: { 200: noticeAnswerSchema },
        refusals: [404],
      },
    },
    async (request) => ({
      data: { notice: await markNoticeRead(app.services, request.actor, request.params.id) },
    }),
  );
}
