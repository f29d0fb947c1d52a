import { signInForBench } from '../lib/member-signer.ts';
import { BENCH_CLIENT_HEADERS } from '../lib/scenario.ts';
import type { Scenario } from '../lib/scenario.ts';

/**
 * The news feed's first page as persona M sees it (issue 4, docs/architecture.md §10): visibility
 * rules, 20 posts with their clubs, authors and photos, signed like every member call.
 */
export const scenario: Scenario = {
  name: 'posts-feed',
  description: 'GET /api/private/mobile/v1/posts.json?page=0, signed by persona M',
  authenticate: (ctx) => signInForBench(ctx),
  prepare: () => ({
    method: 'GET',
    path: '/api/private/mobile/v1/posts.json?page=0',
    headers: BENCH_CLIENT_HEADERS,
  }),
};
