/**
 * Photo rows (an uploaded image and its medium size), shared by posts, events, chat messages
 * and avatars' neighbours: inserted for stored uploads, their keys read before they go, and
 * those no owner links to any more found and deleted.
 */
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

export async function insertPhotoRow(
  trx: Transaction<Database>,
  photo: Insertable<Database['photos']>,
): Promise<number> {
  const row = await trx
    .insertInto('photos')
    .values(photo)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Storage keys of photo rows (the original and the medium size). */
export async function photoKeysOf(db: Db, photoIds: readonly number[]): Promise<string[]> {
  if (photoIds.length === 0) return [];
  const rows = await db
    .selectFrom('photos')
    .select(['storage_key', 'medium_key'])
    .where('id', 'in', photoIds)
    .execute();
  return rows.flatMap((row) =>
    row.medium_key ? [row.storage_key, row.medium_key] : [row.storage_key],
  );
}

/** Takes the photo rows' locks (PostgreSQL's SELECT ... FOR UPDATE). */
export async function lockPhotoRows(
  trx: Transaction<Database>,
  photoIds: readonly number[],
): Promise<void> {
  await trx.selectFrom('photos').select('id').where('id', 'in', photoIds).forUpdate().execute();
}

/** Those of `photoIds` that no post, event or chat message links to. */
export async function unlinkedPhotoIds(db: Db, photoIds: readonly number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('photos as ph')
    .select('ph.id')
    .where('ph.id', 'in', photoIds)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('post_photos as pp')
            .select('pp.id')
            .whereRef('pp.photo_id', '=', 'ph.id')
            .unionAll(
              selectFrom('calendar_event_photos as cp')
                .select('cp.id')
                .whereRef('cp.photo_id', '=', 'ph.id'),
            )
            .unionAll(
              selectFrom('chat_messages as cm')
                .select('cm.id')
                .whereRef('cm.photo_id', '=', 'ph.id'),
            ),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.id);
}

export async function deletePhotoRows(
  trx: Transaction<Database>,
  photoIds: readonly number[],
): Promise<void> {
  if (photoIds.length > 0) await trx.deleteFrom('photos').where('id', 'in', photoIds).execute();
}
