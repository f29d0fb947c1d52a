import { signInForBench } from '../lib/member-signer.ts';
import { BENCH_CLIENT_HEADERS } from '../lib/scenario.ts';
import type { Scenario } from '../lib/scenario.ts';

/**
 * The chat list as persona M sees it (issue 12, API-CHAT-01): every chat of M, newest activity
 * first, with up to five other members each, M's unseen counts and preferences, signed like
 * every member call. Goal against bare-signed: 0.5x or more, p99 under 50 ms.
 */
export const scenario: Scenario = {
  name: 'chat-list',
  description: 'GET /api/private/mobile/v1/chats.json, signed by persona M',
  authenticate: (ctx) => signInForBench(ctx),
  prepare: () => ({
    method: 'GET',
    path: '/api/private/mobile/v1/chats.json',
    headers: BENCH_CLIENT_HEADERS,
  }),
};
