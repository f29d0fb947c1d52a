/**
 * Reading posts a page at a time, for the feed (post-feed.ts) and the lists and single posts of
 * posts.ts: the rows of up to a page of posts by id and their photos, built once as prepared
 * queries (a page always has room for POSTS_PAGE_SIZE ids), then presented. Who may see which
 * post is decided before, by the callers.
 */
import type { Kysely } from 'kysely';
import { POSTS_PAGE_SIZE } from '../../common/constants.ts';
import type { Post } from '../../common/schemas/post.ts';
import { prepare } from '../db/prepared.ts';
import type { Param } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { presentPost } from '../presenters/post.ts';
import type { PhotoRow, PostRow } from '../presenters/post.ts';
import type { ServiceContext } from './context.ts';

export interface PageRequest {
  page: number;
  /** Only posts created at or before this instant (AMB-41); page 0 is sent without it. */
  t?: number | undefined;
}

export function selectPosts(db: Kysely<Database>) {
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

type PageSlot = `id${number}`;
const PAGE_SLOTS: readonly PageSlot[] = Array.from(
  { length: POSTS_PAGE_SIZE },
  (_, index): PageSlot => `id${index}`,
);

/** One page of posts by id, built once: a page always has room for POSTS_PAGE_SIZE ids. */
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

/** The photos of up to a page of posts, in mosaic order, by post id. */
async function photosOfPage(
  ctx: ServiceContext,
  values: Record<PageSlot, number | null>,
): Promise<Map<number, PhotoRow[]>> {
  const { rows } = await photosByPostIds.run(ctx.db, values);
  const byPost = new Map<number, PhotoRow[]>();
  for (const { post_id, ...photo } of rows) {
    const list = byPost.get(post_id) ?? [];
    list.push(photo);
    byPost.set(post_id, list);
  }
  return byPost;
}

/** Rows already read (a lodge's page, one post), with their photos. */
export async function presentRows(ctx: ServiceContext, rows: readonly PostRow[]): Promise<Post[]> {
  if (rows.length === 0) return [];
  const photos = await photosOfPage(ctx, slotValues(rows.map((row) => row.id)));
  return rows.map((row) => presentPost(row, photos.get(row.id) ?? []));
}

/** A page of posts in the order of `ids` (at most a page), with their photos. */
export async function presentRowsInOrder(
  ctx: ServiceContext,
  ids: readonly number[],
): Promise<Post[]> {
  if (ids.length === 0) return [];
  const values = slotValues(ids);
  const [{ rows }, photos] = await Promise.all([
    postsByIds.run(ctx.db, values),
    photosOfPage(ctx, values),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [presentPost(row, photos.get(id) ?? [])] : [];
  });
}
