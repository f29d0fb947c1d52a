import { z } from 'zod';
import { recordIdParamSchema } from './record-id.ts';

/*
 * The member's private calendar feed (D30, D54). Only the hash of its token is kept, so its
 * address is answered once, by the call that makes it; reading the feed afterwards says that
 * it exists and since when, with `url` null.
 */

/** GET /calendar_feed.json: the member has a feed, made at `created_at`; no address. */
export const calendarFeedSchema = z.object({
  url: z.null(),
  created_at: z.number().int(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedAnswerSchema = z.object({
  data: z.object({ calendar_feed: calendarFeedSchema.nullable() }),
});
export type CalendarFeedAnswer = z.infer<typeof calendarFeedAnswerSchema>;

/** POST /calendar_feed.json: the new address, to paste into a calendar program, shown once. */
export const newCalendarFeedSchema = z.object({
  url: z.url(),
  created_at: z.number().int(),
});
export type NewCalendarFeed = z.infer<typeof newCalendarFeedSchema>;

export const newCalendarFeedAnswerSchema = z.object({
  data: z.object({ calendar_feed: newCalendarFeedSchema }),
});
export type NewCalendarFeedAnswer = z.infer<typeof newCalendarFeedAnswerSchema>;

export const calendarEventIcsParamsSchema = z.object({ id: recordIdParamSchema });

/** The path of a feed: outside the app's routes and the API, read with no session. */
export const CALENDAR_FEED_PREFIX = '/feeds/calendar';
