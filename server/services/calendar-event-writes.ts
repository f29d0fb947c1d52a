/**
 * Writing calendar events (§7 Calendar, §6 webmaster and event edit and delete; API-CAL-03..06,
 * AMB-06, AMB-40): the edit load, create, update, delete and Announce. The reads and RSVPs are
 * in services/calendar-events.ts; every write answers with the event as that module reads it.
 *
 * The form's dates and times are wall-clock strings in the event's zone (EVF-19); they become
 * UTC instants here (common/event-time.ts eventInstants, decision D29), and each problem comes
 * back as a 422 under its own field.
 */
import type { Kysely, Transaction, Updateable } from 'kysely';
import { BASE_PATH } from '../../common/constants.ts';
import { escapeHtml } from '../../common/escape-html.ts';
import {
  DEFAULT_TIME_ZONE_ID,
  eventInstants,
  eventLocalFields,
  isTimeZoneId,
  localDateOf,
  type EventTimeProblem,
  type EventTimeStrings,
} from '../../common/event-time.ts';
import {
  END_BEFORE_START,
  EVENT_WITH_COMMENTS_NOT_DELETABLE,
  eventAnnouncedMailSubject,
  eventAnnouncedMailText,
  eventAnnouncedNotice,
  FIELD_BLANK,
  INVALID_CHOICE,
  NO_SUCH_EVENT,
  NO_SUCH_LODGE,
  NOT_A_TIME_LABEL,
  NOT_A_WIRE_DATE,
  notAPhotoOfThisEvent,
  ONLY_WEBMASTERS_ADD_EVENTS,
  ONLY_WEBMASTERS_CHANGE_EVENTS,
} from '../../common/messages.ts';
import type {
  CalendarEventDetail,
  CreateCalendarEventRequest,
  UpdateCalendarEventRequest,
} from '../../common/schemas/calendar-event.ts';
import { requireMember, type Actor, type Member } from '../auth/actor.ts';
import { membersOfClubs, standingOf, type Standing } from '../db/memberships.ts';
import type { Access, Database } from '../db/schema.ts';
import { NotFoundError, ValidationError, type FieldErrors } from '../errors.ts';
import { assertAllowed } from '../policies/assert.ts';
import {
  mayAnnounceCalendarEvent,
  mayCreateCalendarEvent,
  mayDeleteCalendarEvent,
  mayEditCalendarEvent,
  mayViewCalendarEvent,
  type CalendarEventFacts,
} from '../policies/calendar-events.ts';
import { getCalendarEvent, selectEvents } from './calendar-events.ts';
import type { ServiceContext } from './context.ts';
import { publishAll } from '../realtime/bus.ts';
import { recordNoticeEvent, removeOwnerNotices } from './notices.ts';
import {
  deleteStoredFiles,
  deleteUnlinkedPhotos,
  insertPhotoRows,
  keptPhotoIds,
  newUploads,
  savePhotoForm,
  storeUploads,
  withStoredUploads,
  type PhotoLinks,
} from './photos.ts';
import { cleanRichText, shortBody } from './rich-text.ts';

/** An event's photos in the order its mosaic shows them. */
const EVENT_PHOTOS: PhotoLinks = {
  async linked(db, eventId) {
    const rows = await db
      .selectFrom('calendar_event_photos')
      .select('photo_id')
      .where('calendar_event_id', '=', eventId)
      .orderBy('sort_order')
      .execute();
    return rows.map((row) => row.photo_id);
  },
  async replace(trx, eventId, photoIds) {
    await trx
      .deleteFrom('calendar_event_photos')
      .where('calendar_event_id', '=', eventId)
      .execute();
    for (const [index, photoId] of photoIds.entries()) {
      await trx
        .insertInto('calendar_event_photos')
        .values({ calendar_event_id: eventId, photo_id: photoId, sort_order: index })
        .execute();
    }
  },
  notOwnPhoto: notAPhotoOfThisEvent,
};

// ---- The event as a write needs it ------------------------------------------------------

