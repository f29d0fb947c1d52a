/**
 * Recurring meetings (issue 25, docs/decisions.md D80): a series' first meeting as the event
 * create writes it, the form's preview, and the edits, cancels and deletes of a meeting of a
 * series by scope ("this meeting", "this and following", "all"). calendar-event-writes.ts hands
 * a meeting of a series to these; a single event never reaches them.
 *
 * The rows: services/unguarded/series-occurrences.ts. The rule: recurrence-rules.ts.
 */
import type { Insertable, Transaction, Updateable } from 'kysely';
import {
  addDays,
  eventLocalFields,
  localDateOf,
  localDateTimeOf,
  longDate,
  parseWireDate,
  formatDate,
  formatTimeLabel,
  parseTimeLabel,
  zonedTimeToInstant,
} from '../../common/event-time.ts';
import {
  CANCELLED_MEETING_NOT_CHANGED,
  EVENT_WITH_COMMENTS_NOT_DELETABLE,
  FIELD_BLANK,
  NOT_A_TIME_LABEL,
  NOT_A_WIRE_DATE,
  NO_SUCH_EVENT,
  ONLY_SERIES_MEETINGS_CANCEL,
  ONLY_WEBMASTERS_CHANGE_EVENTS,
  RECURRENCE_HAS_NO_DATES,
  RECURRENCE_NOT_FOR_ONE_MEETING,
  RECURRENCE_PROBLEMS,
  recurringMeetingWhen,
} from '../../common/messages.ts';
import { recurrenceProblem, type Recurrence } from '../../common/recurrence.ts';
import {
  RECURRENCE_PREVIEW_COUNT,
  type CalendarEventDetail,
  type RecurrencePreviewAnswer,
  type RecurrencePreviewRequest,
  type SeriesScope,
  type UpdateCalendarEventRequest,
} from '../../common/schemas/calendar-event.ts';
import { requireMember, type Actor, type Member } from '../auth/actor.ts';
import {
  insertBody,
  insertCommentContainer,
  lockCommentContainer,
  readBody,
} from '../db/content.ts';
import { insertEventRow, updateEventRow, type StoredEventRow } from '../db/content-events.ts';
import {
  bodiesOf,
  deleteBodiesAndContainers,
  deletePhotoLinksOf,
  deleteSeriesRow,
  insertSeries,
  markOccurrencesAnnounced,
  seriesById,
  linkPhotos,
  lockSeries,
  occurrenceCountBefore,
  occurrencesOf,
  photoIdsOf,
  seriesIdOfEvent,
  updateBodies,
  updateEvents,
  updateSeries,
  type OccurrenceRow,
  type SeriesRow,
} from '../db/calendar/series.ts';
import type { Database } from '../db/schema.ts';
import { ForbiddenError, NotFoundError, ValidationError, type FieldErrors } from '../errors.ts';
import { assertAllowed } from '../policies/assert.ts';
import { mayCancelOccurrence, mayEditCalendarEvent } from '../policies/calendar-events.ts';
import { publishAll, type BusEvent } from '../realtime/bus.ts';
import {
  changesTimes,
  newTimes,
  optionalLocation,
  readableZone,
  requiredName,
  timeZoneOf,
} from './calendar-event-form.ts';
import { answerEvent, EVENT, loadEvent, lockEvent } from './calendar-event-records.ts';
import {
  addError,
  cleanBody,
  checkPhotoForm,
  throwIfAny,
  updateContentRecord,
} from './content-records.ts';
import type { ServiceContext } from './context.ts';
import {
  alignedRule,
  countOf,
  endingBefore,
  firstInstants,
  recurrenceOf,
  rruleOf,
  withCount,
  type SeriesRule,
} from './recurrence-rules.ts';
import {
  deleteOccurrences,
  extendSeries,
  remapOccurrences,
  ruleOfSeries,
  seriesStart,
} from './unguarded/series-occurrences.ts';
import { answeredMeetings, tellMeetingChanges } from './unguarded/event-change-notices.ts';
import { removeOwnerNotices } from './unguarded/notices.ts';
import { deleteStoredFiles, deleteUnlinkedPhotos } from './unguarded/photos.ts';

