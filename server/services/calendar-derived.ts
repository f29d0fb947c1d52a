import { eventLocalFields } from '../../common/event-time.ts';
import type { EventLocalFields } from '../../common/event-time.ts';
import type { Recurrence } from '../../common/recurrence.ts';
import { recurrenceOf, type SeriesRule } from './recurrence-rules.ts';
import { shortBody } from './rich-text.ts';

/**
 * Answers the calendar computes from an event's own values, kept between requests: the zone
 * arithmetic (Intl) and the description's plain text cost more than a page's SQL (about 20 µs
 * and 15 µs an event), and the same events are asked for again and again. Each is keyed by what
 * it is made of, so an edited event simply misses and nothing is ever stale; one per app
 * (app.ts), reached through the ServiceContext.
 */
export interface CalendarDerived {
  /** The event's times in its own zone (eventLocalFields). */
  localFields(startAt: number, endAt: number | null, timeZoneId: number): EventLocalFields;
  /** The description as short text (shortBody). */
  shortText(body: string): string;
  /** A series' rule in the form's shape and in words (recurrence-rules.ts recurrenceOf). */
  seriesWords(rule: SeriesRule): { recurrence: Recurrence | null; description: string | null };
}

/** Entries each cache holds before it is emptied and starts again. */
const DERIVED_CACHE_SIZE = 5_000;
/** Longer descriptions are not kept: the cache stays under about 20 MB. */
const CACHED_BODY_MAX = 4_096;

function boundedCache<T>(): (key: string, make: () => T) => T {
  const cache = new Map<string, T>();
  return (key, make) => {
    let value = cache.get(key);
    if (value === undefined) {
      if (cache.size >= DERIVED_CACHE_SIZE) cache.clear();
      value = make();
      cache.set(key, value);
    }
    return value;
  };
}

export function createCalendarDerived(): CalendarDerived {
  const localFields = boundedCache<EventLocalFields>();
  const shortText = boundedCache<string>();
  const seriesWords = boundedCache<{ recurrence: Recurrence | null; description: string | null }>();
  return {
    localFields: (startAt, endAt, timeZoneId) =>
      localFields(`${startAt}/${endAt}/${timeZoneId}`, () =>
        eventLocalFields(startAt, endAt, timeZoneId),
      ),
    shortText: (body) =>
      body.length > CACHED_BODY_MAX ? shortBody(body) : shortText(body, () => shortBody(body)),
    seriesWords: (rule) =>
      seriesWords(`${rule.rrule}/${rule.startDate}/${rule.startMinutes}/${rule.timeZoneId}`, () =>
        recurrenceOf(rule),
      ),
  };
}
