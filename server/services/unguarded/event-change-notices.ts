/**
 * Changes reach those who answered (issue 25, D81): when an event's date, time or place
 * changes, or it is cancelled, everyone who answered it (Going or not) gets a notice saying
 * what changed, and those who take their notices at once an e-mail as well (with the
 * unsubscribe link, through the mail queue, D79); a deleted event leaves a tombstone its old
 * links find. No actor: the writes that call these (services/calendar-event-writes.ts, and a
 * series' occurrences) have asked their policies already; each runs inside the write's
 * transaction and answers the bus event to publish after the commit (D43). The member who made
 * the change is not told.
 */
import type { Kysely } from 'kysely';
import { BASE_PATH } from '../../../common/constants.ts';
import { escapeHtml } from '../../../common/escape-html.ts';
import { eventLocalFields } from '../../../common/event-time.ts';
import {
  eventCancelledMailLine,
  eventCancelledMailSubject,
  eventCancelledNotice,
  eventChangedMailSubject,
  eventMovedAndPlaceNotice,
  eventMovedMailLine,
  eventMovedNotice,
  eventPlaceChangedNotice,
  eventPlaceMailLine,
  noticeMailText,
} from '../../../common/messages.ts';
import { firstEmailAddresses } from '../../db/content-events.ts';
import {
  answeredMeetingsOfSeries,
  answeringPartyIds,
  insertTombstones,
  noticedEventsById,
} from '../../db/event-changes.ts';
import type { Access, Database } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { enqueueMail } from '../../mail/mail-jobs.ts';
import type { BusEvent } from '../../realtime/bus.ts';
import { cancelEventReminders, rescheduleEventReminders } from './event-reminders.ts';
import { noticeMailAtOnceRecipients } from './mail-settings.ts';
import { addOwnerNotices } from './notices.ts';
import { unsubscribeLinks } from './unsubscribe-links.ts';

/** An event as these notices need it, before or after a change. */
export interface EventSnapshot {
  id: number;
  club_id: number;
  club_name: string;
  party_id: number | null;
  name: string;
  location: string | null;
  access: Access;
  start_at: number;
  end_at: number | null;
  time_zone_id: number;
}

/** How the notices' e-mail goes: the queue, and where its links point (null: no links). */
export interface NoticeMail {
  jobs: JobQueue;
  /** http/origin.ts mailLinkOriginOf: null leaves the event's and the unsubscribe link out. */
  origin: string | null;
}

/** What the members are told: the notice (HTML) and the e-mail's subject and lines. */
interface Telling {
  html: string;
  subject: string;
  lines: string[];
  /** The mail's key, per recipient after a colon: one logical mail each (D79). */
  key: string;
}

function whenOf(event: EventSnapshot): string {
  return eventLocalFields(event.start_at, event.end_at, event.time_zone_id)
    .local_start_date_time_with_duration;
}

function placeOf(event: EventSnapshot): string | null {
  const place = event.location?.trim() ?? '';
  return place === '' ? null : place;
}

/** What to tell of this change, or null when neither its time nor its place changed. */
function changeTelling(before: EventSnapshot, after: EventSnapshot, now: number): Telling | null {
  const moved =
    before.start_at !== after.start_at ||
    before.end_at !== after.end_at ||
    before.time_zone_id !== after.time_zone_id;
  const place = placeOf(after);
  const placeChanged = placeOf(before) !== place;
  if (!moved && !placeChanged) return null;
  const lodge = escapeHtml(after.club_name);
  const name = escapeHtml(after.name);
  const placeHtml = place === null ? null : escapeHtml(place);
  const when = whenOf(after);
  let html: string;
  if (!moved) html = eventPlaceChangedNotice(lodge, name, placeHtml);
  else if (placeChanged) html = eventMovedAndPlaceNotice(lodge, name, escapeHtml(when), placeHtml);
  else html = eventMovedNotice(lodge, name, escapeHtml(when));
  return {
    html,
    subject: eventChangedMailSubject(after.club_name, after.name),
    lines: [
      ...(moved ? [eventMovedMailLine(after.name, when)] : []),
      ...(placeChanged ? [eventPlaceMailLine(after.name, place)] : []),
    ],
    key: `event-changed:${after.id}:${now}`,
  };
}

/** An e-mail to each recipient who takes notices at once and has an address. */
async function mailAtOnce(
  db: Kysely<Database>,
  mail: NoticeMail,
  event: EventSnapshot,
  recipients: readonly number[],
  telling: Telling,
): Promise<void> {
  const atOnce = await noticeMailAtOnceRecipients(db, recipients);
  if (atOnce.length === 0) return;
  const addresses = await firstEmailAddresses(db, atOnce);
  const links = mail.origin === null ? null : await unsubscribeLinks(db, mail.origin);
  const eventLink = mail.origin === null ? null : `${mail.origin}${BASE_PATH}/calendar/${event.id}`;
  for (const [partyId, to] of addresses) {
    const unsubscribe = links?.url(partyId, 'notice_mail') ?? null;
    await enqueueMail(mail.jobs, db, `${telling.key}:${partyId}`, {
      to,
      subject: telling.subject,
      text: noticeMailText(event.club_name, telling.lines, eventLink, unsubscribe),
      ...(links ? { headers: links.headers(partyId, 'notice_mail') } : {}),
    });
  }
}

