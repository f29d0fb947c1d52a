/*
 * The spec's time-zone ids (§9) and the calendar arithmetic the generator needs to place an
 * event at, say, 7:30 PM local time in Honolulu and store it as a UTC instant.
 */

export const TIME_ZONES: Readonly<Record<number, string>> = {
  1: 'America/New_York',
  2: 'America/Chicago',
  3: 'America/Denver',
  4: 'America/Los_Angeles',
  5: 'America/Anchorage',
  6: 'America/Phoenix',
  7: 'Pacific/Honolulu',
  8: 'America/Indiana/Indianapolis',
};

const DAY_MS = 86_400_000;
const formatters = new Map<number, Intl.DateTimeFormat>();

function formatter(timeZoneId: number): Intl.DateTimeFormat {
  let f = formatters.get(timeZoneId);
  if (!f) {
    const timeZone = TIME_ZONES[timeZoneId];
    if (!timeZone) throw new Error(`Unknown time zone id ${timeZoneId}`);
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
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

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(instant: number, timeZoneId: number): WallClock {
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

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZoneId: number): number {
  const w = wallClock(instant, timeZoneId);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

function parseDate(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) throw new Error(`Bad date ${date}`);
  return [y, m, d];
}

/** The UTC instant of a wall-clock time (minutes after midnight) on a local date. */
export function zonedTimeToInstant(date: string, minutes: number, timeZoneId: number): number {
  const [y, m, d] = parseDate(date);
  const guess = Date.UTC(y, m - 1, d) + minutes * 60_000;
  const first = guess - offsetAt(guess, timeZoneId);
  const second = guess - offsetAt(first, timeZoneId);
  return second;
}

/** The local calendar date ('YYYY-MM-DD') of an instant in a zone. */
export function localDateOf(instant: number, timeZoneId: number): string {
  const w = wallClock(instant, timeZoneId);
  return formatDate(w.year, w.month, w.day);
}

export function formatDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The UTC calendar date of an instant. */
export function utcDateOf(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parseDate(date);
  return utcDateOf(Date.UTC(y, m - 1, d) + days * DAY_MS);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The date of the nth (1-based) given weekday of a month, or null when the month has none. */
export function nthWeekdayOfMonth(
  year: number,
  month: number,
  weekday: number,
  n: number,
): string | null {
  const first = formatDate(year, month, 1);
  const offset = (weekday - weekdayOf(first) + 7) % 7;
  const day = 1 + offset + (n - 1) * 7;
  const date = formatDate(year, month, day);
  return parseDate(addDays(date, 0))[1] === month ? date : null;
}
