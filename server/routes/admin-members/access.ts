import { CONSOLE_ROSTER, consoleUsers } from '../../test/access-matrix.ts';
import type { AccessEntry, MatrixContext } from '../../test/access-matrix.ts';

/*
 * Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55):
 * the console's roster (D66). M2 is a member of Harmony Lodge (L1), S's lodge; W is a member of
 * Olentangy Lodge (L2) only, outside S's console, so S gets the 404 of a member that does not
 * exist. The status set is `active` again, so the personas stay signed in for later cells.
 */

function statusOf(ctx: MatrixContext) {
  return {
    organization_id: ctx.demo.organizationId(),
    status: 'active',
    on: '2026-11-01',
    note: `Checked by the permission matrix, ${ctx.unique()}.`,
  };
}

export const access: readonly AccessEntry[] = [
  {
    operation: 'GET /admin/members.json',
    expect: consoleUsers(200, 200),
    mayName: [CONSOLE_ROSTER],
    request: async (ctx) => ({
      path: `/admin/members.json?organization_id=${ctx.demo.organizationId()}&q=a`,
    }),
  },
  {
    operation: 'GET /admin/members/{party_id}.json',
    expect: consoleUsers(200, 200),
    mayName: [CONSOLE_ROSTER],
    request: async (ctx) => ({
      path: `/admin/members/${ctx.partyOf('M2')}.json?organization_id=${ctx.demo.organizationId()}`,
    }),
  },
  {
    operation: 'PUT /admin/members/{party_id}/status.json',
    expect: consoleUsers(200, 200),
    mayName: [CONSOLE_ROSTER],
    request: async (ctx) => ({
      path: `/admin/members/${ctx.partyOf('M2')}/status.json`,
      body: statusOf(ctx),
    }),
  },
];

/** The same calls on a member outside S's lodge: a 404 to S, as if there were none. */
export const further: readonly AccessEntry[] = [
  {
    operation: 'GET /admin/members/{party_id}.json',
    expect: consoleUsers(200, 404),
    mayName: [CONSOLE_ROSTER],
    request: async (ctx) => ({
      path: `/admin/members/${ctx.partyOf('W')}.json?organization_id=${ctx.demo.organizationId()}`,
    }),
  },
  {
    operation: 'PUT /admin/members/{party_id}/status.json',
    expect: consoleUsers(200, 404),
    mayName: [CONSOLE_ROSTER],
    request: async (ctx) => ({
      path: `/admin/members/${ctx.partyOf('W')}/status.json`,
      body: statusOf(ctx),
    }),
  },
  {
    // S's roster search never reaches past their lodge: asking for Olentangy's club is a 404.
    operation: 'GET /admin/members.json',
    expect: consoleUsers(200, 404),
    mayName: [CONSOLE_ROSTER],
    request: async (ctx) => ({
      path: `/admin/members.json?organization_id=${ctx.demo.organizationId()}&club_id=${ctx.demo.club('L2').id}`,
    }),
  },
];
