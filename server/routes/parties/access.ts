import { signedIn } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

/** Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55). */
export const access: readonly AccessEntry[] = [
  {
    // M2's page: every member of the organisation opens it, X (another) gets the 404 (D37).
    operation: 'GET /parties/{id}',
    expect: { ...signedIn(200), X: 404 },
    request: async (ctx) => ({ path: `/parties/${ctx.partyOf('M2')}` }),
  },
];