type Trx = Transaction<Database>;
const MINUTE_MS = 60_000;

// ---- The rule as the form gives it ---------------------------------------------------------

/** A series to be: its aligned rule, its first meeting, how long a meeting lasts. */
export interface SeriesPlan {
  rule: SeriesRule;
  firstAt: number;
  durationMinutes: number | null;
}

/**
 * The series a form's start, end, zone and rule make, or field errors under `recurrence` (a
 * rule that skips every month, ends before it starts, or gives no meeting at all).
 */
export function seriesPlanOf(
  recurrence: Recurrence,
  startAt: number,
  endAt: number | null,
  timeZoneId: number,
  errors: FieldErrors,
): SeriesPlan | undefined {
  const local = localDateTimeOf(startAt, timeZoneId);
  const problem = recurrenceProblem(recurrence, local.date);
  if (problem) {
    addError(errors, 'recurrence', RECURRENCE_PROBLEMS[problem]);
    return undefined;
  }
  const startDate = formatDate(local.date.year, local.date.month, local.date.day);
  const rule = alignedRule({
    rrule: rruleOf(recurrence, startDate, timeZoneId),
    startDate,
    startMinutes: local.minutes,
    timeZoneId,
  });
  const firstAt = rule ? firstInstants(rule, 1)[0] : undefined;
  if (!rule || firstAt === undefined) {
    addError(errors, 'recurrence', RECURRENCE_HAS_NO_DATES);
    return undefined;
  }
  return {
    rule,
    firstAt,
    durationMinutes: endAt === null ? null : Math.round((endAt - startAt) / MINUTE_MS),
  };
}

/**
 * Inside the create's transaction: the series row and its first meeting (the answer's event).
 * Its later meetings are added after the commit by `extendNewSeries`.
 */
export async function insertSeriesWithFirstMeeting(
  trx: Trx,
  plan: SeriesPlan,
  event: Insertable<Database['calendar_events']>,
): Promise<number> {
  // The series' own description and comment container: the meetings' comments are its (D80).
  const text = await readBody(trx, EVENT.tables, event.calendar_event_description_id);
  const bodyId = await insertBody(trx, EVENT.tables, text.body);
  const containerId = await insertCommentContainer(trx, event.created_at);
  const seriesId = await insertSeries(trx, {
    club_id: event.club_id,
    party_id: event.party_id ?? null,
    rrule: plan.rule.rrule,
    start_date: plan.rule.startDate,
    start_minutes: plan.rule.startMinutes,
    time_zone_id: plan.rule.timeZoneId,
    duration_minutes: plan.durationMinutes,
    name: event.name,
    location: event.location ?? null,
    access: event.access,
    allows_comments: event.allows_comments ?? 1,
    calendar_event_description_id: bodyId,
    comment_container_id: containerId,
    // Only the first meeting's row exists yet.
    materialized_until: plan.firstAt + 1,
    created_at: event.created_at,
    updated_at: event.updated_at,
  });
  return insertEventRow(trx, {
    ...event,
    start_at: plan.firstAt,
    end_at: plan.durationMinutes === null ? null : plan.firstAt + plan.durationMinutes * MINUTE_MS,
    local_start_date: localDateOf(plan.firstAt, plan.rule.timeZoneId),
    series_id: seriesId,
    recurrence_start_at: plan.firstAt,
  });
}

/**
 * After the create's commit: the series' later meetings, up to the horizon. Should this fail,
 * the series still reads right with its first meeting, and the minute sweep adds the rest.
 */
export async function extendNewSeries(ctx: ServiceContext, eventId: number): Promise<void> {
  const seriesId = await seriesIdOfEvent(ctx.db, eventId);
  if (seriesId !== null) await extendSeries(ctx.db, seriesId, Date.now());
}

// ---- The form's preview --------------------------------------------------------------------

/**
 * POST /calendar_events/recurrence_preview.json: the rule in words and its first meetings from
 * the form's start, before anything is saved; the form's problems as 422s under their fields.
 */
