import { z } from 'zod';
import { ACCESS_VALUES, type Access } from '../../../common/constants.ts';
import {
  isoDateFromWire,
  isTimeZoneId,
  isWireDate,
  parseTimeLabel,
  parseWireDate,
  TIME_ZONE_IDS,
  TIME_ZONE_LABELS,
  wireDateFromIso,
} from '../../../common/event-time.ts';
import type { EventLodge } from '../../../common/event-time-editing.ts';
import { newEventDefaults } from '../../../common/event-time-editing.ts';
import { CANT_BE_BLANK } from '../../../common/messages.ts';
import {
  createCalendarEventRequestSchema,
  eventLocationSchema,
  type CalendarEventDetail,
  type CreateCalendarEventRequest,
  type SeriesScope,
  type UpdateCalendarEventRequest,
} from '../../../common/schemas/calendar-event.ts';
import { bodyHasText } from '../../components/editor/body-text.ts';
import {
  isPhotoErrorKey,
  photosAttributes,
  type FormPhoto,
} from '../../components/photos/form-photos.ts';
import type { SelectOption } from '../../components/records/record-options.ts';
import {
  NO_REPEAT,
  recurrenceFromForm,
  repeatFormValues,
  repeatProblemMessage,
  type RepeatFormValues,
} from './event-repeats.ts';

/**
 * The event form's values, their check and the requests made from them (EVF-19..EVF-23,
 * VAL-27, VAL-28). The field rules come from the request schema the server validates with;
 * what the wire schema leaves to the service (which field is required) is added here. Dates are
 * `MM/DD/YYYY` and times labels like `7:00pm` throughout, as on the wire; `''` is an empty
 * field. Selects hold strings, so the lodge and the zone are ids as strings.
 */

export interface EventFormValues {
  /** The lodge's id; '' when the member has no lodge to choose (new only). */
  club_id: string;
  name: string;
  start_date_string: string;
  start_time_string: string;
  end_date_string: string;
  end_time_string: string;
  time_zone_id: string;
  /** How the meeting repeats (issue 25): a new event's, or a series' for `all`/`following`. */
  recurrence: RepeatFormValues;
  location: string;
  /** HTML from the editor. */
  new_description: string;
  photos: FormPhoto[];
  access: Access;
  allows_comments: boolean;
}

export type EventFormField = keyof EventFormValues;

/** The form's fields in the order they show (EVF-02): focus goes to the first with an error. */
export const EVENT_FIELD_ORDER: readonly EventFormField[] = [
  'club_id',
  'name',
  'start_date_string',
  'start_time_string',
  'end_date_string',
  'end_time_string',
  'time_zone_id',
  'recurrence',
  'location',
  'new_description',
  'photos',
  'access',
  'allows_comments',
];

const wire = createCalendarEventRequestSchema.shape.calendar_event.shape;

/**
 * Whether the form has the Repeats section: a new event (which may repeat or not), a series'
 * rule (an edit of `all` or `following` meetings), or none (a single event's edit, one meeting).
 */
export type RepeatsSection = 'new' | 'series' | 'none';

/**
 * VAL-27 (and, for a new event, VAL-28: a lodge). The rule is checked by the shape and the
 * problems the API checks it with (common/recurrence.ts), so the form says what a 422 would.
 */
export function eventFormSchema(mode: 'new' | 'edit', repeats: RepeatsSection = 'none') {
  return z
    .object({
      club_id: z.string(),
      name: wire.name,
      start_date_string: wire.start_date_string,
      start_time_string: wire.start_time_string,
      end_date_string: z.string(),
      end_time_string: z.string(),
      time_zone_id: z.string(),
      recurrence: z.custom<RepeatFormValues>(),
      location: eventLocationSchema,
      new_description: wire.new_description,
      access: z.enum(ACCESS_VALUES),
      allows_comments: z.boolean(),
    })
    .superRefine((values, context) => {
      const blank = (path: EventFormField) =>
        context.addIssue({ code: 'custom', path: [path], message: CANT_BE_BLANK });
      if (mode === 'new' && values.club_id === '') blank('club_id');
      if (values.name.trim() === '') blank('name');
      // The date input gives a real date or nothing; the selects give labels or nothing.
      if (parseWireDate(values.start_date_string) === null) blank('start_date_string');
      if (parseTimeLabel(values.start_time_string) === null) blank('start_time_string');
      if (!isTimeZoneId(Number(values.time_zone_id))) blank('time_zone_id');
      if (!bodyHasText(values.new_description)) blank('new_description');
      if (repeats === 'none') return;
      const { problem } = recurrenceFromForm(
        values.recurrence,
        parseWireDate(values.start_date_string),
      );
      if (problem === null) return;
      const message = repeatProblemMessage(problem);
      context.addIssue({ code: 'custom', path: ['recurrence'], message });
    });
}

