import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTS_PAGE_SIZE } from '../../common/constants.ts';
import { MEMBER, MEMBER2, WEBMASTER, ADMIN } from '../db/seed/personas.ts';
import { allPostsNewestFirst, viewerOf } from '../test/post-visibility.ts';
import { demoServices } from '../test/demo-services.ts';
import type { TestDatabase } from '../test/test-database.ts';
import type { ServiceContext } from './context.ts';
import { feedPostIds, lodgeMatePlan } from './post-feed.ts';
import type { LodgeMatePlan } from './post-feed.ts';

/**
 * The feed's union of indexed sources against the rule it must equal: the first version's
 * candidate set (own posts, every member post, posts of lodges one belongs to or follows)
 * filtered post by post with the policy `mayViewPost`, for a member (an admin's feed is a
 * member's feed). Both lodge-mate plans must give exactly that, page by page.
 */

let database: TestDatabase;
let ctx: ServiceContext;

beforeAll(async () => {
  ({ database, ctx } = await demoServices());
});

afterAll(async () => {
  await database.drop();
});

/** The first version's candidates (own posts, member posts, lodges one is in or follows). */
async function expectedFeed(
  username: string,
): Promise<{ userId: number; partyId: number; ids: number[] }> {
  const db = database.handle.db;
  const viewer = await viewerOf(db, username, { asPlainMember: true });
  const { partyId, userId } = viewer.member;
  const ids = (await allPostsNewestFirst(db))
    .filter(
      (post) =>
        post.party_id === partyId ||
        post.type === 'PartyPost' ||
        (post.club_id !== null &&
          (viewer.clubIds.has(post.club_id) || viewer.followedClubIds.has(post.club_id))),
    )
    .filter(viewer.sees)
    .map((post) => post.id);
  return { userId, partyId, ids };
}

describe('the feed (GET /posts.json) equals the visibility rule', () => {
  for (const persona of [MEMBER, MEMBER2, WEBMASTER, ADMIN]) {
    for (const plan of ['walk-posts', 'visit-mates'] as LodgeMatePlan[]) {
      it(`${persona.username}, ${plan}: pages 0 to 2 and a page pinned by t`, async () => {
        const expected = await expectedFeed(persona.username);
        expect(expected.ids.length).toBeGreaterThan(5);
        const member = { userId: expected.userId, partyId: expected.partyId };
        const pages: number[] = [];
        for (const page of [0, 1, 2])
          pages.push(...(await feedPostIds(ctx, member, { page }, plan)));
        expect(pages).toEqual(expected.ids.slice(0, 3 * POSTS_PAGE_SIZE));
        const middle = Math.floor(expected.ids.length / 2);
        // t cuts everything newer than it: page 0 pinned to an older instant starts later.
        const row = await database.handle.db
          .selectFrom('posts')
          .select('created_at')
          .where('id', '=', expected.ids[middle] ?? 0)
          .executeTakeFirstOrThrow();
        const pinned = await feedPostIds(ctx, member, { page: 0, t: row.created_at }, plan);
        expect(pinned).toEqual(expected.ids.slice(middle, middle + POSTS_PAGE_SIZE));
      });
    }
  }
});

describe('lodgeMatePlan', () => {
  it('visits the mates while they are few, walks the posts when they are many', () => {
    expect(lodgeMatePlan(100, 100_000)).toBe('visit-mates');
    expect(lodgeMatePlan(800, 100_000)).toBe('visit-mates');
    expect(lodgeMatePlan(4_000, 100_000)).toBe('walk-posts');
    expect(lodgeMatePlan(0, 0)).toBe('visit-mates');
  });
});
