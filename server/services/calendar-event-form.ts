/**
 * The event form's fields as the writes read them (EVF-19, VAL-27, AMB-40): the name, the zone,
 * the location, and the dates and times, which are wall-clock strings in the event's zone and
 * become UTC instants (common/event-time.ts eventInstants, decision D29). Each problem is a
 * field error under its own field, so every one comes back at once. Pure: no database, no actor.
 */
import {
  DEFAULT_TIME_ZONE_ID,
  eventInstants,
  eventLocalFields,
  isTimeZoneId,
  type EventTimeProblem,
  type EventTimeStrings,
} from '../../common/event-time.ts';
import {
  END_BEFORE_START,
  FIELD_BLANK,
  INVALID_CHOICE,
  NOT_A_TIME_LABEL,
  NOT_A_WIRE_DATE,
} from '../../common/messages.ts';
import type { UpdateCalendarEventRequest } from '../../common/schemas/calendar-event.ts';
import type { StoredEventRow } from '../db/content-events.ts';
import type { FieldErrors } from '../errors.ts';
import { addError } from './content-records.ts';

const TIME_PROBLEMS: Record<'date' | 'time', Record<EventTimeProblem, string>> = {
  date: { blank: FIELD_BLANK, invalid: NOT_A_WIRE_DATE, before_start: END_BEFORE_START },
  time: { blank: FIELD_BLANK, invalid: NOT_A_TIME_LABEL, before_start: END_BEFORE_START },
};

/** The start and end instants, or field errors for each string that is wrong (VAL-27, AMB-40). */
export function instantsOf(
  strings: EventTimeStrings,
  timeZoneId: number,
  errors: FieldErrors,
): { startAt: number; endAt: number | null } | undefined {
  const result = eventInstants(strings, timeZoneId);
  if (result.ok) return { startAt: result.startAt, endAt: result.endAt };
  for (const [field, problem] of Object.entries(result.errors)) {
    const kind = field.includes('_date_') ? 'date' : 'time';
    addError(errors, field, TIME_PROBLEMS[kind][problem]);
  }
  return undefined;
}

export function requiredName(name: string, errors: FieldErrors): string {
  const trimmed = name.trim();
  if (trimmed === '') addError(errors, 'name', FIELD_BLANK);
  return trimmed;
}

export function timeZoneOf(id: number, errors: FieldErrors): number {
  if (!isTimeZoneId(id)) addError(errors, 'time_zone_id', INVALID_CHOICE);
  return id;
}

/**
 * The zone the strings are read in: an unknown one (already a field error) is replaced by zone
 * 1, so the dates and times are still checked and every problem comes back at once.
 */
export function readableZone(id: number): number {
  return isTimeZoneId(id) ? id : DEFAULT_TIME_ZONE_ID;
}

export function optionalLocation(location: string | null | undefined): string | null {
  const trimmed = location?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * The time strings an update is checked with: the ones sent, and for those left out the
 * stored ones as the event's own zone shows them, so changing only the zone keeps the wall
 * time and changing only the start date keeps the start time. The end is one thing: when
 * either end field is sent, both come from the request (one left out is empty), so
 * `{"end_time_string": null}` removes the end rather than leaving an end date behind.
 */
function mergedTimes(
  stored: StoredEventRow,
  input: UpdateCalendarEventRequest['calendar_event'],
): EventTimeStrings {
  const current = eventLocalFields(stored.start_at, stored.end_at, stored.time_zone_id);
  const endSent = input.end_date_string !== undefined || input.end_time_string !== undefined;
  return {
    start_date_string: input.start_date_string ?? current.start_date_string,
    start_time_string: input.start_time_string ?? current.start_time_string,
    end_date_string: endSent ? (input.end_date_string ?? null) : current.end_date_string,
    end_time_string: endSent ? (input.end_time_string ?? null) : current.end_time_string,
  };
}

/** Whether the request changes when the event is: any time field or the zone. */
export function changesTimes(input: UpdateCalendarEventRequest['calendar_event']): boolean {
  return (
    input.start_date_string !== undefined ||
    input.start_time_string !== undefined ||
    input.end_date_string !== undefined ||
    input.end_time_string !== undefined ||
    input.time_zone_id !== undefined
  );
}

/**
 * The new start, end and zone against the stored event, or field errors. An unknown zone is
 * refused before any time is read in it.
 */
export function newTimes(
  stored: StoredEventRow,
  input: UpdateCalendarEventRequest['calendar_event'],
  errors: FieldErrors,
): { startAt: number; endAt: number | null; timeZoneId: number } | undefined {
  const timeZoneId =
    input.time_zone_id === undefined ? stored.time_zone_id : timeZoneOf(input.time_zone_id, errors);
  const instants = instantsOf(mergedTimes(stored, input), readableZone(timeZoneId), errors);
  return instants && isTimeZoneId(timeZoneId) ? { ...instants, timeZoneId } : undefined;
}
