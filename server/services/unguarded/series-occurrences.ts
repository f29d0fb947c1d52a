/**
 * A series' occurrences as rows (issue 25, D80), for the guarded use cases of
 * services/calendar-series.ts, the event create, and the minute sweep: these check nothing.
 *
 * Every instant of the rule before `materialized_until` has its calendar_events row (one per
 * series and instant: a unique index); later ones are added by `extendSeries` as time passes.
 * `remapOccurrences` gives a series a new rule and keeps each existing meeting whose date the new
 * rule still holds (its id, RSVPs and guests with it).
 */
import type { Insertable, Kysely, Transaction } from 'kysely';
import { localDateOf } from '../../../common/event-time.ts';
import {
  deleteBodiesAndContainers,
  deleteEvents,
  insertBodies,
  insertContainers,
  insertOccurrences,
  linkPhotos,
  lockSeries,
  occurrencesOf,
  photoIdsOf,
  seriesToExtend,
  updateEvents,
  updateSeries,
  type OccurrenceRow,
  type SeriesRow,
} from '../../db/calendar/series.ts';
import type { Database } from '../../db/schema.ts';
import { readBody } from '../../db/content.ts';
import { EVENT } from '../calendar-event-records.ts';
import {
  countOf,
  END_OF_TIME,
  EXTEND_WHEN_AHEAD_MS,
  firstInstants,
  hasInstantFrom,
  MATERIALIZE_AHEAD_MS,
  ruleInstants,
  type SeriesRule,
} from '../recurrence-rules.ts';
import type { BusEvent } from '../../realtime/bus.ts';
import { keepTombstones } from './event-change-notices.ts';
import { removeOwnerNotices } from './notices.ts';

type Trx = Transaction<Database>;

const MINUTE_MS = 60_000;

export function ruleOfSeries(series: SeriesRow): SeriesRule {
  return {
    rrule: series.rrule,
    startDate: series.start_date,
    startMinutes: series.start_minutes,
    timeZoneId: series.time_zone_id,
  };
}

/** The first instant of the series (its DTSTART). */
export function seriesStart(series: SeriesRow): number {
  return firstInstants(ruleOfSeries(series), 1)[0] ?? 0;
}

/**
 * How far a series' rows reach: every meeting of a COUNT rule; else a year past now, or past
 * its first meeting if that is later.
 */
export function horizonOf(series: SeriesRow, now: number): number {
  if (countOf(series.rrule) !== undefined) return END_OF_TIME;
  return Math.max(now, seriesStart(series)) + MATERIALIZE_AHEAD_MS;
}

/** A new occurrence's row: the series' own values at the rule's instant. */
export function occurrenceRow(
  series: SeriesRow,
  instant: number,
  now: number,
  refs: { bodyId: number; containerId: number },
): Insertable<Database['calendar_events']> {
  return {
    club_id: series.club_id,
    party_id: series.party_id,
    name: series.name,
    location: series.location,
    calendar_event_description_id: refs.bodyId,
    access: series.access,
    announced: series.announced,
    announced_at: series.announced === 1 ? now : null,
    allows_comments: series.allows_comments,
    comment_container_id: refs.containerId,
    start_at: instant,
    end_at: series.duration_minutes === null ? null : instant + series.duration_minutes * MINUTE_MS,
    time_zone_id: series.time_zone_id,
    local_start_date: localDateOf(instant, series.time_zone_id),
    created_at: now,
    updated_at: now,
    last_activity_at: now,
    series_id: series.id,
    recurrence_start_at: instant,
  };
}

/** The photos a new occurrence shows: those of the series' latest meeting not changed alone. */
async function templatePhotoIds(trx: Trx, seriesId: number): Promise<number[]> {
  const rows = await occurrencesOf(trx, seriesId);
  const template = rows.filter((row) => row.occurrence_changed === 0).at(-1);
  return template ? photoIdsOf(trx, template.id) : [];
}

/**
 * New meetings at `instants`: each with its own copy of the series' description and its own
 * (unused until it is changed alone) comment container, and the photos of the series' latest
 * meeting. Answers their ids.
 */