interface StoredEventRow {
  id: number;
  club_id: number;
  party_id: number | null;
  name: string;
  location: string | null;
  access: Access;
  announced: number;
  allows_comments: number;
  comment_container_id: number;
  comment_count: number;
  calendar_event_description_id: number;
  start_at: number;
  end_at: number | null;
  time_zone_id: number;
  club_name: string;
}

interface StoredEvent {
  facts: CalendarEventFacts;
  row: StoredEventRow;
  standing: Standing;
}

/** The event's row as the writes need it (the calendar's own select), or undefined. */
async function readEvent(db: Kysely<Database>, id: number): Promise<StoredEventRow | undefined> {
  const found = await selectEvents(db).where('e.id', '=', id).executeTakeFirst();
  return found
    ? {
        ...found,
        comment_count: Number(found.comment_count),
        start_at: Number(found.start_at),
        end_at: found.end_at === null ? null : Number(found.end_at),
      }
    : undefined;
}

/** The event and the member's standing; a 404 when the member may not see it. */
async function loadEvent(ctx: ServiceContext, member: Member, id: number): Promise<StoredEvent> {
  const [row, standing] = await Promise.all([
    readEvent(ctx.db, id),
    standingOf(ctx.db, member.partyId),
  ]);
  if (!row) throw new NotFoundError(NO_SUCH_EVENT);
  const facts = { clubId: row.club_id, partyId: row.party_id, access: row.access };
  if (!mayViewCalendarEvent(member, facts, standing.memberClubIds)) {
    throw new NotFoundError(NO_SUCH_EVENT);
  }
  return { facts, row, standing };
}

/**
 * Inside a write's transaction: takes the event's row lock (a no-op update; on SQLite the
 * transaction already holds the database) and reads it again, so what the write keeps or
 * checks is what is stored now, not what was read before images were processed. A 404 when
 * the event was deleted meanwhile.
 */
async function lockEvent(trx: Transaction<Database>, id: number): Promise<StoredEventRow> {
  const locked = await trx
    .updateTable('calendar_events')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .executeTakeFirst();
  const row = Number(locked.numUpdatedRows) === 0 ? undefined : await readEvent(trx, id);
  if (!row) throw new NotFoundError(NO_SUCH_EVENT);
  return row;
}

/** GET /calendar_events/{id}/edit.json (API-CAL-03, EVF-20): the event, for those who may edit. */
export async function getCalendarEventForEdit(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
): Promise<CalendarEventDetail> {
  const member = requireMember(actor);
  const { facts, standing } = await loadEvent(ctx, member, id);
  assertAllowed(
    mayEditCalendarEvent(member, facts, standing.webmasterClubIds),
    ONLY_WEBMASTERS_CHANGE_EVENTS,
  );
  return getCalendarEvent(ctx, member, id);
}

// ---- The form's fields ------------------------------------------------------------------

function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

const TIME_PROBLEMS: Record<'date' | 'time', Record<EventTimeProblem, string>> = {
  date: { blank: FIELD_BLANK, invalid: NOT_A_WIRE_DATE, before_start: END_BEFORE_START },
  time: { blank: FIELD_BLANK, invalid: NOT_A_TIME_LABEL, before_start: END_BEFORE_START },
};

/** The start and end instants, or field errors for each string that is wrong (VAL-27, AMB-40). */
function instantsOf(
  strings: EventTimeStrings,
  timeZoneId: number,
  errors: FieldErrors,
): { startAt: number; endAt: number | null } | undefined {
  const result = eventInstants(strings, timeZoneId);
  if (result.ok) return { startAt: result.startAt, endAt: result.endAt };
  for (const [field, problem] of Object.entries(result.errors)) {
    const kind = field.includes('_date_') ? 'date' : 'time';
    addError(errors, field, TIME_PROBLEMS[kind][problem]);
  }
  return undefined;
}

function requiredName(name: string, errors: FieldErrors): string {
  const trimmed = name.trim();
  if (trimmed === '') addError(errors, 'name', FIELD_BLANK);
  return trimmed;
}

