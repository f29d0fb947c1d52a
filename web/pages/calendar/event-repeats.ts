import {
  describeRecurrence,
  MAX_INTERVAL,
  MAX_OCCURRENCE_COUNT,
  recurrenceProblem,
  recurrenceSchema,
  weekOfMonthOf,
  type Recurrence,
  type RecurrenceProblem,
} from '../../../common/recurrence.ts';
import { MONTH_NAMES, parseWireDate, type CalendarDate } from '../../../common/event-time.ts';
import {
  CANT_BE_BLANK,
  DOES_NOT_REPEAT,
  enterMeetingCount,
  RECURRENCE_PROBLEMS,
} from '../../../common/messages.ts';
import type { SelectOption } from '../../components/records/record-options.ts';

/**
 * The event form's Repeats section (issue 25, D80, D82) as the form holds it, and the
 * `recurrence` of the request made from it. The choices are worded from the start date by
 * common/recurrence.ts `describeRecurrence`, the words the event's page and cards show, so
 * "Every 2nd Tuesday of the month" reads the same before and after saving. The browser never
 * expands a rule: the dates come from the preview endpoint.
 */

export const REPEAT_CHOICES = [
  'none',
  'weekly',
  'every_other_week',
  'every_n_weeks',
  'monthly_by_weekday',
  'monthly_last_weekday',
  'monthly_by_date',
  'yearly',
] as const;
export type RepeatChoice = (typeof REPEAT_CHOICES)[number];

export type RepeatEnds = Recurrence['ends']['kind'];

/** What the Repeats section holds; selects and inputs hold strings. */
export interface RepeatFormValues {
  repeat: RepeatChoice;
  /** "Every few weeks": weeks between meetings, '3'..'12'. */
  weeks: string;
  /**
   * The interval of a monthly or yearly rule saved elsewhere (the API takes any); the form
   * offers none of its own but keeps it, so an edit does not change it by accident.
   */
  kept_interval: number;
  /** The dark months, '1'..'12', as the checkboxes hold them. */
  skip_months: string[];
  ends: RepeatEnds;
  /** MM/DD/YYYY, or '' while not chosen. */
  ends_date: string;
  ends_count: string;
}

export const NO_REPEAT: RepeatFormValues = {
  repeat: 'none',
  weeks: '3',
  kept_interval: 1,
  skip_months: [],
  ends: 'never',
  ends_date: '',
  ends_count: '10',
};

/** The choices of "Every few weeks": 3 to 12 (every other week is a choice of its own). */
export const WEEK_INTERVAL_OPTIONS: readonly SelectOption[] = Array.from(
  { length: MAX_INTERVAL - 2 },
  (_, i) => ({ value: String(i + 3), label: String(i + 3) }),
);

export const MONTH_OPTIONS: readonly SelectOption[] = MONTH_NAMES.map((name, i) => ({
  value: String(i + 1),
  label: name,
}));

function daysInMonth(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month, 0)).getUTCDate();
}

/** Whether the start date's weekday is the last of its month (the 4th may also be the last). */
function isLastWeekday(date: CalendarDate): boolean {
  return date.day + 7 > daysInMonth(date);
}

/** Whether a choice is one the start date can have ("last" only in the month's last week). */
function choiceFits(choice: RepeatChoice, date: CalendarDate): boolean {
  if (choice === 'monthly_last_weekday') return isLastWeekday(date);
  // The 5th weekday of a month is only ever "the last" (common/recurrence.ts weekOfMonthOf).
  if (choice === 'monthly_by_weekday') return weekOfMonthOf(date) !== -1;
  return true;
}

/** The rule without its months and end, for a choice's words. */
function bareRule(values: RepeatFormValues): Recurrence | null {
  const interval = values.kept_interval;
  switch (values.repeat) {
    case 'none':
      return null;
    case 'weekly':
      return baseRule('weekly', 1);
    case 'every_other_week':
      return baseRule('weekly', 2);
    case 'every_n_weeks':
      return baseRule('weekly', Number(values.weeks));
    case 'monthly_by_weekday':
      return baseRule('monthly_by_weekday', interval);
    case 'monthly_last_weekday':
      return { ...baseRule('monthly_by_weekday', interval), week_of_month: -1 };
    case 'monthly_by_date':
      return baseRule('monthly_by_date', interval);
    case 'yearly':
      return baseRule('yearly', interval);
  }
}

function baseRule(frequency: Recurrence['frequency'], interval: number): Recurrence {
  return { frequency, interval, skip_months: [], ends: { kind: 'never' } };
}

/**
 * The Repeats choices for a start date, each in the words of the rule it makes; "Does not
 * repeat" only where the event may be single (a new event). Without a start date, only the
 * choice already made, so the select never holds a value it does not list.
 */
