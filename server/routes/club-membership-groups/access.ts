import { signedIn } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

/** Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55). */
export const access: readonly AccessEntry[] = [
  {
    operation: 'GET /club_membership_groups.json',
    expect: signedIn(200),
    request: async () => ({ path: '/club_membership_groups.json' }),
  },
];
