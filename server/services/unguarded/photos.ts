/**
 * Photos attached to posts and events (and later chats): new uploads are checked and stored
 * before the owner's transaction, linked inside it, and their files removed again when the
 * transaction fails; files of photos an owner no longer uses are removed after it commits.
 * A form sends the photos it keeps as `{id}` and new ones with their image, in the order the
 * mosaic shows them (POST-18); `keptPhotoIds` and `savePhotoForm` apply such a form to any
 * owner through its `PhotoLinks`.
 */
import type { Kysely, Transaction } from 'kysely';
import {
  deletePhotoRows,
  insertPhotoRow,
  lockPhotoRows,
  photoKeysOf,
  unlinkedPhotoIds,
} from '../../db/content-photos.ts';
import { tooManyNewPhotos } from '../../../common/messages.ts';
import type { PhotoAttributes } from '../../../common/schemas/post.ts';
import type { Database } from '../../db/schema.ts';
import { ValidationError } from '../../errors.ts';
import type { FieldErrors } from '../../errors.ts';
import { processImage } from '../../images/process-image.ts';
import type { ProcessedImage } from '../../images/process-image.ts';
import type { Storage } from '../../storage/storage.ts';
import type { ServiceContext } from '../context.ts';

/** New photos one request may carry; the route's body limit bounds their bytes. */
export const MAX_NEW_PHOTOS = 10;

export interface StoredUpload {
  readonly image: ProcessedImage;
  readonly fileName: string;
}

/** The uploads of a form (entries without `id`), in the order they were sent. */
export function newUploads(photos: readonly PhotoAttributes[]): PhotoAttributes[] {
  return photos.filter((photo) => photo.id === undefined);
}

function fileNameOf(photo: PhotoAttributes, index: number): string {
  const name = photo.image_file_name?.trim();
  return name ? name.slice(0, 255) : `photo ${index + 1}`;
}

async function deleteFiles(storage: Storage, keys: readonly string[]): Promise<void> {
  // A file left behind only costs space; the answer the member gets must not depend on it.
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}

function keysOf(uploads: readonly StoredUpload[]): string[] {
  return uploads.flatMap(({ image }) => [image.key, image.mediumKey]);
}

/**
 * Checks and stores every upload. Each refused file adds its own message under `photos`
 * (VAL-03); when any is refused, the ones already stored are removed and all messages are
 * thrown together, so the member can fix every file at once.
 */
export async function storeUploads(
  ctx: ServiceContext,
  uploads: readonly PhotoAttributes[],
): Promise<StoredUpload[]> {
  if (uploads.length > MAX_NEW_PHOTOS) {
    throw new ValidationError({
      photos: [tooManyNewPhotos(MAX_NEW_PHOTOS)],
    });
  }
  const stored: StoredUpload[] = [];
  const errors: FieldErrors = {};
  // One at a time: the image pipeline already uses every core for one image.
  for (const [index, upload] of uploads.entries()) {
    const fileName = fileNameOf(upload, index);
    const data = upload.image_base64 ?? '';
    try {
      const image = await processImage(ctx.storage, data, fileName, { field: 'photos' });
      stored.push({ image, fileName });
    } catch (error) {
      if (!(error instanceof ValidationError)) {
        await deleteFiles(ctx.storage, keysOf(stored));
        throw error;
      }
      for (const [field, messages] of Object.entries(error.errors)) {
        (errors[field] ??= []).push(...messages);
      }
    }
  }
  if (Object.keys(errors).length > 0) {
    await deleteFiles(ctx.storage, keysOf(stored));
    throw new ValidationError(errors);
  }
  return stored;
}

/** Inserts photo rows for stored uploads inside the owner's transaction; ids in order. */
export async function insertPhotoRows(
  trx: Transaction<Database>,
  uploads: readonly StoredUpload[],
  partyId: number,
  now: number,
): Promise<number[]> {
  const ids: number[] = [];
  for (const { image, fileName } of uploads) {
    const id = await insertPhotoRow(trx, {
      storage_key: image.key,
      medium_key: image.mediumKey,
      content_type: image.contentType,
      file_name: fileName,
      width: image.width,
      height: image.height,
      party_id: partyId,
      created_at: now,
    });
    ids.push(id);
  }
  return ids;
}

