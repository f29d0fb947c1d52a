import type { Actor } from '../auth/actor.ts';
import type { Access } from '../db/schema.ts';

/** What a policy needs to know about a calendar event. */
export interface CalendarEventFacts {
  /** The lodge the event belongs to. */
  readonly clubId: number;
  /** Who created it, if still known. */
  readonly partyId: number | null;
  readonly access: Access;
}

/**
 * Who sees a calendar event (and so its comments): admins and its creator always; PUBLIC and
 * MEMBER events any signed-in member; CLUB events the members of the event's lodge (§9 access
 * values). A visitor sees only PUBLIC ones. `memberClubIds` are the viewer's current lodges.
 */
export function mayViewCalendarEvent(
  actor: Actor,
  event: CalendarEventFacts,
  memberClubIds: ReadonlySet<number>,
): boolean {
  if (actor.kind !== 'member') return event.access === 'PUBLIC';
  if (actor.isAdmin || event.partyId === actor.partyId) return true;
  if (event.access === 'PUBLIC' || event.access === 'MEMBER') return true;
  return event.access === 'CLUB' && memberClubIds.has(event.clubId);
}

/**
 * Who may answer or change an RSVP: only the member it belongs to (§6: any member RSVPs, for
 * themselves); an admin neither, as an RSVP speaks for the person. Seeing the event is asked
 * first (mayViewCalendarEvent), so an event one may not see is a 404, not this 403.
 */
export function mayChangeRsvp(actor: Actor, attendeePartyId: number): boolean {
  return actor.kind === 'member' && actor.partyId === attendeePartyId;
}

/** Create an event for a lodge (PERM-06, EVF-03): only its webmasters; being admin is not enough. */
export function mayCreateCalendarEvent(
  actor: Actor,
  clubId: number,
  webmasterClubIds: ReadonlySet<number>,
): boolean {
  return actor.kind === 'member' && webmasterClubIds.has(clubId);
}

/** Edit an event (§6 Event edit): an admin or a webmaster of the event's lodge. */
export function mayEditCalendarEvent(
  actor: Actor,
  event: Pick<CalendarEventFacts, 'clubId'>,
  webmasterClubIds: ReadonlySet<number>,
): boolean {
  if (actor.kind !== 'member') return false;
  return actor.isAdmin || webmasterClubIds.has(event.clubId);
}

/** What deleting needs to know besides who may edit: comments that would be lost. */
export interface EventCommentFacts {
  readonly allowsComments: boolean;
  readonly commentCount: number;
}

/**
 * Delete an event (§6 Event delete): the people who may edit it, and only while comments are
 * off or none exist yet, so members' words are never deleted with it; an admin is no exception.
 */
export function mayDeleteCalendarEvent(
  actor: Actor,
  event: Pick<CalendarEventFacts, 'clubId'>,
  comments: EventCommentFacts,
  webmasterClubIds: ReadonlySet<number>,
): boolean {
  if (!mayEditCalendarEvent(actor, event, webmasterClubIds)) return false;
  return !comments.allowsComments || comments.commentCount === 0;
}

/** Announce an event to its lodge (AMB-06, PERM-07): an admin or a webmaster of the lodge. */
export function mayAnnounceCalendarEvent(
  actor: Actor,
  event: Pick<CalendarEventFacts, 'clubId'>,
  webmasterClubIds: ReadonlySet<number>,
): boolean {
  return mayEditCalendarEvent(actor, event, webmasterClubIds);
}

/**
 * Cancel one meeting of a series (issue 25, D80): those who may edit it, while it is a meeting
 * of a series that is not cancelled yet. A single event is deleted instead.
 */
export function mayCancelOccurrence(
  actor: Actor,
  event: Pick<CalendarEventFacts, 'clubId'>,
  occurrence: { readonly inSeries: boolean; readonly cancelled: boolean },
  webmasterClubIds: ReadonlySet<number>,
): boolean {
  return (
    occurrence.inSeries &&
    !occurrence.cancelled &&
    mayEditCalendarEvent(actor, event, webmasterClubIds)
  );
}

/**
 * What the member may do with an event (D58), sent with each event: the answers that guard
 * PUT, DELETE and announce. Announce is offered only while the event is not announced: the
 * server takes a second one idempotently (it changes nothing), so there is nothing to offer.
 */
export function calendarEventAbilities(
  actor: Actor,
  event: Pick<CalendarEventFacts, 'clubId'>,
  state: EventCommentFacts & {
    readonly announced: boolean;
    readonly inSeries: boolean;
    readonly cancelled: boolean;
  },
  webmasterClubIds: ReadonlySet<number>,
): { edit: boolean; delete: boolean; announce: boolean; cancel: boolean } {
  return {
    edit: mayEditCalendarEvent(actor, event, webmasterClubIds),
    delete: mayDeleteCalendarEvent(actor, event, state, webmasterClubIds),
    announce: !state.announced && mayAnnounceCalendarEvent(actor, event, webmasterClubIds),
    cancel: mayCancelOccurrence(actor, event, state, webmasterClubIds),
  };
}
