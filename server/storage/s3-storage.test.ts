import net from 'node:net';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoImages } from '../db/seed/demo-images.ts';
import { startS3Server } from '../test/s3-server.ts';
import type { TestS3Server } from '../test/s3-server.ts';
import { createStorage } from './index.ts';
import { createS3Storage } from './s3-storage.ts';
import { describeStorageContract } from './storage-contract.ts';
import { MEDIA_CACHE_CONTROL, StorageUnavailableError } from './storage.ts';
import type { Storage } from './storage.ts';

let s3: TestS3Server;
let storage: Storage;
const others: Storage[] = [];

function another(settings: Partial<TestS3Server['settings']> = {}): Storage {
  const made = createS3Storage({ ...s3.settings, ...settings });
  others.push(made);
  return made;
}

/** A port nothing listens on: taken from the system, then let go. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

beforeAll(async () => {
  s3 = await startS3Server();
  storage = createStorage({ DATA_DIR: '/nonexistent', ...envAsConfig(s3.env) });
});

afterAll(async () => {
  storage?.close();
  for (const made of others) made.close();
  await s3?.stop();
});

function envAsConfig(env: Record<string, string>) {
  return {
    S3_ENDPOINT: env.S3_ENDPOINT,
    S3_BUCKET: env.S3_BUCKET,
    S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY,
  };
}

describeStorageContract('an S3-compatible bucket (s3rver)', () => ({
  storage,
  requests: () => s3.requests(),
}));

describe('S3 storage', () => {
  it('stores with the content type and the year-long immutable caching /media serves', async () => {
    await storage.put('photos/headers.png', Buffer.from('png'), 'image/png');
    const client = new S3Client({
      endpoint: s3.settings.endpoint,
      region: s3.settings.region,
      forcePathStyle: true,
      credentials: s3.settings,
    });
    try {
      const head = await client.send(
        new HeadObjectCommand({ Bucket: s3.settings.bucket, Key: 'photos/headers.png' }),
      );
      expect(head.ContentType).toBe('image/png');
      expect(head.CacheControl).toBe(MEDIA_CACHE_CONTROL);
      expect(head.ContentLength).toBe(3);
    } finally {
      client.destroy();
    }
  });

  it('stops the start naming S3_BUCKET when the bucket does not exist', async () => {
    const check = another({ bucket: 'no-such-bucket' }).check();
    await expect(check).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(check).rejects.toThrow(/"no-such-bucket" does not exist.*Check S3_BUCKET/);
  });

  it('does not take a missing bucket for a missing object', async () => {
    const lost = another({ bucket: 'no-such-bucket' });
    await expect(lost.get('photos/x.jpg')).rejects.toThrow(/bucket does not exist/);
    await expect(lost.stream('photos/x.jpg')).rejects.toThrow(/bucket does not exist/);
  });

  it('stops the start naming the keys when they are refused', async () => {
    const check = another({ accessKeyId: 'NOT-A-KEY' }).check();
    await expect(check).rejects.toThrow(
      /refused access.*Check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });

  it('stops the start naming S3_ENDPOINT when nothing answers there', async () => {
    const port = await closedPort();
    const check = another({ endpoint: `http://127.0.0.1:${port}` }).check();
    await expect(check).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(check).rejects.toThrow(/cannot reach the S3 endpoint .*Check S3_ENDPOINT/);
  });

  it('puts the demo images in the bucket once, however many nodes start', async () => {
    const keys = ['demo/avatar-1-medium.jpg', 'demo/club-2-medium.png', 'demo/map-1.png'];
    const first = another();
    const second = another();
    expect(await ensureDemoImages(first, keys)).toBe(keys.length);
    const before = s3.requests();
    expect(await ensureDemoImages(second, keys)).toBe(0);
    // The second node only asked whether each one is there.
    expect(s3.requests() - before).toBe(keys.length);
    for (const key of keys) expect(await second.exists(key), key).toBe(true);
  }, 60_000);
});
