/**
 * A deleted event's old links (issue 25, D81): the Announce mails and notices sent before it
 * was deleted still point at it, so `GET /calendar_events/{id}.json` answers its tombstone as a
 * 410 `event-cancelled` problem, to the members who could see the event, rather than a 404.
 */
import { eventLocalFields } from '../../common/event-time.ts';
import { EVENT_WAS_CANCELLED } from '../../common/messages.ts';
import {
  EVENT_CANCELLED_PROBLEM,
  type CancelledEvent,
} from '../../common/schemas/cancelled-event.ts';
import type { Member } from '../auth/actor.ts';
import { tombstoneOfEvent } from '../db/event-changes.ts';
import { currentClubIdsOf } from '../db/memberships.ts';
import { AppError } from '../errors.ts';
import { mayViewCalendarEvent } from '../policies/calendar-events.ts';
import type { ServiceContext } from './context.ts';

/** Throws the 410 when the event was deleted and the member could have seen it; else returns. */
export async function throwIfCancelled(
  ctx: ServiceContext,
  member: Member,
  id: number,
): Promise<void> {
  const tombstone = await tombstoneOfEvent(ctx.db, id);
  if (!tombstone) return;
  const facts = {
    clubId: tombstone.club_id,
    partyId: tombstone.party_id,
    access: tombstone.access,
  };
  if (!mayViewCalendarEvent(member, facts, await currentClubIdsOf(ctx.db, member.partyId))) return;
  const event: CancelledEvent = {
    id: tombstone.event_id,
    name: tombstone.name,
    club_id: tombstone.club_id,
    club_name: tombstone.club_name,
    location: tombstone.location,
    start_time: tombstone.start_at,
    time_zone_id: tombstone.time_zone_id,
    local_start_date_time_with_duration: eventLocalFields(
      tombstone.start_at,
      tombstone.end_at,
      tombstone.time_zone_id,
    ).local_start_date_time_with_duration,
  };
  throw new AppError(410, EVENT_CANCELLED_PROBLEM, EVENT_WAS_CANCELLED, { calendar_event: event });
}
