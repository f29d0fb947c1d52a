import { z } from 'zod';

/**
 * A deleted event, as `GET /calendar_events/{id}.json` answers it (issue 25, D81): a 410
 * `event-cancelled` problem whose `calendar_event` member is this, so the page of an old link
 * says what was cancelled.
 */
export const cancelledEventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  club_id: z.number().int(),
  club_name: z.string(),
  location: z.string().nullable(),
  /** Epoch ms. */
  start_time: z.number().int(),
  time_zone_id: z.number().int(),
  /** In the event's zone, as the calendar writes it: "Tuesday, December 8, 2026 6:30pm - 9:00pm EST". */
  local_start_date_time_with_duration: z.string(),
});
export type CancelledEvent = z.infer<typeof cancelledEventSchema>;

/** The last segment of the problem's type. */
export const EVENT_CANCELLED_PROBLEM = 'event-cancelled';

export const cancelledEventProblemSchema = z.looseObject({
  status: z.literal(410),
  calendar_event: cancelledEventSchema,
});
