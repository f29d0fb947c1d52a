import { signedIn } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

/** Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55). */
export const access: readonly AccessEntry[] = [
  {
    // Search finds only members one may see (D37): X finds no Harper of Ohio, but is not refused.
    operation: 'GET /contacts_by_name',
    expect: signedIn(200),
    request: async () => ({ path: '/contacts_by_name?search_text=harper' }),
  },
];
