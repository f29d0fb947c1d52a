/**
 * Writing calendar events (§7 Calendar, §6 webmaster and event edit and delete; API-CAL-03..06,
 * AMB-06, AMB-40): the edit load, create, update, delete and Announce, on the content-record
 * core (D57) as calendar-event-records.ts configures it. The reads and RSVPs are in
 * services/calendar-events.ts; every write answers with the event as that module reads it, and
 * with the member's abilities (D58). The form's fields are read by calendar-event-form.ts.
 */
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { BASE_PATH } from '../../common/constants.ts';
import { escapeHtml } from '../../common/escape-html.ts';
import { eventLocalFields, localDateOf } from '../../common/event-time.ts';
import {
  EVENT_WITH_COMMENTS_NOT_DELETABLE,
  eventAnnouncedMailSubject,
  eventAnnouncedMailText,
  announcementUnsubscribeLine,
  eventAnnouncedNotice,
  NO_SUCH_EVENT,
  NO_SUCH_LODGE,
  ONLY_WEBMASTERS_ADD_EVENTS,
  ONLY_WEBMASTERS_CHANGE_EVENTS,
  RECURRENCE_ONLY_FOR_SERIES,
} from '../../common/messages.ts';
import type {
  CalendarEventDetail,
  CreateCalendarEventRequest,
  SeriesScope,
  UpdateCalendarEventRequest,
} from '../../common/schemas/calendar-event.ts';
import { requireMember, type Actor, type Member } from '../auth/actor.ts';
import { lockCommentContainer } from '../db/content.ts';
import {
  claimAnnouncement,
  clubIdExists,
  clubMemberPartyIds,
  firstEmailAddresses,
  insertEventRow,
  updateEventRow,
  type StoredEventRow,
} from '../db/content-events.ts';
import { answeringPartyIds } from '../db/event-changes.ts';
import { standingOf, type Standing } from '../db/memberships.ts';
import type { Database } from '../db/schema.ts';
import { NotFoundError, ValidationError, type FieldErrors } from '../errors.ts';
import { enqueueMail } from '../mail/mail-jobs.ts';
import { assertAllowed } from '../policies/assert.ts';
import {
  mayAnnounceCalendarEvent,
  mayCreateCalendarEvent,
  mayDeleteCalendarEvent,
  mayEditCalendarEvent,
  type CalendarEventFacts,
} from '../policies/calendar-events.ts';
import { publishAll, type BusEvent } from '../realtime/bus.ts';
import {
  changesTimes,
  instantsOf,
  newTimes,
  optionalLocation,
  readableZone,
  requiredName,
  timeZoneOf,
} from './calendar-event-form.ts';
import { answerEvent, EVENT, loadEvent, lockEvent } from './calendar-event-records.ts';
import {
  announcementWhen,
  deleteSeriesMeetings,
  extendNewSeries,
  insertSeriesWithFirstMeeting,
  markSeriesAnnounced,
  seriesPlanOf,
  updateSeriesMeeting,
  type SeriesPlan,
} from './calendar-series.ts';
import {
  addError,
  checkPhotoForm,
  cleanBody,
  createContentRecord,
  deleteContentRecord,
  throwIfAny,
  updateContentRecord,
} from './content-records.ts';
import type { ServiceContext } from './context.ts';
import {
  keepTombstone,
  noticeEventCancelled,
  noticeEventChange,
} from './unguarded/event-change-notices.ts';
import { cancelEventReminders, rescheduleEventReminders } from './unguarded/event-reminders.ts';
import { announcementMailRecipients } from './unguarded/mail-settings.ts';
import { unsubscribeLinks } from './unguarded/unsubscribe-links.ts';
import { addOwnerNotices } from './unguarded/notices.ts';

/** A single event's row, or a series' first meeting with its series (D80). */
function insertNewEvent(
  trx: Transaction<Database>,
  series: SeriesPlan | undefined,
  row: Insertable<Database['calendar_events']>,
): Promise<number> {
  return series ? insertSeriesWithFirstMeeting(trx, series, row) : insertEventRow(trx, row);
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
  return answerEvent(ctx, member, id);
}

// ---- Create, update, delete ---------------------------------------------------------------

