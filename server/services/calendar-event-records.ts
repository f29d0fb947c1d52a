/**
 * Calendar events as content records (D57) and what a member may do with one (D58): the
 * event's configuration of the core (services/content-records.ts), the event as a write
 * loads and locks it, the abilities every answered event carries, and the event as the owner
 * of a comment container. The writes are calendar-event-writes.ts; the reads and RSVPs are
 * services/calendar-events.ts.
 */
import type { Transaction } from 'kysely';
import {
  commentedOnYourEventNotice,
  NO_SUCH_COMMENTS,
  NO_SUCH_EVENT,
  notAPhotoOfThisEvent,
} from '../../common/messages.ts';
import type { CalendarEventDetail } from '../../common/schemas/calendar-event.ts';
import type { Member } from '../auth/actor.ts';
import { lockRecordRow } from '../db/content.ts';
import {
  eventOwningContainer,
  storedEventById,
  type StoredEventRow,
} from '../db/content-events.ts';
import { seriesOwningContainer } from '../db/calendar/series.ts';
import { currentClubIdsOf, standingOf, type Standing } from '../db/memberships.ts';
import type { Database } from '../db/schema.ts';
import { NotFoundError } from '../errors.ts';
import { mayViewCalendarEvent, type CalendarEventFacts } from '../policies/calendar-events.ts';
import { getCalendarEvent } from './calendar-events.ts';
import type { CommentOwnerKind } from './comment-owners.ts';
import type { ContentKind } from './content-records.ts';
import type { ServiceContext } from './context.ts';

/** Calendar events as content records (D57): a description, photos, a comment container. */
export const EVENT: ContentKind = {
  type: 'CalendarEvent',
  tables: {
    records: 'calendar_events',
    bodies: 'calendar_event_descriptions',
    photoLinks: 'calendar_event_photos',
    photoOwner: 'calendar_event_id',
  },
  bodyField: 'new_description',
  notOwnPhoto: notAPhotoOfThisEvent,
};

// ---- The event as a write needs it ------------------------------------------------------

export interface StoredEvent {
  facts: CalendarEventFacts;
  row: StoredEventRow;
  standing: Standing;
}

/** The event and the member's standing; a 404 when the member may not see it. */
export async function loadEvent(
  ctx: ServiceContext,
  member: Member,
  id: number,
): Promise<StoredEvent> {
  const [row, standing] = await Promise.all([
    storedEventById(ctx.db, id),
    standingOf(ctx.db, member.partyId),
  ]);
  if (!row) throw new NotFoundError(NO_SUCH_EVENT);
  const facts = { clubId: row.club_id, partyId: row.party_id, access: row.access };
  if (!mayViewCalendarEvent(member, facts, standing.memberClubIds)) {
    throw new NotFoundError(NO_SUCH_EVENT);
  }
  return { facts, row, standing };
}

/**
 * Inside a write's transaction: takes the event's row lock (a no-op update; on SQLite the
 * transaction already holds the database) and reads it again, so what the write keeps or
 * checks is what is stored now, not what was read before images were processed. A 404 when
 * the event was deleted meanwhile.
 */
export async function lockEvent(trx: Transaction<Database>, id: number): Promise<StoredEventRow> {
  const row = (await lockRecordRow(trx, EVENT.tables, id))
    ? await storedEventById(trx, id)
    : undefined;
  if (!row) throw new NotFoundError(NO_SUCH_EVENT);
  return row;
}

/**
 * A write's answer: the event as the calendar reads it now, with the member's abilities (the
 * read computes them after the write, so a first comment's effect on Delete shows at once).
 */
export async function answerEvent(
  ctx: ServiceContext,
  member: Member,
  id: number,
): Promise<CalendarEventDetail> {
  return getCalendarEvent(ctx, member, id);
}

/**
 * A series' comment container (D80), which its meetings not changed alone show: owned by the
 * series' first such meeting, with the series' own name, access and comment switch.
 */
async function seriesMeetingOwningContainer(ctx: ServiceContext, containerId: number) {
  const series = await seriesOwningContainer(ctx.db, containerId);
  return series && { ...series, id: series.meetingId };
}

/**
 * An event as the owner of a comment container (services/comment-owners.ts): seen by the
 * calendar's rule (mayViewCalendarEvent), its creator told of a new comment.
 */
export const EVENT_COMMENT_OWNER: CommentOwnerKind = {
  async ownerOfContainer(ctx, containerId) {
    const event =
      (await eventOwningContainer(ctx.db, containerId)) ??
      (await seriesMeetingOwningContainer(ctx, containerId));
    if (!event) return undefined;
    const facts = { clubId: event.club_id, partyId: event.party_id, access: event.access };
    return {
      type: EVENT.type,
      id: event.id,
      tables: EVENT.tables,
      authorId: event.party_id,
      title: event.name,
      allowsComments: event.allows_comments === 1,
      visibleTo: async (context, member) =>
        mayViewCalendarEvent(member, facts, await currentClubIdsOf(context.db, member.partyId)),
      hiddenMessage: NO_SUCH_COMMENTS,
      commentedNotice: (name, title) => commentedOnYourEventNotice(name, title ?? ''),
    };
  },
};
