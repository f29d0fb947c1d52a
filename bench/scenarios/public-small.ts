import { BENCH_CLIENT_HEADERS } from '../lib/scenario.ts';
import type { Scenario } from '../lib/scenario.ts';

/**
 * A small public read: the organisation list the sign-in and registration screens load
 * before anyone is signed in. Unsigned, so it measures the server's fixed cost per request
 * (routing, hooks, security headers, serialisation, x-user-metadata) plus one small query.
 */
export const scenario: Scenario = {
  name: 'public-small',
  description: 'GET /api/private/mobile/v1/organizations.json, unsigned (small public list)',
  prepare: () => ({
    method: 'GET',
    path: '/api/private/mobile/v1/organizations.json',
    headers: BENCH_CLIENT_HEADERS,
  }),
};
