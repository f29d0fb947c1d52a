import type { Photo, Post, PostAbilities, PostBody } from '../../common/schemas/post.ts';
import type { Access, PostType } from '../db/schema.ts';
import { mediaUrl, presentAvatar } from './media.ts';
import { presentAuthor, type AuthorColumns } from './party.ts';

/** One post as the list and detail queries select it (posts + club + author + container). */
export interface PostRow extends AuthorColumns<string | null> {
  id: number;
  type: PostType;
  club_id: number | null;
  party_id: number | null;
  subject: string | null;
  short_body: string;
  post_body_id: number;
  access: Access;
  allows_comments: number;
  comment_container_id: number;
  appeal_post_task_token_url: string | null;
  created_at: number;
  last_activity_at: number;
  club_name: string | null;
  club_subdomain: string | null;
  club_avatar_medium_key: string | null;
  comment_count: number;
}

export interface PhotoRow {
  id: number;
  storage_key: string;
  medium_key: string | null;
}

export function presentPhoto(row: PhotoRow): Photo {
  // Without a medium size (not made yet), the original stands in for it.
  return {
    id: row.id,
    url: mediaUrl(row.storage_key),
    medium_url: mediaUrl(row.medium_key ?? row.storage_key),
  };
}

/** `abilities` are the post policies' answers for the member asking (D58). */
export function presentPost(
  row: PostRow,
  photos: readonly PhotoRow[],
  abilities: PostAbilities,
): Post {
  const club =
    row.club_id !== null && row.club_name !== null && row.club_subdomain !== null
      ? {
          id: row.club_id,
          name: row.club_name,
          subdomain: row.club_subdomain,
          avatar: presentAvatar(row.club_avatar_medium_key),
        }
      : null;
  const party = presentAuthor(row.party_id, row);
  return {
    id: row.id,
    type: row.type,
    subject: row.subject,
    short_body: row.short_body,
    post_body_id: row.post_body_id,
    created_at: row.created_at,
    last_activity_at: row.last_activity_at,
    club,
    party,
    photos: photos.map(presentPhoto),
    access: row.access,
    allows_comments: row.allows_comments === 1,
    comment_container: { id: row.comment_container_id, comment_count: row.comment_count },
    appeal_post_task_token_url: row.appeal_post_task_token_url,
    abilities,
  };
}

export function presentPostBody(row: { id: number; body: string }): PostBody {
  return { id: row.id, body: row.body };
}
