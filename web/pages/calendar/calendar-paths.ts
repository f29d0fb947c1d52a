import type { CalendarEvent } from '../../../common/schemas/calendar-event.ts';
import { CALENDAR_PATH, parseRecordId } from '../../paths.ts';

/** Paths of the calendar screens, relative to /app (ROUTE-02, ROUTE-03, ROUTE-10..13). */
export const NEW_EVENT_PATH = `${CALENDAR_PATH}/new`;

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

/** Edit lives under /calendar whatever the context (ROUTE-13). */
export const editEventPath = (event: Pick<CalendarEvent, 'id'>): string =>
  `${CALENDAR_PATH}/${event.id}/edit`;

/** An event id from the URL, or null (the screen shows the 404). */
export const parseEventId = parseRecordId;
