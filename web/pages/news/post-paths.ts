import type { Post } from '../../../common/schemas/post.ts';
import { NEWS_PATH, parseRecordId } from '../../paths.ts';

/** Where the post screens lead (§2 route table; ROUTE-04..09), relative to /app. */

export const NEW_POST_PATH = `${NEWS_PATH}/new`;

export const clubNewsPath = (subdomain: string): string =>
  `/clubs/${encodeURIComponent(subdomain)}/news`;

/** The detail in the feed's context (/news/{id}) or a lodge's (/clubs/{subdomain}/news/{id}). */
export const postPath = (post: Pick<Post, 'id'>, clubSubdomain: string | null = null): string =>
  clubSubdomain === null ? `${NEWS_PATH}/${post.id}` : `${clubNewsPath(clubSubdomain)}/${post.id}`;

/** Edit lives under /news whatever the context (ROUTE-09). */
export const editPostPath = (post: Pick<Post, 'id'>): string => `${NEWS_PATH}/${post.id}/edit`;

/** A post id from the URL, or null for anything that cannot be one (the page shows the 404). */
export const parsePostId = parseRecordId;