/** The description cleaned like a post's body; one with no text left is blank (VAL-27). */
function cleanDescription(html: string, errors: FieldErrors): string {
  const body = cleanRichText(html);
  if (shortBody(body) === '') addError(errors, 'new_description', FIELD_BLANK);
  return body;
}

function timeZoneOf(id: number, errors: FieldErrors): number {
  if (!isTimeZoneId(id)) addError(errors, 'time_zone_id', INVALID_CHOICE);
  return id;
}

/**
 * The zone the strings are read in: an unknown one (already a field error) is replaced by zone
 * 1, so the dates and times are still checked and every problem comes back at once.
 */
function readableZone(id: number): number {
  return isTimeZoneId(id) ? id : DEFAULT_TIME_ZONE_ID;
}

function optionalLocation(location: string | null | undefined): string | null {
  const trimmed = location?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

// ---- Create, update, delete ---------------------------------------------------------------

/** POST /calendar_events (EVF-21, API-CAL-04): a new event of a lodge the member is webmaster of. */
export async function createCalendarEvent(
  ctx: ServiceContext,
  actor: Actor,
  input: CreateCalendarEventRequest['calendar_event'],
): Promise<CalendarEventDetail> {
  const member = requireMember(actor);
  const [standing, club] = await Promise.all([
    standingOf(ctx.db, member.partyId),
    ctx.db.selectFrom('clubs').select('id').where('id', '=', input.club_id).executeTakeFirst(),
  ]);
  if (!club) throw new ValidationError({ club_id: [NO_SUCH_LODGE] });
  assertAllowed(
    mayCreateCalendarEvent(member, club.id, standing.webmasterClubIds),
    ONLY_WEBMASTERS_ADD_EVENTS,
  );
  const errors: FieldErrors = {};
  const name = requiredName(input.name, errors);
  const description = cleanDescription(input.new_description, errors);
  const timeZoneId = timeZoneOf(input.time_zone_id, errors);
  const instants = instantsOf(input, readableZone(timeZoneId), errors);
  keptPhotoIds(input.photos_attributes, new Set(), EVENT_PHOTOS, errors);
  throwIfAny(errors);
  if (!instants) throw new ValidationError(errors);
  // Images are the slow part: only a form that is otherwise right gets them processed.
  const uploads = await storeUploads(ctx, newUploads(input.photos_attributes));

  const now = Date.now();
  const id = await withStoredUploads(ctx, uploads, () =>
    ctx.db.transaction().execute(async (trx) => {
      const stored = await trx
        .insertInto('calendar_event_descriptions')
        .values({ body: description })
        .returning('id')
        .executeTakeFirstOrThrow();
      const container = await trx
        .insertInto('comment_containers')
        .values({ comment_count: 0, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const event = await trx
        .insertInto('calendar_events')
        .values({
          club_id: club.id,
          party_id: member.partyId,
          name,
          location: optionalLocation(input.location),
          calendar_event_description_id: stored.id,
          access: input.access,
          announced: 0,
          announced_at: null,
          allows_comments: input.allows_comments ? 1 : 0,
          comment_container_id: container.id,
          start_at: instants.startAt,
          end_at: instants.endAt,
          time_zone_id: timeZoneId,
          local_start_date: localDateOf(instants.startAt, timeZoneId),
          created_at: now,
          updated_at: now,
          last_activity_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const photoIds = await insertPhotoRows(trx, uploads, member.partyId, now);
      await EVENT_PHOTOS.replace(trx, event.id, photoIds);
      return event.id;
    }),
  );
  return getCalendarEvent(ctx, member, id);
}

/**
 * The time strings an update is checked with: the ones sent, and for those left out the
 * stored ones as the event's own zone shows them, so changing only the zone keeps the wall
 * time and changing only the start date keeps the start time. The end is one thing: when
 * either end field is sent, both come from the request (one left out is empty), so
 * `{"end_time_string": null}` removes the end rather than leaving an end date behind.
 */
function mergedTimes(
  stored: StoredEventRow,
  input: UpdateCalendarEventRequest['calendar_event'],
): EventTimeStrings {
  const current = eventLocalFields(stored.start_at, stored.end_at, stored.time_zone_id);
  const endSent = input.end_date_string !== undefined || input.end_time_string !== undefined;
  return {
    start_date_string: input.start_date_string ?? current.start_date_string,
    start_time_string: input.start_time_string ?? current.start_time_string,
    end_date_string: endSent ? (input.end_date_string ?? null) : current.end_date_string,
    end_time_string: endSent ? (input.end_time_string ?? null) : current.end_time_string,
  };
}

/** Whether the request changes when the event is: any time field or the zone. */
function changesTimes(input: UpdateCalendarEventRequest['calendar_event']): boolean {
  return (
    input.start_date_string !== undefined ||
    input.start_time_string !== undefined ||
    input.end_date_string !== undefined ||
    input.end_time_string !== undefined ||
    input.time_zone_id !== undefined
  );
}

/**
 * The new start, end and zone against the stored event, or field errors. An unknown zone is
 * refused before any time is read in it.
 */
function newTimes(
  stored: StoredEventRow,
  input: UpdateCalendarEventRequest['calendar_event'],
  errors: FieldErrors,
): { startAt: number; endAt: number | null; timeZoneId: number } | undefined {
  const timeZoneId =
    input.time_zone_id === undefined ? stored.time_zone_id : timeZoneOf(input.time_zone_id, errors);
  const instants = instantsOf(mergedTimes(stored, input), readableZone(timeZoneId), errors);
  return instants && isTimeZoneId(timeZoneId) ? { ...instants, timeZoneId } : undefined;
}

/**
 * PUT /calendar_events/{id}.json (EVF-22, API-CAL-05): its lodge never changes, and only the
 * fields sent are written, so two edits at once each keep what the other changed.
 */
export async function updateCalendarEvent(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  input: UpdateCalendarEventRequest['calendar_event'],
): Promise<CalendarEventDetail> {
  const member = requireMember(actor);
  const { row, facts, standing } = await loadEvent(ctx, member, id);
  assertAllowed(
    mayEditCalendarEvent(member, facts, standing.webmasterClubIds),
    ONLY_WEBMASTERS_CHANGE_EVENTS,
  );
  const errors: FieldErrors = {};
  const name = input.name === undefined ? undefined : requiredName(input.name, errors);
  const description =
    input.new_description === undefined
      ? undefined
      : cleanDescription(input.new_description, errors);
  if (changesTimes(input)) newTimes(row, input, errors);
  const photoForm = input.photos_attributes;
  if (photoForm !== undefined) {
    keptPhotoIds(photoForm, new Set(await EVENT_PHOTOS.linked(ctx.db, id)), EVENT_PHOTOS, errors);
  }
  throwIfAny(errors);
  const uploads = photoForm === undefined ? [] : await storeUploads(ctx, newUploads(photoForm));

  const now = Date.now();
  const removedFiles = await withStoredUploads(ctx, uploads, async () =>
    ctx.db.transaction().execute(async (trx) => {
      const fresh = await lockEvent(trx, id);
      const changes: Updateable<Database['calendar_events']> = { updated_at: now };
      if (name !== undefined) changes.name = name;
      if (input.location !== undefined) changes.location = optionalLocation(input.location);
      if (input.access !== undefined) changes.access = input.access;
      if (input.allows_comments !== undefined)
        changes.allows_comments = input.allows_comments ? 1 : 0;
      if (changesTimes(input)) {
        // Again against the event as stored now: another edit may have moved it meanwhile.
        const timeErrors: FieldErrors = {};
        const times = newTimes(fresh, input, timeErrors);
        if (!times) throw new ValidationError(timeErrors);
        changes.start_at = times.startAt;
        changes.end_at = times.endAt;
        changes.time_zone_id = times.timeZoneId;
        changes.local_start_date = localDateOf(times.startAt, times.timeZoneId);
      }
      await trx.updateTable('calendar_events').set(changes).where('id', '=', id).execute();
      if (description !== undefined) {
        await trx
          .updateTable('calendar_event_descriptions')
          .set({ body: description })
          .where('id', '=', fresh.calendar_event_description_id)
          .execute();
      }
      if (photoForm === undefined) return [];
      return savePhotoForm(
        ctx,
        trx,
        EVENT_PHOTOS,
        { ownerId: id, photos: photoForm, partyId: member.partyId, now },
        uploads,
      );
    }),
  );
  await deleteStoredFiles(ctx, removedFiles);
  return getCalendarEvent(ctx, member, id);
}

function assertDeletable(
  member: Member,
  facts: CalendarEventFacts,
  row: Pick<StoredEventRow, 'allows_comments' | 'comment_count'>,
  standing: Standing,
): void {
  const comments = { allowsComments: row.allows_comments === 1, commentCount: row.comment_count };
  assertAllowed(
    mayDeleteCalendarEvent(member, facts, comments, standing.webmasterClubIds),
    EVENT_WITH_COMMENTS_NOT_DELETABLE,
  );
}

/**
 * DELETE /calendar_events/{id} (API-CAL-06, §6): while comments are off or none exist, the
 * event with its description, RSVPs, photo links, comments and notices, at once. Inside the
 * transaction the event and its comment container are locked and the rule asked again, so a
 * comment posted meanwhile is never deleted with it, and an Announce running meanwhile has
 * either written all its notices (which go too) or finds no event.
 */
export async function deleteCalendarEvent(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
): Promise<void> {
  const member = requireMember(actor);
  const { row, facts, standing } = await loadEvent(ctx, member, id);
  assertAllowed(
    mayEditCalendarEvent(member, facts, standing.webmasterClubIds),
    ONLY_WEBMASTERS_CHANGE_EVENTS,
  );
  assertDeletable(member, facts, row, standing);
  const { removedFiles, noticeEvent } = await ctx.db.transaction().execute(async (trx) => {
    const fresh = await lockEvent(trx, id);
    // Locks the container as posting a comment does, then counts what is there now.
    const container = await trx
      .updateTable('comment_containers')
      .set((eb) => ({ comment_count: eb.ref('comment_count') }))
      .where('id', '=', fresh.comment_container_id)
      .returning('comment_count')
      .executeTakeFirstOrThrow();
    assertDeletable(
      member,
      facts,
      { allows_comments: fresh.allows_comments, comment_count: Number(container.comment_count) },
      standing,
    );
    const photoIds = await EVENT_PHOTOS.linked(trx, id);
    const noticeEvent = await removeOwnerNotices(
      trx,
      { type: 'CalendarEvent', id, commentContainerId: fresh.comment_container_id },
      Date.now(),
    );
    // RSVPs and photo links go with the event (on delete cascade).
    await trx.deleteFrom('calendar_events').where('id', '=', id).execute();
    await trx
      .deleteFrom('calendar_event_descriptions')
      .where('id', '=', fresh.calendar_event_description_id)
      .execute();
    await trx
      .deleteFrom('comment_containers')
      .where('id', '=', fresh.comment_container_id)
      .execute();
    return { removedFiles: await deleteUnlinkedPhotos(ctx, trx, photoIds), noticeEvent };
  });
  // Members whose unread notices went with the event get fresh badges (D43).
  publishAll(ctx.bus, [noticeEvent]);
  await deleteStoredFiles(ctx, removedFiles);
}

// ---- Announce (AMB-06) ----------------------------------------------------------------------

/** Rows per statement when writing to or reading for a whole lodge: well under every engine's parameter limit. */
const CHUNK = 500;

/**
 * POST /calendar_events/{id}/announce.json: a notice for every current member of the event's
 * lodge but the one announcing (the notices badge counts it), an e-mail to each member's first
 * address, and `announced` set. A second announce changes nothing. The notices and the flag are
 * one transaction; the e-mails go after it and after the answer, one by one, and a failed one is
 * logged, not retried: the notices already reached everyone. `origin` is where the link in the
 * e-mail points (null: no link; http/origin.ts mailLinkOriginOf).
 */
export async function announceCalendarEvent(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  origin: string | null,
  log: { warn(details: object, message: string): void },
): Promise<CalendarEventDetail> {
  const member = requireMember(actor);
  const { row, facts, standing } = await loadEvent(ctx, member, id);
  assertAllowed(
    mayAnnounceCalendarEvent(member, facts, standing.webmasterClubIds),
    ONLY_WEBMASTERS_CHANGE_EVENTS,
  );
  const when = eventLocalFields(
    row.start_at,
    row.end_at,
    row.time_zone_id,
  ).local_start_date_time_with_duration;
  const message = eventAnnouncedNotice(
    escapeHtml(row.club_name),
    escapeHtml(row.name),
    escapeHtml(when),
  );
  const now = Date.now();
  const { recipients, noticeEvent } = await ctx.db.transaction().execute(async (trx) => {
    // Only the first announce gets past this line; a concurrent second one finds it set.
    const claimed = await trx
      .updateTable('calendar_events')
      .set({ announced: 1, announced_at: now, updated_at: now })
      .where('id', '=', id)
      .where('announced', '=', 0)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return { recipients: [], noticeEvent: null };
    const members = await membersOfClubs(trx, [row.club_id])
      .select('mate.party_id')
      .distinct()
      .where('mate.party_id', '!=', member.partyId)
      .execute();
    const partyIds = members.map((mate) => mate.party_id);
    for (let start = 0; start < partyIds.length; start += CHUNK) {
      await trx
        .insertInto('notices')
        .values(
          partyIds.slice(start, start + CHUNK).map((partyId) => ({
            party_id: partyId,
            message,
            is_read: 0,
            last_set_at: now,
            noticeable_type: 'CalendarEvent',
            noticeable_id: id,
            parent_noticeable_type: null,
            parent_noticeable_id: null,
            created_at: now,
          })),
        )
        .execute();
    }
    return { recipients: partyIds, noticeEvent: await recordNoticeEvent(trx, partyIds, now) };
  });
  // The lodge's open streams send the new notices badge (D43).
  publishAll(ctx.bus, [noticeEvent]);
  // After the answer: a lodge's worth of SMTP deliveries would outlast the request.
  void mailAnnouncement(ctx, recipients, {
    subject: eventAnnouncedMailSubject(row.club_name, row.name),
    text: eventAnnouncedMailText(
      row.club_name,
      row.name,
      when,
      row.location,
      origin === null ? null : `${origin}${BASE_PATH}/calendar/${id}`,
    ),
    log,
  }).catch((error: unknown) => {
    log.warn({ err: error }, 'the event announcement e-mails could not be sent');
  });
  return getCalendarEvent(ctx, member, id);
}

async function mailAnnouncement(
  ctx: ServiceContext,
  partyIds: readonly number[],
  mail: { subject: string; text: string; log: { warn(details: object, message: string): void } },
): Promise<void> {
  const firstAddress = new Map<number, string>();
  for (let start = 0; start < partyIds.length; start += CHUNK) {
    const rows = await ctx.db
      .selectFrom('emails as e')
      .innerJoin('contact_types as t', 't.id', 'e.contact_type_id')
      .select(['e.party_id', 'e.address'])
      .where('e.party_id', 'in', partyIds.slice(start, start + CHUNK))
      .orderBy('e.party_id')
      .orderBy('t.sort_order')
      .orderBy('e.id')
      .execute();
    for (const row of rows) {
      const address = row.address.trim();
      if (address !== '' && !firstAddress.has(row.party_id)) {
        firstAddress.set(row.party_id, address);
      }
    }
  }
  for (const [partyId, to] of firstAddress) {
    try {
      await ctx.mailer.send({ to, subject: mail.subject, text: mail.text });
    } catch (error) {
      mail.log.warn({ partyId, err: error }, 'an event announcement e-mail could not be sent');
    }
  }
}