async function insertMeetings(
  trx: Trx,
  series: SeriesRow,
  instants: readonly number[],
  now: number,
): Promise<number[]> {
  if (instants.length === 0) return [];
  const [photoIds, body] = await Promise.all([
    templatePhotoIds(trx, series.id),
    readBody(trx, EVENT.tables, series.calendar_event_description_id),
  ]);
  const bodyIds = await insertBodies(
    trx,
    instants.map(() => body.body),
  );
  const containerIds = await insertContainers(trx, instants.length, now);
  const ids = await insertOccurrences(
    trx,
    instants.map((at, index) =>
      occurrenceRow(series, at, now, {
        bodyId: bodyIds[index] ?? 0,
        containerId: containerIds[index] ?? 0,
      }),
    ),
  );
  if (photoIds.length > 0) await linkPhotos(trx, ids, photoIds);
  return ids;
}

/** The next `materialized_until`: the horizon, or null when the rule ends before it. */
function reachAfter(series: SeriesRow, horizon: number): number | null {
  return hasInstantFrom(ruleOfSeries(series), horizon) ? horizon : null;
}

/**
 * Adds the rows of the rule's instants in [from, horizon) that have none yet, with the photos
 * of the series' latest meeting, and sets how far the rows reach. Inside the caller's
 * transaction, with the series locked.
 */
async function materialize(
  trx: Trx,
  series: SeriesRow,
  from: number,
  horizon: number,
  now: number,
): Promise<number[]> {
  const existing = new Set(
    (await occurrencesOf(trx, series.id, from)).map((row) => row.recurrence_start_at),
  );
  const instants = ruleInstants(ruleOfSeries(series), from, horizon).filter(
    (at) => !existing.has(at),
  );
  const ids = await insertMeetings(trx, series, instants, now);
  await updateSeries(trx, series.id, { materialized_until: reachAfter(series, horizon) });
  return ids;
}

/** The series' rows up to `now + MATERIALIZE_AHEAD_MS`, in the caller's transaction. */
export async function extendSeriesIn(trx: Trx, seriesId: number, now: number): Promise<void> {
  const series = await lockSeries(trx, seriesId);
  if (!series || series.materialized_until === null) return;
  const horizon = horizonOf(series, now);
  if (series.materialized_until >= horizon) return;
  await materialize(trx, series, series.materialized_until, horizon, now);
}

/** As extendSeriesIn, in a transaction of its own. */
export async function extendSeries(
  db: Kysely<Database>,
  seriesId: number,
  now: number,
): Promise<void> {
  await db.transaction().execute((trx) => extendSeriesIn(trx, seriesId, now));
}

/** Series extended per sweep: a minute's work stays small however many lodges there are. */
export const SERIES_PER_SWEEP = 50;

/**
 * The minute sweep's part (server/app.ts): the series whose rows reach less than
 * EXTEND_WHEN_AHEAD_MS ahead get rows up to MATERIALIZE_AHEAD_MS, at most SERIES_PER_SWEEP of
 * them, the shortest first; the rest wait for the next minute. Answers how many it extended.
 */
export async function extendShortSeries(db: Kysely<Database>, now: number): Promise<number> {
  const ids = await seriesToExtend(db, now + EXTEND_WHEN_AHEAD_MS, SERIES_PER_SWEEP);
  for (const id of ids) await extendSeries(db, id, now);
  return ids.length;
}

/**
 * Deletes meetings with their RSVPs and photo links (on delete cascade), their own description
 * and comment container, and the notices about them and their own comments. Answers the
 * notices' bus events, to publish after the commit.
 */
