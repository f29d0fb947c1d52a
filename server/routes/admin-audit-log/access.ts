import { consoleUsers } from '../../test/access-matrix.ts';
import type { AccessEntry, NamedField } from '../../test/access-matrix.ts';

/*
 * Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55):
 * the console's audit log (D71). S reads the rows of L1 and its members; L2 is outside S's
 * console, so filtering by it is the 404 of a club that does not exist.
 */

/** The log names who made each change and whom it concerns. */
export const AUDIT_LOG: NamedField = {
  at: /^(data\.entries\[\])?$/,
  why: 'the audit log names who changed what and whom it concerns, to the console users who manage them (D71)',
};

export const access: readonly AccessEntry[] = [
  {
    operation: 'GET /admin/audit_log.json',
    expect: consoleUsers(200, 200),
    mayName: [AUDIT_LOG],
    request: async () => ({ path: '/admin/audit_log.json' }),
  },
  {
    operation: 'GET /admin/audit_log.csv',
    expect: consoleUsers(200, 200),
    mayName: [AUDIT_LOG],
    request: async () => ({ path: '/admin/audit_log.csv' }),
  },
];

export const further: readonly AccessEntry[] = [
  {
    operation: 'GET /admin/audit_log.json',
    expect: consoleUsers(200, 404),
    mayName: [AUDIT_LOG],
    request: async (ctx) => ({ path: `/admin/audit_log.json?club_id=${ctx.demo.club('L2').id}` }),
  },
];
