import { spawn } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './test/test-database.ts';
import type { TestDatabase } from './test/test-database.ts';

const MAIN = path.resolve('server/main.ts');
const TSX = path.resolve('node_modules/.bin/tsx');

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts `server/main.ts` as a real process; `whenReady` runs once /readyz answers, then SIGTERM. */
function runServer(
  env: Record<string, string>,
  whenReady?: (baseUrl: string) => Promise<void>,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [MAIN], {
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let polling = false;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (whenReady && !polling && output.includes('Lodgehall is running at')) {
        polling = true;
        whenReady(`http://127.0.0.1:${env.PORT}`)
          .then(() => child.kill('SIGTERM'))
          .catch((error: unknown) => {
            child.kill('SIGKILL');
            reject(error instanceof Error ? error : new Error(String(error)));
          });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output });
    });
  });
}

describe('starting the server (server/main.ts)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    // The child process owns the database while it runs.
    await database.handle.close();
  });

  afterAll(async () => {
    await database.drop().catch(() => undefined);
  });

  it('stops with a message naming a bad setting and what it expects', async () => {
    const run = await runServer({ ...database.env, PORT: 'eighty' });
    expect(run.code).toBe(1);
    expect(run.output).toContain('PORT="eighty": expected a port number');
  });

  it('stops with a clear message when the database cannot be reached', async () => {
    const port = await freePort();
    const run = await runServer({
      DATA_DIR: database.dataDir,
      DATABASE_URL: `postgres://nobody:secret@127.0.0.1:${port}/lodgehall`,
      PORT: String(await freePort()),
    });
    expect(run.code).toBe(1);
    expect(run.output).toContain('cannot be reached');
    expect(run.output).toContain('DATABASE_URL');
    expect(run.output).not.toContain('secret');
  });

  it('migrates, serves, stops cleanly on SIGTERM, and keeps its data for the next start', async () => {
    const env = { ...database.env, SEED_DEMO: 'false', PORT: String(await freePort()) };
    const first = await runServer(env, async (baseUrl) => {
      const ready = await fetch(`${baseUrl}/readyz`);
      expect(ready.status).toBe(200);
    });
    expect(first.code, first.output).toBe(0);

    const reopened = await createTestDatabaseAt(database);
    await reopened.db
      .insertInto('organizations')
      .values({
        name: 'Kept Lodge',
        member_number_min_length: null,
        member_number_max_length: null,
        is_recognized: 1,
      })
      .execute();
    await reopened.close();

    const second = await runServer(env, async (baseUrl) => {
      const response = await fetch(`${baseUrl}/api/private/mobile/v1/organizations.json`);
      const body = (await response.json()) as { data: { organizations: { name: string }[] } };
      expect(body.data.organizations.map((o) => o.name)).toContain('Kept Lodge');
    });
    expect(second.code, second.output).toBe(0);
  });
});

async function createTestDatabaseAt(database: TestDatabase) {
  const { openDatabase } = await import('./db/database.ts');
  return openDatabase({ url: database.env.DATABASE_URL, dataDir: database.dataDir });
}
