/**
 * Recurring meetings (issue 25, D80): a series' own row and its occurrences, which are
 * calendar_events rows with `series_id`. The rules (what a scope changes, which rows a new rule
 * keeps) are services/calendar-series.ts and services/unguarded/series-occurrences.ts.
 */
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database } from '../schema.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export type SeriesRow = Selectable<Database['calendar_event_series']>;

function numbered(row: SeriesRow): SeriesRow {
  return {
    ...row,
    materialized_until: row.materialized_until === null ? null : Number(row.materialized_until),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

export async function insertSeries(
  trx: Trx,
  series: Insertable<Database['calendar_event_series']>,
): Promise<number> {
  const row = await trx
    .insertInto('calendar_event_series')
    .values(series)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function seriesById(db: Db, id: number): Promise<SeriesRow | undefined> {
  const row = await db
    .selectFrom('calendar_event_series')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? numbered(row) : undefined;
}

/**
 * Takes the series' row lock (a no-op update; SQLite's transaction holds the database) and reads
 * it: two writes to one series (an edit, the sweep's extension) take turns.
 */
export async function lockSeries(trx: Trx, id: number): Promise<SeriesRow | undefined> {
  await trx
    .updateTable('calendar_event_series')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .execute();
  return seriesById(trx, id);
}

export async function updateSeries(
  trx: Trx,
  id: number,
  changes: Updateable<Database['calendar_event_series']>,
): Promise<void> {
  await trx.updateTable('calendar_event_series').set(changes).where('id', '=', id).execute();
}

export async function deleteSeriesRow(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('calendar_event_series').where('id', '=', id).execute();
}

/** The series whose rows reach less far than `before`, the shortest first (the minute sweep). */
export async function seriesToExtend(db: Db, before: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('calendar_event_series')
    .select('id')
    .where('materialized_until', 'is not', null)
    .where('materialized_until', '<', before)
    .orderBy('materialized_until')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** An occurrence as the series' writes need it. */
export interface OccurrenceRow {
  id: number;
  recurrence_start_at: number;
  start_at: number;
  end_at: number | null;
  time_zone_id: number;
  occurrence_changed: number;
  cancelled_at: number | null;
  name: string;
  location: string | null;
  access: Database['calendar_events']['access'];
  allows_comments: number;
  calendar_event_description_id: number;
  comment_container_id: number;
}

/** The series' occurrences from `from` (by the rule's own instant) on, soonest first. */
export async function occurrencesOf(
  db: Db,
  seriesId: number,
  from: number | null = null,
): Promise<OccurrenceRow[]> {
  let query = db
    .selectFrom('calendar_events')
    .select([
      'id',
      'recurrence_start_at',
      'start_at',
      'end_at',
      'time_zone_id',
      'occurrence_changed',
      'cancelled_at',
      'name',
      'location',
      'access',
      'allows_comments',
      'calendar_event_description_id',
      'comment_container_id',
    ])
    .where('series_id', '=', seriesId)
    .orderBy('recurrence_start_at');
  if (from !== null) query = query.where('recurrence_start_at', '>=', from);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    recurrence_start_at: Number(row.recurrence_start_at),
    start_at: Number(row.start_at),
    end_at: row.end_at === null ? null : Number(row.end_at),
    cancelled_at: row.cancelled_at === null ? null : Number(row.cancelled_at),
  }));
}

/** How many of the series' occurrences come before `before` (a split COUNT's first half). */
export async function occurrenceCountBefore(
  db: Db,
  seriesId: number,
  before: number,
): Promise<number> {
  const row = await db
    .selectFrom('calendar_events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('series_id', '=', seriesId)
    .where('recurrence_start_at', '<', before)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Occurrence rows inserted at once; answers their ids in order. */
export async function insertOccurrences(
  trx: Trx,
  rows: readonly Insertable<Database['calendar_events']>[],
): Promise<number[]> {
  const ids: number[] = [];
  // Well under every engine's bound-parameter limit per statement.
  for (let start = 0; start < rows.length; start += 50) {
    const inserted = await trx
      .insertInto('calendar_events')
      .values(rows.slice(start, start + 50))
      .returning('id')
      .execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

export async function updateEvents(
  trx: Trx,
  ids: readonly number[],
  changes: Updateable<Database['calendar_events']>,
): Promise<void> {
  if (ids.length === 0) return;
  await trx.updateTable('calendar_events').set(changes).where('id', 'in', ids).execute();
}

/** Deletes events; their RSVPs and photo links go with them (on delete cascade). */
export async function deleteEvents(trx: Trx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom('calendar_events').where('id', 'in', ids).execute();
}

/** Description rows written at once (a new meeting's copy of its series' text); their ids. */
export async function insertBodies(trx: Trx, bodies: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < bodies.length; start += 100) {
    const rows = await trx
      .insertInto('calendar_event_descriptions')
      .values(bodies.slice(start, start + 100).map((body) => ({ body })))
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** Empty comment containers written at once (a new meeting's own); their ids. */
export async function insertContainers(trx: Trx, count: number, now: number): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 100) {
    const rows = await trx
      .insertInto('comment_containers')
      .values(
        Array.from({ length: Math.min(100, count - start) }, () => ({
          comment_count: 0,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

export async function updateBodies(trx: Trx, ids: readonly number[], body: string): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('calendar_event_descriptions')
    .set({ body })
    .where('id', 'in', ids)
    .execute();
}

/** The descriptions' texts by id. */
export async function bodiesOf(trx: Trx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom('calendar_event_descriptions')
    .select(['id', 'body'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, row.body]));
}

/** Deletes descriptions and comment containers (with their comments) no row uses any more. */
export async function deleteBodiesAndContainers(
  trx: Trx,
  bodyIds: readonly number[],
  containerIds: readonly number[],
): Promise<void> {
  if (bodyIds.length > 0) {
    await trx.deleteFrom('calendar_event_descriptions').where('id', 'in', bodyIds).execute();
  }
  if (containerIds.length > 0) {
    await trx.deleteFrom('comment_containers').where('id', 'in', containerIds).execute();
  }
}

/**
 * The series whose shared comment container this is, with the meeting that stands for it: its
 * first meeting not changed alone (a comment's notice points there).
 */
export async function seriesOwningContainer(db: Db, containerId: number) {
  const series = await db
    .selectFrom('calendar_event_series')
    .select(['id', 'party_id', 'club_id', 'access', 'name', 'allows_comments'])
    .where('comment_container_id', '=', containerId)
    .executeTakeFirst();
  if (!series) return undefined;
  const meeting = await db
    .selectFrom('calendar_events')
    .select('id')
    .where('series_id', '=', series.id)
    .where('occurrence_changed', '=', 0)
    .orderBy('recurrence_start_at')
    .executeTakeFirst();
  return meeting ? { ...series, meetingId: meeting.id } : undefined;
}

/** The photo links of an event, in order, for a new occurrence to share. */
export async function photoIdsOf(db: Db, eventId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('calendar_event_photos')
    .select('photo_id')
    .where('calendar_event_id', '=', eventId)
    .orderBy('sort_order')
    .execute();
  return rows.map((row) => row.photo_id);
}

/** Links the photos to each event, in order (new occurrences). */
export async function linkPhotos(
  trx: Trx,
  eventIds: readonly number[],
  photoIds: readonly number[],
): Promise<void> {
  const links = eventIds.flatMap((eventId) =>
    photoIds.map((photoId, index) => ({
      calendar_event_id: eventId,
      photo_id: photoId,
      sort_order: index,
    })),
  );
  for (let start = 0; start < links.length; start += 100) {
    await trx
      .insertInto('calendar_event_photos')
      .values(links.slice(start, start + 100))
      .execute();
  }
}

/** The series of an event, or null for a single event (or none). */
export async function seriesIdOfEvent(db: Db, eventId: number): Promise<number | null> {
  const row = await db
    .selectFrom('calendar_events')
    .select('series_id')
    .where('id', '=', eventId)
    .executeTakeFirst();
  return row?.series_id ?? null;
}

export async function deletePhotoLinksOf(trx: Trx, eventIds: readonly number[]): Promise<void> {
  if (eventIds.length === 0) return;
  await trx
    .deleteFrom('calendar_event_photos')
    .where('calendar_event_id', 'in', eventIds)
    .execute();
}

/** Every meeting of the series not announced yet is (a series is announced once). */
export async function markOccurrencesAnnounced(
  trx: Trx,
  seriesId: number,
  now: number,
): Promise<void> {
  await trx
    .updateTable('calendar_events')
    .set({ announced: 1, announced_at: now })
    .where('series_id', '=', seriesId)
    .where('announced', '=', 0)
    .execute();
}
