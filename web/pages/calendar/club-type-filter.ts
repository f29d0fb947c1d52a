import type { CalendarEvent } from '../../../common/schemas/calendar-event.ts';
import type { ClubCalendarTypes } from '../../api/calendar-events.ts';

type Types = Pick<ClubCalendarTypes, 'hierarchy' | 'typeNames'>;

/**
 * A club calendar's type filter (CAL-08..10, decision D34). The calendar holds the events
 * of the club and the clubs below it, so only the club's own type and those below it
 * (`type_names`) can be among its events: those are the toggles, in the organisation's order
 * (`club_hierarchy`, top down), all on at first. A higher type has no events here, so it has no
 * toggle and stays off. The toggles show only when there is more than one (CAL-09).
 */

/** The types a member may toggle, top down. */
export function toggleableTypes(types: Types): string[] {
  const own = new Set(types.typeNames);
  const ordered = types.hierarchy.filter((name) => own.has(name));
  // A type the hierarchy does not list still gets its toggle, after the rest.
  const unlisted = types.typeNames.filter((name) => !types.hierarchy.includes(name));
  return [...new Set([...ordered, ...unlisted])];
}

/** CAL-09: a club at the lowest level (one type) shows no toggles. */
export function showsTypeToggles(types: Types): boolean {
  return toggleableTypes(types).length > 1;
}

/** CAL-10: only the events of clubs whose type is on. */
export function visibleEvents(
  events: readonly CalendarEvent[],
  on: readonly string[],
): CalendarEvent[] {
  const shown = new Set(on);
  return events.filter((event) => shown.has(event.club.type_name));
}
