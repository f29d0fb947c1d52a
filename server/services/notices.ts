import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The noticeable types a comment notice points at (§3 Notice, NOTE-10). */
export type CommentOwnerType = 'Post' | 'CalendarEvent';

export interface NewCommentNotice {
  /** Who gets it. */
  partyId: number;
  /** HTML, built from escaped parts (common/messages.ts). */
  message: string;
  commentId: number;
  ownerType: CommentOwnerType;
  ownerId: number;
  now: number;
}

/**
 * A notice that points at a comment, with its post or event as the parent (NOTE-10), unread:
 * the unseen notice count (x-user-metadata) counts it from the next answer on. Runs inside the
 * caller's transaction, so the notice and the comment come and go together.
 */
export async function addCommentNotice(
  db: Kysely<Database>,
  notice: NewCommentNotice,
): Promise<void> {
  await db
    .insertInto('notices')
    .values({
      party_id: notice.partyId,
      message: notice.message,
      is_read: 0,
      last_set_at: notice.now,
      noticeable_type: 'Comment',
      noticeable_id: notice.commentId,
      parent_noticeable_type: notice.ownerType,
      parent_noticeable_id: notice.ownerId,
      created_at: notice.now,
    })
    .execute();
}

/** Removes the notices of deleted comments (inside the caller's transaction). */
export async function removeCommentNotices(
  db: Kysely<Database>,
  commentIds: readonly number[],
): Promise<void> {
  if (commentIds.length === 0) return;
  await db
    .deleteFrom('notices')
    .where('noticeable_type', '=', 'Comment')
    .where('noticeable_id', 'in', commentIds)
    .execute();
}

/**
 * Removes, inside the caller's transaction, every notice about a post or event that is being
 * deleted: those pointing at it, those whose parent it is, and those of its comments.
 */
export async function removeOwnerNotices(
  db: Kysely<Database>,
  owner: { type: CommentOwnerType; id: number; commentContainerId: number },
): Promise<void> {
  const comments = db
    .selectFrom('comments')
    .select('id')
    .where('comment_container_id', '=', owner.commentContainerId);
  await db
    .deleteFrom('notices')
    .where((eb) =>
      eb.or([
        eb.and([eb('noticeable_type', '=', owner.type), eb('noticeable_id', '=', owner.id)]),
        eb.and([
          eb('parent_noticeable_type', '=', owner.type),
          eb('parent_noticeable_id', '=', owner.id),
        ]),
        eb.and([eb('noticeable_type', '=', 'Comment'), eb('noticeable_id', 'in', comments)]),
      ]),
    )
    .execute();
}