export function previewRecurrence(
  actor: Actor,
  request: RecurrencePreviewRequest,
): RecurrencePreviewAnswer['data'] {
  requireMember(actor);
  const errors: FieldErrors = {};
  const timeZoneId = readableZone(timeZoneOf(request.time_zone_id, errors));
  const date = parseWireDate(request.start_date_string);
  const minutes = parseTimeLabel(request.start_time_string);
  if (!date) {
    const blank = request.start_date_string.trim() === '';
    addError(errors, 'start_date_string', blank ? FIELD_BLANK : NOT_A_WIRE_DATE);
  }
  if (minutes === null) {
    const blank = request.start_time_string.trim() === '';
    addError(errors, 'start_time_string', blank ? FIELD_BLANK : NOT_A_TIME_LABEL);
  }
  throwIfAny(errors);
  if (!date || minutes === null) throw new ValidationError(errors);
  const startAt = zonedTimeToInstant(
    formatDate(date.year, date.month, date.day),
    minutes,
    timeZoneId,
  );
  const plan = seriesPlanOf(request.recurrence, startAt, null, timeZoneId, errors);
  throwIfAny(errors);
  if (!plan) throw new ValidationError(errors);
  return {
    recurrence_description: recurrenceOf(plan.rule).description ?? '',
    rrule: plan.rule.rrule,
    occurrences: firstInstants(plan.rule, RECURRENCE_PREVIEW_COUNT).map((at) => {
      const local = localDateTimeOf(at, timeZoneId);
      const fields = eventLocalFields(at, null, timeZoneId);
      return {
        start_date_string: fields.start_date_string,
        start_time_string: fields.start_time_string,
        label: `${longDate(local.date)} ${formatTimeLabel(local.minutes)}`,
      };
    }),
  };
}

// ---- Edits by scope ------------------------------------------------------------------------

type FieldChanges = Pick<
  Updateable<Database['calendar_events']>,
  'name' | 'location' | 'access' | 'allows_comments'
>;
const FIELD_NAMES = ['name', 'location', 'access', 'allows_comments'] as const;

function fieldChangesOf(
  input: UpdateCalendarEventRequest['calendar_event'],
  name: string | undefined,
): FieldChanges {
  const changes: FieldChanges = {};
  if (name !== undefined) changes.name = name;
  if (input.location !== undefined) changes.location = optionalLocation(input.location);
  if (input.access !== undefined) changes.access = input.access;
  if (input.allows_comments !== undefined) changes.allows_comments = input.allows_comments ? 1 : 0;
  return changes;
}

/**
 * The changes a meeting changed alone takes from an edit of its series: only the fields it
 * still shares with the series (its own change stays).
 */
function sharedFieldChanges(row: OccurrenceRow, old: SeriesRow, changes: FieldChanges) {
  const kept: FieldChanges = {};
  for (const field of FIELD_NAMES) {
    if (changes[field] !== undefined && row[field] === old[field]) {
      Object.assign(kept, { [field]: changes[field] });
    }
  }
  return kept;
}

/** Writes an edit of the series' values to its meetings in `rows`. */
async function spreadFieldChanges(
  trx: Trx,
  rows: readonly OccurrenceRow[],
  old: SeriesRow,
  changes: FieldChanges & Updateable<Database['calendar_events']>,
  now: number,
): Promise<void> {
  const unchanged = rows.filter((row) => row.occurrence_changed === 0).map((row) => row.id);
  await updateEvents(trx, unchanged, { ...changes, updated_at: now });
  for (const row of rows.filter((r) => r.occurrence_changed === 1)) {
    await updateEvents(trx, [row.id], {
      ...sharedFieldChanges(row, old, changes),
      series_id: changes.series_id ?? old.id,
      updated_at: now,
    });
  }
}

/** The scope an edit without one takes: a move is this meeting's; anything else all of them. */
function defaultScope(
  input: UpdateCalendarEventRequest['calendar_event'],
  moved: boolean,
): SeriesScope {
  if (input.recurrence !== undefined) return 'all';
  return moved ? 'this' : 'all';
}

