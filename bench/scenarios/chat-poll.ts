import { signInForBench } from '../lib/member-signer.ts';
import { BENCH_CLIENT_HEADERS } from '../lib/scenario.ts';
import type { Scenario } from '../lib/scenario.ts';

const LIST = '/api/private/mobile/v1/chats.json';

/**
 * The open chat's poll (issue 12, API-CHAT-05, CHAT-15): called twice a second by every open
 * chat without a stream, answered from memory kept by the bus (docs/decisions.md D44), signed
 * by persona M on M's most recently active chat. Goal against bare-signed: 0.7x or more.
 */
export const scenario: Scenario = {
  name: 'chat-poll',
  description:
    'GET /api/private/mobile/v1/chats/{id}/last_activity_chat_message_id, signed by persona M',
  authenticate: (ctx) => signInForBench(ctx),
  async prepare(ctx) {
    const answer = await ctx.send(
      { method: 'GET', path: LIST, headers: BENCH_CLIENT_HEADERS },
      ctx.signer,
    );
    if (answer.status !== 200) throw new Error(`${LIST} answered ${answer.status}`);
    const list = JSON.parse(answer.body.toString('utf8')) as { data: { chats: { id: number }[] } };
    const chat = list.data.chats[0];
    if (!chat) throw new Error('persona M has no chat in this data set');
    return {
      method: 'GET',
      path: `/api/private/mobile/v1/chats/${chat.id}/last_activity_chat_message_id`,
      headers: BENCH_CLIENT_HEADERS,
    };
  },
};
