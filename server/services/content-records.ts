/**
 * One core for content records (D57): what a post and a calendar event share, written once.
 * A record has a rich-text body, a comment container, photos in mosaic order and notices that
 * point at it; it is created with all of them, edited with its photo form, and deleted with
 * all of them in one transaction. A kind of record is a `ContentKind` (its tables, its
 * notices' type, its field names); posts.ts and calendar-event-records.ts are two
 * configurations, and the next record type (a recurring meeting, a club document) is a third.
 *
 * The use cases stay in those services: they take the actor, ask their policies and build
 * their own row; the functions here run the shared steps around that row and check nothing.
 */
import type { Transaction } from 'kysely';
import type { PhotoAttributes } from '../../common/schemas/post.ts';
import { FIELD_BLANK } from '../../common/messages.ts';
import {
  deleteBody,
  deleteCommentContainer,
  deleteRecordRow,
  insertBody,
  insertCommentContainer,
  linkedPhotoIds,
  replacePhotoLinks,
  updateBody,
  type ContentTables,
} from '../db/content.ts';
import type { Database } from '../db/schema.ts';
import { ValidationError, type FieldErrors } from '../errors.ts';
import { publishAll, type BusEvent } from '../realtime/bus.ts';
import type { ServiceContext } from './context.ts';
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
} from './unguarded/photos.ts';
import { cleanRichText, shortBody } from './rich-text.ts';
import { removeOwnerNotices, type CommentOwnerType } from './unguarded/notices.ts';

/** One kind of content record. */
export interface ContentKind {
  /** What notices about it, and about its comments, name as their (parent) noticeable type. */
  readonly type: CommentOwnerType;
  readonly tables: ContentTables;
  /** The form's field the body comes in (its blank error goes there). */
  readonly bodyField: 'new_body' | 'new_description';
  /** The field error for a kept photo id that is not one of the record's photos. */
  notOwnPhoto(photoId: number): string;
}

/** What a record's shared rows are, once it exists. */
export interface ContentRefs {
  readonly bodyId: number;
  readonly containerId: number;
}

export function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** A form's field errors, all at once, as one 422. */
export function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** The record's photos in mosaic order, as the photo form needs them. */
function photoLinks(kind: ContentKind): PhotoLinks {
  return {
    linked: (db, ownerId) => linkedPhotoIds(db, kind.tables, ownerId),
    replace: (trx, ownerId, photoIds) => replacePhotoLinks(trx, kind.tables, ownerId, photoIds),
    notOwnPhoto: kind.notOwnPhoto,
  };
}

/**
 * The body cleaned (the rich-text allow-list) with its short text; a body with no text left
 * after cleaning is blank under the kind's field (VAL: body non-empty).
 */
export function cleanBody(
  kind: ContentKind,
  html: string,
  errors: FieldErrors,
): { body: string; short: string } {
  const body = cleanRichText(html);
  const short = shortBody(body);
  if (short === '') addError(errors, kind.bodyField, FIELD_BLANK);
  return { body, short };
}

/**
 * Checks a photo form before anything is stored: each kept id must be one of the record's
 * photos now (a new record has none). Errors go under `photos`.
 */
export async function checkPhotoForm(
  ctx: ServiceContext,
  kind: ContentKind,
  ownerId: number | null,
  photos: readonly PhotoAttributes[] | undefined,
  errors: FieldErrors,
): Promise<void> {
  if (photos === undefined) return;
  const current = ownerId === null ? [] : await linkedPhotoIds(ctx.db, kind.tables, ownerId);
  keptPhotoIds(photos, new Set(current), photoLinks(kind), errors);
}

/**
 * Creates a record: its body, its comment container, the row `insertRow` writes with them, and
 * its photos, in one transaction. The form's new images are processed first (the slow part,
 * so only a form that is otherwise right gets them) and their files removed again if the
 * transaction fails. Answers the new record's id.
 */