/**
 * The series' new rule when an edit of `all` or `following` moves the meeting or sends a new
 * rule: DTSTART moves by as many days as the meeting did (`all`), or is the meeting's new
 * date (`following`); a rule the form cannot show keeps its text. Undefined when neither.
 */
function newSeriesPlan(
  series: SeriesRow,
  row: StoredEventRow,
  input: UpdateCalendarEventRequest['calendar_event'],
  times: { startAt: number; endAt: number | null; timeZoneId: number } | undefined,
  scope: 'all' | 'following',
  countBefore: number,
  errors: FieldErrors,
): SeriesPlan | undefined {
  const moved =
    times !== undefined &&
    (times.startAt !== row.start_at ||
      times.endAt !== row.end_at ||
      times.timeZoneId !== row.time_zone_id);
  if (!moved && input.recurrence === undefined && scope === 'all') return undefined;
  const start = times ?? { startAt: row.start_at, endAt: row.end_at, timeZoneId: row.time_zone_id };
  const local = localDateTimeOf(start.startAt, start.timeZoneId);
  const newDate = formatDate(local.date.year, local.date.month, local.date.day);
  const originalDate = localDateOf(row.recurrence_start_at ?? row.start_at, row.time_zone_id);
  const shiftDays = Math.round(
    (Date.parse(`${newDate}T00:00:00Z`) - Date.parse(`${originalDate}T00:00:00Z`)) / 86_400_000,
  );
  const startDate = scope === 'all' ? addDays(series.start_date, shiftDays) : newDate;
  const startAt = zonedTimeToInstant(startDate, local.minutes, start.timeZoneId);
  const endAt = start.endAt === null ? null : startAt + (start.endAt - start.startAt);
  let recurrence = input.recurrence ?? recurrenceOf(ruleOfSeries(series)).recurrence;
  if (!recurrence) {
    // A rule the form cannot show (not written by this app): its text, at the new start.
    const count = countOf(series.rrule);
    const rrule =
      scope === 'following' && count !== undefined
        ? withCount(series.rrule, count - countBefore)
        : series.rrule;
    const rule = alignedRule({
      rrule,
      startDate,
      startMinutes: local.minutes,
      timeZoneId: start.timeZoneId,
    });
    const firstAt = rule ? firstInstants(rule, 1)[0] : undefined;
    if (!rule || firstAt === undefined) {
      addError(errors, 'recurrence', RECURRENCE_HAS_NO_DATES);
      return undefined;
    }
    return {
      rule,
      firstAt,
      durationMinutes: endAt === null ? null : Math.round((endAt - startAt) / MINUTE_MS),
    };
  }
  if (
    input.recurrence === undefined &&
    scope === 'following' &&
    recurrence.ends.kind === 'after_count'
  ) {
    recurrence = {
      ...recurrence,
      ends: { kind: 'after_count', count: Math.max(1, recurrence.ends.count - countBefore) },
    };
  }
  return seriesPlanOf(recurrence, startAt, endAt, start.timeZoneId, errors);
}

function seriesRuleColumns(plan: SeriesPlan) {
  return {
    rrule: plan.rule.rrule,
    start_date: plan.rule.startDate,
    start_minutes: plan.rule.startMinutes,
    time_zone_id: plan.rule.timeZoneId,
    duration_minutes: plan.durationMinutes,
  };
}

/**
 * PUT /calendar_events/{id}.json for a meeting of a series (D80). `this`: the meeting alone
 * (from then on it answers its own comments and description, not the series');
 * `following`: the series ends before it and a new series (its own description and comments)
 * starts here with the change; `all`: the series and every meeting but what a meeting changed
 * alone changed. A new rule or a move of `following`/`all` keeps each meeting whose date the
 * new rule still holds, with its RSVPs. The answer is the meeting, or when the new rule has no
 * meeting on its date, the series' next one.
 */
