import { signInForBench } from '../lib/member-signer.ts';
import { BENCH_CLIENT_HEADERS } from '../lib/scenario.ts';
import type { Scenario } from '../lib/scenario.ts';

/**
 * The notices list as persona M sees it (issue 13, API-NOTE-01): the first page of M's own
 * notices, newest first by (last_set_at, id) from the index of migration 0009, each message
 * cleaned by the rich-text allow-list, signed like every member call. Goal against
 * bare-signed: 0.5x or more, p99 under 50 ms (docs/decisions.md D47).
 */
export const scenario: Scenario = {
  name: 'notices-list',
  description: 'GET /api/private/mobile/v1/notices.json, signed by persona M',
  authenticate: (ctx) => signInForBench(ctx),
  prepare: () => ({
    method: 'GET',
    path: '/api/private/mobile/v1/notices.json',
    headers: BENCH_CLIENT_HEADERS,
  }),
};
