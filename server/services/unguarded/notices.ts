/**
 * Notices written and removed along with what they point at, inside the caller's transaction
 * (comments, posts, events, an Announce). No actor: the use cases that call these have asked
 * their policies already. Each answers the bus event the caller publishes after the commit,
 * so the recipients' open streams send fresh badges (docs/decisions.md D43).
 */
import type { Kysely } from 'kysely';
import {
  deleteCommentNotices,
  deleteOwnerNotices,
  insertNotices,
  type NoticeOwnerType,
} from '../../db/notices.ts';
import type { Database } from '../../db/schema.ts';
import { recordBusEvent } from '../../realtime/bus.ts';
import type { BusEvent } from '../../realtime/bus.ts';

/** The noticeable types a comment notice points at (§3 Notice, NOTE-10). */
export type CommentOwnerType = NoticeOwnerType;

/**
 * Records, in the caller's transaction, that these members' unread notices changed. Null when
 * nobody's count changed.
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
 * the unseen notice count (x-user-metadata) counts it from the next answer on.
 */
export async function addCommentNotice(
  db: Kysely<Database>,
  notice: NewCommentNotice,
): Promise<BusEvent | null> {
  await insertNotices(
    db,
    [
      {
        party_id: notice.partyId,
        message: notice.message,
        noticeable_type: 'Comment',
        noticeable_id: notice.commentId,
        parent_noticeable_type: notice.ownerType,
        parent_noticeable_id: notice.ownerId,
      },
    ],
    notice.now,
  );
  return recordNoticeEvent(db, [notice.partyId], notice.now);
}

/** The same notice about a post or event for each of these members (an Announce). */
export async function addOwnerNotices(
  db: Kysely<Database>,
  owner: { type: CommentOwnerType; id: number; message: string },
  partyIds: readonly number[],
  now: number,
): Promise<BusEvent | null> {
  await insertNotices(
    db,
    partyIds.map((partyId) => ({
      party_id: partyId,
      message: owner.message,
      noticeable_type: owner.type,
      noticeable_id: owner.id,
      parent_noticeable_type: null,
      parent_noticeable_id: null,
    })),
    now,
  );
  return recordNoticeEvent(db, partyIds, now);
}

/** Removes the notices of deleted comments. */
export async function removeCommentNotices(
  db: Kysely<Database>,
  commentIds: readonly number[],
  now: number,
): Promise<BusEvent | null> {
  if (commentIds.length === 0) return null;
  return recordNoticeEvent(db, unreadRecipients(await deleteCommentNotices(db, commentIds)), now);
}

/**
 * Removes every notice about a post or event that is being deleted: those pointing at it,
 * those whose parent it is, and those of its comments.
 */
export async function removeOwnerNotices(
  db: Kysely<Database>,
  owner: { type: CommentOwnerType; id: number; commentContainerId: number },
  now: number,
): Promise<BusEvent | null> {
  return recordNoticeEvent(db, unreadRecipients(await deleteOwnerNotices(db, owner)), now);
}
