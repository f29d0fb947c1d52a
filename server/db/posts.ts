/**
 * Posts as the posts service reads and writes them: one post's row with its club, author and
 * container; a page of rows and their photos by id (prepared: a page always has room for
 * POSTS_PAGE_SIZE ids); a lodge's posts a viewer may see; the post's own row written. The
 * feed's union is in posts-feed.ts. Who may see a post is policies/posts.ts mayViewPost; the
 * SQL here that mirrors it says so in its name.
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool, Transaction } from 'kysely';
import { POSTS_PAGE_SIZE } from '../../common/constants.ts';
import type { PhotoRow, PostRow } from '../presenters/post.ts';
import { clubIdsOf, lodgeMatesOf } from './memberships.ts';
import { prepare } from './prepared.ts';
import type { Param } from './prepared.ts';
import type { Access, Database, PostType } from './schema.ts';

type Db = Kysely<Database>;
type PostsDb = Database & { p: Database['posts'] };
type PostsEb = ExpressionBuilder<PostsDb, 'p'>;

export function selectPosts(db: Db) {
  return db
    .selectFrom('posts as p')
    .innerJoin('comment_containers as cc', 'cc.id', 'p.comment_container_id')
    .leftJoin('clubs as c', 'c.id', 'p.club_id')
    .leftJoin('parties as a', 'a.id', 'p.party_id')
    .select([
      'p.id',
      'p.type',
      'p.club_id',
      'p.party_id',
      'p.subject',
      'p.short_body',
      'p.post_body_id',
      'p.access',
      'p.allows_comments',
      'p.comment_container_id',
      'p.appeal_post_task_token_url',
      'p.created_at',
      'p.last_activity_at',
      'c.name as club_name',
      'c.subdomain as club_subdomain',
      'c.avatar_medium_key as club_avatar_medium_key',
      'a.first_name as author_first_name',
      'a.middle_name as author_middle_name',
      'a.last_name as author_last_name',
      'a.suffix as author_suffix',
      'a.preferred_name as author_preferred_name',
      'a.avatar_medium_key as author_avatar_medium_key',
      'cc.comment_count',
    ]);
}

export async function postRowById(db: Db, id: number): Promise<PostRow | undefined> {
  return selectPosts(db).where('p.id', '=', id).executeTakeFirst();
}

// ---- A page of posts by id -----------------------------------------------------------------

type PageSlot = `id${number}`;
const PAGE_SLOTS: readonly PageSlot[] = Array.from(
  { length: POSTS_PAGE_SIZE },
  (_, index): PageSlot => `id${index}`,
);

const postsByIds = prepare((db, param: Param<PageSlot>) =>
  selectPosts(db).where(
    'p.id',
    'in',
    PAGE_SLOTS.map((slot) => param<number>(slot)),
  ),
);

const photosByPostIds = prepare((db, param: Param<PageSlot>) =>
  db
    .selectFrom('post_photos as pp')
    .innerJoin('photos as ph', 'ph.id', 'pp.photo_id')
    .select(['pp.post_id', 'ph.id', 'ph.storage_key', 'ph.medium_key'])
    .where(
      'pp.post_id',
      'in',
      PAGE_SLOTS.map((slot) => param<number>(slot)),
    )
    .orderBy('pp.post_id')
    .orderBy('pp.sort_order')
    .orderBy('pp.id'),
);

/** Ids in the slots, the rest null (which matches nothing). */
function slotValues(ids: readonly number[]): Record<PageSlot, number | null> {
  if (ids.length > POSTS_PAGE_SIZE) throw new Error('a page holds at most POSTS_PAGE_SIZE posts');
  const values: Record<PageSlot, number | null> = {};
  for (const [index, slot] of PAGE_SLOTS.entries()) values[slot] = ids[index] ?? null;
  return values;
}

/** The rows of up to a page of posts, in no particular order. */
export async function postRowsByIds(db: Db, ids: readonly number[]): Promise<PostRow[]> {
  const { rows } = await postsByIds.run(db, slotValues(ids));
  return rows;
}

