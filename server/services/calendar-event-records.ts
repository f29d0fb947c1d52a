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
import type { CalendarEvent, CalendarEventDetail } from '../../common/schemas/calendar-event.ts';
import { requireMember, type Actor, type Member } from '../auth/actor.ts';
import { lockRecordRow, webmasterClubIdsOf } from '../db/content.ts';
import {
  eventOwningContainer,
  storedEventById,
  type StoredEventRow,
} from '../db/content-events.ts';
import { currentClubIdsOf, standingOf, type Standing } from '../db/memberships.ts';
import type { Database } from '../db/schema.ts';
import { NotFoundError } from '../errors.ts';
import {
  calendarEventAbilities,
  mayViewCalendarEvent,
  type CalendarEventFacts,
} from '../policies/calendar-events.ts';
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

// ---- What the member may do (D58) ----------------------------------------------------------

function eventAbilitiesOf(
  member: Member,
  event: CalendarEvent,
  webmasterClubIds: ReadonlySet<number>,
): CalendarEvent['abilities'] {
  return calendarEventAbilities(
    member,
    { clubId: event.club.id },
    {
      allowsComments: event.allows_comments,
      commentCount: event.comment_container.comment_count,
      announced: event.announced,
    },
    webmasterClubIds,
  );
}

/**
 * Events as the calendar's reads present them, with what this member may do with each: the
 * policies that guard PUT, DELETE and announce, asked with one read of the member's lodges.
 */
export async function withEventAbilities<T extends CalendarEvent>(
  ctx: ServiceContext,
  actor: Actor,
  events: readonly T[],
): Promise<T[]> {
  const member = requireMember(actor);
  if (events.length === 0) return [];
  // An admin may change every event whatever their lodges; the query is not needed.
  const webmasterClubIds = member.isAdmin
    ? new Set<number>()
    : await webmasterClubIdsOf(ctx.db, member.partyId);
  return events.map((event) => ({
    ...event,
    abilities: eventAbilitiesOf(member, event, webmasterClubIds),
  }));
}

/** A write's answer: the event as the calendar reads it now, with the member's abilities. */
export async function answerEvent(
  ctx: ServiceContext,
  member: Member,
  standing: Standing,
  id: number,
): Promise<CalendarEventDetail> {
  const event = await getCalendarEvent(ctx, member, id);
  return { ...event, abilities: eventAbilitiesOf(member, event, standing.webmasterClubIds) };
}

/**
 * An event as the owner of a comment container (services/comment-owners.ts): seen by the
 * calendar's rule (mayViewCalendarEvent), its creator told of a new comment.
 */
export const EVENT_COMMENT_OWNER: CommentOwnerKind = {
  async ownerOfContainer(ctx, containerId) {
    const event = await eventOwningContainer(ctx.db, containerId);
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

/** One event as the calendar's reads present it, with this member's abilities. */
export async function eventWithAbilities<T extends CalendarEvent>(
  ctx: ServiceContext,
  actor: Actor,
  event: T,
): Promise<T> {
  const [withAbilities] = await withEventAbilities(ctx, actor, [event]);
  return withAbilities ?? event;
}

/** A calendar page (a tab, a club's calendar) with each event's abilities. */
export async function pageWithAbilities<P extends { calendar_events: CalendarEvent[] }>(
  ctx: ServiceContext,
  actor: Actor,
  page: P,
): Promise<P> {
  return { ...page, calendar_events: await withEventAbilities(ctx, actor, page.calendar_events) };
}
