import type { CalendarEvent } from '../../../common/schemas/calendar-event.ts';

/** Paths of the calendar screens, relative to /app (ROUTE-10..13). */
export const CALENDAR_PATH = '/calendar';
export const NEW_EVENT_PATH = '/calendar/new';

/** An event opened from the main calendar (ROUTE-12). */
export function eventPath(event: Pick<CalendarEvent, 'id'>): string {
  return `${CALENDAR_PATH}/${event.id}`;
}