export async function updateSeriesMeeting(
  ctx: ServiceContext,
  member: Member,
  row: StoredEventRow,
  input: UpdateCalendarEventRequest['calendar_event'],
  requestedScope: SeriesScope | undefined,
  origin: string | null,
): Promise<CalendarEventDetail> {
  const seriesId = row.series_id;
  const series = seriesId === null ? undefined : await seriesById(ctx.db, seriesId);
  if (!series || row.recurrence_start_at === null) throw new NotFoundError(NO_SUCH_EVENT);
  const errors: FieldErrors = {};
  if (row.cancelled_at !== null) addError(errors, 'scope', CANCELLED_MEETING_NOT_CHANGED);
  const name = input.name === undefined ? undefined : requiredName(input.name, errors);
  const description =
    input.new_description === undefined
      ? undefined
      : cleanBody(EVENT, input.new_description, errors).body;
  const times = changesTimes(input) ? newTimes(row, input, errors) : undefined;
  const moved =
    times !== undefined &&
    (times.startAt !== row.start_at ||
      times.endAt !== row.end_at ||
      times.timeZoneId !== row.time_zone_id);
  let scope = requestedScope ?? defaultScope(input, moved);
  if (scope === 'this' && input.recurrence !== undefined) {
    addError(errors, 'recurrence', RECURRENCE_NOT_FOR_ONE_MEETING);
  }
  const countBefore = await occurrenceCountBefore(ctx.db, series.id, row.recurrence_start_at);
  // "This and following" from the first meeting is the whole series.
  if (scope === 'following' && countBefore === 0) scope = 'all';
  const plan =
    scope === 'this'
      ? undefined
      : newSeriesPlan(series, row, input, times, scope, countBefore, errors);
  await checkPhotoForm(ctx, EVENT, row.id, input.photos_attributes, errors);
  throwIfAny(errors);

  const now = Date.now();
  const fields = fieldChangesOf(input, name);
  // Whatever the scope does to them, those who answered a meeting hear of it (D81).
  const answered = await answeredMeetings(ctx.db, series.id, now);
  const tell = async () => {
    const mail = { jobs: ctx.jobs, origin };
    await publishAll(
      ctx.bus,
      await tellMeetingChanges(ctx.db, answered, member.partyId, now, mail),
    );
  };
  let targetId = series.id;
  await updateContentRecord(
    ctx,
    EVENT,
    {
      id: row.id,
      partyId: member.partyId,
      body: description,
      photos: input.photos_attributes,
      now,
    },
    async (trx) => {
      const fresh = await lockEvent(trx, row.id);
      const current = await lockSeries(trx, series.id);
      if (!current || fresh.recurrence_start_at === null) throw new NotFoundError(NO_SUCH_EVENT);
      if (scope === 'this') {
        return { bodyId: await changeThisMeeting(trx, fresh, input, fields, now) };
      }
      if (scope === 'all') {
        await updateSeries(trx, current.id, {
          ...fields,
          ...(plan ? seriesRuleColumns(plan) : {}),
          updated_at: now,
        });
        const rows = await occurrencesOf(trx, current.id);
        await spreadFieldChanges(trx, rows, current, fields, now);
        if (description !== undefined) {
          await spreadDescription(trx, rows, current, description);
          await updateBodies(trx, [current.calendar_event_description_id], description);
        }
        return { bodyId: fresh.calendar_event_description_id };
      }
      targetId = await splitSeries(
        trx,
        current,
        fresh.recurrence_start_at,
        { plan, fields, description },
        now,
      );
      return { bodyId: fresh.calendar_event_description_id };
    },
  );
  if (scope === 'this') {
    await tell();
    return answerEvent(ctx, member, row.id);
  }
  const answerId = await afterSeriesEdit(ctx, row.id, targetId, {
    photosChanged: input.photos_attributes !== undefined,
    ruleChanged: plan !== undefined || scope === 'following',
    now,
  });
  await tell();
  return answerEvent(ctx, member, answerId);
}

