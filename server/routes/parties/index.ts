import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { partyAnswerSchema, partyIdParamsSchema } from '../../../common/schemas/party.ts';
import { getParty } from '../../services/parties.ts';

/**
 * The party page's read (§7 Contacts and members, API-DIR-02). A signed member route: the auth
 * plugin guards it.
 */
export function registerPartyRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/parties/:id',
    {
      schema: {
        summary:
          "A member's page: names, avatar, phones, first e-mail, clubs and the caller's marks; 404 unless the caller may see them",
        tags: ['directory'],
        params: partyIdParamsSchema,
        response: { 200: partyAnswerSchema },
        refusals: [404],
      },
    },
    async (request) => ({
      data: { party: await getParty(app.services, request.actor, request.params.id) },
    }),
  );
}
