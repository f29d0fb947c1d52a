import type { ConsoleClubDetail } from '../../../common/schemas/console-clubs.ts';
import { consoleUsers } from '../../test/access-matrix.ts';
import type { AccessEntry, ClubKey, MatrixContext } from '../../test/access-matrix.ts';

/*
 * Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55):
 * the console's clubs (D68). S is the secretary of Harmony Lodge (L1); Olentangy Lodge (L2) is
 * outside S's console, so S gets the 404 of a club that does not exist there. A change writes
 * the club's own fields back, so later cells see the demo as it was; a close acts on a club
 * made for the cell.
 */

type ClubAnswer = { data: { club: ConsoleClubDetail } };

async function clubOf(ctx: MatrixContext, key: ClubKey): Promise<ConsoleClubDetail> {
  const answer = await ctx.ok<ClubAnswer>('A', 'GET', `/admin/clubs/${ctx.demo.club(key).id}.json`);
  return answer.data.club;
}

/** The fields of a club as PUT takes them. */
function fieldsOf(club: ConsoleClubDetail) {
  const {
    id: _id,
    organization_id: _organization,
    closed_at: _closed,
    group_name: _groupName,
    avatar: _avatar,
    map_image: _map,
    abilities: _abilities,
    ...fields
  } = club;
  return fields;
}

/** A new club's body under `key`'s lodge, with a web address name no one else has. */
async function newClubUnder(ctx: MatrixContext, key: ClubKey) {
  const parent = await clubOf(ctx, key);
  const n = ctx.unique();
  return {
    ...fieldsOf(parent),
    organization_id: parent.organization_id,
    group_id: parent.id,
    name: `Matrix Lodge ${n}`,
    formal_name: `Matrix Lodge No. ${n}`,
    subdomain: `matrix-${n}`,
  };
}

async function freshClubUnder(ctx: MatrixContext, key: ClubKey): Promise<number> {
  const made = await ctx.ok<ClubAnswer>(
    'A',
    'POST',
    '/admin/clubs.json',
    await newClubUnder(ctx, key),
  );
  return made.data.club.id;
}

export const access: readonly AccessEntry[] = [
  {
    operation: 'GET /admin/clubs.json',
    expect: consoleUsers(200, 200),
    request: async (ctx) => ({
      path: `/admin/clubs.json?organization_id=${ctx.demo.organizationId()}`,
    }),
  },
  {
    operation: 'GET /admin/clubs/{id}.json',
    expect: consoleUsers(200, 200),
    request: async (ctx) => ({ path: `/admin/clubs/${ctx.demo.club('L1').id}.json` }),
  },
  {
    operation: 'POST /admin/clubs.json',
    expect: consoleUsers(200, 200),
    request: async (ctx) => ({ path: '/admin/clubs.json', body: await newClubUnder(ctx, 'L1') }),
  },
  {
    operation: 'PUT /admin/clubs/{id}.json',
    expect: consoleUsers(200, 200),
    request: async (ctx) => ({
      path: `/admin/clubs/${ctx.demo.club('L1').id}.json`,
      body: fieldsOf(await clubOf(ctx, 'L1')),
    }),
  },
  {
    operation: 'POST /admin/clubs/{id}/close.json',
    expect: consoleUsers(200, 200),
    request: async (ctx) => ({
      path: `/admin/clubs/${await freshClubUnder(ctx, 'L1')}/close.json`,
    }),
  },
  ...(['avatar', 'map_image'] as const).map((kind): AccessEntry => ({
    operation: `PUT /admin/clubs/{id}/${kind}.json`,
    expect: consoleUsers(200, 200),
    // A club made for the cell, so the demo's lodge keeps its own pictures.
    request: async (ctx) => ({
      path: `/admin/clubs/${await freshClubUnder(ctx, 'L1')}/${kind}.json`,
      body: { file_name: 'emblem.png', base64: await ctx.pngBase64() },
    }),
  })),
];

/** The same calls on Olentangy Lodge (L2), outside S's console: a 404 to S. */
export const further: readonly AccessEntry[] = [
  {
    operation: 'GET /admin/clubs/{id}.json',
    expect: consoleUsers(200, 404),
    request: async (ctx) => ({ path: `/admin/clubs/${ctx.demo.club('L2').id}.json` }),
  },
  {
    operation: 'POST /admin/clubs.json',
    expect: consoleUsers(200, 404),
    request: async (ctx) => ({ path: '/admin/clubs.json', body: await newClubUnder(ctx, 'L2') }),
  },
  {
    operation: 'PUT /admin/clubs/{id}.json',
    expect: consoleUsers(200, 404),
    request: async (ctx) => ({
      path: `/admin/clubs/${ctx.demo.club('L2').id}.json`,
      body: fieldsOf(await clubOf(ctx, 'L2')),
    }),
  },
  {
    operation: 'POST /admin/clubs/{id}/close.json',
    expect: consoleUsers(200, 404),
    request: async (ctx) => ({
      path: `/admin/clubs/${await freshClubUnder(ctx, 'L2')}/close.json`,
    }),
  },
  ...(['avatar', 'map_image'] as const).map((kind): AccessEntry => ({
    operation: `PUT /admin/clubs/{id}/${kind}.json`,
    expect: consoleUsers(200, 404),
    request: async (ctx) => ({
      path: `/admin/clubs/${await freshClubUnder(ctx, 'L2')}/${kind}.json`,
      body: { file_name: 'emblem.png', base64: await ctx.pngBase64() },
    }),
  })),
];
