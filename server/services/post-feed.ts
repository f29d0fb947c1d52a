/**
 * GET /posts.json, the member's feed (POST-01, AMB-41): posts of the lodges they belong to or
 * follow and the member posts they may see, newest first, 20 a page pinned to `t`.
 *
 * It is the union of five sources, each an index range scan cut at the page's end, merged
 * newest first. Between them they are exactly what `visibleTo` (db/posts.ts) lets a
 * member see among those posts:
 *  1. their own posts;
 *  2. every post in a lodge they belong to (lodge posts of any access, member posts to it);
 *  3. lodge posts PUBLIC or MEMBER of lodges they follow;
 *  4. member posts to 'All followers' by members they keep as favourites;
 *  5. member posts to 'All followers' by their lodge-mates.
 * Filtering one newest-first walk of every post (the first version) read thousands of rows per
 * page at 100,000 members. Source 5 is the costly one and has two plans, chosen per member by
 * how many lodge-mates they have (see `lodgeMatePlan`).
 */
import { POSTS_PAGE_SIZE } from '../../common/constants.ts';
import type { Post } from '../../common/schemas/post.ts';
import { requireMember, type Actor } from '../auth/actor.ts';
import { feedPageIds, leafLodgeIdsOf, lodgeSizes } from '../db/posts-feed.ts';
import type { LodgeMatePlan } from '../db/posts-feed.ts';
import type { ServiceContext } from './context.ts';
import { presentPostsInOrder, postViewerOf } from './post-pages.ts';
import type { PageRequest } from './post-pages.ts';

export type { LodgeMatePlan } from '../db/posts-feed.ts';

// ---- Choosing the lodge-mate plan ---------------------------------------------------------

const LODGE_SIZES_TTL_MS = 60_000;

interface LodgeSizes {
  /** Memberships per club, former members included: an estimate is all the plan needs. */
  byClub: ReadonlyMap<number, number>;
  members: number;
}

function loadLodgeSizes(ctx: ServiceContext): Promise<LodgeSizes> {
  return ctx.memo('feed:lodge-sizes', LODGE_SIZES_TTL_MS, () => lodgeSizes(ctx.db));
}

/**
 * Walking 'All followers' posts finds a mate's post about once in (members / mates) rows, so
 * a page costs about 20 * members / mates row checks; visiting the mates costs one index
 * seek per mate. Measured on SQLite (100,000 members) a seek costs about 2.5 row checks, so
 * visiting wins while mates² < 8 * members: about 900 mates at that size.
 */
export function lodgeMatePlan(mates: number, members: number): LodgeMatePlan {
  return mates * mates < 8 * Math.max(members, 1) ? 'visit-mates' : 'walk-posts';
}

async function choosePlan(ctx: ServiceContext, partyId: number): Promise<LodgeMatePlan> {
  const [sizes, lodges] = await Promise.all([loadLodgeSizes(ctx), leafLodgeIdsOf(ctx.db, partyId)]);
  const mates = lodges.reduce((sum, clubId) => sum + (sizes.byClub.get(clubId) ?? 0), 0);
  return lodgeMatePlan(mates, sizes.members);
}

/**
 * The ids of one feed page, newest first. `plan` is for tests, which check that both plans
 * give the same pages; callers leave it out.
 */
export async function feedPostIds(
  ctx: ServiceContext,
  member: { partyId: number; userId: number },
  page: PageRequest,
  plan?: LodgeMatePlan,
): Promise<number[]> {
  const offset = page.page * POSTS_PAGE_SIZE;
  return feedPageIds(ctx.db, plan ?? (await choosePlan(ctx, member.partyId)), {
    party: member.partyId,
    user: member.userId,
    // Page 0 has no t: everything so far, and a clock step back must not hide new posts.
    t: page.t ?? Number.MAX_SAFE_INTEGER,
    limit: offset + POSTS_PAGE_SIZE,
    offset,
  });
}

/** GET /posts.json: lodges the member belongs to or follows, and member posts they may see. */
export async function listFeedPosts(
  ctx: ServiceContext,
  actor: Actor,
  page: PageRequest,
): Promise<Post[]> {
  const member = requireMember(actor);
  const [ids, viewer] = await Promise.all([
    feedPostIds(ctx, member, page),
    postViewerOf(ctx, member),
  ]);
  return presentPostsInOrder(ctx, viewer, ids);
}
