/**
 * How the start treats storage (D75), in a real `server/main.ts` process: a bucket it cannot use
 * stops it with the setting to fix; PostgreSQL with photos in the local folder starts with a
 * warning for the operator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNodeProcessUntil } from '../test/node-process.ts';
import { startS3Server } from '../test/s3-server.ts';
import type { TestS3Server } from '../test/s3-server.ts';
import { createTestDatabase } from '../test/test-database.ts';
import type { TestDatabase } from '../test/test-database.ts';
import { sharedStorageWarning } from './index.ts';

const WARNING = /a second node on the same database would not see them/;

let database: TestDatabase;
let s3: TestS3Server;

beforeAll(async () => {
  s3 = await startS3Server();
  database = await createTestDatabase({ migrate: false });
  // The child process owns the database while it runs.
  await database.handle.close();
});

afterAll(async () => {
  await database?.drop().catch(() => undefined);
  await s3?.stop();
});

describe('starting with storage settings (D75)', () => {
  it('stops with a message naming S3_BUCKET when the bucket is not there', async () => {
    const run = await runNodeProcessUntil(
      { SEED_DEMO: 'false', ...database.env, ...s3.env, S3_BUCKET: 'no-such-bucket' },
      /Lodgehall is running at/,
    );
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain('Lodgehall cannot start: the bucket "no-such-bucket" does not');
    expect(run.output).toContain('Check S3_BUCKET');
    expect(run.output).not.toContain(s3.env.S3_SECRET_ACCESS_KEY ?? '-');
  }, 120_000);

  it('warns once on PostgreSQL with photos in the local folder, and not on SQLite', async () => {
    const run = await runNodeProcessUntil(
      { SEED_DEMO: 'false', ...database.env },
      /Lodgehall is running at/,
    );
    expect(run.code, run.output).toBe(0);
    const warnings = run.output.match(new RegExp(WARNING, 'g')) ?? [];
    expect(warnings.length, run.output).toBe(database.env.DATABASE_URL ? 1 : 0);
  }, 120_000);

  it('says why and what to set, and says nothing when the photos are in a bucket', () => {
    const local = sharedStorageWarning({ DATA_DIR: '/srv/lodgehall' }, 'postgres');
    expect(local).toMatch(WARNING);
    expect(local).toContain('/srv/lodgehall/media');
    expect(local).toContain('S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
    expect(sharedStorageWarning({ DATA_DIR: '/srv', S3_BUCKET: 'photos' }, 'postgres')).toBeNull();
    expect(sharedStorageWarning({ DATA_DIR: '/srv' }, 'sqlite')).toBeNull();
  });
});
