import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLUBS, SECRETARY } from '../db/seed/personas.ts';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import { mayManageClub, mayWorkInOrganization } from '../policies/console.ts';
import { demoServices } from '../test/demo-services.ts';
import { viewerOf } from '../test/post-visibility.ts';
import type { TestDatabase } from '../test/test-database.ts';
import { VISITOR } from '../auth/actor.ts';
import { requireConsole } from './console-access.ts';
import type { ServiceContext } from './context.ts';

/*
 * The console's scope (D63) on the demo data: who opens it, and which clubs it covers. The tree
 * below a club is computed here the plain way (walking group_id in code) as the second opinion
 * to the recursive query in db/console-scope.ts.
 */

let database: TestDatabase;
let ctx: ServiceContext;
let clubs: { id: number; organization_id: number; group_id: number | null; subdomain: string }[];

beforeAll(async () => {
  ({ database, ctx } = await demoServices());
  clubs = await ctx.db
    .selectFrom('clubs')
    .select(['id', 'organization_id', 'group_id', 'subdomain'])
    .execute();
});

afterAll(async () => {
  await database.drop();
});

function clubId(subdomain: string): number {
  const club = clubs.find((c) => c.subdomain === subdomain);
  if (!club) throw new Error(`no club ${subdomain}`);
  return club.id;
}

/** The club and every club below it, walking group_id. */
function treeBelow(rootId: number): Set<number> {
  const tree = new Set([rootId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const club of clubs) {
      if (club.group_id !== null && tree.has(club.group_id) && !tree.has(club.id)) {
        tree.add(club.id);
        grew = true;
      }
    }
  }
  return tree;
}

async function memberOf(username: string) {
  return (await viewerOf(ctx.db, username)).member;
}

describe('requireConsole', () => {
  it('refuses a visitor with a 401 and a member or webmaster with a 403', async () => {
    await expect(requireConsole(ctx, VISITOR)).rejects.toBeInstanceOf(UnauthorizedError);
    for (const username of ['member', 'member2', 'webmaster']) {
      await expect(requireConsole(ctx, await memberOf(username))).rejects.toBeInstanceOf(
        ForbiddenError,
      );
    }
  });

  it('gives an administrator every club of every organisation', async () => {
    const { scope } = await requireConsole(ctx, await memberOf('admin'));
    for (const club of clubs) {
      expect(mayManageClub(scope, club.id)).toBe(true);
      expect(mayWorkInOrganization(scope, club.organization_id)).toBe(true);
    }
  });

  it('gives the secretary of a lodge that lodge alone', async () => {
    const { scope } = await requireConsole(ctx, await memberOf(SECRETARY.username));
    const lodge = clubId(DEMO_CLUBS.L1);
    const managed = clubs.filter((club) => mayManageClub(scope, club.id)).map((club) => club.id);
    expect(managed).toEqual([lodge]);
    expect(mayManageClub(scope, clubId(DEMO_CLUBS.L2))).toBe(false);
  });

  it('gives a grand secretary the whole grand lodge and a district secretary its lodges', async () => {
    const grandLodge = clubId(DEMO_CLUBS.grandLodge);
    const district = clubs.find(
      (club) => club.id === clubs.find((c) => c.subdomain === DEMO_CLUBS.L2)?.group_id,
    );
    if (!district) throw new Error('the demo lodge L2 has no district');
    const member = await memberOf('member2');
    await ctx.db.transaction().execute(async (trx) => {
      for (const club of [grandLodge, district.id]) {
        const membership = await trx
          .insertInto('memberships')
          .values({
            party_id: member.partyId,
            club_id: club,
            member_number: null,
            joined_on: null,
            left_at: null,
            created_at: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('membership_roles')
          .values({ membership_id: membership.id, role_name: 'secretary' })
          .execute();
      }
    });
    const { scope } = await requireConsole(ctx, member);
    const expected = treeBelow(grandLodge);
    expect(expected.size).toBeGreaterThan(3);
    expect(expected.has(clubId(DEMO_CLUBS.L1))).toBe(true);
    const managed = new Set(clubs.filter((club) => mayManageClub(scope, club.id)).map((c) => c.id));
    expect(managed).toEqual(expected);
    const otherOrganization = clubs.find(
      (club) => club.organization_id !== district.organization_id,
    );
    expect(otherOrganization && mayManageClub(scope, otherOrganization.id)).toBe(false);

    // The district alone, once the grand lodge's role ends with its membership.
    await ctx.db
      .updateTable('memberships')
      .set({ left_at: 1 })
      .where('party_id', '=', member.partyId)
      .where('club_id', '=', grandLodge)
      .execute();
    const narrowed = (await requireConsole(ctx, member)).scope;
    const districtTree = treeBelow(district.id);
    expect(
      new Set(clubs.filter((club) => mayManageClub(narrowed, club.id)).map((c) => c.id)),
    ).toEqual(districtTree);
  });
});