export function repeatOptions(
  start: CalendarDate | null,
  values: RepeatFormValues,
  withNone: boolean,
): SelectOption[] {
  const options: SelectOption[] = withNone ? [{ value: 'none', label: DOES_NOT_REPEAT }] : [];
  if (start === null) return options;
  for (const choice of REPEAT_CHOICES) {
    if (choice === 'none' || !choiceFits(choice, start)) continue;
    const rule = bareRule({ ...values, repeat: choice, weeks: weeksOf(values.weeks) });
    if (rule) options.push({ value: choice, label: describeRecurrence(rule, start) });
  }
  return options;
}

function weeksOf(text: string): string {
  const weeks = Number(text);
  return Number.isInteger(weeks) && weeks >= 3 && weeks <= MAX_INTERVAL ? text : '3';
}

/**
 * The choice that stays when the start date changes: a "2nd Tuesday" stays monthly by weekday
 * (now the new date's week), a "last" one stays last when the new date can be, else becomes
 * the new date's own week.
 */
export function fittingChoice(choice: RepeatChoice, start: CalendarDate | null): RepeatChoice {
  if (start === null || choiceFits(choice, start)) return choice;
  return choice === 'monthly_last_weekday' ? 'monthly_by_weekday' : 'monthly_last_weekday';
}

export type RepeatProblem =
  { kind: 'count' } | { kind: 'end_date' } | { kind: 'rule'; problem: RecurrenceProblem };

/** What the form says under Repeats: the API's own words for a rule it would refuse. */
export function repeatProblemMessage(problem: RepeatProblem): string {
  switch (problem.kind) {
    case 'count':
      return enterMeetingCount(MAX_OCCURRENCE_COUNT);
    case 'end_date':
      return CANT_BE_BLANK;
    case 'rule':
      return RECURRENCE_PROBLEMS[problem.problem];
  }
}

/**
 * The request's `recurrence` from the section, with the problems the API would refuse it for
 * (common/recurrence.ts `recurrenceProblem`), checked by the shape the API validates with
 * (`recurrenceSchema`); null for "Does not repeat".
 */
export function recurrenceFromForm(
  values: RepeatFormValues,
  start: CalendarDate | null,
): { recurrence: Recurrence | null; problem: RepeatProblem | null } {
  const bare = bareRule(values);
  if (bare === null) return { recurrence: null, problem: null };
  const count = Number(values.ends_count);
  if (
    values.ends === 'after_count' &&
    !(Number.isInteger(count) && count >= 1 && count <= MAX_OCCURRENCE_COUNT)
  ) {
    return { recurrence: null, problem: { kind: 'count' } };
  }
  if (values.ends === 'on_date' && parseWireDate(values.ends_date) === null) {
    return { recurrence: null, problem: { kind: 'end_date' } };
  }
  const ends: Recurrence['ends'] =
    values.ends === 'on_date'
      ? { kind: 'on_date', date: values.ends_date }
      : values.ends === 'after_count'
        ? { kind: 'after_count', count }
        : { kind: 'never' };
  const candidate: Recurrence = {
    ...bare,
    skip_months: bare.frequency === 'yearly' ? [] : values.skip_months.map(Number),
    ends,
  };
  const problem = start === null ? null : recurrenceProblem(candidate, start);
  if (problem !== null) return { recurrence: candidate, problem: { kind: 'rule', problem } };
  // The form's selects cannot make a shape the schema refuses; the check keeps it that way.
  return { recurrence: recurrenceSchema.parse(candidate), problem: null };
}

/** The section's values for a saved rule (the edit form of a series' meeting). */
export function repeatFormValues(
  recurrence: Recurrence | null,
  start: CalendarDate | null,
): RepeatFormValues {
  if (!recurrence) return NO_REPEAT;
  const interval = recurrence.interval;
  let repeat: RepeatChoice;
  let weeks = NO_REPEAT.weeks;
  switch (recurrence.frequency) {
    case 'weekly':
      repeat = interval === 1 ? 'weekly' : interval === 2 ? 'every_other_week' : 'every_n_weeks';
      if (interval > 2) weeks = String(interval);
      break;
    case 'monthly_by_weekday': {
      const week = recurrence.week_of_month ?? (start ? weekOfMonthOf(start) : 1);
      repeat = week === -1 ? 'monthly_last_weekday' : 'monthly_by_weekday';
      break;
    }
    case 'monthly_by_date':
      repeat = 'monthly_by_date';
      break;
    case 'yearly':
      repeat = 'yearly';
      break;
  }
  const ends = recurrence.ends;
  return {
    repeat,
    weeks,
    kept_interval: recurrence.frequency === 'weekly' ? 1 : interval,
    skip_months: recurrence.skip_months.map(String),
    ends: ends.kind,
    ends_date: ends.kind === 'on_date' ? ends.date : '',
    ends_count: ends.kind === 'after_count' ? String(ends.count) : NO_REPEAT.ends_count,
  };
}

/** Whether the chosen rule has dark months to offer (a yearly meeting has none). */
export function offersSkipMonths(repeat: RepeatChoice): boolean {
  return repeat !== 'none' && repeat !== 'yearly';
}
