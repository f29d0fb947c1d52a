import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clubMembershipGroupsAnswerSchema } from '../../../common/schemas/session.ts';
import { listClubMembershipGroups } from '../../services/memberships.ts';

export function registerClubMembershipGroupRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/club_membership_groups.json',
    {
      schema: {
        summary: "The member's clubs, grouped by group name per organisation (My Memberships)",
        tags: ['clubs'],
        response: { 200: clubMembershipGroupsAnswerSchema },
      },
    },
    async (request) => ({
      data: { club_membership_groups: await listClubMembershipGroups(app.services, request.actor) },
    }),
  );
}
