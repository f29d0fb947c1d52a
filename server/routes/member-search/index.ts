import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  memberSearchAnswerSchema,
  memberSearchQuerySchema,
} from '../../../common/schemas/member-search.ts';
import { searchMembers } from '../../services/member-search.ts';

/** Member search (§7 Contacts and members; API-DIR-01, SRCH-01..08). */
export function registerMemberSearchRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/contacts_by_name',
    {
      schema: {
        summary: 'Members found by name: exact names first, then lodge-mates; pages of 25',
        tags: ['directory'],
        querystring: memberSearchQuerySchema,
        response: { 200: memberSearchAnswerSchema },
      },
    },
    async (request) => {
      const { search_text: text, page } = request.query;
      return { data: await searchMembers(app.services, request.actor, text, page) };
    },
  );
}
