import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  membershipParamsSchema,
  membershipRolesAnswerSchema,
  membershipRolesChangeSchema,
} from '../../../common/schemas/console-officers.ts';
import { setMembershipRoles } from '../../services/console-roles.ts';

/**
 * A membership's console roles (issue 23, D69): webmaster and secretary, set on a current
 * membership by an administrator or a secretary of its club; in effect from the next call.
 */
export function registerAdminMembershipRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.put(
    '/admin/memberships/:id/roles.json',
    {
      schema: {
        summary:
          'Sets the roles (webmaster, secretary) of a current membership; every role not sent is removed',
        tags: ['console'],
        params: membershipParamsSchema,
        body: membershipRolesChangeSchema,
        response: { 200: membershipRolesAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: {
        membership: await setMembershipRoles(
          app.services,
          request.actor,
          request.params.id,
          request.body,
          request.ip,
        ),
      },
    }),
  );
}
