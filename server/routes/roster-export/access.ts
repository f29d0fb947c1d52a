import type { AccessEntry, NamedField } from '../../test/access-matrix.ts';

/**
 * The roster export names every member it holds: it is the console's own roster (D63), given
 * only to those who manage these members' records, which is more than the directory shows.
 */
const CONSOLE_ROSTER: NamedField = {
  at: /^$/,
  why: "the console's roster export, to the administrator or secretary who manages these records (D63)",
};

/** Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55). */
export const access: readonly AccessEntry[] = [
  {
    operation: 'GET /admin/roster_export.csv',
    expect: { visitor: 401, M: 403, M2: 403, W: 403, A: 200, X: 403 },
    mayName: [CONSOLE_ROSTER],
    request: async (ctx) => ({
      path: `/admin/roster_export.csv?organization_id=${ctx.demo.organizationId()}&club_id=${ctx.demo.club('L1').id}`,
    }),
  },
];
