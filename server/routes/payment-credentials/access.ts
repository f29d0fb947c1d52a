import { signedIn } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

/** Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55). */
export const access: readonly AccessEntry[] = [
  {
    // The caller's own saved card; no call names another's.
    operation: 'GET /payment_credentials',
    expect: signedIn(200),
    request: async () => ({ path: '/payment_credentials' }),
  },
  {
    operation: 'DELETE /payment_credentials',
    expect: signedIn(200),
    request: async () => ({ path: '/payment_credentials' }),
  },
];