/** "This meeting": the meeting alone, with comments (and a changed description) of its own. */
async function changeThisMeeting(
  trx: Trx,
  fresh: StoredEventRow,
  input: UpdateCalendarEventRequest['calendar_event'],
  fields: FieldChanges,
  now: number,
): Promise<number> {
  const changes: Updateable<Database['calendar_events']> = {
    ...fields,
    occurrence_changed: 1,
    updated_at: now,
  };
  if (changesTimes(input)) {
    // Again against the meeting as stored now: another edit may have moved it meanwhile.
    const timeErrors: FieldErrors = {};
    const times = newTimes(fresh, input, timeErrors);
    if (!times) throw new ValidationError(timeErrors);
    changes.start_at = times.startAt;
    changes.end_at = times.endAt;
    changes.time_zone_id = times.timeZoneId;
    changes.local_start_date = localDateOf(times.startAt, times.timeZoneId);
  }
  // From now on its answer shows its own comment container and description, not the series'.
  await updateEventRow(trx, fresh.id, changes);
  return fresh.calendar_event_description_id;
}

/**
 * A new description for the series' meetings in `rows`: those not changed alone, and those
 * changed alone whose description is still the series' text.
 */
async function spreadDescription(
  trx: Trx,
  rows: readonly OccurrenceRow[],
  old: SeriesRow,
  description: string,
): Promise<void> {
  const texts = await bodiesOf(trx, [
    old.calendar_event_description_id,
    ...rows.filter((r) => r.occurrence_changed === 1).map((r) => r.calendar_event_description_id),
  ]);
  const oldText = texts.get(old.calendar_event_description_id);
  const ids = rows
    .filter(
      (row) =>
        row.occurrence_changed === 0 || texts.get(row.calendar_event_description_id) === oldText,
    )
    .map((row) => row.calendar_event_description_id);
  await updateBodies(trx, ids, description);
}

/**
 * "This and following": the series ends before the meeting at `from`; a new series with the
 * change (its own description and comment container: the comments so far stay with the old
 * one) takes that meeting and the later ones. Answers the new series' id.
 */
async function splitSeries(
  trx: Trx,
  old: SeriesRow,
  from: number,
  change: { plan: SeriesPlan | undefined; fields: FieldChanges; description: string | undefined },
  now: number,
): Promise<number> {
  const { plan, fields, description } = change;
  const bodyId = await insertBody(
    trx,
    EVENT.tables,
    description ?? (await readBody(trx, EVENT.tables, old.calendar_event_description_id)).body,
  );
  const containerId = await insertCommentContainer(trx, now);
  const count = countOf(old.rrule);
  const before = await occurrenceCountBefore(trx, old.id, from);
  const unchangedRule = {
    rrule: count === undefined ? old.rrule : withCount(old.rrule, count - before),
    start_date: localDateOf(from, old.time_zone_id),
    start_minutes: old.start_minutes,
    time_zone_id: old.time_zone_id,
    duration_minutes: old.duration_minutes,
  };
  const seriesId = await insertSeries(trx, {
    club_id: old.club_id,
    party_id: old.party_id,
    name: fields.name ?? old.name,
    location: fields.location === undefined ? old.location : fields.location,
    access: fields.access ?? old.access,
    allows_comments: fields.allows_comments ?? old.allows_comments,
    announced: old.announced,
    calendar_event_description_id: bodyId,
    comment_container_id: containerId,
    ...(plan ? seriesRuleColumns(plan) : unchangedRule),
    materialized_until: old.materialized_until,
    created_at: now,
    updated_at: now,
  });
  await updateSeries(trx, old.id, {
    rrule: endingBefore(old.rrule, from),
    materialized_until: null,
    updated_at: now,
  });
  const rows = await occurrencesOf(trx, old.id, from);
  await spreadFieldChanges(trx, rows, old, { ...fields, series_id: seriesId }, now);
  if (description !== undefined) await spreadDescription(trx, rows, old, description);
  return seriesId;
}

/**
 * After an edit of `all` or `following` is committed: the edited meeting's photos go to the
 * series' other meetings not changed alone, and a new rule or time remaps the meetings. Answers
 * the meeting to show: the edited one, or the series' next one if the new rule dropped it.
 */
