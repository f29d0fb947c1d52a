import type { AccessEntry } from '../../test/access-matrix.ts';

/** Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55). */
export const access: readonly AccessEntry[] = [
  {
    // The poll, for the chat's current members only (D42, D44).
    operation: 'GET /chats/{chatId}/last_activity_chat_message_id',
    expect: { visitor: 401, M: 200, M2: 200, W: 404, A: 404, X: 404 },
    request: async (ctx) => ({
      path: `/chats/${await ctx.fixtures.sharedGroupChatOfM()}/last_activity_chat_message_id`,
    }),
  },
];
