import { NOTICES_PAGE_SIZE } from '../../common/schemas/notice.ts';
import type { Notice, NoticeListQuery } from '../../common/schemas/notice.ts';
import { requireMember } from '../auth/actor.ts';
import type { Actor } from '../auth/actor.ts';
import { markUnreadNoticeRead, noticeById, noticesOfParty } from '../db/notices.ts';
import { NotFoundError } from '../errors.ts';
import { maySeeNotice } from '../policies/notices.ts';
import { presentNotice } from '../presenters/notice.ts';
import { publishAll } from '../realtime/bus.ts';
import type { ServiceContext } from './context.ts';
import { cleanRichTextCached } from './rich-text.ts';
import { recordNoticeEvent } from './unguarded/notices.ts';

// ---- The member's notices (GET /notices.json, PUT /notices/{id}/mark_read) -----------------

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
  const rows = await noticesOfParty(
    ctx.db,
    member.partyId,
    limit,
    query.before === undefined ? undefined : cursorOf(query.before),
  );
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
    const current = await noticeById(trx, noticeId);
    if (!current || !maySeeNotice(member, { partyId: current.party_id })) {
      throw new NotFoundError();
    }
    const changed = await markUnreadNoticeRead(trx, noticeId);
    const recorded = changed ? await recordNoticeEvent(trx, [member.partyId], now) : null;
    return { row: { ...current, is_read: 1 }, event: recorded };
  });
  await publishAll(ctx.bus, [event]);
  return presentNotice(row, cleanRichTextCached);
}
