import {
  IMAGE_EXTENSIONS,
  IMAGE_MIME_TYPES,
  MAX_UPLOAD_REQUEST_BYTES,
} from '../../../common/constants.ts';
import { FILE_NOT_READABLE } from '../../../common/messages.ts';
import { imageFileTypeInvalid } from '../../../common/messages.ts';
import type { PhotoAttributes } from '../../../common/schemas/post.ts';

/**
 * Photos of a form (posts, events; POST-12, POST-18, EVF-02, VAL-01, VAL-03, AMB-18): which
 * picked files are accepted, how a new one is read for sending, and what `photos_attributes`
 * the form sends.
 */

/** A photo already saved with the post or event: sent back as `{id}` only (POST-18). */
export interface SavedFormPhoto {
  kind: 'saved';
  id: number;
  previewUrl: string;
}

/** A photo picked in this visit: sent with its bytes as base64. */
export interface NewFormPhoto {
  kind: 'new';
  guid: string;
  fileName: string;
  contentType: string;
  base64: string;
  /** A blob: URL for the preview; revoked when the photo leaves the form. */
  previewUrl: string;
}

export type FormPhoto = SavedFormPhoto | NewFormPhoto;

const EXTENSION_TYPES: Readonly<Record<(typeof IMAGE_EXTENSIONS)[number], string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * AMB-18: accepted when the extension (any case) is jpg, jpeg, png or gif and, when the browser
 * reports a MIME type, that is an image type of the same family. The server reads the real type
 * from the bytes; this check only spares the member a wasted upload.
 */
export function isAcceptedImage(file: { name: string; type: string }): boolean {
  const extension = extensionOf(file.name);
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return false;
  const mime = file.type.trim().toLowerCase();
  return mime === '' || (IMAGE_MIME_TYPES as readonly string[]).includes(mime);
}

/** The content type to send: the browser's when it gave one, else the extension's. */
export function imageContentType(file: { name: string; type: string }): string {
  const mime = file.type.trim().toLowerCase();
  if (mime !== '') return mime === 'image/jpg' || mime === 'image/pjpeg' ? 'image/jpeg' : mime;
  return EXTENSION_TYPES[extensionOf(file.name) as keyof typeof EXTENSION_TYPES] ?? '';
}

/** Splits picked files into accepted ones and VAL-03 messages, one per rejected file. */
export function sortPickedFiles<T extends { name: string; type: string }>(
  files: readonly T[],
): { accepted: T[]; rejections: string[] } {
  const accepted: T[] = [];
  const rejections: string[] = [];
  for (const file of files) {
    if (isAcceptedImage(file)) accepted.push(file);
    else rejections.push(imageFileTypeInvalid(file.name));
  }
  return { accepted, rejections };
}

/** A random id for a new photo; works without crypto.randomUUID (plain-HTTP installs). */
export function newPhotoGuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The file's bytes as plain base64 (no `data:` prefix), as `image_base64` carries them. */
export function readFileAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = typeof reader.result === 'string' ? reader.result : '';
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error(FILE_NOT_READABLE));
    reader.readAsDataURL(file);
  });
}

/** POST-17, POST-18: saved photos as `{id}` only, new ones with their bytes. */
export function photosAttributes(photos: readonly FormPhoto[]): PhotoAttributes[] {
  return photos.map((photo) =>
    photo.kind === 'saved'
      ? { id: photo.id }
      : {
          guid: photo.guid,
          image_file_name: photo.fileName,
          image_content_type: photo.contentType,
          image_base64: photo.base64,
        },
  );
}

/** Server field names that belong under a form's Photos field (the last key of the path). */
const PHOTO_ERROR_KEYS: ReadonlySet<string> = new Set([
  'photos',
  'photos_attributes',
  'id',
  'guid',
  'image_file_name',
  'image_content_type',
  'image_base64',
]);

export function isPhotoErrorKey(serverName: string): boolean {
  return PHOTO_ERROR_KEYS.has(serverName);
}

/**
 * True when the new photos and the rest of the body (`otherLength` characters) would come near
 * the server's request limit: the form says so instead of sending a request that must fail.
 */
export function photosTooLarge(photos: readonly FormPhoto[], otherLength: number): boolean {
  const photoBytes = photos.reduce(
    (sum, photo) => sum + (photo.kind === 'new' ? photo.base64.length : 0),
    0,
  );
  return photoBytes + otherLength > MAX_UPLOAD_REQUEST_BYTES * 0.95;
}
