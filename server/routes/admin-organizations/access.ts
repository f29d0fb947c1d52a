import { organizationSettingsOf } from '../../../common/schemas/console-clubs.ts';
import type { ConsoleOrganizationDetail } from '../../../common/schemas/console-clubs.ts';
import { adminsOnly, consoleUsers } from '../../test/access-matrix.ts';
import type { AccessEntry, MatrixContext } from '../../test/access-matrix.ts';

/*
 * Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55):
 * the organisation's settings (D68). S, secretary of one lodge, reads the organisation but may
 * not change it (403: that is the grand secretary's); X's organisation is outside S's console
 * (404). A change writes the settings back as they were.
 */

type OrganizationAnswer = { data: { organization: ConsoleOrganizationDetail } };

async function organization(ctx: MatrixContext, id: number): Promise<ConsoleOrganizationDetail> {
  const answer = await ctx.ok<OrganizationAnswer>('A', 'GET', `/admin/organizations/${id}.json`);
  return answer.data.organization;
}

/** The organisation of X, which none of the other personas belongs to. */
async function organizationOfX(ctx: MatrixContext): Promise<number> {
  const answer = await ctx.ok<{ data: { club: { organization_id: number } } }>(
    'A',
    'GET',
    `/admin/clubs/${ctx.demo.clubOfX().id}.json`,
  );
  return answer.data.club.organization_id;
}

export const access: readonly AccessEntry[] = [
  {
    operation: 'GET /admin/organizations/{id}.json',
    expect: consoleUsers(200, 200),
    request: async (ctx) => ({ path: `/admin/organizations/${ctx.demo.organizationId()}.json` }),
  },
  {
    operation: 'PUT /admin/organizations/{id}.json',
    expect: consoleUsers(200, 403),
    request: async (ctx) => ({
      path: `/admin/organizations/${ctx.demo.organizationId()}.json`,
      body: organizationSettingsOf(await organization(ctx, ctx.demo.organizationId())),
    }),
  },
  {
    operation: 'POST /admin/organizations.json',
    expect: adminsOnly(200),
    request: async (ctx) => ({
      path: '/admin/organizations.json',
      body: {
        ...organizationSettingsOf(await organization(ctx, ctx.demo.organizationId())),
        name: `Matrix Organisation ${ctx.unique()}`,
        club_types: [
          { id: null, name: 'Grand Lodge' },
          { id: null, name: 'Lodge' },
        ],
      },
    }),
  },
];

/** Another organisation's settings: outside S's console, a 404. */
export const further: readonly AccessEntry[] = [
  {
    operation: 'GET /admin/organizations/{id}.json',
    expect: consoleUsers(200, 404),
    request: async (ctx) => ({ path: `/admin/organizations/${await organizationOfX(ctx)}.json` }),
  },
  {
    operation: 'PUT /admin/organizations/{id}.json',
    expect: consoleUsers(200, 404),
    request: async (ctx) => {
      const id = await organizationOfX(ctx);
      return {
        path: `/admin/organizations/${id}.json`,
        body: organizationSettingsOf(await organization(ctx, id)),
      };
    },
  },
];
