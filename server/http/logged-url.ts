import { CALENDAR_FEED_PREFIX } from '../../common/schemas/calendar-feed.ts';

const FEED_TOKEN = new RegExp(`^(${CALENDAR_FEED_PREFIX}/)[^/?#]+(\\.ics)`);
/** The page's address and the API's calls of it (/app/unsubscribe, /…/unsubscribe.json). */
const UNSUBSCRIBE_TOKEN = /^([^?#]*\/unsubscribe(?:\.json)?\?(?:[^#]*&)?token=)[^&#]+/;

/**
 * A request's URL as the request log keeps it: a calendar feed's token is its only key, kept
 * in the database as a hash (D54), so the log line names the feed without it; an unsubscribe
 * link's token likewise (D81).
 */
export function loggedUrl(url: string): string {
  return url.replace(FEED_TOKEN, '$1…$2').replace(UNSUBSCRIBE_TOKEN, '$1…');
}