/** An empty end field is no end (AMB-40); the server reads null as that. */
function endField(value: string): string | null {
  return value === '' ? null : value;
}

function sharedFields(values: EventFormValues) {
  return {
    name: values.name.trim(),
    location: values.location.trim() === '' ? null : values.location.trim(),
    new_description: values.new_description,
    access: values.access,
    start_date_string: values.start_date_string,
    start_time_string: values.start_time_string,
    end_date_string: endField(values.end_date_string),
    end_time_string: endField(values.end_time_string),
    time_zone_id: Number(values.time_zone_id),
    allows_comments: values.allows_comments,
    photos_attributes: photosAttributes(values.photos),
  };
}

function recurrenceOf(values: EventFormValues) {
  return recurrenceFromForm(values.recurrence, parseWireDate(values.start_date_string)).recurrence;
}

/** EVF-21: `POST /calendar_events`, with the rule of a meeting that repeats (D80). */
export function createEventRequest(values: EventFormValues): CreateCalendarEventRequest {
  const recurrence = recurrenceOf(values);
  return {
    calendar_event: {
      club_id: Number(values.club_id),
      ...sharedFields(values),
      // A single event sends no rule, as before series existed.
      ...(recurrence ? { recurrence } : {}),
    },
  };
}

/**
 * EVF-22: `PUT /calendar_events/{id}.json`, the same fields without `club_id`. A meeting of a
 * series adds the `scope` chosen, and its rule only when the member changed it: an unchanged
 * rule sent with `following` would start the new series with the whole count again.
 */
export function updateEventRequest(
  values: EventFormValues,
  series?: { scope: SeriesScope; initial: RepeatFormValues },
): UpdateCalendarEventRequest {
  if (!series) return { calendar_event: sharedFields(values) };
  const ruleChanged =
    series.scope !== 'this' && JSON.stringify(values.recurrence) !== JSON.stringify(series.initial);
  const recurrence = ruleChanged ? recurrenceOf(values) : null;
  return {
    calendar_event: { ...sharedFields(values), ...(recurrence ? { recurrence } : {}) },
    scope: series.scope,
  };
}

/** EVF-05..EVF-09, CONST-16, CONST-17: a new event's values for the member's webmaster lodges. */
export function newEventValues(lodges: readonly EventLodge[]): EventFormValues {
  const defaults = newEventDefaults(lodges);
  return {
    club_id: defaults.club_id === null ? '' : String(defaults.club_id),
    name: '',
    start_date_string: defaults.start_date_string,
    start_time_string: defaults.start_time_string,
    end_date_string: defaults.end_date_string,
    end_time_string: defaults.end_time_string,
    time_zone_id: String(defaults.time_zone_id),
    recurrence: NO_REPEAT,
    location: defaults.location,
    new_description: '',
    photos: [],
    access: defaults.access,
    allows_comments: defaults.allows_comments,
  };
}

/**
 * EVF-20: the saved event as the edit form's values, its times as the labels the selects
 * hold (an end that is not there is empty), its photos as saved ones.
 */
export function editEventValues(event: CalendarEventDetail): EventFormValues {
  return {
    club_id: String(event.club.id),
    name: event.name,
    start_date_string: event.start_date_string,
    start_time_string: event.start_time_string,
    end_date_string: event.end_date_string ?? '',
    end_time_string: event.end_time_string ?? '',
    time_zone_id: String(event.time_zone_id),
    recurrence: repeatFormValues(event.recurrence, parseWireDate(event.start_date_string)),
    location: event.location ?? '',
    new_description: event.calendar_event_description.body,
    photos: event.photos.map((photo) => ({
      kind: 'saved',
      id: photo.id,
      previewUrl: photo.medium_url,
    })),
    access: event.access,
    allows_comments: event.allows_comments,
  };
}

/** EVF-17, CONST-15, AMB-32: the eight zones in id order with their Rails names. */
export const TIME_ZONE_OPTIONS: readonly SelectOption[] = TIME_ZONE_IDS.map((id) => ({
  value: String(id),
  label: TIME_ZONE_LABELS[id],
}));

const FORM_KEYS: ReadonlySet<string> = new Set(EVENT_FIELD_ORDER);

/** The event form's field for a server field name (AMB-40: end errors under End Date and Time). */
export function eventFormFieldOf(serverName: string): EventFormField | null {
  if (isPhotoErrorKey(serverName)) return 'photos';
  return FORM_KEYS.has(serverName) ? (serverName as EventFormField) : null;
}

const INPUT_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The date input's `2026-05-10` as the form's `05/10/2026`; '' (nothing, or half typed) stays ''. */
export function wireDateFromInput(value: string): string {
  return INPUT_DATE.test(value) ? wireDateFromIso(value) : '';
}

/** The form's `05/10/2026` as the date input's `2026-05-10`; '' for an empty field. */
export function inputDateFromWire(value: string): string {
  return isWireDate(value) ? isoDateFromWire(value) : '';
}
