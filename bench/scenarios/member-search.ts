import { signInForBench } from '../lib/member-signer.ts';
import { BENCH_CLIENT_HEADERS } from '../lib/scenario.ts';
import type { Scenario } from '../lib/scenario.ts';

/**
 * Member search as persona M types a first and a last name (issue 11, docs/decisions.md D38):
 * two short prefixes, so the search reads every name that begins with either, ranks them and
 * answers a page of 25 with their lodges. `bench/member-search-latency.ts` times 1-, 2- and
 * 3-token searches at the server.
 */
export const scenario: Scenario = {
  name: 'member-search',
  description: 'GET /api/private/mobile/v1/contacts_by_name?search_text=jo+sm, signed by persona M',
  authenticate: (ctx) => signInForBench(ctx),
  prepare: () => ({
    method: 'GET',
    path: '/api/private/mobile/v1/contacts_by_name?search_text=jo+sm',
    headers: BENCH_CLIENT_HEADERS,
  }),
};
