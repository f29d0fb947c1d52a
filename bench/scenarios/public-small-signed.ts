import { signInForBench } from '../lib/member-signer.ts';
import { BENCH_CLIENT_HEADERS } from '../lib/scenario.ts';
import type { Scenario } from '../lib/scenario.ts';

/**
 * The same call as public-small, signed by a signed-in member as the SPA sends it: the session
 * lookup, the signature check, the salt's replay record and x-user-metadata on top. Run both
 * together (`npm run bench -- public-small public-small-signed`) for issue 3's measure.
 */
export const scenario: Scenario = {
  name: 'public-small-signed',
  description: 'GET /api/private/mobile/v1/organizations.json, signed by persona M',
  authenticate: (ctx) => signInForBench(ctx),
  prepare: () => ({
    method: 'GET',
    path: '/api/private/mobile/v1/organizations.json',
    headers: BENCH_CLIENT_HEADERS,
  }),
};
