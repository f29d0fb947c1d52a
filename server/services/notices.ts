import type { Kysely } from 'kysely';
import { NOTICES_PAGE_SIZE } from '../../common/schemas/notice.ts';
import type { Notice, NoticeListQuery } from '../../common/schemas/notice.ts';
import { requireMember } from '../auth/actor.ts';
import type { Actor } from '../auth/actor.ts';
import { prepare } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { NotFoundError } from '../errors.ts';
import { maySeeNotice } from '../policies/notices.ts';
import { presentNotice } from '../presenters/notice.ts';
import type { NoticeRow } from '../presenters/notice.ts';
import { publishAll, recordBusEvent } from '../realtime/bus.ts';
import type { BusEvent } from '../realtime/bus.ts';
import type { ServiceContext } from './context.ts';
import { cleanRichTextCached } from './rich-text.ts';

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

// ---- The member's notices (GET /notices.json, PUT /notices/{id}/mark_read) -----------------

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
 * to know whether another follows. `party_id` = the member is maySeeNotice's rule in SQL.
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

export interface NoticePage {
  notices: Notice[];
  next_before: string | null;
}

/** The member's notices, newest first, NOTICES_PAGE_SIZE a page (NOTE-01, API-NOTE-01). */
export async function listNotices(
  ctx: ServiceContext,
  actor: Actor,
  query: NoticeListQuery,
): Promise<NoticePage> {
  const member = requireMember(actor);
  const limit = NOTICES_PAGE_SIZE + 1;
  const { rows } =
    query.before === undefined
      ? await firstPage.run(ctx.db, { party: member.partyId, limit })
      : await laterPage.run(ctx.db, { party: member.partyId, limit, ...cursorOf(query.before) });
  const page = rows.slice(0, NOTICES_PAGE_SIZE);
  const last = page.at(-1);
  return {
    notices: page.map((row) => presentNotice(row, cleanRichTextCached)),
    next_before:
      rows.length > NOTICES_PAGE_SIZE && last
        ? `${Number(last.last_set_at)}.${Number(last.id)}`
        : null,
  };
}

function cursorOf(before: string): { at: number; id: number } {
  const [at, id] = before.split('.');
  return { at: Number(at), id: Number(id) };
}

/**
 * Marks the member's own notice read (NOTE-06, API-NOTE-02). Only an unread row is changed, in
 * one conditional update, so of two marks at once exactly one changes it and records the bus
 * event (the badge drops by one, once); marking a read notice again changes nothing. Another
 * member's notice is the same 404 as a missing one.
 */
export async function markNoticeRead(
  ctx: ServiceContext,
  actor: Actor,
  noticeId: number,
): Promise<Notice> {
  const member = requireMember(actor);
  const now = Date.now();
  const { row, event } = await ctx.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('notices')
      .select([...NOTICE_COLUMNS, 'party_id'])
      .where('id', '=', noticeId)
      .executeTakeFirst();
    if (!current || !maySeeNotice(member, { partyId: current.party_id })) {
      throw new NotFoundError();
    }
    const changed = await trx
      .updateTable('notices')
      .set({ is_read: 1 })
      .where('id', '=', noticeId)
      .where('is_read', '=', 0)
      .returning('id')
      .executeTakeFirst();
    const recorded = changed ? await recordNoticeEvent(trx, [member.partyId], now) : null;
    return { row: { ...current, is_read: 1 }, event: recorded };
  });
  publishAll(ctx.bus, [event]);
  return presentNotice(row, cleanRichTextCached);
}
