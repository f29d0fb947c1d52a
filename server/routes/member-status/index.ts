import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  memberStatusListAnswerSchema,
  memberStatusValidationRequestSchema,
} from '../../../common/schemas/member-status.ts';
import { checkMemberStatus } from '../../services/member-status.ts';

/** The status checker (§7 Contacts and members, STAT-02, API-DIR-07). Signed member route. */
export function registerMemberStatusRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/member_status_validations',
    {
      schema: {
        summary:
          'Statuses held under a member number in a recognised organisation; rate limited (D48)',
        tags: ['directory'],
        body: memberStatusValidationRequestSchema,
        response: { 200: memberStatusListAnswerSchema },
        refusals: [429],
      },
    },
    async (request) => ({
      data: {
        member_statuses: await checkMemberStatus(
          app.services,
          request.actor,
          request.body.member_status_validation,
        ),
      },
    }),
  );
}
