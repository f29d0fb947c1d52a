import type { Scenario } from '../lib/scenario.ts';

/**
 * The liveness probe: no database, no API hooks. Its ratio against bare `node:http` is the
 * ceiling of what any route can reach with the server's plugins, so a hot read's ratio is
 * best read next to it.
 */
export const scenario: Scenario = {
  name: 'healthz',
  description: 'GET /healthz (no database; the per-request floor of the server)',
  prepare: () => ({ method: 'GET', path: '/healthz' }),
};
