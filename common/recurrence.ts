/**
 * How a meeting repeats (issue 25): the few shapes a lodge's stated meeting takes, as the event
 * form asks for them, as RFC 5545 `RRULE` text (what the database keeps and the calendar feeds
 * carry) and in the words a secretary uses ("Every 2nd Tuesday of the month, except July and
 * August"). Pure: the server expands the rule into dates (rrule-temporal); the browser only
 * needs the shape and the words.
 */
import { z } from 'zod';
import {
  formatDate,
  MONTH_NAMES,
  parseWireDate,
  WEEKDAY_NAMES,
  weekdayOf,
  type CalendarDate,
} from './event-time.ts';

export const RECURRENCE_FREQUENCIES = [
  'weekly',
  'monthly_by_weekday',
  'monthly_by_date',
  'yearly',
] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

/** The week of the month of a "2nd Tuesday": 1..4, or -1 for the last. */
export const WEEKS_OF_MONTH = [1, 2, 3, 4, -1] as const;
export type WeekOfMonth = (typeof WEEKS_OF_MONTH)[number];

/** A series has at most this many meetings: a weekly meeting for ten years. */
export const MAX_OCCURRENCE_COUNT = 520;
export const MAX_INTERVAL = 12;

export const recurrenceEndsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('never') }),
  /** The last date a meeting may fall on, MM/DD/YYYY, in the event's zone. */
  z.object({ kind: z.literal('on_date'), date: z.string().max(20) }),
  z.object({
    kind: z.literal('after_count'),
    count: z.number().int().min(1).max(MAX_OCCURRENCE_COUNT),
  }),
]);
export type RecurrenceEnds = z.infer<typeof recurrenceEndsSchema>;

/**
 * A repeating meeting as the form sends it. The weekday, the day of the month and the month come
 * from the start date; `week_of_month` says which of the month's weekdays a monthly-by-weekday
 * meeting falls on (the start date's own when left out). `skip_months` are the "dark" months.
 */
export const recurrenceSchema = z.object({
  frequency: z.enum(RECURRENCE_FREQUENCIES),
  /** Every N weeks, months or years. */
  interval: z.number().int().min(1).max(MAX_INTERVAL).default(1),
  week_of_month: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(-1)])
    .optional(),
  skip_months: z.array(z.number().int().min(1).max(12)).max(11).default([]),
  ends: recurrenceEndsSchema.default({ kind: 'never' }),
});
export type Recurrence = z.infer<typeof recurrenceSchema>;

/** By `weekdayOf`: 0 = Sunday. */
const RRULE_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** 0 = Sunday .. 6 = Saturday, as RRULE_DAYS and WEEKDAY_NAMES. */
function weekdayOfDate(date: CalendarDate): number {
  return weekdayOf(formatDate(date.year, date.month, date.day));
}

