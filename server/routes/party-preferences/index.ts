import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  partyPreferenceAnswerSchema,
  partyPreferenceRequestSchema,
} from '../../../common/schemas/chat.ts';
import { setPartyPreference } from '../../services/party-preferences.ts';

/** The member's preferences (API-CHAT-11, ENT-12): SHOW_HIDDEN_CHATS for the chat list. */
export function registerPartyPreferenceRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/party_preferences.json',
    {
      schema: {
        summary: 'Set a preference of the member (SHOW_HIDDEN_CHATS: YES or NO)',
        tags: ['chats'],
        body: partyPreferenceRequestSchema,
        response: { 200: partyPreferenceAnswerSchema },
      },
    },
    async (request) => ({
      data: {
        party_preference: await setPartyPreference(
          app.services,
          request.actor,
          request.body.party_preference,
        ),
      },
    }),
  );
}
