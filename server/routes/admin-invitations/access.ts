import { consoleUsers } from '../../test/access-matrix.ts';
import type { AccessEntry } from '../../test/access-matrix.ts';

/*
 * Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55):
 * invitations to register (D69). The calls count (dry_run) a club's members without accounts,
 * so nothing is sent; Olentangy Lodge (L2) lies outside S's console, a 404.
 */

export const access: readonly AccessEntry[] = [
  {
    operation: 'GET /admin/invitations.json',
    expect: consoleUsers(200, 200),
    request: async (ctx) => ({
      path: `/admin/invitations.json?organization_id=${ctx.demo.organizationId()}&party_id=${ctx.partyOf('M2')}`,
    }),
  },
  {
    operation: 'POST /admin/invitations.json',
    expect: consoleUsers(200, 200),
    request: async (ctx) => ({
      path: '/admin/invitations.json',
      body: {
        organization_id: ctx.demo.organizationId(),
        club_id: ctx.demo.club('L1').id,
        dry_run: true,
      },
    }),
  },
];

export const further: readonly AccessEntry[] = [
  {
    // W is a member of Olentangy Lodge only: not S's to look up.
    operation: 'GET /admin/invitations.json',
    expect: consoleUsers(200, 404),
    request: async (ctx) => ({
      path: `/admin/invitations.json?organization_id=${ctx.demo.organizationId()}&party_id=${ctx.partyOf('W')}`,
    }),
  },
  {
    operation: 'POST /admin/invitations.json',
    expect: consoleUsers(200, 404),
    request: async (ctx) => ({
      path: '/admin/invitations.json',
      body: {
        organization_id: ctx.demo.organizationId(),
        club_id: ctx.demo.club('L2').id,
        dry_run: true,
      },
    }),
  },
];
