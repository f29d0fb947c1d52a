/**
 * GET /posts.json, the member's feed (POST-01, AMB-41): posts of the lodges they belong to or
 * follow and the member posts they may see, newest first, 20 a page pinned to `t`.
 *
 * It is the union of five sources, each an index range scan cut at the page's end, merged
 * newest first. Between them they are exactly what `visibleTo` (services/posts.ts) lets a
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
import { sql } from 'kysely';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { POSTS_PAGE_SIZE } from '../../common/constants.ts';
import type { Post } from '../../common/schemas/post.ts';
import { requireMember, type Actor } from '../auth/actor.ts';
import { clubIdsOf, leafLodgesOf, lodgeMatesOf, membersOfClubs } from '../db/memberships.ts';
import { prepare } from '../db/prepared.ts';
import type { Param } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type { ServiceContext } from './context.ts';
import { presentRowsInOrder } from './post-pages.ts';
import type { PageRequest } from './post-pages.ts';

type FeedParam = 'party' | 'user' | 't' | 'limit' | 'offset';
type PostsDb = Database & { p: Database['posts'] };
type IdQuery = SelectQueryBuilder<PostsDb, 'p', { id: number; created_at: number }>;

/** Newest first on (created_at, id), at most `limit`: one source's index range scan. */
function newestFirst(query: IdQuery, param: Param<FeedParam>): IdQuery {
  return query
    .where('p.created_at', '<=', param<number>('t'))
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(param<number>('limit'));
}

/**
 * The column as an expression no index serves. A few lodges or favourite members have few
 * posts; walking the (access, created_at) index for them instead reads every post of that
 * access (SQLite chose exactly that: 11 ms instead of 0.1 ms at 100,000 members).
 */
function unindexed(column: 'p.access') {
  return sql<string>`${sql.ref(column)} || ''`;
}

export type LodgeMatePlan = 'walk-posts' | 'visit-mates';

function buildFeedIds(db: Kysely<Database>, param: Param<FeedParam>, plan: LodgeMatePlan) {
  const base = (): IdQuery =>
    (db as unknown as Kysely<PostsDb>).selectFrom('posts as p').select(['p.id', 'p.created_at']);
  const party = param<number>('party');

  const own = newestFirst(base().where('p.party_id', '=', party), param);
  const myLodges = newestFirst(base().where('p.club_id', 'in', clubIdsOf(db, party)), param);
  const followedLodges = newestFirst(
    base()
      .where('p.club_id', 'in', (eb) =>
        eb
          .selectFrom('favorite_clubs as fc')
          .select('fc.club_id')
          .where('fc.user_id', '=', param<number>('user')),
      )
      .where('p.type', '=', 'ClubPost')
      .where(unindexed('p.access'), 'in', ['PUBLIC', 'MEMBER']),
    param,
  );
  const followees = newestFirst(
    base()
      .where('p.party_id', 'in', (eb) =>
        eb
          .selectFrom('user_favorite_contacts as uf')
          .select('uf.party_id')
          .where('uf.user_id', '=', param<number>('user')),
      )
      .where(unindexed('p.access'), '=', 'ALL_FOLLOWERS'),
    param,
  );
  const lodgeMates =
    plan === 'walk-posts'
      ? // Many mates: walk 'All followers' posts newest first, keeping those by a mate.
        newestFirst(
          base()
            .where('p.access', '=', 'ALL_FOLLOWERS')
            .where(({ exists }) =>
              exists(
                membersOfClubs(db, leafLodgesOf(db, party))
                  .select('mate.id')
                  .where('mate.party_id', '=', sql.ref<number>('p.party_id'))
                  // PostgreSQL turns a plain EXISTS into a join that first gathers every
                  // mate (4,000 at scale) and probes their posts: 20 ms. A LIMIT/OFFSET keeps
                  // it a per-row check, so it walks the index newest first like SQLite.
                  .limit(1)
                  .offset(0),
              ),
            ),
          param,
        )
      : // Few mates: visit each mate's newest posts on (party_id, created_at).
        newestFirst(
          base()
            .where('p.party_id', 'in', lodgeMatesOf(db, party))
            .where(unindexed('p.access'), '=', 'ALL_FOLLOWERS'),
          param,
        );

  const sources = [own, myLodges, followedLodges, followees, lodgeMates].map((source, index) =>
    db.selectFrom(source.as(`s${index}`)).select([`s${index}.id`, `s${index}.created_at`]),
  );
  const [first, ...rest] = sources;
  if (!first) throw new Error('the feed has no sources');
  // UNION, not UNION ALL: a post can come from two sources (an own post to one's own lodge).
  const all = rest.reduce((union, source) => union.union(source), first);
  return db
    .selectFrom(all.as('feed'))
    .select('feed.id')
    .orderBy('feed.created_at', 'desc')
    .orderBy('feed.id', 'desc')
    .limit(POSTS_PAGE_SIZE)
    .offset(param<number>('offset'));
}

const feedIds: Record<LodgeMatePlan, ReturnType<typeof prepareFeed>> = {
  'walk-posts': prepareFeed('walk-posts'),
  'visit-mates': prepareFeed('visit-mates'),
};

function prepareFeed(plan: LodgeMatePlan) {
  return prepare((db, param: Param<FeedParam>) => buildFeedIds(db, param, plan));
}

// ---- Choosing the lodge-mate plan ---------------------------------------------------------

const LODGE_SIZES_TTL_MS = 60_000;

interface LodgeSizes {
  /** Memberships per club, former members included: an estimate is all the plan needs. */
  byClub: ReadonlyMap<number, number>;
  members: number;
}

const myLeafLodges = prepare((db, param: Param<'party'>) =>
  leafLodgesOf(db, param<number>('party')),
);

function loadLodgeSizes(ctx: ServiceContext): Promise<LodgeSizes> {
  return ctx.memo('feed:lodge-sizes', LODGE_SIZES_TTL_MS, async () => {
    const rows = await ctx.db
      .selectFrom('memberships')
      .select(['club_id', (eb) => eb.fn.countAll<number | string | bigint>().as('members')])
      .groupBy('club_id')
      .execute();
    const byClub = new Map(rows.map((row) => [row.club_id, Number(row.members)]));
    const members = await ctx.db
      .selectFrom('parties')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .executeTakeFirstOrThrow();
    return { byClub, members: Number(members.n) };
  });
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
  const [sizes, lodges] = await Promise.all([
    loadLodgeSizes(ctx),
    myLeafLodges.run(ctx.db, { party: partyId }),
  ]);
  const mates = lodges.rows.reduce((sum, row) => sum + (sizes.byClub.get(row.club_id) ?? 0), 0);
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
  const { rows } = await feedIds[plan ?? (await choosePlan(ctx, member.partyId))].run(ctx.db, {
    party: member.partyId,
    user: member.userId,
    // Page 0 has no t: everything so far, and a clock step back must not hide new posts.
    t: page.t ?? Number.MAX_SAFE_INTEGER,
    limit: offset + POSTS_PAGE_SIZE,
    offset,
  });
  return rows.map((row) => row.id);
}

/** GET /posts.json: lodges the member belongs to or follows, and member posts they may see. */
export async function listFeedPosts(
  ctx: ServiceContext,
  actor: Actor,
  page: PageRequest,
): Promise<Post[]> {
  const member = requireMember(actor);
  return presentRowsInOrder(ctx, await feedPostIds(ctx, member, page));
}
