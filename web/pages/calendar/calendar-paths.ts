import type { CalendarEvent } from '../../../common/schemas/calendar-event.ts';
import { parsePostId } from '../news/post-paths.ts';

/** Paths of the calendar screens, relative to /app (ROUTE-10..13). */
export const CALENDAR_PATH = '/calendar';
export const NEW_EVENT_PATH = '/calendar/new';

/** An event opened from the main calendar (ROUTE-12). */
export function eventPath(event: Pick<CalendarEvent, 'id'>): string {
  return `${CALENDAR_PATH}/${event.id}`;
}

/** The event form for a saved event (ROUTE-13). */
export function editEventPath(event: Pick<CalendarEvent, 'id'>): string {
  return `${CALENDAR_PATH}/${event.id}/edit`;
}

/** An event id from the URL, or null (the screen shows the 404): read as a post id is. */
export const parseEventId = parsePostId;
