import { z } from 'zod';
import { recordIdSchema, recordIdParamSchema } from './record-id.ts';
import { MAX_GUESTS, MIN_GUESTS } from '../constants.ts';
import { FIELD_CONTROL_CHARACTERS } from '../messages.ts';
import { isOneLineText } from '../one-line-text.ts';
import { recurrenceSchema } from '../recurrence.ts';
import { lodgeAccessSchema, photoAttributesSchema, photoSchema } from './post.ts';
import { sessionPartySchema } from './session.ts';

/** The calendar tabs (CAL-01, CAL-02). */
export const calendarGroupSchema = z.enum(['my_events', 'nearby_events', 'other_events']);
export type CalendarGroup = z.infer<typeof calendarGroupSchema>;

/**
 * Where the next page starts, as the previous answer's `next_cursor` gave it: the instant page
 * 0 was read (so "today" stays put while paging), the part of the list (`u` upcoming, `p`
 * past) and the last event's sort key (docs/decisions.md D31, docs/api.md Calendar).
 */
export const calendarCursorSchema = z
  .string()
  .max(120)
  .regex(/^[0-9]{1,16}\.[up](\.-?[0-9]{1,16}){0,4}$/);

export const calendarListQuerySchema = z.object({
  group: calendarGroupSchema,
  cursor: calendarCursorSchema.optional(),
});

export const clubCalendarListQuerySchema = z.object({
  subdomain: z.string().min(1).max(100),
  cursor: calendarCursorSchema.optional(),
  /**
   * The type toggles that are on (CAL-10), as club type names separated by commas; left out,
   * every type. Filtering here rather than in the browser keeps each page full (decision D34).
   */
  types: z.string().max(500).optional(),
});

export const attendeeStatusSchema = z.enum(['YES', 'NO']);
export const guestsSchema = z.number().int().min(MIN_GUESTS).max(MAX_GUESTS);

/** The caller's own RSVP on an event (§3 Calendar event: event_attendee). */
export const ownEventAttendeeSchema = z.object({
  id: z.number().int(),
  status: attendeeStatusSchema,
  guests: z.number().int(),
});
export type OwnEventAttendee = z.infer<typeof ownEventAttendeeSchema>;

/** §3 event_attendance_counts: members going, not going, and the guests of those going. */
export const eventAttendanceCountsSchema = z.object({
  yes: z.number().int(),
  no: z.number().int(),
  guests: z.number().int(),
});
export type EventAttendanceCounts = z.infer<typeof eventAttendanceCountsSchema>;

export const calendarEventClubSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subdomain: z.string(),
  type_name: z.string(),
  default_url: z.string().nullable(),
});

export const calendarEventDescriptionSchema = z.object({ id: z.number().int(), body: z.string() });

/**
 * What the member asking may do with an event (D58), as the policies guarding the writes answer
 * (server/policies/calendar-events.ts): `edit` (PERM-13); `delete` (PERM-14) only while comments
 * are off or none exist; `announce` (CAL-21, PERM-07) only while the event is not announced.
 */
export const calendarEventAbilitiesSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  announce: z.boolean(),
  /** Cancel one meeting of a series (D80): as `edit`, while it is not cancelled yet. */
  cancel: z.boolean(),
});
export type CalendarEventAbilities = z.infer<typeof calendarEventAbilitiesSchema>;

/**
 * Calendar event (§3). `start_time` and `end_time` are epoch ms; the `local_*` and `*_string`
 * fields are in the event's own zone (`time_zone_id`), dates as MM/DD/YYYY, times as labels
 * like `1:00pm` (AMB-33: shown as given). `calendar_id` is the club's id: a lodge has one
 * calendar. `description` is the description's text, short; the detail adds the HTML body.
 */
