import { consoleUsers } from '../../test/access-matrix.ts';
import type { AccessEntry, MatrixContext } from '../../test/access-matrix.ts';

/*
 * Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55):
 * a membership's console roles (D69). M2's membership of Harmony Lodge (L1) is S's to change;
 * W's of Olentangy Lodge (L2) lies outside S's console, a 404 as if there were none. Each call
 * sends the roles the membership already holds, so no persona's standing changes.
 */

type MemberRecord = {
  data: { member: { memberships: { id: number; club: { id: number }; roles: string[] }[] } };
};

async function membershipOf(ctx: MatrixContext, persona: 'M2' | 'W', club: 'L1' | 'L2') {
  return ctx.once(`membership of ${persona}`, async () => {
    const answer = await ctx.ok<MemberRecord>(
      'A',
      'GET',
      `/admin/members/${ctx.partyOf(persona)}.json?organization_id=${ctx.demo.organizationId()}`,
    );
    const found = answer.data.member.memberships.find((m) => m.club.id === ctx.demo.club(club).id);
    if (!found) throw new Error(`${persona} has no membership of ${club}`);
    return { id: found.id, roles: found.roles };
  });
}

export const access: readonly AccessEntry[] = [
  {
    operation: 'PUT /admin/memberships/{id}/roles.json',
    expect: consoleUsers(200, 200),
    request: async (ctx) => {
      const membership = await membershipOf(ctx, 'M2', 'L1');
      return {
        path: `/admin/memberships/${membership.id}/roles.json`,
        body: { roles: membership.roles },
      };
    },
  },
];

/** Another lodge's membership: a 404 to S. */
export const further: readonly AccessEntry[] = [
  {
    operation: 'PUT /admin/memberships/{id}/roles.json',
    expect: consoleUsers(200, 404),
    request: async (ctx) => {
      const membership = await membershipOf(ctx, 'W', 'L2');
      return {
        path: `/admin/memberships/${membership.id}/roles.json`,
        body: { roles: membership.roles },
      };
    },
  },
];
