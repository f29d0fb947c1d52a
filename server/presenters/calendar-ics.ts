/**
 * Calendar events as iCalendar (RFC 5545) for other calendar programs: a member's feed and one
 * event's download (decision D30). ical-generator writes the text; @touch4it/ical-timezones
 * writes each zone's VTIMEZONE, so a program shows an event at its lodge's local time across
 * daylight-saving changes. Times are handed over as dayjs values in the event's zone: given a
 * native Date, the library would read the server process's own zone.
 */
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { ICalCalendar, escape } from 'ical-generator';
import { TIME_ZONES, isTimeZoneId, localDateTimeOf } from '../../common/event-time.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface IcsEvent {
  id: number;
  name: string;
  location: string | null;
  /** Plain text. */
  description: string;
  start_at: number;
  end_at: number | null;
  time_zone_id: number;
  club_name: string;
  updated_at: number;
  /** The event's screen in the app. */
  url: string;
  /** The member's answer, when they gave one. */
  going: boolean | null;
  /**
   * A series (D80): its one VEVENT's UID, shared with the VEVENTs of its changed meetings; left
   * out for a single event (`calendar-event-{id}`).
   */
  uid?: string;
  /** The series' VEVENT: its RRULE text, and the rule's instants of its cancelled meetings. */
  repeating?: { rrule: string; exdates: readonly number[] };
  /** A changed meeting's VEVENT: the rule's own instant of it (RECURRENCE-ID). */
  recurrenceId?: number;
}

/** `20300212T193000`: an instant as the wall clock of a zone, for EXDATE;TZID. */
function localStamp(instant: number, zone: string): string {
  return dayjs.utc(instant).tz(zone).format('YYYYMMDD[T]HHmmss');
}

/** RRULE and EXDATE lines as ical-generator writes a string it is given (one per line). */
function repeatingLines(repeating: NonNullable<IcsEvent['repeating']>, zone: string): string {
  const lines = [`RRULE:${repeating.rrule}`];
  if (repeating.exdates.length > 0) {
    lines.push(
      `EXDATE;TZID=${zone}:${repeating.exdates.map((at) => localStamp(at, zone)).join(',')}`,
    );
  }
  return lines.join('\n');
}

const HOUR_MS = 3_600_000;

/**
 * Whether the local time names only this instant. When clocks fall back an hour repeats:
 * RFC 5545 reads such a time as its first pass, some readers (ical.js) as its second, so an
 * event in that hour is written in UTC, which every reader reads alike.
 */
function localTimeIsUnambiguous(instant: number, timeZoneId: number): boolean {
  const wall = (at: number) => {
    const { date, minutes } = localDateTimeOf(at, timeZoneId);
    return `${date.year}-${date.month}-${date.day} ${minutes}`;
  };
  const here = wall(instant);
  return wall(instant - HOUR_MS) !== here && wall(instant + HOUR_MS) !== here;
}

/*
 * Text into the file (docs/decisions.md D54). Its lines are the file's structure, so no text may
 * break one: ical-generator escapes CR, LF and CRLF (as `\n`), `\`, `;` and `,` in the
 * properties it writes as text (SUMMARY, LOCATION, DESCRIPTION, URL), but writes the calendar's
 * name (NAME, X-WR-CALNAME) and the UID as given, so those are escaped here with its own
 * `escape`. Rows older than the one-line rule (common/one-line-text.ts) may hold any character:
 * the other line breaks some readers split on (VT, FF, the file, group and record separators,
 * NEL, U+2028, U+2029) become a line break inside the value, and the control characters
 * RFC 5545 leaves out of text (§3.3.11: every C0 but tab, DEL, and here C1 too) are dropped.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const OTHER_LINE_BREAKS = /[\u000b\u000c\u001c-\u001e\u0085\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NOT_IN_TEXT = /[\u0000-\u0008\u000e-\u001b\u001f\u007f-\u009f]/g;

/** A text ical-generator escapes: line breaks it knows, no control character it would pass. */
function icsText(text: string): string {
  return text.replace(OTHER_LINE_BREAKS, '\n').replace(NOT_IN_TEXT, '');
}

/** A text ical-generator writes as given: cleaned, then escaped as RFC 5545 §3.3.11 asks. */
function icsEscapedText(text: string): string {
  return escape(icsText(text), false);
}

/** Events without an end last an hour in other programs (they show nothing otherwise). */
const DEFAULT_LENGTH_MS = 60 * 60_000;

export function presentIcs(
  calendarName: string,
  events: readonly IcsEvent[],
  host: string,
): string {
  const calendar = new ICalCalendar({
    name: icsEscapedText(calendarName),
    prodId: { company: 'Lodgehall', product: 'calendar', language: 'EN' },
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  for (const event of events) {
    const end = event.end_at ?? event.start_at + DEFAULT_LENGTH_MS;
    // In its lodge's zone where local times say it exactly; otherwise in UTC, which always can.
    // A series always in its zone: its rule repeats the wall time there (RFC 5545 §3.3.10).
    const zone =
      isTimeZoneId(event.time_zone_id) &&
      (event.repeating !== undefined ||
        (localTimeIsUnambiguous(event.start_at, event.time_zone_id) &&
          localTimeIsUnambiguous(end, event.time_zone_id)))
        ? TIME_ZONES[event.time_zone_id]
        : null;
    const at = (instant: number) => (zone ? dayjs.utc(instant).tz(zone) : dayjs.utc(instant));
    calendar.createEvent({
      // Stable across downloads and feeds, so a program updates the event instead of adding one.
      id: icsEscapedText(`${event.uid ?? `calendar-event-${event.id}`}@${host}`),
      summary: icsText(event.going === false ? `${event.name} (not going)` : event.name),
      start: at(event.start_at),
      end: at(end),
      timezone: zone,
      stamp: dayjs.utc(event.updated_at),
      lastModified: dayjs.utc(event.updated_at),
      location: event.location === null ? null : icsText(event.location),
      description: icsText(
        [event.club_name, event.description].filter((part) => part !== '').join('\n\n'),
      ),
      url: icsText(event.url),
      ...(event.repeating && zone ? { repeating: repeatingLines(event.repeating, zone) } : {}),
      ...(event.recurrenceId === undefined ? {} : { recurrenceId: at(event.recurrenceId) }),
    });
  }
  return calendar.toString();
}
