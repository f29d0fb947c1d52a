import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chatIdParamsSchema, lastActivityAnswerSchema } from '../../../common/schemas/chat.ts';
import { lastActivityChatMessageId } from '../../services/chat-activity.ts';

/**
 * The chat poll (API-CHAT-05): every open chat calls it twice a second when it has no event
 * stream (AMB-26), so it is answered from memory kept by the bus (docs/decisions.md D44).
 */
export function registerChatActivityRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/chats/:chatId/last_activity_chat_message_id',
    {
      schema: {
        summary: "The chat's newest message id, for the 500 ms poll (members only)",
        tags: ['chats'],
        params: chatIdParamsSchema,
        response: { 200: lastActivityAnswerSchema },
        refusals: [404],
      },
      // Twice a second per open chat: one line each would drown the log.
      logLevel: 'warn',
    },
    async (request) => ({
      data: {
        last_activity_chat_message_id: await lastActivityChatMessageId(
          app.services,
          request.actor,
          request.params.chatId,
        ),
      },
    }),
  );
}
