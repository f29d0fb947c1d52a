import { expect } from 'vitest';
import type {
  CalendarEventDetail,
  CalendarEventAnswer,
} from '../../common/schemas/calendar-event.ts';
import type { MemberClient } from './member-client.ts';

/*
 * A webmaster's event as the calendar tests write it, and a member's answer to it: the tests of
 * what a change tells those who answered (notices, their mail, reminders) share them.
 */

/** Wire date and time strings, as the event form sends them. */
export interface WireWhen {
  date: string;
  time: string;
}

export interface EventFields {
  name: string;
  access?: 'PUBLIC' | 'MEMBER' | 'CLUB';
  start?: WireWhen;
  end?: WireWhen;
}

/** Creates a public, comment-less event of the club at Olentangy Temple, 12/08/2027 7-9pm Eastern. */
export async function createClubEvent(
  webmaster: MemberClient,
  clubId: number,
  fields: EventFields,
): Promise<CalendarEventDetail> {
  const start = fields.start ?? { date: '12/08/2027', time: '7:00pm' };
  const end = fields.end ?? { date: start.date, time: '9:00pm' };
  const response = await webmaster.request<CalendarEventAnswer>('POST', '/calendar_events', {
    body: {
      calendar_event: {
        club_id: clubId,
        name: fields.name,
        location: 'Olentangy Temple',
        new_description: '<p>All welcome.</p>',
        access: fields.access ?? 'PUBLIC',
        start_date_string: start.date,
        start_time_string: start.time,
        end_date_string: end.date,
        end_time_string: end.time,
        time_zone_id: 1,
        allows_comments: false,
        photos_attributes: [],
      },
    },
  });
  expect(response.status, response.text).toBe(200);
  return response.body.data.calendar_event;
}

/** The member answers the event: Going (`YES`) or not, with no guests. */
export async function answerEvent(
  member: MemberClient,
  eventId: number,
  status: 'YES' | 'NO',
): Promise<void> {
  const response = await member.request('POST', '/event_attendees.json', {
    body: { calendar_event_id: eventId, status, guests: 0 },
  });
  expect(response.status, response.text).toBe(200);
}

/** The webmaster changes these fields of the event. */
export async function editEvent(
  webmaster: MemberClient,
  eventId: number,
  fields: Record<string, unknown>,
): Promise<CalendarEventDetail> {
  const response = await webmaster.request<CalendarEventAnswer>(
    'PUT',
    `/calendar_events/${eventId}.json`,
    { body: { calendar_event: fields } },
  );
  expect(response.status, response.text).toBe(200);
  return response.body.data.calendar_event;
}
