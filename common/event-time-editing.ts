/**
 * The event form's date and time rules (§4 "Event date and time editing", EVF-05..EVF-15) and
 * its defaults (§9, CONST-16, CONST-17, AMB-08). Pure functions from the form's values to the
 * next values, so the rules are unit-tested here and the form only wires them to its inputs.
 * The form works in wall-clock time: dates `MM/DD/YYYY`, times labels `1:00pm`, `''` for an
 * empty field; the server turns them into instants (common/event-time.ts, eventInstants).
 */
import { DEFAULT_ACCESS, DEFAULT_EVENT_DURATION_MS } from './constants.ts';
import type { Access } from './constants.ts';
import {
  DEFAULT_TIME_ZONE_ID,
  formatTimeLabel,
  formatWireDate,
  isTimeZoneId,
  MINUTES_PER_DAY,
  parseTimeLabel,
  parseWireDate,
} from './event-time.ts';
import type { CalendarDate, TimeZoneId } from './event-time.ts';

/** The form's date and time fields, named as the request names them (EVF-21). */
export interface EventTimeValues {
  start_date_string: string;
  start_time_string: string;
  end_date_string: string;
  end_time_string: string;
}

/** CONST-09 in minutes. */
const DEFAULT_DURATION_MINUTES = DEFAULT_EVENT_DURATION_MS / 60_000;

/** Days since the epoch of a calendar date: whole days between two dates by subtraction. */
function dayNumber(date: CalendarDate): number {
  return Math.round(Date.UTC(date.year, date.month - 1, date.day) / 86_400_000);
}

function dateOfDayNumber(days: number): string {
  const d = new Date(days * 86_400_000);
  return formatWireDate({
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
  });
}

/**
 * EVF-10, EVF-11: a new start date. An empty end date becomes the start date; a set one keeps
 * its distance in days from the start, so the end shifts with it (05/10–05/12 moved to 05/20
 * gives 05/20–05/22). With no earlier start to measure from, an end that would come before the
 * new start becomes the start date (D29). Times are left alone.
 */
export function changeStartDate(values: EventTimeValues, startDate: string): EventTimeValues {
  const next = { ...values, start_date_string: startDate };
  const start = parseWireDate(startDate);
  if (!start) return next;
  const end = parseWireDate(values.end_date_string);
  if (!end) return { ...next, end_date_string: startDate };
  const previousStart = parseWireDate(values.start_date_string);
  if (!previousStart) {
    return dayNumber(end) < dayNumber(start) ? { ...next, end_date_string: startDate } : next;
  }
  const days = dayNumber(end) - dayNumber(previousStart);
  return { ...next, end_date_string: dateOfDayNumber(dayNumber(start) + days) };
}

/** EVF-12: a new end date before the start date moves the start date to it. */
export function changeEndDate(values: EventTimeValues, endDate: string): EventTimeValues {
  const next = { ...values, end_date_string: endDate };
  const end = parseWireDate(endDate);
  const start = parseWireDate(values.start_date_string);
  if (end && start && dayNumber(end) < dayNumber(start)) {
    return { ...next, start_date_string: endDate };
  }
  return next;
}

/**
 * The event's length in minutes of wall-clock time, as the form shows it: from the start's date
 * and time to the end's when both are whole and the end is not before the start; from the start
 * time to the end time on a 24-hour clock when only the times say it; the default hour when
 * there is no end time or no start time to measure from (EVF-14, CONST-09).
 */
function durationMinutes(values: EventTimeValues): number {
  const startTime = parseTimeLabel(values.start_time_string);
  const endTime = parseTimeLabel(values.end_time_string);
  if (startTime === null || endTime === null) return DEFAULT_DURATION_MINUTES;
  const startDate = parseWireDate(values.start_date_string);
  const endDate = parseWireDate(values.end_date_string);
  if (startDate && endDate) {
    const whole =
      (dayNumber(endDate) - dayNumber(startDate)) * MINUTES_PER_DAY + endTime - startTime;
    if (whole >= 0) return whole;
  }
  return (((endTime - startTime) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
}

/**
 * EVF-13..EVF-15: a new start time moves the end time by the event's length (the default hour
 * when there is no end time), on a 24-hour clock: 11:30pm for an hour ends at 12:30am. When the
 * end passes midnight the end date follows, so the event keeps its length and the server does
 * not refuse an end before the start (AMB-40, D29); an empty end date stays empty while
 * the end is on the start's day.
 */
export function changeStartTime(values: EventTimeValues, startTime: string): EventTimeValues {
  const next = { ...values, start_time_string: startTime };
  const start = parseTimeLabel(startTime);
  if (start === null) return next;
  const endMinutes = start + durationMinutes(values);
  next.end_time_string = formatTimeLabel(endMinutes);
  const startDate = parseWireDate(values.start_date_string);
  const daysLater = Math.floor(endMinutes / MINUTES_PER_DAY);
  if (startDate && (daysLater > 0 || values.end_date_string !== '')) {
    next.end_date_string = dateOfDayNumber(dayNumber(startDate) + daysLater);
  }
  return next;
}

/** What the form needs of a lodge the member may post as (User.clubs, §3). */
export interface EventLodge {
  id: number;
  full_address: string | null;
  time_zone_id: number | null;
}

/** The fields a new event starts with (§9, CONST-16, CONST-17). */
export interface NewEventDefaults extends EventTimeValues {
  club_id: number | null;
  location: string;
  time_zone_id: TimeZoneId;
  access: Access;
  allows_comments: boolean;
}

/** AMB-08: the lodge's own zone when it has one of the eight, else zone 1. */
function lodgeTimeZone(lodge: EventLodge | undefined): TimeZoneId {
  const id = lodge?.time_zone_id;
  return isTimeZoneId(id) ? id : DEFAULT_TIME_ZONE_ID;
}

/**
 * EVF-05..EVF-09: a new event is posted as the first of the member's webmaster lodges (in the
 * order the caller lists them, EVF-03), at its address, in its time zone (zone 1 when it has
 * none, AMB-08), PUBLIC, comments allowed. The spec gives no default date or time: they start
 * empty, and the first start date and start time fill the end (EVF-10, EVF-14).
 */
export function newEventDefaults(webmasterLodges: readonly EventLodge[]): NewEventDefaults {
  const lodge = webmasterLodges[0];
  return {
    club_id: lodge?.id ?? null,
    location: lodge?.full_address ?? '',
    time_zone_id: lodgeTimeZone(lodge),
    access: DEFAULT_ACCESS,
    allows_comments: true,
    start_date_string: '',
    start_time_string: '',
    end_date_string: '',
    end_time_string: '',
  };
}

/** Which defaulted fields the member has changed by hand since the form opened. */
export interface EditedByHand {
  location: boolean;
  time_zone_id: boolean;
}

/**
 * AMB-08: choosing another Post As lodge defaults Location and Time Zone again from it, except
 * a field the member has edited by hand, which keeps their value.
 */
export function changeLodge<
  T extends { club_id: number | null; location: string; time_zone_id: number },
>(values: T, lodge: EventLodge, edited: EditedByHand): T {
  return {
    ...values,
    club_id: lodge.id,
    location: edited.location ? values.location : (lodge.full_address ?? ''),
    time_zone_id: edited.time_zone_id ? values.time_zone_id : lodgeTimeZone(lodge),
  };
}
