import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { PostgresUnavailableError, startThrowawayPostgres } from './throwaway-postgres.ts';
import type { ThrowawayPostgres } from './throwaway-postgres.ts';

// Issue 8 §1: the PostgreSQL tests must start from a checkout in a private folder, as root or not,
// and say in one line why when they cannot.

async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ server_version: string }>('show server_version');
    return result.rows[0]?.server_version ?? '';
  } finally {
    await client.end();
  }
}

describe('throwaway PostgreSQL for the test run', () => {
  const started: ThrowawayPostgres[] = [];
  const originalTmp = process.env.TMPDIR;
  afterEach(async () => {
    if (originalTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = originalTmp;
    await Promise.all(started.splice(0).map((server) => server.stop()));
  });

  it('starts a server that answers, and leaves nothing behind when stopped', async () => {
    const server = await startThrowawayPostgres();
    started.push(server);
    expect(await serverVersion(server.url)).toMatch(/^\d+/);
    const before = fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('lodgehall-pg-'));
    await started.pop()?.stop();
    const after = fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('lodgehall-pg-'));
    expect(after.length).toBe(before.length - 1);
  });

  it('starts when the temporary folder it is given is private (mode 0700)', async () => {
    const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodgehall-private-'));
    fs.chmodSync(privateDir, 0o700);
    process.env.TMPDIR = privateDir;
    try {
      const server = await startThrowawayPostgres();
      started.push(server);
      expect(await serverVersion(server.url)).toMatch(/^\d+/);
    } finally {
      fs.rmSync(privateDir, { recursive: true, force: true });
    }
  });

  it('says in one line what is wrong and how to fix it when the server cannot start', async () => {
    const missing = path.join(os.tmpdir(), 'no-such-postgres', 'bin');
    const error = await startThrowawayPostgres({
      binaries: {
        initdb: path.join(missing, 'initdb'),
        postgres: path.join(missing, 'postgres'),
        source: 'a missing build',
      },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PostgresUnavailableError);
    const message = (error as Error).message;
    expect(message).toMatch(/^PostgreSQL tests cannot start: initdb \(a missing build\) failed/);
    expect(message).toContain('apt-get install -y postgresql');
    expect(message).toContain('TEST_DATABASE_URL');
    expect(message).not.toContain('\n');
    expect((error as Error).stack).toBe(message);
  });

  it('under root, names the missing system user instead of failing inside initdb', async () => {
    const attempt = startThrowawayPostgres({ systemUserName: 'no-such-user-lodgehall' });
    if (process.getuid?.() === 0) {
      await expect(attempt).rejects.toThrow(
        /^PostgreSQL tests cannot start: PostgreSQL will not run as root and this machine has no "no-such-user-lodgehall" user; install Debian's PostgreSQL server/,
      );
    } else {
      // Not root: the server runs as the current user, so the system user is never needed.
      const server = await attempt;
      started.push(server);
      expect(await serverVersion(server.url)).toMatch(/^\d+/);
    }
  });
});
