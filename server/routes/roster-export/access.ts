import { CONSOLE_ROSTER, consoleUsers } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

/** Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55). */
export const access: readonly AccessEntry[] = [
  {
    operation: 'GET /admin/roster_export.csv',
    // L1 is S's lodge: S exports it too.
    expect: consoleUsers(200, 200),
    mayName: [CONSOLE_ROSTER],
    request: async (ctx) => ({
      path: `/admin/roster_export.csv?organization_id=${ctx.demo.organizationId()}&club_id=${ctx.demo.club('L1').id}`,
    }),
  },
];
