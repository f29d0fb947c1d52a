import dayjs from 'dayjs';

/**
 * Times on the chat screen (§9), in the browser's own time zone: a message's time is
 * `MMM D, YYYY h:mm a` (CONST-27, e.g. `Mar 5, 2024 2:07 pm`); messages are grouped by day
 * (CONST-28), each day under a separator with its full date.
 */
export function formatMessageTime(at: number): string {
  return dayjs(at).format('MMM D, YYYY h:mm a');
}

/** The day a message belongs to, for grouping (local calendar day). */
export function messageDayKey(at: number): string {
  return dayjs(at).format('YYYY-MM-DD');
}

/** The separator above a day's messages, e.g. `Tuesday, March 5, 2024`. */
export function formatMessageDay(at: number): string {
  return dayjs(at).format('dddd, MMMM D, YYYY');
}