export const calendarEventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  club: calendarEventClubSchema,
  clubId: z.number().int(),
  calendar_id: z.number().int(),
  start_time: z.number().int(),
  end_time: z.number().int().nullable(),
  local_start_date: z.string(),
  local_start_time: z.string(),
  local_start_date_time_with_duration: z.string(),
  start_date_string: z.string(),
  start_time_string: z.string(),
  end_date_string: z.string().nullable(),
  end_time_string: z.string().nullable(),
  time_zone_id: z.number().int(),
  location: z.string().nullable(),
  description: z.string(),
  access: z.enum(['PUBLIC', 'MEMBER', 'CLUB']),
  announced: z.boolean(),
  allows_comments: z.boolean(),
  comment_container: z.object({ id: z.number().int(), comment_count: z.number().int() }),
  last_activity_at: z.number().int(),
  photos: z.array(photoSchema),
  calendar_event_description_id: z.number().int(),
  event_attendee: ownEventAttendeeSchema.nullable(),
  event_attendance_counts: eventAttendanceCountsSchema,
  abilities: calendarEventAbilitiesSchema,
  /** The series this is a meeting of (D80), null for a single event. */
  series_id: z.number().int().nullable(),
  /** The series' rule in the form's shape; null for a single event or a rule the form lacks. */
  recurrence: recurrenceSchema.nullable(),
  /** The rule in words: "Every 2nd Tuesday of the month, except July and August". */
  recurrence_description: z.string().nullable(),
  /** This meeting was changed on its own ("this meeting"): the series' edits keep its change. */
  occurrence_changed: z.boolean(),
  /** This meeting is cancelled: out of the lists; its own page still shows it. */
  cancelled: z.boolean(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const calendarEventDetailSchema = calendarEventSchema.extend({
  calendar_event_description: calendarEventDescriptionSchema,
});
export type CalendarEventDetail = z.infer<typeof calendarEventDetailSchema>;

export const calendarListAnswerSchema = z.object({
  data: z.object({
    calendar_events: z.array(calendarEventSchema),
    /** Send as `cursor` for the next page; null after the last page. */
    next_cursor: z.string().nullable(),
  }),
});
export type CalendarListAnswer = z.infer<typeof calendarListAnswerSchema>;

/**
 * A club's calendar: its events and its sub-clubs' (CAL-08..10). `club_hierarchy` is the
 * organisation's type names from the top down; `type_names` the club's own type and those
 * below it, the toggles' default and the types its events can have.
 */
export const clubCalendarAnswerSchema = z.object({
  data: z.object({
    calendar_events: z.array(calendarEventSchema),
    next_cursor: z.string().nullable(),
    club_hierarchy: z.array(z.string()),
    type_names: z.array(z.string()),
    /** The club whose calendar this is, for its heading (a member may not belong to it). */
    club: z.object({
      id: z.number().int(),
      name: z.string(),
      subdomain: z.string(),
      type_name: z.string(),
    }),
  }),
});
export type ClubCalendarAnswer = z.infer<typeof clubCalendarAnswerSchema>;

export const calendarEventAnswerSchema = z.object({
  data: z.object({ calendar_event: calendarEventDetailSchema }),
});
export type CalendarEventAnswer = z.infer<typeof calendarEventAnswerSchema>;

export const calendarEventIdParamsSchema = z.object({ id: recordIdParamSchema });

/** Event attendee (§3) in the attendee list (CAL-19). */
export const eventAttendeeSchema = z.object({
  id: z.number().int(),
  status: attendeeStatusSchema,
  guests: z.number().int(),
  party: sessionPartySchema,
});
export type EventAttendee = z.infer<typeof eventAttendeeSchema>;

/**
 * The attendee list (CAL-19): the attendees the viewer may find in the directory (D37), and how
 * many others answered, who are only counted (D53).
 */
export const eventAttendeeListSchema = z.object({
  event_attendees: z.array(eventAttendeeSchema),
  /** RSVPs (going or not) of members of organisations the viewer does not belong to. */
  hidden_attendee_count: z.number().int().nonnegative(),
});
export type EventAttendeeList = z.infer<typeof eventAttendeeListSchema>;

export const eventAttendeesAnswerSchema = z.object({ data: eventAttendeeListSchema });
export type EventAttendeesAnswer = z.infer<typeof eventAttendeesAnswerSchema>;

/** POST /event_attendees.json, flat as §7 writes it (CAL-15). */
export const createEventAttendeeRequestSchema = z.object({
  calendar_event_id: recordIdSchema,
  status: attendeeStatusSchema,
  guests: guestsSchema.default(0),
});
export type CreateEventAttendeeRequest = z.infer<typeof createEventAttendeeRequestSchema>;

/** PUT /event_attendees/{id}.json (CAL-16). */
export const updateEventAttendeeRequestSchema = z.object({
  status: attendeeStatusSchema,
  guests: guestsSchema.default(0),
});
export type UpdateEventAttendeeRequest = z.infer<typeof updateEventAttendeeRequestSchema>;

export const eventAttendeeIdParamsSchema = z.object({ id: recordIdParamSchema });

/** The RSVP as saved and the event's counts after it. */
export const eventAttendeeAnswerSchema = z.object({
  data: z.object({
    event_attendee: ownEventAttendeeSchema,
    event_attendance_counts: eventAttendanceCountsSchema,
  }),
});
export type EventAttendeeAnswer = z.infer<typeof eventAttendeeAnswerSchema>;

// ---- Writing events (§7 Calendar: POST, PUT and DELETE /calendar_events; EVF-19..23) -----

const wireDateOrTime = z.string().max(20);

/** Which meetings of a series an edit or a delete touches (issue 25, D80). */
export const seriesScopeSchema = z.enum(['this', 'following', 'all']);
export type SeriesScope = z.infer<typeof seriesScopeSchema>;

/*
 * An event's name and location are one line each, with no control character (D54): they reach
 * calendar files, e-mail subjects and every list. Refused here, so the form (whose resolver is
 * this schema) shows the message under the field, and the API answers 422 under it.
 */
export const eventNameSchema = z.string().max(200).refine(isOneLineText, FIELD_CONTROL_CHARACTERS);
export const eventLocationSchema = z
  .string()
  .max(500)
  .refine(isOneLineText, FIELD_CONTROL_CHARACTERS);

/**
 * The event form's fields as §7 sends them. Which are required (VAL-27), whether the dates and
 * times read right and the end is not before the start (AMB-40) are the service's checks, so
 * each comes back as a 422 under its own field.
 */
const calendarEventFields = {
  name: eventNameSchema,
  location: eventLocationSchema.nullable().optional(),
  /** The description as HTML; cleaned like a post's body. */
  new_description: z.string().max(200_000),
  access: lodgeAccessSchema.default('PUBLIC'),
  start_date_string: wireDateOrTime,
  start_time_string: wireDateOrTime,
  end_date_string: wireDateOrTime.nullable().optional(),
  end_time_string: wireDateOrTime.nullable().optional(),
  /** CONST-15: 1..8; any other number is a 422 under `time_zone_id`. */
  time_zone_id: z.coerce.number().int(),
  allows_comments: z.boolean().default(true),
  photos_attributes: z.array(photoAttributesSchema).max(50).default([]),
};

/**
 * POST /calendar_events (EVF-21, API-CAL-04): `club_id` is one of the webmaster's lodges. With
 * `recurrence` the event is the first meeting of a series (D80); the answer is that meeting.
 */
export const createCalendarEventRequestSchema = z.object({
  calendar_event: z.object({
    club_id: recordIdParamSchema,
    ...calendarEventFields,
    recurrence: recurrenceSchema.nullable().optional(),
  }),
});
export type CreateCalendarEventRequest = z.infer<typeof createCalendarEventRequestSchema>;

/**
 * PUT /calendar_events/{id}.json (EVF-22, API-CAL-05): the same fields without `club_id` (an
 * event stays with its lodge); a field left out keeps its value.
 */
export const updateCalendarEventRequestSchema = z.object({
  calendar_event: z.object({
    name: calendarEventFields.name.optional(),
    location: calendarEventFields.location,
    new_description: calendarEventFields.new_description.optional(),
    access: lodgeAccessSchema.optional(),
    start_date_string: wireDateOrTime.optional(),
    start_time_string: wireDateOrTime.optional(),
    end_date_string: calendarEventFields.end_date_string,
    end_time_string: calendarEventFields.end_time_string,
    time_zone_id: calendarEventFields.time_zone_id.optional(),
    allows_comments: z.boolean().optional(),
    photos_attributes: z.array(photoAttributesSchema).max(50).optional(),
    /** A new rule for the series, from this meeting on (`following`) or for all (`all`). */
    recurrence: recurrenceSchema.optional(),
  }),
  /**
   * Which meetings of a series the edit changes (D80): `this` one alone, `following` (this and
   * the later ones: the series splits here) or `all`. Left out: `this` when the edit moves the
   * meeting (its date, time or zone), else `all`. Ignored for a single event.
   */
  scope: seriesScopeSchema.optional(),
});
export type UpdateCalendarEventRequest = z.infer<typeof updateCalendarEventRequestSchema>;

// ---- Recurring meetings (issue 25, D80) ----------------------------------------------------

/**
 * DELETE /calendar_events/{id}?scope=: for a meeting of a series, `this` cancels it (as
 * POST .../cancel.json), `following` ends the series before it, `all` deletes the series. Left
 * out, a meeting of a series is cancelled (`this`); a single event is deleted as before.
 */
export const deleteCalendarEventQuerySchema = z.object({ scope: seriesScopeSchema.optional() });

/** POST /calendar_events/recurrence_preview.json: the form's start and rule, before saving. */
export const recurrencePreviewRequestSchema = z.object({
  start_date_string: wireDateOrTime,
  start_time_string: wireDateOrTime,
  time_zone_id: z.coerce.number().int(),
  recurrence: recurrenceSchema,
});
export type RecurrencePreviewRequest = z.infer<typeof recurrencePreviewRequestSchema>;

/** One meeting of a preview: its date and time in the zone, and both as one label. */
export const recurrencePreviewDateSchema = z.object({
  start_date_string: z.string(),
  start_time_string: z.string(),
  /** E.g. "Tuesday, January 13, 2026 7:30pm". */
  label: z.string(),
});

export const recurrencePreviewAnswerSchema = z.object({
  data: z.object({
    recurrence_description: z.string(),
    rrule: z.string(),
    /** The first meetings from the start date, at most RECURRENCE_PREVIEW_COUNT. */
    occurrences: z.array(recurrencePreviewDateSchema),
  }),
});
export type RecurrencePreviewAnswer = z.infer<typeof recurrencePreviewAnswerSchema>;

export const RECURRENCE_PREVIEW_COUNT = 6;