export async function deleteOccurrences(
  trx: Trx,
  series: Pick<SeriesRow, 'club_id' | 'party_id'>,
  rows: readonly OccurrenceRow[],
  now: number,
): Promise<(BusEvent | null)[]> {
  // Their old links (an Announce's mail, a notice, a calendar app) say they were cancelled (D81).
  await keepTombstones(
    trx,
    rows.map((row) => ({ ...row, club_id: series.club_id, party_id: series.party_id })),
    now,
  );
  const events: (BusEvent | null)[] = [];
  for (const row of rows) {
    events.push(
      await removeOwnerNotices(
        trx,
        { type: EVENT.type, id: row.id, commentContainerId: row.comment_container_id },
        now,
      ),
    );
  }
  await deleteEvents(
    trx,
    rows.map((row) => row.id),
  );
  await deleteBodiesAndContainers(
    trx,
    rows.map((row) => row.calendar_event_description_id),
    rows.map((row) => row.comment_container_id),
  );
  return events;
}

/** What a new rule does to the meetings it is given. */
export interface RemapResult {
  /** Meetings kept (their date is still a meeting), by id. */
  kept: number[];
  /** Changed meetings the new rule no longer holds: now single events. */
  detached: number[];
  /** Meetings deleted (with their RSVPs). */
  deleted: OccurrenceRow[];
  /** Meetings added. */
  added: number[];
  /** The bus events of the notices removed with the deleted meetings. */
  events: (BusEvent | null)[];
}

/** The series' values an occurrence not changed alone carries. */
function seriesValues(series: SeriesRow) {
  return {
    name: series.name,
    location: series.location,
    access: series.access,
    allows_comments: series.allows_comments,
  };
}

/**
 * Gives `series` (its row already holding the new rule and values) the meetings `rows` (its
 * own, or a split's later part of another series'): each whose date (in its old zone) is a
 * date of the new rule keeps its id and RSVPs and moves to the new instant; a changed one keeps
 * its own time if it was moved, and its own values. Those whose date is gone are deleted, or,
 * when changed alone, become single events with a description of their own. New dates get new
 * rows. `from` is the first instant the series' rows start at; rows reach the horizon after.
 */
export async function remapOccurrences(
  trx: Trx,
  series: SeriesRow,
  rows: readonly OccurrenceRow[],
  from: number,
  now: number,
): Promise<RemapResult> {
  const horizon = Math.max(horizonOf(series, now), from + 1);
  const instants = ruleInstants(ruleOfSeries(series), from, horizon);
  const byDate = new Map(instants.map((at) => [localDateOf(at, series.time_zone_id), at]));
  const result: RemapResult = { kept: [], detached: [], deleted: [], added: [], events: [] };
  const taken = new Set<number>();
  const duration = series.duration_minutes;
  for (const row of rows) {
    const instant = byDate.get(localDateOf(row.recurrence_start_at, row.time_zone_id));
    if (instant !== undefined && !taken.has(instant)) {
      taken.add(instant);
      result.kept.push(row.id);
      const moved = row.occurrence_changed === 1 && row.start_at !== row.recurrence_start_at;
      const length = row.end_at === null ? null : row.end_at - row.start_at;
      await updateEvents(trx, [row.id], {
        series_id: series.id,
        recurrence_start_at: instant,
        ...(moved
          ? {}
          : {
              start_at: instant,
              end_at:
                row.occurrence_changed === 1
                  ? length === null
                    ? null
                    : instant + length
                  : duration === null
                    ? null
                    : instant + duration * MINUTE_MS,
              time_zone_id: series.time_zone_id,
              local_start_date: localDateOf(instant, series.time_zone_id),
            }),
        ...(row.occurrence_changed === 1 ? {} : seriesValues(series)),
        updated_at: now,
      });
    } else if (row.occurrence_changed === 1 && row.cancelled_at === null) {
      result.detached.push(row.id);
      // Its description and comments are its own already.
      await updateEvents(trx, [row.id], {
        series_id: null,
        recurrence_start_at: null,
        occurrence_changed: 0,
        updated_at: now,
      });
    } else {
      result.deleted.push(row);
    }
  }
  result.events = await deleteOccurrences(trx, series, result.deleted, now);
  result.added = await insertMeetings(
    trx,
    series,
    instants.filter((at) => !taken.has(at)),
    now,
  );
  await updateSeries(trx, series.id, { materialized_until: reachAfter(series, horizon) });
  return result;
}
