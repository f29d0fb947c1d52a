/**
 * The tables every content record (a post, a calendar event; D57) shares the shape of: its
 * rich-text body, its comment container, its ordered photo links, and its own row's id and
 * activity time. A record kind names its tables in a `ContentTables`; these queries take it.
 */
import type { Insertable, Kysely, Transaction } from 'kysely';
import { currentMembershipsOf } from './memberships.ts';
import { prepare } from './prepared.ts';
import type { Param } from './prepared.ts';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** Where one kind of content record keeps its rows. */
export interface ContentTables {
  /** The record's own table. */
  readonly records: 'posts' | 'calendar_events';
  /** The rich-text body of each record (one row a record). */
  readonly bodies: 'post_bodies' | 'calendar_event_descriptions';
  /** The record's photos, in mosaic order (sort_order). */
  readonly photoLinks: 'post_photos' | 'calendar_event_photos';
  /** The photo link's column holding the record's id. */
  readonly photoOwner: 'post_id' | 'calendar_event_id';
}

// ---- Bodies --------------------------------------------------------------------------------

export async function insertBody(
  trx: Transaction<Database>,
  tables: ContentTables,
  body: string,
): Promise<number> {
  const row = await trx
    .insertInto(tables.bodies)
    .values({ body })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBody(
  trx: Transaction<Database>,
  tables: ContentTables,
  id: number,
  body: string,
): Promise<void> {
  await trx.updateTable(tables.bodies).set({ body }).where('id', '=', id).execute();
}

export async function readBody(
  db: Db,
  tables: ContentTables,
  id: number,
): Promise<{ id: number; body: string }> {
  return db
    .selectFrom(tables.bodies)
    .select(['id', 'body'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

export async function deleteBody(
  trx: Transaction<Database>,
  tables: ContentTables,
  id: number,
): Promise<void> {
  await trx.deleteFrom(tables.bodies).where('id', '=', id).execute();
}

// ---- The record's own row ------------------------------------------------------------------

export async function deleteRecordRow(
  trx: Transaction<Database>,
  tables: ContentTables,
  id: number,
): Promise<void> {
  await trx.deleteFrom(tables.records).where('id', '=', id).execute();
}

/**
 * Takes the record's row lock (a no-op update; on SQLite the transaction already holds the
 * database); false when the record is gone.
 */
export async function lockRecordRow(
  trx: Transaction<Database>,
  tables: ContentTables,
  id: number,
): Promise<boolean> {
  const locked = await trx
    .updateTable(tables.records)
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(locked.numUpdatedRows) > 0;
}

/** A new comment brings the record to the top of "latest activity". */
export async function touchRecord(
  trx: Transaction<Database>,
  tables: ContentTables,
  id: number,
  now: number,
): Promise<void> {
  await trx
    .updateTable(tables.records)
    .set({ last_activity_at: now })
    .where('id', '=', id)
    .execute();
}

// ---- The comment container -----------------------------------------------------------------

export async function insertCommentContainer(
  trx: Transaction<Database>,
  now: number,
): Promise<number> {
  const row = await trx
    .insertInto('comment_containers')
    .values({ comment_count: 0, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Comments go with their container (on delete cascade). */
export async function deleteCommentContainer(
  trx: Transaction<Database>,
  id: number,
): Promise<void> {
  await trx.deleteFrom('comment_containers').where('id', '=', id).execute();
}

/**
 * Takes the container's row lock as posting a comment does (a no-op update) and answers the
 * count stored now; undefined when the container is gone.
 */
export async function lockCommentContainer(
  trx: Transaction<Database>,
  id: number,
): Promise<number | undefined> {
  const row = await trx
    .updateTable('comment_containers')
    .set((eb) => ({ comment_count: eb.ref('comment_count') }))
    .where('id', '=', id)
    .returning('comment_count')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.comment_count);
}

// ---- Photo links ---------------------------------------------------------------------------

/** The photo ids linked to the record, in mosaic order. */
export async function linkedPhotoIds(
  db: Db,
  tables: ContentTables,
  ownerId: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom(tables.photoLinks)
    .select('photo_id')
    .where(db.dynamic.ref(tables.photoOwner), '=', ownerId)
    .orderBy('sort_order')
    .execute();
  return rows.map((row) => row.photo_id);
}

/** Replaces the record's photo links with these photos, in this order. */
export async function replacePhotoLinks(
  trx: Transaction<Database>,
  tables: ContentTables,
  ownerId: number,
  photoIds: readonly number[],
): Promise<void> {
  await trx
    .deleteFrom(tables.photoLinks)
    .where(trx.dynamic.ref(tables.photoOwner), '=', ownerId)
    .execute();
  for (const [index, photoId] of photoIds.entries()) {
    // The owner column differs by kind; the row is the same shape in both link tables.
    const link = { [tables.photoOwner]: ownerId, photo_id: photoId, sort_order: index };
    await trx
      .insertInto(tables.photoLinks)
      .values(
        link as Insertable<Database['post_photos']> & Insertable<Database['calendar_event_photos']>,
      )
      .execute();
  }
}

// ---- Who may change records ----------------------------------------------------------------

/**
 * The clubs the party is currently a webmaster of, built once: the lists that send each
 * record's abilities (D58) read it once a page, beside the page's own queries.
 */
const webmasterClubs = prepare((db, param: Param<'party'>) =>
  currentMembershipsOf(db, param<number>('party'))
    .innerJoin('membership_roles as r', 'r.membership_id', 'm.id')
    .select('m.club_id')
    .where('r.role_name', '=', 'webmaster'),
);

export async function webmasterClubIdsOf(db: Db, partyId: number): Promise<Set<number>> {
  const { rows } = await webmasterClubs.run(db, { party: partyId });
  return new Set(rows.map((row) => row.club_id));
}