async function tellAnswerers(
  db: Kysely<Database>,
  event: EventSnapshot,
  partyIds: readonly number[],
  telling: Telling,
  actorPartyId: number,
  now: number,
  mail: NoticeMail | undefined,
): Promise<BusEvent | null> {
  const recipients = partyIds.filter((partyId) => partyId !== actorPartyId);
  if (recipients.length === 0) return null;
  const busEvent = await addOwnerNotices(
    db,
    { type: 'CalendarEvent', id: event.id, message: telling.html },
    recipients,
    now,
  );
  if (mail) await mailAtOnce(db, mail, event, recipients, telling);
  return busEvent;
}

/**
 * After an event's date, time or place changed: a notice to each who answered it, and the
 * e-mail to those who take notices at once when `mail` is given. Nothing when only its name,
 * description or other fields changed.
 */
export async function noticeEventChange(
  db: Kysely<Database>,
  before: EventSnapshot,
  after: EventSnapshot,
  actorPartyId: number,
  now: number,
  mail?: NoticeMail,
): Promise<BusEvent | null> {
  const telling = changeTelling(before, after, now);
  if (telling === null) return null;
  const partyIds = await answeringPartyIds(db, after.id);
  return tellAnswerers(db, after, partyIds, telling, actorPartyId, now, mail);
}

/**
 * An event that will not take place: a notice to each who answered it (`answerers`, read while
 * the answers were still there: `db/event-changes.ts` `answeringPartyIds`), and the e-mail as
 * above. Its link opens the cancelled event's page.
 */
export async function noticeEventCancelled(
  db: Kysely<Database>,
  event: EventSnapshot,
  answerers: readonly number[],
  actorPartyId: number,
  now: number,
  mail?: NoticeMail,
): Promise<BusEvent | null> {
  const when = whenOf(event);
  const telling: Telling = {
    html: eventCancelledNotice(
      escapeHtml(event.club_name),
      escapeHtml(event.name),
      escapeHtml(when),
    ),
    subject: eventCancelledMailSubject(event.club_name, event.name),
    lines: [eventCancelledMailLine(event.name, when)],
    key: `event-cancelled:${event.id}`,
  };
  return tellAnswerers(db, event, answerers, telling, actorPartyId, now, mail);
}

/** Keeps what the page of a deleted event's old links shows (migration 0021). */
export async function keepTombstone(
  db: Kysely<Database>,
  event: EventSnapshot,
  now: number,
): Promise<void> {
  await keepTombstones(db, [event], now);
}

/** keepTombstone for many events at once: the meetings a series' edit or deletion removes. */
export async function keepTombstones(
  db: Kysely<Database>,
  events: readonly Omit<EventSnapshot, 'club_name'>[],
  now: number,
): Promise<void> {
  await insertTombstones(
    db,
    events.map((event) => ({
      event_id: event.id,
      club_id: event.club_id,
      party_id: event.party_id,
      name: event.name,
      location: event.location,
      access: event.access,
      start_at: event.start_at,
      end_at: event.end_at,
      time_zone_id: event.time_zone_id,
      deleted_at: now,
    })),
  );
}

/** The answered meetings of a series before a change, with who answered each (read while they can be). */
export interface AnsweredMeetings {
  readonly meetings: readonly { event: EventSnapshot; answerers: readonly number[] }[];
}

/**
 * Before an edit, cancel or deletion of a series' meetings: those from `now` on that someone
 * answered, so that `tellMeetingChanges` can tell them what became of each, whichever of the
 * series' paths (one meeting, this and following, all, a new rule) changed it.
 */
export async function answeredMeetings(
  db: Kysely<Database>,
  seriesId: number,
  now: number,
): Promise<AnsweredMeetings> {
  const rows = await answeredMeetingsOfSeries(db, seriesId, now);
  const meetings = [];
  for (const event of rows)
    meetings.push({ event, answerers: await answeringPartyIds(db, event.id) });
  return { meetings };
}

/**
 * After the change: a meeting gone or cancelled tells those who answered it that it is
 * cancelled and drops their reminders; one moved or with another place tells them so and its
 * reminders follow (D81). The gone meetings' tombstones are the deletion's (`keepTombstones`).
 */
export async function tellMeetingChanges(
  db: Kysely<Database>,
  before: AnsweredMeetings,
  actorPartyId: number,
  now: number,
  mail: NoticeMail,
): Promise<(BusEvent | null)[]> {
  const current = await noticedEventsById(
    db,
    before.meetings.map(({ event }) => event.id),
  );
  const events: (BusEvent | null)[] = [];
  for (const { event, answerers } of before.meetings) {
    const after = current.get(event.id);
    if (after === undefined || after.cancelled_at !== null) {
      await cancelEventReminders(db, mail.jobs, event.id, answerers);
      events.push(await noticeEventCancelled(db, event, answerers, actorPartyId, now, mail));
      continue;
    }
    if (after.start_at !== event.start_at) {
      await rescheduleEventReminders(db, mail.jobs, event.id, after.start_at, now);
    }
    events.push(await noticeEventChange(db, event, after, actorPartyId, now, mail));
  }
  return events;
}
