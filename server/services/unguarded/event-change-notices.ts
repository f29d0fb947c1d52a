/**
 * Changes reach those who answered (issue 25, D81): when an event's date, time or place
 * changes, or it is cancelled, everyone who answered it (Going or not) gets a notice saying
 * what changed, and a deleted event leaves a tombstone its old links find. No actor: the
 * writes that call these (services/calendar-event-writes.ts, and a series' occurrences) have
 * asked their policies already; each runs inside the write's transaction and answers the bus
 * event to publish after the commit (D43). The member who made the change is not told.
 */
import type { Kysely } from 'kysely';
import { escapeHtml } from '../../../common/escape-html.ts';
import { eventLocalFields } from '../../../common/event-time.ts';
import {
  eventCancelledNotice,
  eventMovedAndPlaceNotice,
  eventMovedNotice,
  eventPlaceChangedNotice,
} from '../../../common/messages.ts';
import { answeringPartyIds, insertTombstone } from '../../db/event-changes.ts';
import type { Access, Database } from '../../db/schema.ts';
import type { BusEvent } from '../../realtime/bus.ts';
import { addOwnerNotices } from './notices.ts';

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

function whenOf(event: EventSnapshot): string {
  return eventLocalFields(event.start_at, event.end_at, event.time_zone_id)
    .local_start_date_time_with_duration;
}

function placeOf(event: EventSnapshot): string | null {
  const place = event.location?.trim() ?? '';
  return place === '' ? null : place;
}

/** The notice's text for this change, or null when neither its time nor its place changed. */
export function eventChangeMessage(before: EventSnapshot, after: EventSnapshot): string | null {
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
  if (!moved) return eventPlaceChangedNotice(lodge, name, placeHtml);
  const when = escapeHtml(whenOf(after));
  return placeChanged
    ? eventMovedAndPlaceNotice(lodge, name, when, placeHtml)
    : eventMovedNotice(lodge, name, when);
}

async function noticeAnswerers(
  db: Kysely<Database>,
  eventId: number,
  partyIds: readonly number[],
  message: string,
  actorPartyId: number,
  now: number,
): Promise<BusEvent | null> {
  const recipients = partyIds.filter((partyId) => partyId !== actorPartyId);
  if (recipients.length === 0) return null;
  return addOwnerNotices(db, { type: 'CalendarEvent', id: eventId, message }, recipients, now);
}

/**
 * After an event's date, time or place changed: a notice to each who answered it. Nothing when
 * only its name, description or other fields changed.
 */
export async function noticeEventChange(
  db: Kysely<Database>,
  before: EventSnapshot,
  after: EventSnapshot,
  actorPartyId: number,
  now: number,
): Promise<BusEvent | null> {
  const message = eventChangeMessage(before, after);
  if (message === null) return null;
  const partyIds = await answeringPartyIds(db, after.id);
  return noticeAnswerers(db, after.id, partyIds, message, actorPartyId, now);
}

/**
 * An event that will not take place: a notice to each who answered it (`answerers`, read while
 * the answers were still there: `db/event-changes.ts` `answeringPartyIds`). Its link opens the cancelled event's page.
 */
export async function noticeEventCancelled(
  db: Kysely<Database>,
  event: EventSnapshot,
  answerers: readonly number[],
  actorPartyId: number,
  now: number,
): Promise<BusEvent | null> {
  const message = eventCancelledNotice(
    escapeHtml(event.club_name),
    escapeHtml(event.name),
    escapeHtml(whenOf(event)),
  );
  return noticeAnswerers(db, event.id, answerers, message, actorPartyId, now);
}

/** Keeps what the page of a deleted event's old links shows (migration 0021). */
export async function keepTombstone(
  db: Kysely<Database>,
  event: EventSnapshot,
  now: number,
): Promise<void> {
  await insertTombstone(db, {
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
  });
}
