import type { RosterImportRequest } from '../../../common/schemas/console.ts';
import type { AccessEntry, MatrixContext, Outcomes } from '../../test/access-matrix.ts';

/** The console's level: administrators (and secretaries, D63) pass; other members get a 403. */
function consoleUsers(status: number): Outcomes {
  return { visitor: 401, M: 403, M2: 403, W: 403, A: status, X: 403 };
}

/** A check (dry run) of a one-row file for Harmony Lodge: it changes nothing, whoever sends it. */
function checkOfOneRow(ctx: MatrixContext): RosterImportRequest {
  const number = `7${String(ctx.unique()).padStart(5, '0')}`;
  return {
    organization_id: ctx.demo.organizationId(),
    dry_run: true,
    csv: `member_number,first_name,last_name,birth_date,club\n${number},Matrix,Check,01/02/1960,${ctx.demo.club('L1').subdomain}\n`,
  };
}

/** Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55). */
export const access: readonly AccessEntry[] = [
  {
    operation: 'POST /admin/roster_imports.json',
    expect: consoleUsers(202),
    request: async (ctx) => ({ path: '/admin/roster_imports.json', body: checkOfOneRow(ctx) }),
  },
  {
    // A's check: its creator and administrators read it; no other member learns it exists.
    operation: 'GET /admin/roster_imports/{id}.json',
    expect: consoleUsers(200),
    request: async (ctx) => {
      const id = await ctx.once('roster import of A', async () => {
        const answer = await ctx.ok<{ data: { import: { id: number } } }>(
          'A',
          'POST',
          '/admin/roster_imports.json',
          checkOfOneRow(ctx),
        );
        return answer.data.import.id;
      });
      return { path: `/admin/roster_imports/${id}.json` };
    },
  },
];
