/**
 * A series' rule as instants (issue 25, D80): RRULE text plus DTSTART (a local date and wall time
 * in one of the spec's zones) expanded by rrule-temporal, which reads the zone by name, so a
 * 7:30pm meeting stays at 7:30pm on both sides of a daylight-saving change. Also the rule back
 * in the form's shape and in words for the answers, and the rule's end moved for a split. Pure:
 * no database, no actor.
 */
import { RRuleTemporal } from 'rrule-temporal';
import {
  addDays,
  formatWireDate,
  isoDateFromWire,
  localDateOf,
  localDateTimeOf,
  TIME_ZONES,
  zonedTimeToInstant,
  type TimeZoneId,
} from '../../common/event-time.ts';
import {
  describeRecurrence,
  fromRrule,
  MAX_OCCURRENCE_COUNT,
  toRrule,
  type Recurrence,
} from '../../common/recurrence.ts';

/** A series' rule: RRULE text and DTSTART as the lodge's wall clock. */
export interface SeriesRule {
  rrule: string;
  /** YYYY-MM-DD in the zone. */
  startDate: string;
  /** Minutes after local midnight. */
  startMinutes: number;
  timeZoneId: number;
}

/**
 * How far ahead a series has rows (the minute sweep keeps it so; D80): a year and two days, so
 * a yearly meeting's next one always has its row.
 */
export const MATERIALIZE_AHEAD_MS = 367 * 86_400_000;
/** A series is extended once its rows reach less than this far ahead. */
export const EXTEND_WHEN_AHEAD_MS = 337 * 86_400_000;
/** Where a COUNT rule's rows reach: all of them (at most MAX_OCCURRENCE_COUNT). */
export const END_OF_TIME = Date.UTC(9999, 0, 1);

