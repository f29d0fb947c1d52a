/**
 * Notices (§3 Notice): a member's own, a page at a time (prepared: the badge's neighbour on
 * every screen); one read and marked read; and those written and removed with the comments,
 * posts and events they point at, inside the caller's transaction.
 */
import type { Kysely } from 'kysely';
import type { NoticeRow } from '../presenters/notice.ts';
import { prepare } from './prepared.ts';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** What a notice points at besides a comment: the post or event (NOTE-10). */
export type NoticeOwnerType = 'Post' | 'CalendarEvent';

const NOTICE_COLUMNS = [
  'id',
  'message',
  'is_read',
  'last_set_at',
  'noticeable_type',
  'noticeable_id',
  'parent_noticeable_type',
  'parent_noticeable_id',
] as const;

/*
 * A page of the member's own notices, newest first by (last_set_at, id) and read in that order
 * from the index notices (party_id, last_set_at, id) (migration 0009), one row more than a page
 * to know whether another follows.
 */
const firstPage = prepare<NoticeRow, 'party' | 'limit'>((db, p) =>
  db
    .selectFrom('notices')
    .select(NOTICE_COLUMNS)
    .where('party_id', '=', p<number>('party'))
    .orderBy('last_set_at', 'desc')
    .orderBy('id', 'desc')
    .limit(p<number>('limit')),
);

const laterPage = prepare<NoticeRow, 'party' | 'at' | 'id' | 'limit'>((db, p) =>
  db
    .selectFrom('notices')
    .select(NOTICE_COLUMNS)
    .where('party_id', '=', p<number>('party'))
    .where((eb) =>
      eb.or([
        eb('last_set_at', '<', p<number>('at')),
        eb.and([eb('last_set_at', '=', p<number>('at')), eb('id', '<', p<number>('id'))]),
      ]),
    )
    .orderBy('last_set_at', 'desc')
    .orderBy('id', 'desc')
    .limit(p<number>('limit')),
);

/** Up to `limit` of the party's notices, newest first, after the cursor when given. */
export async function noticesOfParty(
  db: Db,
  partyId: number,
  limit: number,
  before?: { at: number; id: number },
): Promise<NoticeRow[]> {
  const { rows } =
    before === undefined
      ? await firstPage.run(db, { party: partyId, limit })
      : await laterPage.run(db, { party: partyId, limit, ...before });
  return rows;
}

/** One notice with its recipient. */
export async function noticeById(
  db: Db,
  id: number,
): Promise<(NoticeRow & { party_id: number }) | undefined> {
  return db
    .selectFrom('notices')
    .select([...NOTICE_COLUMNS, 'party_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks the notice read if it is unread; whether this call changed it. */
export async function markUnreadNoticeRead(db: Db, id: number): Promise<boolean> {
  const changed = await db
    .updateTable('notices')
    .set({ is_read: 1 })
    .where('id', '=', id)
    .where('is_read', '=', 0)
    .returning('id')
    .executeTakeFirst();
  return changed !== undefined;
}

export interface NewNotice {
  party_id: number;
  message: string;
  noticeable_type: 'Comment' | NoticeOwnerType;
  noticeable_id: number;
  parent_noticeable_type: NoticeOwnerType | null;
  parent_noticeable_id: number | null;
}

/** Rows per statement: well under every engine's parameter limit. */
const CHUNK = 500;

/** Unread notices, written in statements of at most CHUNK rows. */
export async function insertNotices(
  db: Db,
  notices: readonly NewNotice[],
  now: number,
): Promise<void> {
  for (let start = 0; start < notices.length; start += CHUNK) {
    await db
      .insertInto('notices')
      .values(
        notices
          .slice(start, start + CHUNK)
          .map((notice) => ({ ...notice, is_read: 0, last_set_at: now, created_at: now })),
      )
      .execute();
  }
}

/** Removes the notices of these comments; the removed rows' recipients and read flags. */
export async function deleteCommentNotices(
  db: Db,
  commentIds: readonly number[],
): Promise<{ party_id: number; is_read: number }[]> {
  return db
    .deleteFrom('notices')
    .where('noticeable_type', '=', 'Comment')
    .where('noticeable_id', 'in', commentIds)
    .returning(['party_id', 'is_read'])
    .execute();
}

/**
 * Removes every notice about a post or event: those pointing at it, those whose parent it is,
 * and those of its container's comments; the removed rows' recipients and read flags.
 */
export async function deleteOwnerNotices(
  db: Db,
  owner: { type: NoticeOwnerType; id: number; commentContainerId: number },
): Promise<{ party_id: number; is_read: number }[]> {
  const comments = db
    .selectFrom('comments')
    .select('id')
    .where('comment_container_id', '=', owner.commentContainerId);
  return db
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
}
