import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  MEDIA_CACHE_CONTROL,
  StorageUnavailableError,
  assertValidStorageKey,
  contentTypeOfKey,
  isValidStorageKey,
  mediaPath,
} from './storage.ts';
import type { Storage, StoredObject } from './storage.ts';

export interface S3Settings {
  /** Unset: Amazon S3 itself, found from the region. */
  readonly endpoint?: string | undefined;
  readonly bucket: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
}

/**
 * Read at start to see that the bucket is there and the key may read it. No storage key can take
 * it (it has no extension), so the answer is always "no such key" when all is well.
 */
const CHECK_KEY = 'lodgehall-start-check';

/** The region when S3_REGION is unset: what AWS calls its default and what MinIO and others expect. */
export const DEFAULT_S3_REGION = 'us-east-1';

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

function isMissingObject(error: unknown): boolean {
  // GetObject says NoSuchKey; a HEAD has no body, so the SDK names its 404 NotFound. A missing
  // bucket (NoSuchBucket) is not a missing object: it stays an error.
  return error instanceof S3ServiceException && ['NoSuchKey', 'NotFound'].includes(error.name);
}

/**
 * Photos and avatars in an S3-compatible bucket (docs/decisions.md D75), so every node serves what
 * any node stored. Path-style addresses and checksums only when an operation requires them: that
 * is what MinIO, Garage, Ceph and the other S3-compatible servers accept alike.
 */
export function createS3Storage(settings: S3Settings): Storage {
  const { bucket } = settings;
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An endpoint that drops packets fails the start in seconds instead of hanging it.
    requestHandler: { connectionTimeout: 5_000 },
  });
  const where = settings.endpoint ?? `Amazon S3 (${settings.region})`;

  async function getObject(key: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  return {
    async put(key, bytes, contentType) {
      assertValidStorageKey(key);
      if (contentTypeOfKey(key) !== contentType) {
        throw new Error(`content type ${contentType} does not match the key ${key}`);
      }
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: contentType,
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
    },

    async get(key) {
      if (!isValidStorageKey(key)) return null;
      const object = await getObject(key);
      if (!object?.Body) return null;
      const bytes = await object.Body.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },

    async stream(key): Promise<StoredObject | null> {
      if (!isValidStorageKey(key)) return null;
      const object = await getObject(key);
      if (!object?.Body) return null;
      // In Node the body is the response's own IncomingMessage: bytes flow as they are read.
      const body = object.Body as Readable;
      if (!(body instanceof Readable) || object.ContentLength === undefined) {
        body.destroy?.();
        throw new Error(`${where} answered ${key} without a length`);
      }
      return { body, size: object.ContentLength, contentType: contentTypeOfKey(key) };
    },

    async exists(key) {
      if (!isValidStorageKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissingObject(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      assertValidStorageKey(key);
      // S3 answers 204 for a key it does not hold, so deleting twice is fine.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    url: mediaPath,

    async check() {
      // A read of an object rather than HeadBucket: it asks what get and exists will ask (a
      // missing key must be a 404, which needs the bucket's list permission), its error body
      // tells a missing bucket from a missing key, and bucket-level requests are where
      // S3-compatible servers differ most (s3rver signs them differently).
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: CHECK_KEY }));
        (object.Body as Readable | undefined)?.destroy();
      } catch (error) {
        if (error instanceof S3ServiceException && error.name === 'NoSuchKey') return;
        throw new StorageUnavailableError(describeBucketFailure(error, bucket, where));
      }
    },

    close() {
      client.destroy();
    },
  };
}

/** Names the setting an operator should look at, from how the start's read failed. */
function describeBucketFailure(error: unknown, bucket: string, where: string): string {
  const status = statusOf(error);
  const reason = error instanceof Error ? error.message || error.name : String(error);
  if (error instanceof S3ServiceException && error.name === 'NoSuchBucket') {
    return `the bucket "${bucket}" does not exist at ${where}. Check S3_BUCKET, or create the bucket.`;
  }
  switch (status) {
    case undefined:
      return `cannot reach the S3 endpoint ${where}: ${reason}. Check S3_ENDPOINT.`;
    case 401:
    case 403:
      return `${where} refused access to the bucket "${bucket}" (${status}: ${reason}). Check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, and that the key may list, read, write and delete in the bucket.`;
    case 301:
    case 400:
      return `${where} refused the bucket "${bucket}" (${status}), often a region that is not the bucket's. Check S3_REGION and S3_BUCKET.`;
    default:
      return `${where} answered ${status} for the bucket "${bucket}": ${reason}. Check S3_ENDPOINT and S3_BUCKET.`;
  }
}
