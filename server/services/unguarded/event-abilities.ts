/**
 * What a member may do with each event the calendar presents (D58): the policies that guard PUT,
 * DELETE and announce, asked with one read of the member's lodges per answer. The calendar's
 * reads call these after their own guard and visibility check, so every event that leaves the
 * server carries its abilities; they check nothing themselves.
 */
import type { CalendarEvent } from '../../../common/schemas/calendar-event.ts';
import type { Member } from '../../auth/actor.ts';
import { webmasterClubIdsOf } from '../../db/content.ts';
import { calendarEventAbilities } from '../../policies/calendar-events.ts';
import type { ServiceContext } from '../context.ts';

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
      inSeries: event.series_id !== null,
      cancelled: event.cancelled,
    },
    webmasterClubIds,
  );
}

/** The events with this member's abilities on each. */
export async function withEventAbilities<T extends CalendarEvent>(
  ctx: ServiceContext,
  member: Member,
  events: readonly T[],
): Promise<T[]> {
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

/** One event with this member's abilities. */
export async function eventWithAbilities<T extends CalendarEvent>(
  ctx: ServiceContext,
  member: Member,
  event: T,
): Promise<T> {
  const [withAbilities] = await withEventAbilities(ctx, member, [event]);
  return withAbilities ?? event;
}
