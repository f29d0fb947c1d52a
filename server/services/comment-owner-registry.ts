/**
 * The areas whose records own comment containers (D57): each fills in its CommentOwnerKind
 * (services/comment-owners.ts) and is listed here once. services/comments.ts asks every kind
 * for a container's owner and knows no owner's table.
 */
import { EVENT_COMMENT_OWNER } from './calendar-event-records.ts';
import type { CommentOwnerKind } from './comment-owners.ts';
import { POST_COMMENT_OWNER } from './posts.ts';

export const COMMENT_OWNERS: readonly CommentOwnerKind[] = [
  POST_COMMENT_OWNER,
  EVENT_COMMENT_OWNER,
];
