import { consoleUsers } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

/** Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55). */
export const access: readonly AccessEntry[] = [
  {
    // An administrator's scope is everything; S's is Harmony Lodge and what lies below it.
    operation: 'GET /admin/scope.json',
    expect: consoleUsers(200, 200),
    request: async () => ({ path: '/admin/scope.json' }),
  },
];