async function afterSeriesEdit(
  ctx: ServiceContext,
  editedId: number,
  seriesId: number,
  edit: { photosChanged: boolean; ruleChanged: boolean; now: number },
): Promise<number> {
  const noticeEvents: (BusEvent | null)[] = [];
  const answerId = await ctx.db.transaction().execute(async (trx) => {
    const series = await lockSeries(trx, seriesId);
    if (!series) return editedId;
    const rows = await occurrencesOf(trx, seriesId);
    if (edit.photosChanged) {
      const photoIds = await photoIdsOf(trx, editedId);
      const others = rows
        .filter((row) => row.occurrence_changed === 0 && row.id !== editedId)
        .map((row) => row.id);
      await replaceLinksOf(trx, others, photoIds);
    }
    const edited = rows.find((row) => row.id === editedId);
    if (edit.ruleChanged) {
      const remapped = await remapOccurrences(trx, series, rows, seriesStart(series), edit.now);
      noticeEvents.push(...remapped.events);
    }
    if (await seriesIdOfEvent(trx, editedId)) return editedId;
    const after = await occurrencesOf(trx, seriesId, edited?.recurrence_start_at ?? 0);
    return after[0]?.id ?? (await occurrencesOf(trx, seriesId))[0]?.id ?? editedId;
  });
  await publishAll(ctx.bus, noticeEvents);
  return answerId;
}

async function replaceLinksOf(
  trx: Trx,
  eventIds: readonly number[],
  photoIds: readonly number[],
): Promise<void> {
  if (eventIds.length === 0) return;
  await deletePhotoLinksOf(trx, eventIds);
  await linkPhotos(trx, eventIds, photoIds);
}

// ---- Cancel and delete ---------------------------------------------------------------------

/**
 * POST /calendar_events/{id}/cancel.json (and DELETE with scope `this`): the meeting drops out
 * of the lists and the feeds write it as an EXDATE; its page, RSVPs and comments stay, and its
 * answer says `cancelled`. A second cancel changes nothing. A single event is deleted instead.
 */
export async function cancelCalendarEventOccurrence(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  origin: string | null,
): Promise<CalendarEventDetail> {
  const member = requireMember(actor);
  const { row, facts, standing } = await loadEvent(ctx, member, id);
  assertAllowed(
    mayEditCalendarEvent(member, facts, standing.webmasterClubIds),
    ONLY_WEBMASTERS_CHANGE_EVENTS,
  );
  if (row.series_id === null) throw new ForbiddenError(ONLY_SERIES_MEETINGS_CANCEL);
  const seriesId = row.series_id;
  if (row.cancelled_at === null) {
    assertAllowed(
      mayCancelOccurrence(
        member,
        facts,
        { inSeries: true, cancelled: false },
        standing.webmasterClubIds,
      ),
      ONLY_WEBMASTERS_CHANGE_EVENTS,
    );
    const now = Date.now();
    const noticeEvents = await ctx.db.transaction().execute(async (trx) => {
      const fresh = await lockEvent(trx, id);
      if (fresh.cancelled_at !== null) return [];
      const answered = await answeredMeetings(trx, seriesId, fresh.start_at);
      const mine = { meetings: answered.meetings.filter(({ event }) => event.id === id) };
      await updateEventRow(trx, id, { cancelled_at: now, updated_at: now });
      // Those who answered hear that it is off, and their reminders go (D81).
      return tellMeetingChanges(trx, mine, member.partyId, now, { jobs: ctx.jobs, origin });
    });
    await publishAll(ctx.bus, noticeEvents);
  }
  return answerEvent(ctx, member, id);
}

/**
 * DELETE /calendar_events/{id}?scope= for a meeting of a series (D80): `this` (or none)
 * cancels it; `following` ends the series before it and deletes it and the later meetings;
 * `all` deletes the series with every meeting. As for a single event, while comments are on
 * and any exist (the series' or a meeting's own) nothing is deleted: members' words stay.
 */