/** POST /calendar_events (EVF-21, API-CAL-04): a new event of a lodge the member is webmaster of. */
export async function createCalendarEvent(
  ctx: ServiceContext,
  actor: Actor,
  input: CreateCalendarEventRequest['calendar_event'],
): Promise<CalendarEventDetail> {
  const member = requireMember(actor);
  const [standing, clubExists] = await Promise.all([
    standingOf(ctx.db, member.partyId),
    clubIdExists(ctx.db, input.club_id),
  ]);
  if (!clubExists) throw new ValidationError({ club_id: [NO_SUCH_LODGE] });
  const clubId = input.club_id;
  assertAllowed(
    mayCreateCalendarEvent(member, clubId, standing.webmasterClubIds),
    ONLY_WEBMASTERS_ADD_EVENTS,
  );
  const errors: FieldErrors = {};
  const name = requiredName(input.name, errors);
  const description = cleanBody(EVENT, input.new_description, errors).body;
  const timeZoneId = timeZoneOf(input.time_zone_id, errors);
  const instants = instantsOf(input, readableZone(timeZoneId), errors);
  // A repeating meeting (D80): its rule against the start, once the start reads right.
  const series =
    input.recurrence && instants
      ? seriesPlanOf(input.recurrence, instants.startAt, instants.endAt, timeZoneId, errors)
      : undefined;
  await checkPhotoForm(ctx, EVENT, null, input.photos_attributes, errors);
  throwIfAny(errors);
  if (!instants) throw new ValidationError(errors);

  const now = Date.now();
  const id = await createContentRecord(
    ctx,
    EVENT,
    { partyId: member.partyId, body: description, photos: input.photos_attributes, now },
    (trx, refs) =>
      insertNewEvent(trx, series, {
        club_id: clubId,
        party_id: member.partyId,
        name,
        location: optionalLocation(input.location),
        calendar_event_description_id: refs.bodyId,
        access: input.access,
        announced: 0,
        announced_at: null,
        allows_comments: input.allows_comments ? 1 : 0,
        comment_container_id: refs.containerId,
        start_at: instants.startAt,
        end_at: instants.endAt,
        time_zone_id: timeZoneId,
        local_start_date: localDateOf(instants.startAt, timeZoneId),
        created_at: now,
        updated_at: now,
        last_activity_at: now,
      }),
  );
  if (series) await extendNewSeries(ctx, id);
  return answerEvent(ctx, member, id);
}

/**
 * PUT /calendar_events/{id}.json (EVF-22, API-CAL-05): its lodge never changes, and only the
 * fields sent are written, so two edits at once each keep what the other changed. A new date,
 * time or place tells those who answered (D81); `origin` is where their e-mail's links point.
 */
