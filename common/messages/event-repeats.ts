/*
 * The web side of recurring meetings (issue 25, D80, D82): the event form's Repeats section,
 * the question which meetings an edit or a delete changes, and a cancelled meeting's page.
 * Lodgehall's own words. Read through common/messages.ts.
 */

/** The event form's Repeats section. */
export const EVENT_REPEATS = 'Repeats';
export const EVENT_REPEATS_HINT = 'Worked out from the start date.';
export const DOES_NOT_REPEAT = 'Does not repeat';
export const WEEKS_BETWEEN_MEETINGS = 'Weeks between meetings';
export const EXCEPT_IN_MONTHS = 'Except in these months';
export const EXCEPT_IN_MONTHS_HINT = 'Months the lodge is dark: no meeting is held in them.';
export const REPEAT_ENDS = 'Ends';
export const ENDS_NEVER = 'Never';
export const ENDS_ON_DATE = 'On a date';
export const ENDS_AFTER_COUNT = 'After a number of meetings';
export const LAST_MEETING_DATE = 'Date of the last meeting';
export const NUMBER_OF_MEETINGS = 'Number of meetings';
export const enterMeetingCount = (maximum: number): string =>
  `Enter a number of meetings from 1 to ${maximum}.`;
export const NEW_RULE_REMAPS =
  'Meetings on dates the new rule still holds keep their answers. Meetings on other dates are removed, with their answers.';
export const NEXT_MEETINGS = 'Next meetings';
export const LOADING_NEXT_MEETINGS = 'Working out the dates…';
export const NEXT_MEETINGS_FAILED =
  'The dates could not be worked out. They are checked again when you save.';

/** Which meetings of a series an edit or a delete changes (the `scope`). */
export const SCOPE_THIS = 'This meeting';
export const SCOPE_FOLLOWING = 'This and following meetings';
export const SCOPE_ALL = 'All meetings';
export const SCOPE_THIS_HINT = 'Only this date. The other meetings stay as they are.';
export const SCOPE_FOLLOWING_HINT =
  'This meeting and the later ones. Earlier meetings stay as they are.';
export const SCOPE_ALL_HINT = 'Every meeting of the series, past ones too.';
export const EDIT_REPEATING_MEETING = 'Edit a repeating meeting';
export const EDIT_REPEATING_MEETING_TEXT = 'Which meetings do you want to change?';
export const DELETE_REPEATING_MEETING = 'Delete a repeating meeting';
export const DELETE_REPEATING_MEETING_TEXT =
  'Which meetings do you want to delete? Deleting this meeting alone cancels it.';
export const changingMeetings = (scope: string): string => `Changing: ${scope}.`;
export const CHANGE_WHICH_MEETINGS = 'Change which meetings';
export const onlyThisMeetingChanges = (rule: string): string =>
  `The series stays as it is: ${rule}.`;

/** A meeting of a series on its page. */
export const CANCEL_MEETING = 'Cancel this meeting';
export const CANCEL_MEETING_TITLE = 'Cancel this meeting?';
export const confirmCancelMeeting = (when: string): string =>
  `The meeting of ${when} will be marked cancelled and leave the calendar. The other meetings stay.`;
export const ERROR_CANCELLING_MEETING = 'The meeting could not be cancelled. Please try again.';
export const MEETING_CANCELLED_TITLE = 'This meeting is cancelled';
export const meetingCancelledText = (when: string): string =>
  `The meeting of ${when} will not be held. The other meetings of the series are not affected.`;
