import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  consoleMemberAnswerSchema,
  consoleMemberParamsSchema,
  consoleMemberQuerySchema,
  memberStatusChangeSchema,
  rosterAnswerSchema,
  rosterQuerySchema,
} from '../../../common/schemas/console.ts';
import { changeMemberStatus, consoleMember, rosterList } from '../../services/console-members.ts';

/**
 * The console's roster (issue 23, D66): the list, a member's record and their status. Member
 * routes: whether the caller is an administrator or a secretary of the member's club is the
 * console's policy (403 for anyone else, 404 outside their clubs).
 */
export function registerAdminMemberRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/admin/members.json',
    {
      schema: {
        summary:
          "An organisation's roster, searched by name or member number and filtered by club, status and account; pages of 50",
        tags: ['console'],
        querystring: rosterQuerySchema,
        response: { 200: rosterAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({ data: await rosterList(app.services, request.actor, request.query) }),
  );

  api.get(
    '/admin/members/:party_id.json',
    {
      schema: {
        summary:
          "A member's record: names, birth date, number, status, contacts, memberships with roles",
        tags: ['console'],
        params: consoleMemberParamsSchema,
        querystring: consoleMemberQuerySchema,
        response: { 200: consoleMemberAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: {
        member: await consoleMember(
          app.services,
          request.actor,
          request.query.organization_id,
          request.params.party_id,
        ),
      },
    }),
  );

  api.put(
    '/admin/members/:party_id/status.json',
    {
      schema: {
        summary:
          "Sets a member's status, its date and note; a member then active nowhere is signed out at once",
        tags: ['console'],
        params: consoleMemberParamsSchema,
        body: memberStatusChangeSchema,
        response: { 200: consoleMemberAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: {
        member: await changeMemberStatus(
          app.services,
          request.actor,
          request.params.party_id,
          request.body,
          request.ip,
        ),
      },
    }),
  );
}