/**
 * Runs the owner's transaction; if it fails, the files stored for it are removed, since no
 * row will ever point at them.
 */
export async function withStoredUploads<T>(
  ctx: ServiceContext,
  uploads: readonly StoredUpload[],
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await deleteFiles(ctx.storage, keysOf(uploads));
    throw error;
  }
}

/**
 * Deletes, inside a transaction, those of `photoIds` that nothing links to any more (a demo
 * picture may serve several posts and events); returns their keys for `deleteStoredFiles`.
 * Call it after the owner's links are gone.
 */
export async function deleteUnlinkedPhotos(
  ctx: ServiceContext,
  trx: Transaction<Database>,
  photoIds: readonly number[],
): Promise<string[]> {
  if (photoIds.length === 0) return [];
  if (ctx.engine === 'postgres') {
    // Two transactions unlinking one shared photo would each still see the other's link under
    // READ COMMITTED and both keep it. Locking the photo first makes the second wait, and its
    // next statement (a new snapshot) sees the first one's change.
    await lockPhotoRows(trx, photoIds);
  }
  const ids = await unlinkedPhotoIds(trx, photoIds);
  const keys = await photoKeysOf(trx, ids);
  await deletePhotoRows(trx, ids);
  return keys;
}

/** After the commit: the files of deleted photo rows. */
export function deleteStoredFiles(ctx: ServiceContext, keys: readonly string[]): Promise<void> {
  return deleteFiles(ctx.storage, keys);
}

// ---- One owner's photo form ----------------------------------------------------------------

type Db = Kysely<Database> | Transaction<Database>;

/** How one kind of owner (a post, an event) links its photos, in order. */
export interface PhotoLinks {
  /** The photo ids linked to the owner now. */
  linked(db: Db, ownerId: number): Promise<number[]>;
  /** Replaces the owner's links with these photos, in this order. */
  replace(trx: Transaction<Database>, ownerId: number, photoIds: readonly number[]): Promise<void>;
  /** The field error for a kept id that is not one of the owner's photos. */
  notOwnPhoto(photoId: number): string;
}

/**
 * The saved photos a form keeps (sent as `{id}` only), in order, each once; an id that is not
 * one of `current` adds a field error under `photos`. A new owner has no current photos.
 */
export function keptPhotoIds(
  photos: readonly PhotoAttributes[],
  current: ReadonlySet<number>,
  links: PhotoLinks,
  errors: FieldErrors,
): number[] {
  const ids: number[] = [];
  for (const photo of photos) {
    if (photo.id === undefined) continue;
    if (!current.has(photo.id)) {
      (errors.photos ??= []).push(links.notOwnPhoto(photo.id));
    } else if (!ids.includes(photo.id)) ids.push(photo.id);
  }
  return ids;
}

/**
 * Inside the owner's transaction: links the kept and the new photos in the order the form sent
 * them and deletes the rows of photos nothing uses any more; returns their files' keys for
 * `deleteStoredFiles` after the commit. The kept ids are checked again here, because a
 * concurrent edit may have removed one since the form was checked.
 */
export async function savePhotoForm(
  ctx: ServiceContext,
  trx: Transaction<Database>,
  links: PhotoLinks,
  form: { ownerId: number; photos: readonly PhotoAttributes[]; partyId: number; now: number },
  uploads: readonly StoredUpload[],
): Promise<string[]> {
  const linked = await links.linked(trx, form.ownerId);
  const stillLinked: FieldErrors = {};
  keptPhotoIds(form.photos, new Set(linked), links, stillLinked);
  if (Object.keys(stillLinked).length > 0) throw new ValidationError(stillLinked);
  const newIds = await insertPhotoRows(trx, uploads, form.partyId, form.now);
  const order: number[] = [];
  for (const photo of form.photos) {
    const photoId = photo.id ?? newIds.shift();
    if (photoId !== undefined && !order.includes(photoId)) order.push(photoId);
  }
  await links.replace(trx, form.ownerId, order);
  return deleteUnlinkedPhotos(
    ctx,
    trx,
    linked.filter((photoId) => !order.includes(photoId)),
  );
}
