import { signedIn } from '../../test/access-matrix.ts';
import type { AccessEntry, Outcomes } from '../../test/access-matrix.ts';

/*
 * Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55).
 * A chat belongs to its current members (D42): M and M2 in M's group chats; W, the admin and X
 * get the 404 of an unknown chat. Leaving and adding act on a new chat each time.
 */

const MEMBERS_OF_THE_CHAT = (status: number): Outcomes => ({
  visitor: 401,
  M: status,
  M2: status,
  W: 404,
  A: 404,
  X: 404,
});

export const access: readonly AccessEntry[] = [
  {
    operation: 'GET /chats.json',
    expect: signedIn(200),
    request: async () => ({ path: '/chats.json' }),
  },
  {
    // A one-on-one with M2: with oneself is a 422 (VAL-05), with someone one may not see a 404.
    operation: 'POST /chats.json',
    expect: { visitor: 401, M: 200, M2: 422, W: 200, A: 200, X: 404 },
    request: async (ctx) => ({
      path: '/chats.json',
      body: { chat: { party_id: ctx.partyOf('M2') } },
    }),
  },
  {
    operation: 'GET /chats/{chatId}',
    expect: MEMBERS_OF_THE_CHAT(200),
    request: async (ctx) => ({
      path: `/chats/${await ctx.fixtures.sharedGroupChatOfM()}?mark_read=false`,
    }),
  },
  {
    operation: 'POST /chats/{chatId}/party_chat_messages.json',
    expect: MEMBERS_OF_THE_CHAT(201),
    request: async (ctx) => ({
      path: `/chats/${await ctx.fixtures.sharedGroupChatOfM()}/party_chat_messages.json`,
      body: { chat_message: { client_id: `matrix-${ctx.unique()}`, content: 'See you Tuesday.' } },
    }),
  },
  {
    operation: 'POST /chats/{chatId}/hide.json',
    expect: MEMBERS_OF_THE_CHAT(200),
    request: async (ctx) => ({
      path: `/chats/${await ctx.fixtures.sharedGroupChatOfM()}/hide.json`,
    }),
  },
  {
    operation: 'POST /chats/{chatId}/leave.json',
    expect: MEMBERS_OF_THE_CHAT(200),
    request: async (ctx) => ({ path: `/chats/${await ctx.fixtures.groupChatOfM()}/leave.json` }),
  },
  {
    operation: 'PUT /chats/{chatId}.json',
    expect: MEMBERS_OF_THE_CHAT(200),
    request: async (ctx) => ({
      path: `/chats/${await ctx.fixtures.sharedGroupChatOfM()}.json`,
      body: { chat: { name: `Tuesday night ${ctx.unique()}` } },
    }),
  },
  {
    // Adding W, whom both members of the chat may see.
    operation: 'POST /party_chats.json',
    expect: MEMBERS_OF_THE_CHAT(200),
    request: async (ctx) => ({
      path: '/party_chats.json',
      body: {
        party_chat: { chat_id: await ctx.fixtures.groupChatOfM(), party_id: ctx.partyOf('W') },
      },
    }),
  },
];
