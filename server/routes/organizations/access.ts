import { everyone } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

/** Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55). */
export const access: readonly AccessEntry[] = [
  {
    // A visitor needs the list to prove membership before registering (policies/organizations.ts).
    operation: 'GET /organizations.json',
    expect: everyone(200),
    request: async () => ({ path: '/organizations.json' }),
  },
  {
    operation: 'GET /organizations/recognized.json',
    expect: everyone(200),
    request: async () => ({ path: '/organizations/recognized.json' }),
  },
];
