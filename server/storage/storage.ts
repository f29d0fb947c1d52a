/**
 * Where photos and avatars live. The embedded default is a folder under DATA_DIR
 * (local-storage.ts); an S3-compatible bucket (s3-storage.ts) is the other implementation, for
 * several nodes (index.ts picks one). Objects are written once under unguessable keys and never changed, so
 * they can be cached for a year.
 */
import type { Readable } from 'node:stream';

/** Content types the store holds, by the key's extension; a key's extension decides its type. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = Object.freeze({
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
});

/** Objects never change under a key, so whoever serves or caches them may keep them for good. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface StoredObject {
  readonly body: Readable;
  /** Bytes. */
  readonly size: number;
  readonly contentType: string;
}

export interface Storage {
  /** Stores bytes under the key, replacing what was there; readers never see a partial object. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The whole object, or null when the key is unknown or malformed. */
  get(key: string): Promise<Buffer | null>;
  /** The object as a stream with its size and type, or null when unknown or malformed. */
  stream(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The public path the object is served at: `/media/<key>`. */
  url(key: string): string;
  /**
   * Asked once at start: throws StorageUnavailableError, naming the setting to fix, when the
   * store cannot be reached or used.
   */
  check(): Promise<void>;
  /** Lets go of connections; the app calls it when it closes. */
  close(): void;
}

export class StorageUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageUnavailableError';
  }
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/**
 * Keys are lowercase (case-insensitive file systems cannot mix them up), `/`-separated folders of
 * letters, digits, `_` and `-`, and a file name with one of the known extensions. No `.` or `..`
 * segment, no leading `/`, no backslash, nothing a file system or URL could read twice.
 */
const KEY_PATTERN =
  /^(?:[a-z0-9][a-z0-9_-]{0,63}\/){0,4}[a-z0-9][a-z0-9_-]{0,127}\.(?:jpg|jpeg|png|gif)$/;

export function isValidStorageKey(key: string): boolean {
  return key.length <= 400 && KEY_PATTERN.test(key);
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}

/** The content type a key is served with; the key must be valid. */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  const type = CONTENT_TYPES[extension];
  if (!type) throw new InvalidStorageKeyError(key);
  return type;
}

export const MEDIA_PREFIX = '/media';

export function mediaPath(key: string): string {
  return `${MEDIA_PREFIX}/${key}`;
}
