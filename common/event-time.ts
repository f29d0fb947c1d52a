/**
 * The calendar's time rules (issue 10, §3 Calendar event, §9 time zones and time slots):
 * the spec's eight time zones, the wire formats of dates (`MM/DD/YYYY`) and times (`1:00pm`,
 * EVF-19), and the wall-clock arithmetic that turns a local date and time in an event's zone
 * into a UTC instant and back, exactly across daylight-saving changes (docs/decisions.md
 * D29). Pure: Intl only, so the server, the demo seed and the browser share it.
 */
import { DEFAULT_EVENT_DURATION_MS, TIME_SLOT_MINUTES } from './constants.ts';

/** CONST-15: the spec's time-zone ids, in id order (EVF-17). */
export const TIME_ZONE_IDS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type TimeZoneId = (typeof TIME_ZONE_IDS)[number];

/**
 * The IANA zone of each id. Indiana (East) is Indianapolis, which has kept Eastern time with
 * daylight saving since 2006; Arizona is Phoenix (no daylight saving).
 */
export const TIME_ZONES: Readonly<Record<TimeZoneId, string>> = {
  1: 'America/New_York',
  2: 'America/Chicago',
  3: 'America/Denver',
  4: 'America/Los_Angeles',
  5: 'America/Anchorage',
  6: 'America/Phoenix',
  7: 'Pacific/Honolulu',
  8: 'America/Indiana/Indianapolis',
};

/** AMB-32: the Rails zone names, which the Time Zone select shows. */
export const TIME_ZONE_LABELS: Readonly<Record<TimeZoneId, string>> = {
  1: 'Eastern Time (US & Canada)',
  2: 'Central Time (US & Canada)',
  3: 'Mountain Time (US & Canada)',
  4: 'Pacific Time (US & Canada)',
  5: 'Alaska',
  6: 'Arizona',
  7: 'Hawaii',
  8: 'Indiana (East)',
};

/** CONST-16, AMB-08: a new event's zone when its lodge has none. */
export const DEFAULT_TIME_ZONE_ID: TimeZoneId = 1;

export function isTimeZoneId(n: unknown): n is TimeZoneId {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= TIME_ZONE_IDS.length;
}

