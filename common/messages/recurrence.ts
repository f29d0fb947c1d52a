/*
 * Recurring meetings (issue 25): the 422s under `recurrence` and `scope`, and the words the
 * event answer and the Announce use. Field errors read after the field's name, like the rest of
 * common/messages/validation.ts.
 */
import type { RecurrenceProblem } from '../recurrence.ts';

export const RECURRENCE_PROBLEMS: Readonly<Record<RecurrenceProblem, string>> = {
  skips_every_month: 'must leave at least one month in which the meeting is held',
  yearly_skips_months: 'cannot skip months of a yearly meeting',
  end_before_start: 'must not end before the first meeting',
};
export const RECURRENCE_HAS_NO_DATES = 'gives no meeting after the start date';
export const RECURRENCE_ONLY_FOR_SERIES =
  'applies only to a meeting that repeats; this event has no series';
export const RECURRENCE_NOT_FOR_ONE_MEETING =
  'cannot change for one meeting alone: choose this and following, or all';
export const OCCURRENCE_ALREADY_CANCELLED = 'This meeting is already cancelled.';
export const ONLY_SERIES_MEETINGS_CANCEL =
  'Only a meeting of a repeating series is cancelled; delete a single event instead.';
export const CANCELLED_MEETING_NOT_CHANGED = 'cannot change a cancelled meeting';
export const recurringMeetingWhen = (rule: string, next: string): string =>
  `${rule}. Next: ${next}`;
