/**
 * Storage adapters (docs/architecture.md §1, docs/decisions.md D75): a folder under DATA_DIR by
 * default, an S3-compatible bucket when S3_BUCKET is set (server/config.ts has refused a partial
 * S3_* set by then, so the bucket always comes with both keys).
 *
 * The bucket (s3-storage.ts):
 * - `put` is a PutObject with the key as given, `Content-Type` set and
 *   `Cache-Control: public, max-age=31536000, immutable` (objects never change under a key);
 *   S3 writes are atomic already.
 * - `get`/`stream` are GetObject (a NoSuchKey is null; `stream` hands on the response body as it
 *   arrives), `exists` a HeadObject, `delete` a DeleteObject (idempotent), `check` a HeadBucket
 *   at start, whose failure names the setting to fix.
 * - `url` stays `/media/<key>`: the /media route reads from the bucket, so the bucket can stay
 *   private and every URL the API hands out keeps working when the adapter changes. A CDN in front
 *   of /media caches by the same headers.
 * Keys are validated by `assertValidStorageKey` before any call, the same as the local adapter;
 * storage-contract.ts holds both adapters to the same behaviour.
 */
import path from 'node:path';
import type { AppConfig } from '../config.ts';
import type { Engine } from '../db/database.ts';
import { createLocalStorage } from './local-storage.ts';
import { DEFAULT_S3_REGION, createS3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

type StorageConfig = Pick<
  AppConfig,
  | 'DATA_DIR'
  | 'S3_ENDPOINT'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
>;

export function createStorage(config: StorageConfig): Storage {
  const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY) {
    return createS3Storage({
      endpoint: config.S3_ENDPOINT,
      bucket: S3_BUCKET,
      region: config.S3_REGION ?? DEFAULT_S3_REGION,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
    });
  }
  return createLocalStorage(path.join(config.DATA_DIR, 'media'));
}

/**
 * Said once at start when PostgreSQL suggests several nodes but photos stay on this machine: a
 * second node would answer 404 for every photo uploaded here.
 */
export function sharedStorageWarning(
  config: Pick<AppConfig, 'S3_BUCKET' | 'DATA_DIR'>,
  engine: Engine,
): string | null {
  if (engine !== 'postgres' || config.S3_BUCKET !== undefined) return null;
  return (
    `Photos and avatars are stored in ${path.join(config.DATA_DIR, 'media')} on this machine. ` +
    'That is fine for one node; a second node on the same database would not see them (its ' +
    '/media answers 404). To run several nodes, set S3_BUCKET, S3_ACCESS_KEY_ID and ' +
    'S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for a server other than Amazon S3) so every node ' +
    'shares one bucket.'
  );
}

export { createLocalStorage } from './local-storage.ts';
export { createS3Storage } from './s3-storage.ts';
export * from './storage.ts';
