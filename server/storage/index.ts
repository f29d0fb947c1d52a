/**
 * Storage adapters (docs/architecture.md §1): a folder under DATA_DIR by default.
 *
 * An S3-compatible bucket plugs in as a second `Storage` implementation, chosen here when
 * S3_BUCKET is set (with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY from
 * server/config.ts):
 * - `put` is a PutObject with the key as given, `Content-Type` set and
 *   `Cache-Control: public, max-age=31536000, immutable` (objects never change under a key);
 *   S3 writes are atomic already.
 * - `get`/`stream` are GetObject (a NoSuchKey is null), `exists` a HeadObject, `delete` a
 *   DeleteObject (idempotent).
 * - `url` stays `/media/<key>`: the /media route streams from the bucket, so the bucket can stay
 *   private and every URL the API hands out keeps working when the adapter changes. A CDN in front
 *   of /media caches by the same headers.
 * Keys are validated by `assertValidStorageKey` before any call, the same as the local adapter.
 * It is not built yet; until then the local adapter is used whatever S3_* says.
 */
import path from 'node:path';
import type { AppConfig } from '../config.ts';
import { createLocalStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';

export function createStorage(config: Pick<AppConfig, 'DATA_DIR'>): Storage {
  return createLocalStorage(path.join(config.DATA_DIR, 'media'));
}

export { createLocalStorage } from './local-storage.ts';
export * from './storage.ts';
