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
