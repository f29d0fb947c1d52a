import { signedIn } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

/** Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55). */
export const access: readonly AccessEntry[] = [
  {
    operation: 'GET /club_dues',
    expect: signedIn(200),
    request: async () => ({ path: '/club_dues' }),
  },
  {
    // Harmony Lodge's dues: M owes two years, M2 has paid all (422, nothing due); to anyone
    // without dues there it is a 404, an admin too (D50: dues are a member's own business).
    operation: 'GET /dues_payments/{clubId}/edit',
    expect: { visitor: 401, M: 200, M2: 422, W: 404, A: 404, X: 404 },
    request: async (ctx) => ({ path: `/dues_payments/${ctx.demo.club('L1').id}/edit` }),
  },
];
