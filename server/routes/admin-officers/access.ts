import { consoleUsers } from '../../test/access-matrix.ts';
import type { AccessEntry, MatrixContext, NamedField } from '../../test/access-matrix.ts';

/*
 * Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55):
 * a club's officers (D69). Harmony Lodge (L1) is S's; Olentangy Lodge (L2) lies outside S's
 * console, a 404 as if it did not exist. A call that changes or removes a record gets one made
 * for it by the administrator.
 */

/** The holders of a club's positions, present and past, as the club's console shows them. */
const CONSOLE_OFFICERS: NamedField = {
  at: /^data\.positions\[\]\.terms\[\]$/,
  why: "a club's officers, past and present: the club's administrators and secretaries keep them (D69), and the club home names the current ones to everyone",
};

type Officers = { data: { positions: { id: number; title: string; terms: { id: number }[] }[] } };

async function newPosition(ctx: MatrixContext, club: 'L1' | 'L2') {
  const title = `Matrix Steward ${ctx.unique()}`;
  const answer = await ctx.ok<Officers>('A', 'POST', '/admin/officer_positions.json', {
    club_id: ctx.demo.club(club).id,
    title,
  });
  const position = answer.data.positions.find((p) => p.title === title);
  if (!position) throw new Error('the new position is missing');
  return position.id;
}

async function newTerm(ctx: MatrixContext, club: 'L1' | 'L2') {
  const positionId = await newPosition(ctx, club);
  const answer = await ctx.ok<Officers>('A', 'POST', '/admin/officer_terms.json', {
    position_id: positionId,
    full_name: 'Matrix Holder',
    from_date: '2020-01-01',
  });
  const term = answer.data.positions.find((p) => p.id === positionId)?.terms[0];
  if (!term) throw new Error('the new term is missing');
  return term.id;
}

async function orderOf(ctx: MatrixContext, club: 'L1' | 'L2') {
  const answer = await ctx.ok<{
    data: { positions: { id: number; retired_on: string | null }[] };
  }>('A', 'GET', `/admin/officers.json?club_id=${ctx.demo.club(club).id}`);
  return answer.data.positions.filter((p) => p.retired_on === null).map((p) => p.id);
}

function entries(club: 'L1' | 'L2', secretary: number): AccessEntry[] {
  return [
    {
      operation: 'GET /admin/officers.json',
      expect: consoleUsers(200, secretary),
      mayName: [CONSOLE_OFFICERS],
      request: async (ctx) => ({ path: `/admin/officers.json?club_id=${ctx.demo.club(club).id}` }),
    },
    {
      operation: 'POST /admin/officer_positions.json',
      expect: consoleUsers(200, secretary),
      mayName: [CONSOLE_OFFICERS],
      request: async (ctx) => ({
        path: '/admin/officer_positions.json',
        body: { club_id: ctx.demo.club(club).id, title: `Matrix Tyler ${ctx.unique()}` },
      }),
    },
    {
      operation: 'PUT /admin/officer_position_order.json',
      expect: consoleUsers(200, secretary),
      mayName: [CONSOLE_OFFICERS],
      request: async (ctx) => ({
        path: '/admin/officer_position_order.json',
        body: { club_id: ctx.demo.club(club).id, position_ids: await orderOf(ctx, club) },
      }),
    },
    {
      operation: 'PUT /admin/officer_positions/{id}.json',
      expect: consoleUsers(200, secretary),
      mayName: [CONSOLE_OFFICERS],
      request: async (ctx) => ({
        path: `/admin/officer_positions/${await newPosition(ctx, club)}.json`,
        body: { title: `Matrix Marshal ${ctx.unique()}` },
      }),
    },
    {
      operation: 'DELETE /admin/officer_positions/{id}.json',
      expect: consoleUsers(200, secretary),
      mayName: [CONSOLE_OFFICERS],
      request: async (ctx) => ({
        path: `/admin/officer_positions/${await newPosition(ctx, club)}.json`,
      }),
    },
    {
      operation: 'POST /admin/officer_terms.json',
      expect: consoleUsers(200, secretary),
      mayName: [CONSOLE_OFFICERS],
      request: async (ctx) => ({
        path: '/admin/officer_terms.json',
        body: {
          position_id: await newPosition(ctx, club),
          full_name: 'Matrix Appointee',
          from_date: '2021-06-01',
        },
      }),
    },
    {
      operation: 'PUT /admin/officer_terms/{id}.json',
      expect: consoleUsers(200, secretary),
      mayName: [CONSOLE_OFFICERS],
      request: async (ctx) => ({
        path: `/admin/officer_terms/${await newTerm(ctx, club)}.json`,
        body: { from_date: '2020-01-01', to_date: '2020-12-31' },
      }),
    },
  ];
}

export const access: readonly AccessEntry[] = entries('L1', 200);

/** The same calls on another lodge's officers: a 404 to S. */
export const further: readonly AccessEntry[] = entries('L2', 404);