function ianaZone(timeZoneId: number): string {
  if (!isTimeZoneId(timeZoneId)) throw new Error(`Unknown time zone id ${timeZoneId}`);
  return TIME_ZONES[timeZoneId];
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
export const MINUTES_PER_DAY = 24 * 60;

// ---------------------------------------------------------------------------------------------
// Calendar dates. The database keeps them as ISO `YYYY-MM-DD` (docs/decisions.md D1); the wire
// and the forms as `MM/DD/YYYY` like every other date of the app (CONST-24).

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WIRE_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

function isRealDate(year: number, month: number, day: number): boolean {
  // setUTCFullYear, not Date.UTC, which reads years 0-99 as 1900-1999: a date input passes
  // through 0002 and 0020 while a year is typed, and those must read back as typed.
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** `05/10/2026` → its parts, or null when it is not a real date in the wire format. */
export function parseWireDate(text: string): CalendarDate | null {
  const match = WIRE_DATE.exec(text.trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

export function isWireDate(text: string): boolean {
  return parseWireDate(text) !== null;
}

function parseIsoDate(date: string): CalendarDate {
  const match = ISO_DATE.exec(date);
  if (!match) throw new Error(`Bad date ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** `YYYY-MM-DD`. */
export function formatDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** `MM/DD/YYYY`. */
export function formatWireDate(date: CalendarDate): string {
  return `${pad(date.month)}/${pad(date.day)}/${pad(date.year, 4)}`;
}

/** `2026-05-10` (database) → `05/10/2026` (wire). */
export function wireDateFromIso(isoDate: string): string {
  return formatWireDate(parseIsoDate(isoDate));
}

/** `05/10/2026` (wire) → `2026-05-10` (database); throws on a date that is not real. */
export function isoDateFromWire(wireDate: string): string {
  const date = parseWireDate(wireDate);
  if (!date) throw new Error(`Bad date ${wireDate}`);
  return formatDate(date.year, date.month, date.day);
}

/** The UTC calendar date of an instant, `YYYY-MM-DD`. */
export function utcDateOf(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/** An ISO date moved by whole days. */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parseIsoDate(date);
  return utcDateOf(Date.UTC(year, month - 1, day) + days * DAY_MS);
}

/** 0 = Sunday ... 6 = Saturday, of an ISO date. */
export function weekdayOf(date: string): number {
  const { year, month, day } = parseIsoDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

// ---------------------------------------------------------------------------------------------
// Times of day as labels (EVF-19): `12:00am`, `1:30pm`, minutes after midnight inside.

const TIME_LABEL = /^(\d{1,2}):(\d{2})\s*([ap])m$/i;

/** `1:30pm` → 810 (minutes after midnight), or null when it is not a time label. */
export function parseTimeLabel(label: string): number | null {
  const match = TIME_LABEL.exec(label.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour < 1 || hour > 12 || minute > 59) return null;
  const pm = match[3]?.toLowerCase() === 'p';
  return ((hour % 12) + (pm ? 12 : 0)) * 60 + minute;
}

export function isTimeLabel(label: string): boolean {
  return parseTimeLabel(label) !== null;
}

/** 810 → `1:30pm`; minutes outside one day wrap (EVF-15). */
export function formatTimeLabel(minutes: number): string {
  const m = ((Math.floor(minutes) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const hour = Math.floor(m / 60);
  return `${hour % 12 || 12}:${pad(m % 60)}${hour < 12 ? 'am' : 'pm'}`;
}

/** CONST-10, EVF-16: the Start and End Time options, 12:00am to 11:30pm every 30 minutes. */
export const TIME_SLOTS: readonly string[] = Array.from(
  { length: MINUTES_PER_DAY / TIME_SLOT_MINUTES },
  (_, i) => formatTimeLabel(i * TIME_SLOT_MINUTES),
);

/**
 * EVF-20: the time select's options for a saved value: the slots, plus the saved time in its
 * place when it is not on a slot (an event made through the API at 1:15pm, or one moved by a
 * spring-forward gap), so the edit form shows it selected rather than empty.
 */
export function timeOptions(current: string | null | undefined): readonly string[] {
  const minutes = parseTimeLabel(current ?? '');
  if (minutes === null || minutes % TIME_SLOT_MINUTES === 0) return TIME_SLOTS;
  const label = formatTimeLabel(minutes);
  const at = Math.floor(minutes / TIME_SLOT_MINUTES) + 1;
  return [...TIME_SLOTS.slice(0, at), label, ...TIME_SLOTS.slice(at)];
}

// ---------------------------------------------------------------------------------------------
// Wall clocks in a zone.

const formatters = new Map<number, Intl.DateTimeFormat>();

function formatter(timeZoneId: number): Intl.DateTimeFormat {
  let f = formatters.get(timeZoneId);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: ianaZone(timeZoneId),
      // h23, not hour12: false, which some engines write as `24` at midnight.
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZoneId, f);
  }
  return f;
}

interface WallClock extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
}

/** The zone's wall clock read by Intl: the slow path, once per zone and hour (offsetAt). */
function intlWallClock(instant: number, timeZoneId: number): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZoneId).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

function intlOffsetAt(instant: number, timeZoneId: number): number {
  const w = intlWallClock(instant, timeZoneId);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const HOUR_MS = 3_600_000;
const OFFSETS_KEPT = 20_000;
/** Offsets by zone and UTC hour: a list of events asks Intl once per hour it touches. */
const offsets = new Map<number, number>();

/**
 * How far the zone's wall clock is ahead of UTC at `instant`, in ms. An hour whose two ends
 * have the same offset has it throughout (the eight zones change at most twice a year), so it
 * is kept; an hour with a change in it is asked of Intl each time.
 */
function offsetAt(instant: number, timeZoneId: number): number {
  const hour = Math.floor(instant / HOUR_MS);
  const key = hour * 16 + timeZoneId;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const atStart = intlOffsetAt(hour * HOUR_MS, timeZoneId);
  const atEnd = intlOffsetAt((hour + 1) * HOUR_MS - 1000, timeZoneId);
  if (atStart !== atEnd) return intlOffsetAt(instant, timeZoneId);
  if (offsets.size >= OFFSETS_KEPT) offsets.clear();
  offsets.set(key, atStart);
  return atStart;
}

function wallClock(instant: number, timeZoneId: number): WallClock {
  const d = new Date(Math.floor(instant / 1000) * 1000 + offsetAt(instant, timeZoneId));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/**
 * The instant a wall-clock time on a local date names in a zone (D29):
 * - a time the clocks pass twice (1:30am on the fall-back night) is its first occurrence, still
 *   on summer time;
 * - a time the clocks skip (2:30am on the spring-forward night) is read with the offset before
 *   the change, so it lands as far after the change as it was meant after 2:00am (3:30am).
 * These are the choices of Temporal's `disambiguation: 'compatible'` and of RFC 5545 §3.3.5.
 * The eight zones change their offset at most once a day, so the offsets a day either side are
 * the only candidates.
 */
function wallTimeToInstant(date: CalendarDate, minutes: number, timeZoneId: number): number {
  const asUtc = Date.UTC(date.year, date.month - 1, date.day) + minutes * MINUTE_MS;
  const before = asUtc - offsetAt(asUtc - DAY_MS, timeZoneId);
  const after = asUtc - offsetAt(asUtc + DAY_MS, timeZoneId);
  const names = (instant: number) => instant + offsetAt(instant, timeZoneId) === asUtc;
  const valid = [before, after].filter(names);
  if (valid.length === 0) return before;
  return Math.min(...valid);
}

/** The UTC instant of a wall-clock time (minutes after midnight) on an ISO local date. */
export function zonedTimeToInstant(date: string, minutes: number, timeZoneId: number): number {
  return wallTimeToInstant(parseIsoDate(date), minutes, timeZoneId);
}

/**
 * The UTC instant (epoch ms) of a date `MM/DD/YYYY` and a time label `1:00pm` in a zone, as
 * the event form sends them (EVF-19, EVF-21). Throws on a malformed date or label: callers
 * validate with parseWireDate and parseTimeLabel first.
 */
export function instantFromLocal(
  dateString: string,
  timeString: string,
  timeZoneId: number,
): number {
  const date = parseWireDate(dateString);
  if (!date) throw new Error(`Bad date ${dateString}`);
  const minutes = parseTimeLabel(timeString);
  if (minutes === null) throw new Error(`Bad time ${timeString}`);
  return wallTimeToInstant(date, minutes, timeZoneId);
}

/** The local calendar date (`YYYY-MM-DD`) of an instant in a zone: the day-section column. */
export function localDateOf(instant: number, timeZoneId: number): string {
  const w = wallClock(instant, timeZoneId);
  return formatDate(w.year, w.month, w.day);
}

/** The local date and time of day (minutes after midnight) of an instant in a zone. */
export function localDateTimeOf(
  instant: number,
  timeZoneId: number,
): { date: CalendarDate; minutes: number } {
  const w = wallClock(instant, timeZoneId);
  return { date: { year: w.year, month: w.month, day: w.day }, minutes: w.hour * 60 + w.minute };
}

// ---------------------------------------------------------------------------------------------
// The answer's local fields (§3 Calendar event, ENT-16).

/** The fields of a calendar event answer that are computed in the event's zone. */
export interface EventLocalFields {
  /** `MM/DD/YYYY`: the calendar's day sections (CAL-03). */
  local_start_date: string;
  /** `7:30pm`. */
  local_start_time: string;
  /** `Saturday, May 16, 2026 7:00pm - 9:30pm EDT`: the detail's when line (D29). */
  local_start_date_time_with_duration: string;
  /** The form's values (EVF-19, EVF-20): `MM/DD/YYYY` and `1:00pm`; null when there is no end. */
  start_date_string: string;
  start_time_string: string;
  end_date_string: string | null;
  end_time_string: string | null;
}

/** By `weekdayOf`: 0 = Sunday. */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** `Saturday, May 16, 2026`: the detail's when line and the calendar's day headings. */
export function longDate(date: CalendarDate): string {
  const weekday = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return `${WEEKDAY_NAMES[weekday] ?? ''}, ${MONTH_NAMES[date.month - 1] ?? ''} ${date.day}, ${date.year}`;
}

const zoneNameFormats = new Map<number, Intl.DateTimeFormat>();
/** By zone and offset: a zone's short name changes only with its offset. */
const zoneNames = new Map<string, string>();

/** `EDT`, `CST`, `HST`: which side of a daylight-saving change a time is on. */
function zoneAbbreviation(instant: number, timeZoneId: number): string {
  const key = `${timeZoneId} ${offsetAt(instant, timeZoneId)}`;
  let name = zoneNames.get(key);
  if (name === undefined) {
    let f = zoneNameFormats.get(timeZoneId);
    if (!f) {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: ianaZone(timeZoneId),
        timeZoneName: 'short',
      });
      zoneNameFormats.set(timeZoneId, f);
    }
    name = f.formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value ?? '';
    zoneNames.set(key, name);
  }
  return name;
}

/**
 * The §3 local fields of an event that starts at `startAt` and ends at `endAt` (epoch ms; null
 * when it has no end, AMB-40), in the event's zone.
 */
export function eventLocalFields(
  startAt: number,
  endAt: number | null,
  timeZoneId: number,
): EventLocalFields {
  const start = localDateTimeOf(startAt, timeZoneId);
  const startDate = formatWireDate(start.date);
  const startTime = formatTimeLabel(start.minutes);
  const startZone = zoneAbbreviation(startAt, timeZoneId);
  let when = `${longDate(start.date)} ${startTime}`;
  let endDate: string | null = null;
  let endTime: string | null = null;
  if (endAt === null) {
    when += ` ${startZone}`;
  } else {
    const end = localDateTimeOf(endAt, timeZoneId);
    endDate = formatWireDate(end.date);
    endTime = formatTimeLabel(end.minutes);
    const endZone = zoneAbbreviation(endAt, timeZoneId);
    const endDay = endDate === startDate ? '' : `${longDate(end.date)} `;
    when +=
      startZone === endZone
        ? ` - ${endDay}${endTime} ${endZone}`
        : ` ${startZone} - ${endDay}${endTime} ${endZone}`;
  }
  return {
    local_start_date: startDate,
    local_start_time: startTime,
    local_start_date_time_with_duration: when,
    start_date_string: startDate,
    start_time_string: startTime,
    end_date_string: endDate,
    end_time_string: endTime,
  };
}

// ---------------------------------------------------------------------------------------------
// The form's strings → the stored instants (§7 POST and PUT /calendar_events, VAL-27, AMB-40).

/** The time fields of a create or update body (EVF-21). */
export interface EventTimeStrings {
  start_date_string: string;
  start_time_string: string;
  end_date_string?: string | null;
  end_time_string?: string | null;
}

export type EventTimeField = keyof EventTimeStrings;
/** Why a field is refused; the caller words it (common/messages.ts). */
export type EventTimeProblem = 'blank' | 'invalid' | 'before_start';

export type EventInstants =
  | { ok: true; startAt: number; endAt: number | null }
  | { ok: false; errors: Partial<Record<EventTimeField, EventTimeProblem>> };

const blank = (text: string | null | undefined): boolean => !text?.trim();

/**
 * The start and end instants the strings name in a zone, or what is wrong with them:
 * - start date and time are required (VAL-27);
 * - the end is optional (AMB-40): no end date and no end time is no end; an end time alone
 *   ends on the start date; an end date alone ends at the start time plus the default hour
 *   (CONST-09, as EVF-14 fills it in the form);
 * - an end before the start refuses both end fields (AMB-40). An end equal to the start is an
 *   event of no length, which is allowed.
 * Times are compared as instants, so daylight-saving changes are counted (D29).
 */
export function eventInstants(strings: EventTimeStrings, timeZoneId: number): EventInstants {
  const errors: Partial<Record<EventTimeField, EventTimeProblem>> = {};
  const read = <T>(
    field: EventTimeField,
    parse: (text: string) => T | null,
    required: boolean,
  ): T | null => {
    const text = strings[field];
    if (blank(text)) {
      if (required) errors[field] = 'blank';
      return null;
    }
    const value = parse(text ?? '');
    if (value === null) errors[field] = 'invalid';
    return value;
  };
  const startDate = read('start_date_string', parseWireDate, true);
  const startMinutes = read('start_time_string', parseTimeLabel, true);
  const endDate = read('end_date_string', parseWireDate, false);
  const endMinutes = read('end_time_string', parseTimeLabel, false);
  if (Object.keys(errors).length > 0 || startDate === null || startMinutes === null) {
    return { ok: false, errors };
  }
  const startAt = wallTimeToInstant(startDate, startMinutes, timeZoneId);
  if (endDate === null && endMinutes === null) return { ok: true, startAt, endAt: null };
  const endAt = wallTimeToInstant(
    endDate ?? startDate,
    endMinutes ?? startMinutes + DEFAULT_EVENT_DURATION_MS / MINUTE_MS,
    timeZoneId,
  );
  if (endAt < startAt) {
    return {
      ok: false,
      errors: { end_date_string: 'before_start', end_time_string: 'before_start' },
    };
  }
  return { ok: true, startAt, endAt };
}
