import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTS_PAGE_SIZE } from '../../common/constants.ts';
import { NO_SUCH_LODGE } from '../../common/messages.ts';
import { ADMIN, MEMBER, MEMBER2, WEBMASTER } from '../db/seed/personas.ts';
import { allPostsNewestFirst, viewerOf } from '../test/post-visibility.ts';
import type { PostLine } from '../test/post-visibility.ts';
import { demoServices } from '../test/demo-services.ts';
import type { TestDatabase } from '../test/test-database.ts';
import type { ServiceContext } from './context.ts';
import { listClubPosts } from './posts.ts';

/**
 * A lodge's list (GET /clubs/posts.json, CLUB posts tab) filters in SQL (`visibleTo`); the
 * policy `mayViewPost` says the same rule in code. On the demo data, for every persona and
 * every lodge with posts, the list must be exactly the lodge's posts the policy lets the
 * persona see, newest first, page by page; a lodge of an organisation the persona does not
 * belong to is a 404 (mayViewClub, D53).
 */

let database: TestDatabase;
let ctx: ServiceContext;
let posts: PostLine[];
let lodges: { id: number; subdomain: string; organization_id: number }[];
/** Each club's organisation: whose lodges a member may open (D40, D53). */
let organizationOf: Map<number, number>;

beforeAll(async () => {
  ({ database, ctx } = await demoServices());
  posts = await allPostsNewestFirst(database.handle.db);
  lodges = await database.handle.db
    .selectFrom('clubs')
    .select(['id', 'subdomain', 'organization_id'])
    .where('id', 'in', (eb) => eb.selectFrom('posts').select('club_id').distinct())
    .orderBy('id')
    .execute();
  const clubs = await database.handle.db
    .selectFrom('clubs')
    .select(['id', 'organization_id'])
    .execute();
  organizationOf = new Map(clubs.map((club) => [club.id, club.organization_id]));
});

afterAll(async () => {
  await database.drop();
});

async function wholeList(
  viewer: Awaited<ReturnType<typeof viewerOf>>,
  subdomain: string,
): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 0; ; page += 1) {
    const rows = await listClubPosts(ctx, viewer.member, subdomain, { page });
    ids.push(...rows.map((post) => post.id));
    if (rows.length < POSTS_PAGE_SIZE) return ids;
  }
}

describe("a lodge's posts (GET /clubs/posts.json) equal the visibility rule", () => {
  for (const persona of [MEMBER, MEMBER2, WEBMASTER, ADMIN]) {
    it(`${persona.username}: every lodge with posts, every page`, async () => {
      const viewer = await viewerOf(database.handle.db, persona.username);
      const ownOrganizations = new Set([...viewer.clubIds].map((id) => organizationOf.get(id)));
      expect(lodges.length).toBeGreaterThan(3);
      let hidden = 0;
      let closed = 0;
      for (const lodge of lodges) {
        // Another organisation's lodge is a 404, as its home is (D53); an admin opens any.
        if (!viewer.member.isAdmin && !ownOrganizations.has(lodge.organization_id)) {
          closed += 1;
          await expect(wholeList(viewer, lodge.subdomain)).rejects.toMatchObject({
            status: 404,
            title: NO_SUCH_LODGE,
          });
          continue;
        }
        const ofLodge = posts.filter((post) => post.club_id === lodge.id);
        const expected = ofLodge.filter(viewer.sees).map((post) => post.id);
        hidden += ofLodge.length - expected.length;
        expect({ lodge: lodge.subdomain, ids: await wholeList(viewer, lodge.subdomain) }).toEqual({
          lodge: lodge.subdomain,
          ids: expected,
        });
      }
      // The rule must have something to say: a member does not see every lodge's every post,
      // nor every organisation's lodges.
      if (persona === ADMIN) expect({ hidden, closed }).toEqual({ hidden: 0, closed: 0 });
      else expect(Math.min(hidden, closed)).toBeGreaterThan(0);
    });
  }
});
