import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  invitationAnswerSchema,
  invitationRequestSchema,
  memberInvitationsAnswerSchema,
  memberInvitationsQuerySchema,
} from '../../../common/schemas/console-officers.ts';
import { mailLinkOriginOf } from '../../http/origin.ts';
import { inviteMembers, memberInvitations } from '../../services/console-invitations.ts';

/**
 * Invitations to register (issue 23, D69): one member, or every member of a club who has no
 * account yet, by e-mail with a link to the registration screen and their organisation chosen.
 */
export function registerAdminInvitationRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/admin/invitations.json',
    {
      schema: {
        summary:
          'Invites one member or a whole club without accounts to register (dry_run: only counts)',
        tags: ['console'],
        body: invitationRequestSchema,
        response: { 200: invitationAnswerSchema },
        refusals: [403, 404, 503],
      },
    },
    async (request) => ({
      data: {
        invitation: await inviteMembers(
          app.services,
          request.actor,
          request.body,
          mailLinkOriginOf(app, request),
          request.ip,
        ),
      },
    }),
  );

  api.get(
    '/admin/invitations.json',
    {
      schema: {
        summary: "A member's invitations to register, newest first: to which address, when, sent",
        tags: ['console'],
        querystring: memberInvitationsQuerySchema,
        response: { 200: memberInvitationsAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: { invitations: await memberInvitations(app.services, request.actor, request.query) },
    }),
  );
}