export async function deleteSeriesMeetings(
  ctx: ServiceContext,
  member: Member,
  row: StoredEventRow,
  requestedScope: SeriesScope | undefined,
  origin: string | null,
): Promise<void> {
  const scope = requestedScope ?? 'this';
  if (scope === 'this') {
    await cancelCalendarEventOccurrence(ctx, member, row.id, origin);
    return;
  }
  const now = Date.now();
  const { removedFiles, noticeEvents } = await ctx.db.transaction().execute(async (trx) => {
    const fresh = await lockEvent(trx, row.id);
    const series = fresh.series_id === null ? undefined : await lockSeries(trx, fresh.series_id);
    if (!series || fresh.recurrence_start_at === null) throw new NotFoundError(NO_SUCH_EVENT);
    const whole =
      scope === 'all' ||
      (await occurrenceCountBefore(trx, series.id, fresh.recurrence_start_at)) === 0;
    const rows = await occurrencesOf(trx, series.id, whole ? null : fresh.recurrence_start_at);
    // The series' comments (when it goes) and each meeting's own.
    const containers = new Map<number, boolean>();
    for (const occurrence of rows) {
      containers.set(occurrence.comment_container_id, occurrence.allows_comments === 1);
    }
    if (whole) containers.set(series.comment_container_id, series.allows_comments === 1);
    for (const [containerId, allowsComments] of containers) {
      const commentCount = (await lockCommentContainer(trx, containerId)) ?? 0;
      if (allowsComments && commentCount > 0) {
        throw new ForbiddenError(EVENT_WITH_COMMENTS_NOT_DELETABLE);
      }
    }
    const photoIds = [
      ...new Set((await Promise.all(rows.map((r) => photoIdsOf(trx, r.id)))).flat()),
    ];
    const answered = await answeredMeetings(trx, series.id, now);
    const noticeEvents = await deleteOccurrences(trx, series, rows, now);
    // After the deletion, which took the notices about the meetings: theirs is that they are off.
    noticeEvents.push(
      ...(await tellMeetingChanges(trx, answered, member.partyId, now, { jobs: ctx.jobs, origin })),
    );
    if (whole) {
      noticeEvents.push(
        await removeOwnerNotices(
          trx,
          // The series' comments' notices; those about its meetings went with each meeting.
          { type: EVENT.type, id: 0, commentContainerId: series.comment_container_id },
          now,
        ),
      );
      await deleteSeriesRow(trx, series.id);
      await deleteBodiesAndContainers(
        trx,
        [series.calendar_event_description_id],
        [series.comment_container_id],
      );
    } else {
      await updateSeries(trx, series.id, {
        rrule: endingBefore(series.rrule, fresh.recurrence_start_at),
        materialized_until: null,
        updated_at: now,
      });
    }
    return { removedFiles: await deleteUnlinkedPhotos(ctx, trx, photoIds), noticeEvents };
  });
  await publishAll(ctx.bus, noticeEvents);
  await deleteStoredFiles(ctx, removedFiles);
}

// ---- Announce ------------------------------------------------------------------------------

/**
 * The Announce's "when" for a meeting of a series: the rule in words and this meeting's date
 * ("Every 2nd Tuesday of the month, except July and August. Next: Tuesday, ..."); a single
 * event's own when otherwise.
 */
export async function announcementWhen(
  ctx: ServiceContext,
  row: StoredEventRow,
  when: string,
): Promise<string> {
  if (row.series_id === null) return when;
  const series = await seriesById(ctx.db, row.series_id);
  const words = series ? recurrenceOf(ruleOfSeries(series)).description : null;
  return words ? recurringMeetingWhen(words, when) : when;
}

/** A series is announced once: every meeting of it, and those added later, count as announced. */
export async function markSeriesAnnounced(
  trx: Trx,
  row: StoredEventRow,
  now: number,
): Promise<void> {
  if (row.series_id === null) return;
  await updateSeries(trx, row.series_id, { announced: 1, updated_at: now });
  await markOccurrencesAnnounced(trx, row.series_id, now);
}
