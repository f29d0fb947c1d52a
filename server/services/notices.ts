import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { recordBusEvent } from '../realtime/bus.ts';
import type { BusEvent } from '../realtime/bus.ts';

/**
 * Records, in the caller's transaction, that these members' unread notices changed, so their
 * event streams send fresh badges (docs/decisions.md D43); the caller publishes it after the
 * commit. Null when nobody's count changed.
 */
export async function recordNoticeEvent(
  db: Kysely<Database>,
  partyIds: readonly number[],
  now: number,
): Promise<BusEvent | null> {
  const recipients = [...new Set(partyIds)];
  if (recipients.length === 0) return null;
  return recordBusEvent(db, { kind: 'notice' }, recipients, now);
}

/** The recipients of removed notices whose badge counted them (unread ones). */
function unreadRecipients(rows: readonly { party_id: number; is_read: number }[]): number[] {
  return rows.filter((row) => row.is_read === 0).map((row) => row.party_id);
}

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
 * caller's transaction, so the notice and the comment come and go together; the caller
 * publishes the returned bus event after the commit.
 */
export async function addCommentNotice(
  db: Kysely<Database>,
  notice: NewCommentNotice,
): Promise<BusEvent | null> {
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
  return recordNoticeEvent(db, [notice.partyId], notice.now);
}

/** Removes the notices of deleted comments (inside the caller's transaction). */
export async function removeCommentNotices(
  db: Kysely<Database>,
  commentIds: readonly number[],
  now: number,
): Promise<BusEvent | null> {
  if (commentIds.length === 0) return null;
  const removed = await db
    .deleteFrom('notices')
    .where('noticeable_type', '=', 'Comment')
    .where('noticeable_id', 'in', commentIds)
    .returning(['party_id', 'is_read'])
    .execute();
  return recordNoticeEvent(db, unreadRecipients(removed), now);
}

/**
 * Removes, inside the caller's transaction, every notice about a post or event that is being
 * deleted: those pointing at it, those whose parent it is, and those of its comments.
 */
export async function removeOwnerNotices(
  db: Kysely<Database>,
  owner: { type: CommentOwnerType; id: number; commentContainerId: number },
  now: number,
): Promise<BusEvent | null> {
  const comments = db
    .selectFrom('comments')
    .select('id')
    .where('comment_container_id', '=', owner.commentContainerId);
  const removed = await db
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
    .returning(['party_id', 'is_read'])
    .execute();
  return recordNoticeEvent(db, unreadRecipients(removed), now);
}
