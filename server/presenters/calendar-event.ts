import type {
  CalendarEvent,
  CalendarEventAbilities,
  CalendarEventDetail,
  EventAttendanceCounts,
  EventAttendee,
  OwnEventAttendee,
} from '../../common/schemas/calendar-event.ts';
import type { EventLocalFields } from '../../common/event-time.ts';
import type { Recurrence } from '../../common/recurrence.ts';
import type { Access, AttendeeStatus } from '../db/schema.ts';
import { presentPartySummary } from './party.ts';
import type { PartySummaryRow } from './party.ts';
import { presentPhoto } from './post.ts';
import type { PhotoRow } from './post.ts';

/** One event as the calendar queries select it (event + club + type + container + text). */
export interface CalendarEventRow {
  id: number;
  club_id: number;
  party_id: number | null;
  name: string;
  location: string | null;
  calendar_event_description_id: number;
  access: Access;
  announced: number;
  allows_comments: number;
  comment_container_id: number;
  start_at: number;
  end_at: number | null;
  time_zone_id: number;
  local_start_date: string;
  last_activity_at: number;
  club_name: string;
  club_subdomain: string;
  club_default_url: string | null;
  club_type_name: string;
  comment_count: number;
  yes_count: number;
  no_count: number;
  guest_count: number;
  series_id: number | null;
  occurrence_changed: number;
  cancelled_at: number | null;
}

/** What a page of events adds to each row: photos and the caller's RSVP. */
export interface CalendarEventExtras {
  photos: readonly PhotoRow[];
  attendee: OwnEventAttendee | null;
  /** The description as short text. */
  description: string;
  /** The times in the event's zone (common/event-time.ts eventLocalFields). */
  local: EventLocalFields;
  /** What the member may do with it (D58); left out, none until `withEventAbilities`. */
  abilities?: CalendarEventAbilities;
  /** The series' rule in the form's shape and in words (D80); null for a single event. */
  series: { recurrence: Recurrence | null; description: string | null } | null;
}

/**
 * The abilities of an event presented without them. The calendar's reads present their pages
 * without the viewer's standing; services/unguarded/event-abilities.ts `withEventAbilities` puts
 * the policies' answers in before any event is sent, so a missed place offers nothing rather
 * than too much.
 */
export const NO_EVENT_ABILITIES: CalendarEventAbilities = {
  edit: false,
  delete: false,
  announce: false,
  cancel: false,
};

/** The counts an event keeps (calendar_events.yes_count...): members going and not, guests. */
export function presentAttendanceCounts(row: {
  yes_count: number;
  no_count: number;
  guest_count: number;
}): EventAttendanceCounts {
  return { yes: row.yes_count, no: row.no_count, guests: row.guest_count };
}

export function presentCalendarEvent(
  row: CalendarEventRow,
  extras: CalendarEventExtras,
): CalendarEvent {
  return {
    id: row.id,
    name: row.name,
    club: {
      id: row.club_id,
      name: row.club_name,
      subdomain: row.club_subdomain,
      type_name: row.club_type_name,
      default_url: row.club_default_url,
    },
    clubId: row.club_id,
    calendar_id: row.club_id,
    start_time: row.start_at,
    end_time: row.end_at,
    local_start_date: extras.local.local_start_date,
    local_start_time: extras.local.local_start_time,
    local_start_date_time_with_duration: extras.local.local_start_date_time_with_duration,
    start_date_string: extras.local.start_date_string,
    start_time_string: extras.local.start_time_string,
    end_date_string: extras.local.end_date_string,
    end_time_string: extras.local.end_time_string,
    time_zone_id: row.time_zone_id,
    location: row.location,
    description: extras.description,
    // Events are lodge things: ALL_FOLLOWERS is a member post's access and never an event's.
    access: row.access === 'ALL_FOLLOWERS' ? 'MEMBER' : row.access,
    announced: row.announced === 1,
    allows_comments: row.allows_comments === 1,
    comment_container: { id: row.comment_container_id, comment_count: row.comment_count },
    last_activity_at: row.last_activity_at,
    photos: extras.photos.map(presentPhoto),
    calendar_event_description_id: row.calendar_event_description_id,
    event_attendee: extras.attendee,
    event_attendance_counts: presentAttendanceCounts(row),
    abilities: extras.abilities ?? NO_EVENT_ABILITIES,
    series_id: row.series_id,
    recurrence: extras.series?.recurrence ?? null,
    recurrence_description: extras.series?.description ?? null,
    occurrence_changed: row.occurrence_changed === 1,
    cancelled: row.cancelled_at !== null,
  };
}

export function presentCalendarEventDetail(
  event: CalendarEvent,
  description: { id: number; body: string },
): CalendarEventDetail {
  return { ...event, calendar_event_description: { id: description.id, body: description.body } };
}

export function presentOwnAttendee(row: {
  id: number;
  status: AttendeeStatus;
  guests: number;
}): OwnEventAttendee {
  return { id: row.id, status: row.status, guests: row.guests };
}

export function presentEventAttendee(
  row: { id: number; status: AttendeeStatus; guests: number },
  party: PartySummaryRow,
): EventAttendee {
  return { ...presentOwnAttendee(row), party: presentPartySummary(party) };
}
