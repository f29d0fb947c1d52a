import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTS_PAGE_SIZE } from '../../common/constants.ts';
import { hashPassword } from '../auth/passwords.ts';
import { DEMO_PASSWORD, MEMBER, MEMBER2, WEBMASTER, ADMIN } from '../db/seed/personas.ts';
import { seedDemo } from '../db/seed/seed-demo.ts';
import { mayViewPost } from '../policies/posts.ts';
import { createTestDatabase } from '../test/test-database.ts';
import type { TestDatabase } from '../test/test-database.ts';
import type { ServiceContext } from './context.ts';
import { createMemo } from './memo.ts';
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
  database = await createTestDatabase();
  await seedDemo(database.handle.db, {
    passwordHash: await hashPassword(DEMO_PASSWORD),
    now: Date.UTC(2026, 10, 22, 12),
  });
  ctx = {
    db: database.handle.db,
    engine: database.handle.engine,
    memo: createMemo(),
  } as ServiceContext;
});

afterAll(async () => {
  await database.drop();
});

async function expectedFeed(
  username: string,
): Promise<{ userId: number; partyId: number; ids: number[] }> {
  const db = database.handle.db;
  const user = await db
    .selectFrom('users')
    .select(['id', 'party_id'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const me = user.party_id;
  const memberships = await db
    .selectFrom('memberships')
    .select(['party_id', 'club_id'])
    .where('left_at', 'is', null)
    .execute();
  const leaf = new Set(
    (
      await db
        .selectFrom('clubs as c')
        .innerJoin('club_types as t', 't.id', 'c.club_type_id')
        .select('c.id')
        .where('t.is_leaf', '=', 1)
        .execute()
    ).map((row) => row.id),
  );
  const myClubs = new Set(memberships.filter((m) => m.party_id === me).map((m) => m.club_id));
  const myLeaf = new Set([...myClubs].filter((id) => leaf.has(id)));
  const mates = new Set(memberships.filter((m) => myLeaf.has(m.club_id)).map((m) => m.party_id));
  const followed = new Set(
    (
      await db
        .selectFrom('favorite_clubs')
        .select('club_id')
        .where('user_id', '=', user.id)
        .execute()
    ).map((r) => r.club_id),
  );
  const followees = new Set(
    (
      await db
        .selectFrom('user_favorite_contacts')
        .select('party_id')
        .where('user_id', '=', user.id)
        .execute()
    ).map((r) => r.party_id),
  );
  const posts = await db
    .selectFrom('posts')
    .select(['id', 'type', 'club_id', 'party_id', 'access', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const actor = { kind: 'member', userId: user.id, partyId: me, isAdmin: false } as const;
  const ids = posts
    .filter(
      (post) =>
        post.party_id === me ||
        post.type === 'PartyPost' ||
        (post.club_id !== null && (myClubs.has(post.club_id) || followed.has(post.club_id))),
    )
    .filter((post) =>
      mayViewPost(
        actor,
        { type: post.type, clubId: post.club_id, partyId: post.party_id, access: post.access },
        {
          memberClubIds: myClubs,
          followsAuthor: post.party_id !== null && followees.has(post.party_id),
          lodgeMateOfAuthor: post.party_id !== null && mates.has(post.party_id),
        },
      ),
    )
    .map((post) => post.id);
  return { userId: user.id, partyId: me, ids };
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
