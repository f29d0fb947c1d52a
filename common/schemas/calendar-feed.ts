import { z } from 'zod';
import { recordIdParamSchema } from './record-id.ts';

/** Where the member's private calendar feed is, to paste into a calendar program (D30). */
export const calendarFeedSchema = z.object({
  url: z.url(),
  created_at: z.number().int(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedAnswerSchema = z.object({
  data: z.object({ calendar_feed: calendarFeedSchema.nullable() }),
});
export type CalendarFeedAnswer = z.infer<typeof calendarFeedAnswerSchema>;

export const calendarEventIcsParamsSchema = z.object({ id: recordIdParamSchema });

/** The path of a feed: outside the app's routes and the API, read with no session. */
export const CALENDAR_FEED_PREFIX = '/feeds/calendar';
