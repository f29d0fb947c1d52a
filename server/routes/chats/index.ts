import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_REQUEST_BYTES } from '../../../common/constants.ts';
import {
  addChatPartyRequestSchema,
  chatAnswerSchema,
  chatChangeAnswerSchema,
  chatIdParamsSchema,
  chatListAnswerSchema,
  chatMessageAnswerSchema,
  chatQuerySchema,
  createChatAnswerSchema,
  createChatRequestSchema,
  renameChatRequestSchema,
  sendChatMessageRequestSchema,
} from '../../../common/schemas/chat.ts';
import {
  addChatMember,
  createChat,
  hideChat,
  leaveChat,
  renameChat,
} from '../../services/chat-changes.ts';
import { sendChatMessage } from '../../services/chat-messages.ts';
import { getChat, listChats } from '../../services/chats.ts';

/**
 * Chats (§7 Chats; API-CHAT-01..04, -06..10; docs/decisions.md D41, D42). Signed member
 * routes: the auth plugin guards them. A chat the member is not in is a 404; a group action
 * on a one-on-one a 403. The poll (`last_activity_chat_message_id`) is routes/chat-activity.
 */
export function registerChatRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/chats.json',
    {
      schema: {
        summary: "The member's chats, newest activity first, hidden ones too, and preferences",
        tags: ['chats'],
        response: { 200: chatListAnswerSchema },
      },
    },
    async (request) => ({ data: await listChats(app.services, request.actor) }),
  );

  api.post(
    '/chats.json',
    {
      schema: {
        summary: 'Start a group chat, or a one-on-one (or open the existing one, with an alert)',
        tags: ['chats'],
        body: createChatRequestSchema,
        response: { 200: createChatAnswerSchema },
        refusals: [404],
      },
    },
    async (request) => createChat(app.services, request.actor, request.body.chat),
  );

  api.get(
    '/chats/:chatId',
    {
      schema: {
        summary:
          'One chat: its members and a page of messages, newest first; marks it read unless mark_read=false',
        tags: ['chats'],
        params: chatIdParamsSchema,
        querystring: chatQuerySchema,
        response: { 200: chatAnswerSchema },
        refusals: [404],
      },
    },
    async (request) => ({
      data: {
        chat: await getChat(app.services, request.actor, request.params.chatId, {
          beforeId: request.query.before_id,
          markRead: request.query.mark_read !== 'false',
        }),
      },
    }),
  );

  api.post(
    '/chats/:chatId/party_chat_messages.json',
    {
      bodyLimit: MAX_UPLOAD_REQUEST_BYTES,
      schema: {
        summary: 'Send text or one image; a repeated client_id answers the first send (200)',
        tags: ['chats'],
        params: chatIdParamsSchema,
        body: sendChatMessageRequestSchema,
        response: { 200: chatMessageAnswerSchema, 201: chatMessageAnswerSchema },
        refusals: [404],
      },
    },
    async (request, reply) => {
      const { message, created } = await sendChatMessage(
        app.services,
        request.actor,
        request.params.chatId,
        request.body.chat_message,
      );
      return reply.code(created ? 201 : 200).send({ data: { chat_message: message } });
    },
  );

  api.post(
    '/chats/:chatId/hide.json',
    {
      schema: {
        summary: 'Hide the chat for the member until its next message (AMB-27)',
        tags: ['chats'],
        params: chatIdParamsSchema,
        response: { 200: chatChangeAnswerSchema },
        refusals: [404],
      },
    },
    async (request) => {
      await hideChat(app.services, request.actor, request.params.chatId);
      return { data: { chat: { id: request.params.chatId } } };
    },
  );

  api.post(
    '/chats/:chatId/leave.json',
    {
      schema: {
        summary: 'Leave a group chat',
        tags: ['chats'],
        params: chatIdParamsSchema,
        response: { 200: chatChangeAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => {
      await leaveChat(app.services, request.actor, request.params.chatId);
      return { data: { chat: { id: request.params.chatId } } };
    },
  );

  api.put(
    '/chats/:chatId.json',
    {
      schema: {
        summary: 'Rename a group chat',
        tags: ['chats'],
        params: chatIdParamsSchema,
        body: renameChatRequestSchema,
        response: { 200: chatChangeAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => {
      await renameChat(app.services, request.actor, request.params.chatId, request.body.chat.name);
      return { data: { chat: { id: request.params.chatId } } };
    },
  );

  api.post(
    '/party_chats.json',
    {
      schema: {
        summary: 'Add a member to a group chat (or bring back one who left)',
        tags: ['chats'],
        body: addChatPartyRequestSchema,
        response: { 200: chatChangeAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => {
      await addChatMember(app.services, request.actor, request.body.party_chat);
      return { data: { chat: { id: request.body.party_chat.chat_id } } };
    },
  );
}
