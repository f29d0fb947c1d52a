import {
  addDays,
  isoDateFromWire,
  localDateOf,
  longDate,
  parseWireDate,
} from '../../../common/event-time.ts';
import { TODAY, TOMORROW } from '../../../common/messages.ts';
import type { CalendarEvent } from '../../../common/schemas/calendar-event.ts';

/** One day of a calendar list (CAL-03): its `local_start_date` and its events, in list order. */
export interface DaySection {
  /** `MM/DD/YYYY`, as the server gives `local_start_date`. */
  date: string;
  events: CalendarEvent[];
}

export interface CalendarSections {
  upcoming: DaySection[];
  past: DaySection[];
}

/**
 * Whether an event is past by the server's rule (D31): its `local_start_date` is before the day
 * `readAt` falls on in the event's own zone. Taken from page zero's reading time, so the line
 * between the two parts matches the server's order and does not move while paging.
 */
export function isPastEvent(event: CalendarEvent, readAt: number): boolean {
  return isoDateFromWire(event.local_start_date) < localDateOf(readAt, event.time_zone_id);
}

function groupByDay(events: readonly CalendarEvent[]): DaySection[] {
  // Events of different zones can interleave by instant; a day keeps one heading all the same.
  const days = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    const day = days.get(event.local_start_date);
    if (day) day.push(event);
    else days.set(event.local_start_date, [event]);
  }
  return [...days].map(([date, dayEvents]) => ({ date, events: dayEvents }));
}

/**
 * The day sections of a list in the server's order (upcoming soonest first, then past latest
 * first), split into the upcoming part and the past part.
 */
export function calendarSections(
  events: readonly CalendarEvent[],
  readAt: number,
): CalendarSections {
  return {
    upcoming: groupByDay(events.filter((event) => !isPastEvent(event, readAt))),
    past: groupByDay(events.filter((event) => isPastEvent(event, readAt))),
  };
}

/**
 * A day heading: `Tuesday, November 24, 2026`, led by Today or Tomorrow when it is one by the
 * member's own calendar (`todayIso`, `YYYY-MM-DD`).
 */
export function dayHeading(wireDate: string, todayIso?: string): string {
  const date = parseWireDate(wireDate);
  if (!date) return wireDate;
  const long = longDate(date);
  if (todayIso === undefined) return long;
  const iso = isoDateFromWire(wireDate);
  if (iso === todayIso) return `${TODAY}, ${long}`;
  if (iso === addDays(todayIso, 1)) return `${TOMORROW}, ${long}`;
  return long;
}

/**
 * An event's time as a card under its day heading shows it: the server's
 * `local_start_date_time_with_duration` without the leading date the heading already says
 * (`7:00pm - 9:30pm EST`; an end on another day keeps its date). Any other wording is shown whole.
 */
export function timeWithinDay(
  event: Pick<CalendarEvent, 'local_start_date' | 'local_start_date_time_with_duration'>,
): string {
  const when = event.local_start_date_time_with_duration;
  const date = parseWireDate(event.local_start_date);
  if (!date) return when;
  const prefix = `${longDate(date)} `;
  return when.startsWith(prefix) ? when.slice(prefix.length) : when;
}