function zoneOf(timeZoneId: number): string {
  return TIME_ZONES[timeZoneId as TimeZoneId] ?? TIME_ZONES[1];
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** `DTSTART;TZID=America/New_York:20260113T193000`, as the feeds write it too. */
export function dtstartLine(rule: Omit<SeriesRule, 'rrule'>): string {
  const date = rule.startDate.replaceAll('-', '');
  const time = `${pad(Math.floor(rule.startMinutes / 60))}${pad(rule.startMinutes % 60)}00`;
  return `DTSTART;TZID=${zoneOf(rule.timeZoneId)}:${date}T${time}`;
}

const rules = new Map<string, RRuleTemporal>();

function ruleOf(rule: SeriesRule): RRuleTemporal {
  const text = `${dtstartLine(rule)}\nRRULE:${rule.rrule}`;
  let parsed = rules.get(text);
  if (!parsed) {
    if (rules.size > 2_000) rules.clear();
    parsed = new RRuleTemporal({ rruleString: text });
    rules.set(text, parsed);
  }
  return parsed;
}

/** The rule's instants in [from, to), soonest first. */
export function ruleInstants(rule: SeriesRule, from: number, to: number): number[] {
  if (to <= from) return [];
  return ruleOf(rule)
    .between(new Date(from), new Date(to), true)
    .map((at) => at.epochMilliseconds)
    .filter((at) => at >= from && at < to);
}

/**
 * A search of the rule, or `none` when rrule-temporal gives up after its iteration cap: what a
 * rule that never meets (the 31st of months that have none) does.
 */
function withinCap<T>(search: () => T, none: T): T {
  try {
    return search();
  } catch (error) {
    if (error instanceof Error && /maximum iterations/i.test(error.message)) return none;
    throw error;
  }
}

/** The rule's first `count` instants (from DTSTART on). */
export function firstInstants(rule: SeriesRule, count: number): number[] {
  return withinCap(
    () =>
      ruleOf(rule)
        .all((_at, index) => index < count)
        .slice(0, count)
        .map((at) => at.epochMilliseconds),
    [],
  );
}

/** Whether the rule has an instant at or after `at`. */
export function hasInstantFrom(rule: SeriesRule, at: number): boolean {
  return withinCap(() => ruleOf(rule).next(new Date(at), true) !== null, false);
}

/** The rule's UNTIL as a date in the zone (MM/DD/YYYY), for the form's "ends on". */
function untilDateOf(rule: SeriesRule): string | undefined {
  const until = /(?:^|;)UNTIL=(\d{8})T(\d{6})Z/.exec(rule.rrule);
  if (!until?.[1] || !until[2]) return undefined;
  const [d, t] = [until[1], until[2]];
  const instant = Date.UTC(
    Number(d.slice(0, 4)),
    Number(d.slice(4, 6)) - 1,
    Number(d.slice(6, 8)),
    Number(t.slice(0, 2)),
    Number(t.slice(2, 4)),
    Number(t.slice(4, 6)),
  );
  return formatWireDate(localDateTimeOf(instant, rule.timeZoneId).date);
}

function calendarDateOf(isoDate: string) {
  return {
    year: Number(isoDate.slice(0, 4)),
    month: Number(isoDate.slice(5, 7)),
    day: Number(isoDate.slice(8, 10)),
  };
}

/** The rule in the form's shape and in words; the shape is null for a rule the form lacks. */
export function recurrenceOf(rule: SeriesRule): {
  recurrence: Recurrence | null;
  description: string | null;
} {
  const recurrence = fromRrule(rule.rrule, untilDateOf(rule));
  return {
    recurrence,
    description: recurrence ? describeRecurrence(recurrence, calendarDateOf(rule.startDate)) : null,
  };
}

/** The last instant of a wire date in the zone: an `on_date` series' UNTIL. */
export function endOfDay(wireDate: string, timeZoneId: number): number {
  return zonedTimeToInstant(addDays(isoDateFromWire(wireDate), 1), 0, timeZoneId) - 1000;
}

/** The form's rule as RRULE text for a series starting on `startDate` (YYYY-MM-DD). */
export function rruleOf(recurrence: Recurrence, startDate: string, timeZoneId: number): string {
  const until =
    recurrence.ends.kind === 'on_date' ? endOfDay(recurrence.ends.date, timeZoneId) : undefined;
  return toRrule(recurrence, calendarDateOf(startDate), until);
}

/**
 * The rule starting on its own first instant at or after the start the form gave (a start in a
 * dark month, or on another week than the rule's, begins at the rule's next meeting, so DTSTART
 * is always a meeting, as RFC 5545 asks and other programs assume). Undefined when the rule
 * gives no meeting at all.
 */
export function alignedRule(rule: SeriesRule): SeriesRule | undefined {
  const [first] = firstInstants(rule, 1);
  if (first === undefined) return undefined;
  return { ...rule, startDate: localDateOf(first, rule.timeZoneId) };
}

function withoutParts(rrule: string, names: readonly string[]): string[] {
  return rrule
    .split(';')
    .filter((part) => !names.includes(part.split('=')[0]?.toUpperCase() ?? ''));
}

/** The rule ending just before `instant` (UNTIL in UTC; a COUNT gives way to it). */
export function endingBefore(rrule: string, instant: number): string {
  const until = new Date(instant - 1000)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return [...withoutParts(rrule, ['UNTIL', 'COUNT']), `UNTIL=${until}`].join(';');
}

/** The rule with `count` meetings left (a split's second half of a COUNT rule). */
export function withCount(rrule: string, count: number): string {
  return [...withoutParts(rrule, ['COUNT']), `COUNT=${Math.max(1, count)}`].join(';');
}

/** The COUNT of a rule, if it has one. */
export function countOf(rrule: string): number | undefined {
  const count = /(?:^|;)COUNT=(\d+)/i.exec(rrule)?.[1];
  return count === undefined ? undefined : Math.min(Number(count), MAX_OCCURRENCE_COUNT);
}
