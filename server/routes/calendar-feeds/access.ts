import { signedIn } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

/** Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55). */
export const access: readonly AccessEntry[] = [
  {
    // Each member's own feed address: the calls name no one else's.
    operation: 'GET /calendar_feed.json',
    expect: signedIn(200),
    request: async () => ({ path: '/calendar_feed.json' }),
  },
  {
    operation: 'POST /calendar_feed.json',
    expect: signedIn(200),
    request: async () => ({ path: '/calendar_feed.json' }),
  },
  {
    operation: 'DELETE /calendar_feed.json',
    expect: signedIn(204),
    request: async () => ({ path: '/calendar_feed.json' }),
  },
  {
    // W's lodge-only event of Olentangy Lodge: a 404 to those who may not see it.
    operation: 'GET /calendar_events/{id}.ics',
    expect: { visitor: 401, M: 404, M2: 404, W: 200, A: 200, X: 404 },
    request: async (ctx) => ({
      path: `/calendar_events/${await ctx.fixtures.sharedLodgeOnlyEventOfL2()}.ics`,
    }),
  },
];
