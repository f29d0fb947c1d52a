/**
 * One calendar event as iCalendar without an actor (D83): the feed's and the download's own
 * conversion (services/calendar-feeds.ts uses `icsEventOf` too), for the file a reminder mail
 * carries. The mail's job asked already that its member is Going, so sees the event.
 */
import type { Kysely } from 'kysely';
import { icsEventById, type IcsEventRow } from '../../db/calendar/feeds.ts';
import type { Database } from '../../db/schema.ts';
import type { MailAttachment } from '../../mail/mailer.ts';
import { presentIcs, type IcsEvent } from '../../presenters/calendar-ics.ts';
import { plainText } from '../rich-text.ts';

/** A stored event as its VEVENT: `appUrl` is the origin with the app's base path. */
export function icsEventOf(row: IcsEventRow, appUrl: string): IcsEvent {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    description: plainText(row.body),
    start_at: row.start_at,
    end_at: row.end_at,
    time_zone_id: row.time_zone_id,
    club_name: row.club_name,
    updated_at: row.updated_at,
    url: `${appUrl}/calendar/${row.id}`,
    going: row.status === null ? null : row.status === 'YES',
  };
}

export const ICS_ATTACHMENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';

/**
 * The event as a mail's `.ics`: a meeting of a series as that meeting alone (its own time and
 * place, UID `calendar-event-{id}` as a single event's download has), not its whole series.
 * Undefined when the event is gone.
 */
export async function eventIcsAttachment(
  db: Kysely<Database>,
  eventId: number,
  partyId: number,
  appUrl: string,
): Promise<MailAttachment | undefined> {
  const row = await icsEventById(db, partyId, eventId);
  if (!row) return undefined;
  const event = icsEventOf(row, appUrl);
  return {
    filename: `event-${eventId}.ics`,
    contentType: ICS_ATTACHMENT_TYPE,
    content: presentIcs(event.name, [event], new URL(appUrl).hostname),
  };
}