/** The start date's own week of the month: the 5th weekday of a month counts as the last. */
export function weekOfMonthOf(date: CalendarDate): WeekOfMonth {
  const week = Math.ceil(date.day / 7);
  return week >= 5 ? -1 : (week as WeekOfMonth);
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

function months(list: readonly number[]): string {
  const names = [...new Set(list)].sort((a, b) => a - b).map((m) => MONTH_NAMES[m - 1]);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Why a recurrence cannot be saved with this start date, or null when it can. */
export type RecurrenceProblem = 'skips_every_month' | 'yearly_skips_months' | 'end_before_start';

export function recurrenceProblem(
  recurrence: Recurrence,
  start: CalendarDate,
): RecurrenceProblem | null {
  const skipped = new Set(recurrence.skip_months);
  if (recurrence.frequency === 'yearly' && skipped.size > 0) return 'yearly_skips_months';
  if (skipped.size >= 12) return 'skips_every_month';
  if (recurrence.ends.kind === 'on_date') {
    const until = parseWireDate(recurrence.ends.date);
    const startIso = formatDate(start.year, start.month, start.day);
    if (!until || formatDate(until.year, until.month, until.day) < startIso)
      return 'end_before_start';
  }
  return null;
}

/**
 * The rule as RFC 5545 `RRULE` text, without DTSTART (the event's start is kept on its own).
 * `untilUtc` is the instant that ends an `on_date` series (the end of that day in the event's
 * zone, as UTC: RFC 5545 §3.3.10 asks for UTC when DTSTART has a zone); the caller works it out.
 */
export function toRrule(recurrence: Recurrence, start: CalendarDate, untilUtc?: number): string {
  const parts = [
    `FREQ=${recurrence.frequency === 'weekly' ? 'WEEKLY' : recurrence.frequency === 'yearly' ? 'YEARLY' : 'MONTHLY'}`,
  ];
  if (recurrence.interval > 1) parts.push(`INTERVAL=${recurrence.interval}`);
  const day = RRULE_DAYS[weekdayOfDate(start)];
  switch (recurrence.frequency) {
    case 'weekly':
      parts.push(`BYDAY=${day}`);
      break;
    case 'monthly_by_weekday':
      parts.push(`BYDAY=${recurrence.week_of_month ?? weekOfMonthOf(start)}${day}`);
      break;
    case 'monthly_by_date':
      parts.push(`BYMONTHDAY=${start.day}`);
      break;
    case 'yearly':
      parts.push(`BYMONTH=${start.month}`, `BYMONTHDAY=${start.day}`);
      break;
  }
  const skipped = new Set(recurrence.skip_months);
  if (recurrence.frequency !== 'yearly' && skipped.size > 0) {
    const kept = MONTH_NAMES.map((_, i) => i + 1).filter((m) => !skipped.has(m));
    parts.push(`BYMONTH=${kept.join(',')}`);
  }
  if (recurrence.ends.kind === 'after_count') parts.push(`COUNT=${recurrence.ends.count}`);
  if (recurrence.ends.kind === 'on_date' && untilUtc !== undefined) {
    parts.push(
      `UNTIL=${new Date(untilUtc)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '')}`,
    );
  }
  return parts.join(';');
}

function ruleParts(rrule: string): Map<string, string> {
  return new Map(
    rrule.split(';').map((part) => {
      const [name = '', value = ''] = part.split('=');
      return [name.toUpperCase(), value.toUpperCase()];
    }),
  );
}

/**
 * A rule written by `toRrule` read back into the form's shape, for the edit form. `untilDate` is
 * the wire date of the series' last possible day, which the caller reads from UNTIL in the
 * event's zone. Null for a rule this app did not write.
 */
export function fromRrule(rrule: string, untilDate?: string): Recurrence | null {
  const parts = ruleParts(rrule);
  const freq = parts.get('FREQ');
  const interval = Number(parts.get('INTERVAL') ?? '1');
  const byDay = parts.get('BYDAY');
  const byMonth = parts.get('BYMONTH');
  const count = parts.get('COUNT');
  let frequency: RecurrenceFrequency;
  let weekOfMonth: WeekOfMonth | undefined;
  if (freq === 'WEEKLY') frequency = 'weekly';
  else if (freq === 'YEARLY') frequency = 'yearly';
  else if (freq === 'MONTHLY' && byDay) {
    frequency = 'monthly_by_weekday';
    const week = Number(/^(-?\d)/.exec(byDay)?.[1]);
    if (!(WEEKS_OF_MONTH as readonly number[]).includes(week)) return null;
    weekOfMonth = week as WeekOfMonth;
  } else if (freq === 'MONTHLY') frequency = 'monthly_by_date';
  else return null;
  const kept = frequency !== 'yearly' && byMonth ? byMonth.split(',').map(Number) : null;
  const skip_months = kept ? MONTH_NAMES.map((_, i) => i + 1).filter((m) => !kept.includes(m)) : [];
  const ends: RecurrenceEnds = count
    ? { kind: 'after_count', count: Number(count) }
    : parts.has('UNTIL') && untilDate
      ? { kind: 'on_date', date: untilDate }
      : { kind: 'never' };
  return {
    frequency,
    interval: Number.isInteger(interval) && interval >= 1 ? interval : 1,
    ...(weekOfMonth === undefined ? {} : { week_of_month: weekOfMonth }),
    skip_months,
    ends,
  };
}

function weekOfMonthWords(week: WeekOfMonth): string {
  return week === -1 ? 'last' : ordinal(week);
}

/**
 * The rule in words: "Every 2nd Tuesday of the month, except July and August", "Every other
 * week on Thursday, 10 times", "Every year on March 15, until 12/31/2030".
 */
export function describeRecurrence(recurrence: Recurrence, start: CalendarDate): string {
  const weekday = WEEKDAY_NAMES[weekdayOfDate(start)];
  const n = recurrence.interval;
  let words: string;
  switch (recurrence.frequency) {
    case 'weekly':
      words =
        n === 1
          ? `Every ${weekday}`
          : n === 2
            ? `Every other ${weekday}`
            : `Every ${n} weeks on ${weekday}`;
      break;
    case 'monthly_by_weekday': {
      const which = `${weekOfMonthWords(recurrence.week_of_month ?? weekOfMonthOf(start))} ${weekday}`;
      words =
        n === 1
          ? `Every ${which} of the month`
          : `The ${which} of every ${n === 2 ? 'other' : ordinal(n)} month`;
      break;
    }
    case 'monthly_by_date':
      words =
        n === 1
          ? `Every month on the ${ordinal(start.day)}`
          : `Every ${n} months on the ${ordinal(start.day)}`;
      break;
    case 'yearly': {
      const date = `${MONTH_NAMES[start.month - 1]} ${start.day}`;
      words = n === 1 ? `Every year on ${date}` : `Every ${n} years on ${date}`;
      break;
    }
  }
  if (recurrence.frequency !== 'yearly' && recurrence.skip_months.length > 0) {
    words += `, except ${months(recurrence.skip_months)}`;
  }
  if (recurrence.ends.kind === 'after_count') {
    words += recurrence.ends.count === 1 ? ', once' : `, ${recurrence.ends.count} times`;
  } else if (recurrence.ends.kind === 'on_date') {
    words += `, until ${recurrence.ends.date}`;
  }
  return words;
}