export async function updateCalendarEvent(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  input: UpdateCalendarEventRequest['calendar_event'],
  origin: string | null,
  /** Which meetings of a series (D80); a single event has no other. */
  scope?: SeriesScope,
): Promise<CalendarEventDetail> {
  const member = requireMember(actor);
  const { row, facts, standing } = await loadEvent(ctx, member, id);
  assertAllowed(
    mayEditCalendarEvent(member, facts, standing.webmasterClubIds),
    ONLY_WEBMASTERS_CHANGE_EVENTS,
  );
  if (row.series_id !== null) return updateSeriesMeeting(ctx, member, row, input, scope, origin);
  const errors: FieldErrors = {};
  if (input.recurrence !== undefined) addError(errors, 'recurrence', RECURRENCE_ONLY_FOR_SERIES);
  const name = input.name === undefined ? undefined : requiredName(input.name, errors);
  const description =
    input.new_description === undefined
      ? undefined
      : cleanBody(EVENT, input.new_description, errors).body;
  if (changesTimes(input)) newTimes(row, input, errors);
  await checkPhotoForm(ctx, EVENT, id, input.photos_attributes, errors);
  throwIfAny(errors);

  const now = Date.now();
  let changeNotice: BusEvent | null = null;
  await updateContentRecord(
    ctx,
    EVENT,
    { id, partyId: member.partyId, body: description, photos: input.photos_attributes, now },
    async (trx) => {
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
      await updateEventRow(trx, id, changes);
      const after = await lockEvent(trx, id);
      // Reminders follow the meeting; those who answered hear of a new date, time or place (D81).
      if (after.start_at !== fresh.start_at) {
        await rescheduleEventReminders(trx, ctx.jobs, id, after.start_at, now);
      }
      changeNotice = await noticeEventChange(trx, fresh, after, member.partyId, now, {
        jobs: ctx.jobs,
        origin,
      });
      return { bodyId: fresh.calendar_event_description_id };
    },
  );
  await publishAll(ctx.bus, [changeNotice]);
  return answerEvent(ctx, member, id);
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
 * either written all its notices (which go too) or finds no event. It leaves a tombstone for
 * its old links, cancels its reminders and tells those who answered (D81).
 */
export async function deleteCalendarEvent(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  origin: string | null,
  /** Which meetings of a series (D80): left out, a meeting of a series is cancelled. */
  scope?: SeriesScope,
): Promise<void> {
  const member = requireMember(actor);
  const { row, facts, standing } = await loadEvent(ctx, member, id);
  assertAllowed(
    mayEditCalendarEvent(member, facts, standing.webmasterClubIds),
    ONLY_WEBMASTERS_CHANGE_EVENTS,
  );
  if (row.series_id !== null) return deleteSeriesMeetings(ctx, member, row, scope, origin);
  assertDeletable(member, facts, row, standing);
  let cancelled: { event: StoredEventRow; answerers: number[] } | undefined;
  const now = Date.now();
  const deleted = async (trx: Transaction<Database>) => {
    if (!cancelled) return null;
    const { event, answerers } = cancelled;
    // Its old links say it was cancelled, its reminders go, those who answered are told (D81).
    await keepTombstone(trx, event, now);
    await cancelEventReminders(trx, ctx.jobs, id, answerers);
    return noticeEventCancelled(trx, event, answerers, member.partyId, now, {
      jobs: ctx.jobs,
      origin,
    });
  };
  await deleteContentRecord(
    ctx,
    EVENT,
    id,
    async (trx) => {
      const fresh = await lockEvent(trx, id);
      cancelled = { event: fresh, answerers: await answeringPartyIds(trx, id) };
      // Locks the container as posting a comment does, then counts what is there now.
      const count = await lockCommentContainer(trx, fresh.comment_container_id);
      if (count === undefined) throw new NotFoundError(NO_SUCH_EVENT);
      assertDeletable(
        member,
        facts,
        { allows_comments: fresh.allows_comments, comment_count: count },
        standing,
      );
      // RSVPs go with the event (on delete cascade).
      return {
        bodyId: fresh.calendar_event_description_id,
        containerId: fresh.comment_container_id,
      };
    },
    deleted,
  );
}

// ---- Announce (AMB-06) ----------------------------------------------------------------------

/**
 * POST /calendar_events/{id}/announce.json: a notice for every current member of the event's
 * lodge but the one announcing (the notices badge counts it), an e-mail to each member's first
 * address, and `announced` set. A second announce changes nothing. The notices, the flag and
 * one mail job per recipient are one transaction; the job queue sends the mails after the
 * answer, retries a failed one and sends none twice (D79). `origin` is where the link in the
 * e-mail points (null: no link; http/origin.ts mailLinkOriginOf).
 */
export async function announceCalendarEvent(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  origin: string | null,
): Promise<CalendarEventDetail> {
  const member = requireMember(actor);
  const { row, facts, standing } = await loadEvent(ctx, member, id);
  assertAllowed(
    mayAnnounceCalendarEvent(member, facts, standing.webmasterClubIds),
    ONLY_WEBMASTERS_CHANGE_EVENTS,
  );
  const when = await announcementWhen(
    ctx,
    row,
    eventLocalFields(row.start_at, row.end_at, row.time_zone_id)
      .local_start_date_time_with_duration,
  );
  const message = eventAnnouncedNotice(
    escapeHtml(row.club_name),
    escapeHtml(row.name),
    escapeHtml(when),
  );
  const now = Date.now();
  const mail = {
    subject: eventAnnouncedMailSubject(row.club_name, row.name),
    text: eventAnnouncedMailText(
      row.club_name,
      row.name,
      when,
      row.location,
      origin === null ? null : `${origin}${BASE_PATH}/calendar/${id}`,
    ),
    origin,
  };
  const noticeEvent = await ctx.db.transaction().execute(async (trx) => {
    // Only the first announce gets past this line; a concurrent second one finds it set.
    if (!(await claimAnnouncement(trx, id, now))) return null;
    await markSeriesAnnounced(trx, row, now);
    const partyIds = await clubMemberPartyIds(trx, row.club_id, member.partyId);
    const noticeEvent = await addOwnerNotices(
      trx,
      { type: EVENT.type, id, message },
      partyIds,
      now,
    );
    // The mail goes to those who left announcement mail on (D81), whatever their notices setting.
    await mailAnnouncement(ctx, trx, id, await announcementMailRecipients(trx, partyIds), mail);
    return noticeEvent;
  });
  // The lodge's open streams send the new notices badge (D43).
  await publishAll(ctx.bus, [noticeEvent]);
  return answerEvent(ctx, member, id);
}

/** One mail job per recipient's first address, in the Announce's transaction (D79). */
async function mailAnnouncement(
  ctx: ServiceContext,
  trx: Kysely<Database>,
  eventId: number,
  partyIds: readonly number[],
  mail: { subject: string; text: string; origin: string | null },
): Promise<void> {
  const firstAddress = await firstEmailAddresses(trx, partyIds);
  // Each mail says how to stop them, and carries the one-click header (D81).
  const links = mail.origin === null ? null : await unsubscribeLinks(trx, mail.origin);
  for (const [partyId, to] of firstAddress) {
    const unsubscribe = links?.url(partyId, 'announcement_mail') ?? null;
    await enqueueMail(ctx.jobs, trx, `announce:${eventId}:${partyId}`, {
      to,
      subject: mail.subject,
      text:
        unsubscribe === null
          ? mail.text
          : `${mail.text}\n\n${announcementUnsubscribeLine(unsubscribe)}`,
      ...(links ? { headers: links.headers(partyId, 'announcement_mail') } : {}),
    });
  }
}
