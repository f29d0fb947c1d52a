/**
 * Presenting posts a page at a time, for the feed (post-feed.ts) and the lists and single posts
 * of posts.ts: the rows of up to a page of posts by id and their photos (prepared queries in
 * db/posts.ts), and what the member may do with each (D58: `abilities`, from the policies that
 * guard the writes). Who may see which post is decided before, by the callers.
 */
import type { Post } from '../../common/schemas/post.ts';
import type { Member } from '../auth/actor.ts';
import { webmasterClubIdsOf } from '../db/content.ts';
import { photosOfPosts, postRowsByIds } from '../db/posts.ts';
import { postAbilities } from '../policies/posts.ts';
import { presentPost } from '../presenters/post.ts';
import type { PhotoRow, PostRow } from '../presenters/post.ts';
import type { ServiceContext } from './context.ts';

export interface PageRequest {
  page: number;
  /** Only posts created at or before this instant (AMB-41); page 0 is sent without it. */
  t?: number | undefined;
}

/** Who the posts are presented to: what their abilities are computed for. */
export interface PostViewer {
  readonly member: Member;
  readonly webmasterClubIds: ReadonlySet<number>;
}

/** The viewer of a page of posts: one query, whatever the page's size. */
export async function postViewerOf(ctx: ServiceContext, member: Member): Promise<PostViewer> {
  // An admin may change every post whatever their lodges; the query is not needed.
  const webmasterClubIds = member.isAdmin
    ? new Set<number>()
    : await webmasterClubIdsOf(ctx.db, member.partyId);
  return { member, webmasterClubIds };
}

function present(viewer: PostViewer, row: PostRow, photos: readonly PhotoRow[]): Post {
  const facts = { type: row.type, clubId: row.club_id, partyId: row.party_id, access: row.access };
  return presentPost(row, photos, postAbilities(viewer.member, facts, viewer.webmasterClubIds));
}

/** Rows already read (a lodge's page, one post), with their photos. */
export async function presentPosts(
  ctx: ServiceContext,
  viewer: PostViewer,
  rows: readonly PostRow[],
): Promise<Post[]> {
  if (rows.length === 0) return [];
  const photos = await photosOfPosts(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => present(viewer, row, photos.get(row.id) ?? []));
}

/** A page of posts in the order of `ids` (at most a page), with their photos. */
export async function presentPostsInOrder(
  ctx: ServiceContext,
  viewer: PostViewer,
  ids: readonly number[],
): Promise<Post[]> {
  if (ids.length === 0) return [];
  const [rows, photos] = await Promise.all([
    postRowsByIds(ctx.db, ids),
    photosOfPosts(ctx.db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [present(viewer, row, photos.get(id) ?? [])] : [];
  });
}
