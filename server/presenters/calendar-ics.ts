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
import { ICalCalendar } from 'ical-generator';
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

/** Events without an end last an hour in other programs (they show nothing otherwise). */
const DEFAULT_LENGTH_MS = 60 * 60_000;

export function presentIcs(
  calendarName: string,
  events: readonly IcsEvent[],
  host: string,
): string {
  const calendar = new ICalCalendar({
    name: calendarName,
    prodId: { company: 'Lodgehall', product: 'calendar', language: 'EN' },
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  for (const event of events) {
    const end = event.end_at ?? event.start_at + DEFAULT_LENGTH_MS;
    // In its lodge's zone where local times say it exactly; otherwise in UTC, which always can.
    const zone =
      isTimeZoneId(event.time_zone_id) &&
      localTimeIsUnambiguous(event.start_at, event.time_zone_id) &&
      localTimeIsUnambiguous(end, event.time_zone_id)
        ? TIME_ZONES[event.time_zone_id]
        : null;
    const at = (instant: number) => (zone ? dayjs.utc(instant).tz(zone) : dayjs.utc(instant));
    calendar.createEvent({
      // Stable across downloads and feeds, so a program updates the event instead of adding one.
      id: `calendar-event-${event.id}@${host}`,
      summary: event.going === false ? `${event.name} (not going)` : event.name,
      start: at(event.start_at),
      end: at(end),
      timezone: zone,
      stamp: dayjs.utc(event.updated_at),
      lastModified: dayjs.utc(event.updated_at),
      location: event.location,
      description: [event.club_name, event.description].filter((part) => part !== '').join('\n\n'),
      url: event.url,
    });
  }
  return calendar.toString();
}
