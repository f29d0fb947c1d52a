import { signInForBench } from '../lib/member-signer.ts';
import { BENCH_CLIENT_HEADERS } from '../lib/scenario.ts';
import type { Scenario } from '../lib/scenario.ts';

/**
 * The calendar's first tab as persona M sees it (issue 10): the events of M's lodges and the
 * lodges M follows, upcoming first, 30 with their clubs, photos, M's RSVPs and the counts,
 * signed like every member call (docs/decisions.md D31).
 */
export const scenario: Scenario = {
  name: 'calendar-my-events',
  description:
    'GET /api/private/mobile/v1/calendar_events.json?group=my_events, signed by persona M',
  authenticate: (ctx) => signInForBench(ctx),
  prepare: () => ({
    method: 'GET',
    path: '/api/private/mobile/v1/calendar_events.json?group=my_events',
    headers: BENCH_CLIENT_HEADERS,
  }),
};