export async function createContentRecord(
  ctx: ServiceContext,
  kind: ContentKind,
  record: { partyId: number; body: string; photos: readonly PhotoAttributes[]; now: number },
  insertRow: (trx: Transaction<Database>, refs: ContentRefs) => Promise<number>,
): Promise<number> {
  const uploads = await storeUploads(ctx, newUploads(record.photos));
  return withStoredUploads(ctx, uploads, () =>
    ctx.db.transaction().execute(async (trx) => {
      const bodyId = await insertBody(trx, kind.tables, record.body);
      const containerId = await insertCommentContainer(trx, record.now);
      const id = await insertRow(trx, { bodyId, containerId });
      const photoIds = await insertPhotoRows(trx, uploads, record.partyId, record.now);
      await replacePhotoLinks(trx, kind.tables, id, photoIds);
      return id;
    }),
  );
}

/**
 * Edits a record in one transaction: `updateRow` writes the record's own row (and answers its
 * body's id), then the body when one was sent, then the photo form when one was sent (kept
 * photos checked again against what is stored now). Files of photos nothing uses any more are
 * removed after the commit.
 */
export async function updateContentRecord(
  ctx: ServiceContext,
  kind: ContentKind,
  edit: {
    id: number;
    partyId: number;
    body: string | undefined;
    photos: readonly PhotoAttributes[] | undefined;
    now: number;
  },
  updateRow: (trx: Transaction<Database>) => Promise<{ bodyId: number }>,
): Promise<void> {
  const { photos } = edit;
  const uploads = photos === undefined ? [] : await storeUploads(ctx, newUploads(photos));
  const removedFiles = await withStoredUploads(ctx, uploads, () =>
    ctx.db.transaction().execute(async (trx) => {
      const { bodyId } = await updateRow(trx);
      if (edit.body !== undefined) await updateBody(trx, kind.tables, bodyId, edit.body);
      if (photos === undefined) return [];
      return savePhotoForm(
        ctx,
        trx,
        photoLinks(kind),
        { ownerId: edit.id, photos, partyId: edit.partyId, now: edit.now },
        uploads,
      );
    }),
  );
  await deleteStoredFiles(ctx, removedFiles);
}

/**
 * Deletes a record with its body, comments, photo links and notices, at once. `lock` runs
 * first inside the transaction: it takes what locks the kind needs, checks its rule again
 * against what is stored now (throwing to refuse) and answers the shared rows. Members whose
 * unread notices went get fresh badges (D43); photo files nothing uses any more are removed
 * after the commit.
 */
export async function deleteContentRecord(
  ctx: ServiceContext,
  kind: ContentKind,
  id: number,
  lock: (trx: Transaction<Database>) => Promise<ContentRefs>,
  /** Runs last in the transaction, once the record and its notices are gone (D81). */
  afterDelete?: (trx: Transaction<Database>) => Promise<BusEvent | null>,
): Promise<void> {
  const { removedFiles, noticeEvent, afterEvent } = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const refs = await lock(trx);
      const photoIds = await linkedPhotoIds(trx, kind.tables, id);
      const noticeEvent = await removeOwnerNotices(
        trx,
        { type: kind.type, id, commentContainerId: refs.containerId },
        Date.now(),
      );
      await replacePhotoLinks(trx, kind.tables, id, []);
      await deleteRecordRow(trx, kind.tables, id);
      await deleteBody(trx, kind.tables, refs.bodyId);
      // Comments go with their container (on delete cascade).
      await deleteCommentContainer(trx, refs.containerId);
      const removedFiles = await deleteUnlinkedPhotos(ctx, trx, photoIds);
      return { removedFiles, noticeEvent, afterEvent: afterDelete ? await afterDelete(trx) : null };
    });
  await publishAll(ctx.bus, [noticeEvent, afterEvent]);
  await deleteStoredFiles(ctx, removedFiles);
}
