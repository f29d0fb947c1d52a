/**
 * Comments (§3 Comment) and their container's count: a container's whole tree with the
 * authors, one comment, the container's rows as (id, parent) for depth and subtree walks, and
 * the writes, which take the container's row first so that every write to its comments queues
 * on it.
 */
import type { Kysely } from 'kysely';
import type { CommentRow } from '../presenters/comment.ts';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** Every comment of the container with its author, oldest first. */
export async function commentsOfContainer(db: Db, containerId: number): Promise<CommentRow[]> {
  return db
    .selectFrom('comments as c')
    .innerJoin('parties as a', 'a.id', 'c.party_id')
    .select([
      'c.id',
      'c.parent_id',
      'c.party_id',
      'c.body',
      'c.is_hidden',
      'c.created_at',
      'a.first_name as author_first_name',
      'a.middle_name as author_middle_name',
      'a.last_name as author_last_name',
      'a.suffix as author_suffix',
      'a.preferred_name as author_preferred_name',
      'a.avatar_medium_key as author_avatar_medium_key',
    ])
    .where('c.comment_container_id', '=', containerId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}

/** The container's count, or undefined when it is gone. */
export async function containerCount(
  db: Db,
  containerId: number,
): Promise<{ id: number; comment_count: number } | undefined> {
  const row = await db
    .selectFrom('comment_containers')
    .select(['id', 'comment_count'])
    .where('id', '=', containerId)
    .executeTakeFirst();
  return row && { id: row.id, comment_count: Number(row.comment_count) };
}

export interface CommentRecord {
  id: number;
  comment_container_id: number;
  parent_id: number | null;
  party_id: number;
  is_hidden: number;
}

export async function commentById(db: Db, id: number): Promise<CommentRecord | undefined> {
  return db
    .selectFrom('comments')
    .select(['id', 'comment_container_id', 'parent_id', 'party_id', 'is_hidden'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function hasReplies(db: Db, id: number): Promise<boolean> {
  const reply = await db
    .selectFrom('comments')
    .select('id')
    .where('parent_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return reply !== undefined;
}

/** The container's comments as (id, parent): enough to walk depths and subtrees. */
export async function commentLinksOfContainer(
  db: Db,
  containerId: number,
): Promise<{ id: number; parent_id: number | null }[]> {
  return db
    .selectFrom('comments')
    .select(['id', 'parent_id'])
    .where('comment_container_id', '=', containerId)
    .execute();
}

/** Adds `delta` to the container's count; 0 takes its row lock and changes nothing. */
export async function addToContainerCount(
  db: Db,
  containerId: number,
  delta: number,
): Promise<void> {
  await db
    .updateTable('comment_containers')
    .set((eb) => ({
      comment_count: delta === 0 ? eb.ref('comment_count') : eb('comment_count', '+', delta),
    }))
    .where('id', '=', containerId)
    .execute();
}

export async function insertComment(
  db: Db,
  comment: { containerId: number; parentId: number | null; partyId: number; body: string },
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('comments')
    .values({
      comment_container_id: comment.containerId,
      parent_id: comment.parentId,
      party_id: comment.partyId,
      body: comment.body,
      is_hidden: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCommentRow(
  db: Db,
  id: number,
  changes: { body?: string; is_hidden?: number; updated_at: number },
): Promise<void> {
  await db.updateTable('comments').set(changes).where('id', '=', id).execute();
}

export async function deleteComments(db: Db, ids: readonly number[]): Promise<void> {
  await db.deleteFrom('comments').where('id', 'in', ids).execute();
}

/** The party's account (its oldest, when several), if it has one. */
export async function accountOfParty(
  db: Db,
  partyId: number,
): Promise<{ id: number; is_admin: number } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'is_admin'])
    .where('party_id', '=', partyId)
    .orderBy('id')
    .executeTakeFirst();
}
