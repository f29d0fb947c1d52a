/**
 * The member's feed (GET /posts.json) as SQL: the union of five sources, each an index range
 * scan cut at the page's end, merged newest first (see services/post-feed.ts for the sources
 * and why), prepared once per plan; and the counts the plan is chosen by.
 */
import { sql } from 'kysely';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { POSTS_PAGE_SIZE } from '../../common/constants.ts';
import { clubIdsOf, leafLodgesOf, lodgeMatesOf, membersOfClubs } from './memberships.ts';
import { prepare } from './prepared.ts';
import type { Param } from './prepared.ts';
import type { Database } from './schema.ts';

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

/** How source 5 (posts by lodge-mates) is read: see services/post-feed.ts lodgeMatePlan. */
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

const feedIdQueries: Record<LodgeMatePlan, ReturnType<typeof prepareFeed>> = {
  'walk-posts': prepareFeed('walk-posts'),
  'visit-mates': prepareFeed('visit-mates'),
};

function prepareFeed(plan: LodgeMatePlan) {
  return prepare((db, param: Param<FeedParam>) => buildFeedIds(db, param, plan));
}

/** One feed page's post ids, newest first; `limit` is the page's end (offset + a page). */
export async function feedPageIds(
  db: Kysely<Database>,
  plan: LodgeMatePlan,
  values: { party: number; user: number; t: number; limit: number; offset: number },
): Promise<number[]> {
  const { rows } = await feedIdQueries[plan].run(db, values);
  return rows.map((row) => row.id);
}

const myLeafLodges = prepare((db, param: Param<'party'>) =>
  leafLodgesOf(db, param<number>('party')),
);

/** The leaf lodges the party belongs to now. */
export async function leafLodgeIdsOf(db: Kysely<Database>, partyId: number): Promise<number[]> {
  const { rows } = await myLeafLodges.run(db, { party: partyId });
  return rows.map((row) => row.club_id);
}

/** Memberships per club (former members too) and the number of parties: the plan's estimate. */
export async function lodgeSizes(
  db: Kysely<Database>,
): Promise<{ byClub: Map<number, number>; members: number }> {
  const rows = await db
    .selectFrom('memberships')
    .select(['club_id', (eb) => eb.fn.countAll<number | string | bigint>().as('members')])
    .groupBy('club_id')
    .execute();
  const byClub = new Map(rows.map((row) => [row.club_id, Number(row.members)]));
  const members = await db
    .selectFrom('parties')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return { byClub, members: Number(members.n) };
}
