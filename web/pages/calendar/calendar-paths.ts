import type { CalendarEvent } from '../../../common/schemas/calendar-event.ts';
import { CALENDAR_PATH, parseRecordId } from '../../paths.ts';

/** Paths of the calendar screens, relative to /app (ROUTE-02, ROUTE-03, ROUTE-10..13). */
export const NEW_EVENT_PATH = `${CALENDAR_PATH}/new`;

/** A club's calendar (ROUTE-02), by the club's subdomain. */
export const clubCalendarPath = (subdomain: string): string =>
  `/clubs/${encodeURIComponent(subdomain)}/calendar`;

/**
 * An event on the main calendar (/calendar/{id}, ROUTE-12) or inside a club's
 * (/clubs/{subdomain}/calendar/{id}, ROUTE-03).
 */
export function eventPath(
  event: Pick<CalendarEvent, 'id'>,
  clubSubdomain: string | null = null,
): string {
  return clubSubdomain === null
    ? `${CALENDAR_PATH}/${event.id}`
    : `${clubCalendarPath(clubSubdomain)}/${event.id}`;
}

/** Edit lives under /calendar whatever the context (ROUTE-13). */
export const editEventPath = (event: Pick<CalendarEvent, 'id'>): string =>
  `${CALENDAR_PATH}/${event.id}/edit`;

/** An event id from the URL, or null (the screen shows the 404). */
export const parseEventId = parseRecordId;