/** The photos of up to a page of posts, in mosaic order, by post id. */
export async function photosOfPosts(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, PhotoRow[]>> {
  const { rows } = await photosByPostIds.run(db, slotValues(ids));
  const byPost = new Map<number, PhotoRow[]>();
  for (const { post_id, ...photo } of rows) {
    const list = byPost.get(post_id) ?? [];
    list.push(photo);
    byPost.set(post_id, list);
  }
  return byPost;
}

// ---- A lodge's posts -----------------------------------------------------------------------

/**
 * mayViewPost (policies/posts.ts) in SQL, for a signed-in viewer that is not an admin: their
 * own posts, lodge posts PUBLIC or MEMBER, posts to a lodge they belong to, and 'All followers'
 * member posts by someone they follow or a lodge-mate.
 */
function visibleToViewer(
  db: Db,
  eb: PostsEb,
  viewer: { partyId: number; userId: number },
): Expression<SqlBool> {
  return eb.or([
    eb('p.party_id', '=', viewer.partyId),
    eb.and([eb('p.type', '=', 'ClubPost'), eb('p.access', 'in', ['PUBLIC', 'MEMBER'])]),
    eb.and([eb('p.access', '=', 'CLUB'), eb('p.club_id', 'in', clubIdsOf(db, viewer.partyId))]),
    eb.and([
      eb('p.type', '=', 'PartyPost'),
      eb('p.access', '=', 'ALL_FOLLOWERS'),
      eb.or([
        eb(
          'p.party_id',
          'in',
          eb
            .selectFrom('user_favorite_contacts as uf')
            .select('uf.party_id')
            .where('uf.user_id', '=', viewer.userId),
        ),
        eb('p.party_id', 'in', lodgeMatesOf(db, viewer.partyId)),
      ]),
    ]),
  ]);
}

/**
 * A lodge's posts newest first on (created_at, id), those `viewer` may see, or every one when
 * `seesAll` (an admin); a builder the caller pages.
 */
export function clubPostsVisibleTo(
  db: Db,
  viewer: { partyId: number; userId: number; seesAll: boolean },
  clubId: number,
) {
  const query = selectPosts(db)
    .where('p.club_id', '=', clubId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc');
  return viewer.seesAll ? query : query.where((eb) => visibleToViewer(db, eb, viewer));
}

/** A page of a lodge's posts (see clubPostsVisibleTo), created at or before `t` when given. */
export async function clubPostsPage(
  db: Db,
  viewer: { partyId: number; userId: number; seesAll: boolean },
  clubId: number,
  page: { limit: number; offset: number; t?: number | undefined },
): Promise<PostRow[]> {
  let query = clubPostsVisibleTo(db, viewer, clubId).limit(page.limit).offset(page.offset);
  if (page.t !== undefined) query = query.where('p.created_at', '<=', page.t);
  return query.execute();
}

/** The club's id and organisation by subdomain, for a lodge's news. */
export async function clubBySubdomain(
  db: Db,
  subdomain: string,
): Promise<{ id: number; organization_id: number } | undefined> {
  return db
    .selectFrom('clubs')
    .select(['id', 'organization_id'])
    .where('subdomain', '=', subdomain)
    .executeTakeFirst();
}

/** Whether the user keeps the party as a favourite contact (follows them). */
export async function followsParty(db: Db, userId: number, partyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_favorite_contacts')
    .select('id')
    .where('user_id', '=', userId)
    .where('party_id', '=', partyId)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- The post's own row --------------------------------------------------------------------

export interface NewPostRow {
  type: PostType;
  club_id: number | null;
  party_id: number;
  subject: string | null;
  short_body: string;
  post_body_id: number;
  access: Access;
  allows_comments: number;
  comment_container_id: number;
  now: number;
}

export async function insertPostRow(trx: Transaction<Database>, post: NewPostRow): Promise<number> {
  const { now, ...values } = post;
  const row = await trx
    .insertInto('posts')
    .values({
      ...values,
      appeal_post_task_token_url: null,
      created_at: now,
      updated_at: now,
      last_activity_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePostRow(
  trx: Transaction<Database>,
  id: number,
  changes: {
    subject: string | null;
    access: Access;
    club_id: number | null;
    short_body: string;
    allows_comments: number;
    updated_at: number;
  },
): Promise<void> {
  await trx.updateTable('posts').set(changes).where('id', '=', id).execute();
}

/** The post that owns this comment container, if a post does. */
export async function postOwningContainer(
  db: Db,
  containerId: number,
): Promise<
  | { id: number; party_id: number | null; subject: string | null; allows_comments: number }
  | undefined
> {
  return db
    .selectFrom('posts')
    .select(['id', 'party_id', 'subject', 'allows_comments'])
    .where('comment_container_id', '=', containerId)
    .executeTakeFirst();
}
