import type { CalendarEvent } from '../../../common/schemas/calendar-event.ts';

/** Paths of the calendar screens, relative to /app (ROUTE-10..13). */
export const CALENDAR_PATH = '/calendar';
export const NEW_EVENT_PATH = '/calendar/new';

/** An event opened from the main calendar (ROUTE-12). */
export function eventPath(event: Pick<CalendarEvent, 'id'>): string {
  return `${CALENDAR_PATH}/${event.id}`;
}

/** A club's calendar (ROUTE-02), by the club's subdomain. */
export function clubCalendarPath(subdomain: string): string {
  return `/clubs/${encodeURIComponent(subdomain)}${CALENDAR_PATH}`;
}

/** An event opened from a club's calendar, in that club's context (ROUTE-03). */
export function clubEventPath(subdomain: string, event: Pick<CalendarEvent, 'id'>): string {
  return `${clubCalendarPath(subdomain)}/${event.id}`;
}
