import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportPublicKey } from './auth/signatures.ts';
import { holdAdvisoryLock, runUnlessLocked } from './db/advisory-locks.ts';
import { openDatabase } from './db/database.ts';
import type { DatabaseHandle } from './db/database.ts';
import { DEMO_ORGANIZATION_NAME, PERSONAS } from './db/seed/index.ts';
import { createAdmin } from './services/unguarded/admin.ts';
import { startTestServer } from './test/api-harness.ts';
import type { TestServer } from './test/api-harness.ts';
import { signInAs } from './test/member-client.ts';
import { createTestDatabase, testEngine } from './test/test-database.ts';
import type { TestDatabase } from './test/test-database.ts';
import { startThrowawayPostgres } from './test/throwaway-postgres.ts';
import type { ThrowawayPostgres } from './test/throwaway-postgres.ts';

// Issue 24: several nodes on one PostgreSQL start safely, take turns at their periodic jobs,
// and answer 503 with Retry-After while the database is gone (D76).

const MAIN = path.resolve('server/main.ts');
const USERNAME = 'outage-admin';
const PASSWORD = 'a long enough password, 24';

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

/** A door: one side opens it, the other waits until it is open. */
function gate(): { open(): void; opened: Promise<void> } {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

interface Node {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  output: string;
}

function startNode(env: Record<string, string>, port: number): Node {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: os.tmpdir(),
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const node: Node = { child, baseUrl: `http://127.0.0.1:${port}`, output: '' };
  child.stdout?.on('data', (chunk: Buffer) => (node.output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (node.output += chunk.toString()));
  return node;
}

async function stopNode(node: Node): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return;
  const exited = new Promise((resolve) => node.child.once('exit', resolve));
  node.child.kill('SIGTERM');
  const force = setTimeout(() => node.child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(force);
}

async function readyStatus(baseUrl: string): Promise<number> {
  return fetch(`${baseUrl}/readyz`).then(
    (response) => response.status,
    () => 0,
  );
}

if (testEngine() === 'postgres') {
  describe('three nodes started together on an empty PostgreSQL database', () => {
    let database: TestDatabase;
    const nodes: Node[] = [];

    beforeAll(async () => {
      database = await createTestDatabase({ migrate: false });
    });

    afterAll(async () => {
      await Promise.all(nodes.map(stopNode));
      await database.drop();
    });

    it('all come up, and exactly one of them adds the demo data', async () => {
      // One media folder for the three, as a shared volume would be: its demo images are drawn once.
      const env = {
        DATABASE_URL: database.env.DATABASE_URL ?? '',
        DATA_DIR: database.dataDir,
        SEED_DEMO: 'true',
      };
      const ports = await Promise.all([freePort(), freePort(), freePort()]);
      for (const port of ports) nodes.push(startNode(env, port));

      // A node that exits has failed for good: no use waiting for it to be ready.
      const exits = nodes.map(
        (node) =>
          new Promise<never>((_resolve, reject) =>
            node.child.once('exit', (code) =>
              reject(new Error(`a node exited (${code}):\n${node.output}`)),
            ),
          ),
      );
      await Promise.race([
        ...exits,
        vi.waitFor(
          async () => {
            for (const node of nodes) expect(await readyStatus(node.baseUrl)).toBe(200);
          },
          { timeout: 100_000, interval: 250 },
        ),
      ]);

      const seeders = nodes.filter((node) => node.output.includes('adding demo data'));
      expect(seeders).toHaveLength(1);
      const db = database.handle.db;
      const organizations = await db
        .selectFrom('organizations')
        .where('name', '=', DEMO_ORGANIZATION_NAME)
        .select('id')
        .execute();
      expect(organizations).toHaveLength(1);
      const usernames = Object.values(PERSONAS).map((persona) => persona.username);
      const users = await db
        .selectFrom('users')
        .where('username', 'in', usernames)
        .select('username')
        .execute();
      expect(users.map((user) => user.username).sort()).toEqual([...usernames].sort());
      // Each node prints the demo guide, as a node that seeded does.
      for (const node of nodes) {
        await vi.waitFor(() => expect(node.output).toContain('Sign in with one of the demo'));
      }
    }, 120_000);
  });
}

describe('periodic jobs, once at a time across nodes', () => {
  let database: TestDatabase;
  let other: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    // A second node's own connections to the same database.
    other = await openDatabase({
      url: database.env.DATABASE_URL,
      dataDir: database.dataDir,
    });
  });

  afterAll(async () => {
    await other.close();
    await database.drop();
  });

  if (testEngine() === 'postgres') {
    it('a sweep started while another node sweeps is skipped', async () => {
      const firstRunning = gate();
      const secondAsked = gate();
      const runs: string[] = [];
      const first = runUnlessLocked(database.handle.db, 'sweep', async () => {
        runs.push('first');
        firstRunning.open();
        await secondAsked.opened;
      });
      await firstRunning.opened;
      const second = await runUnlessLocked(other.db, 'sweep', async () => {
        runs.push('second');
      });
      secondAsked.open();
      expect(await first).toBe(true);
      expect(second).toBe(false);
      expect(runs).toEqual(['first']);
      // Once the first has finished, the next minute's sweep runs wherever it is asked.
      expect(await runUnlessLocked(other.db, 'sweep', async () => undefined)).toBe(true);
    });

    it("a node's sweep of the same minute skips when the first has finished but holds on", async () => {
      const closing = new AbortController();
      const firstDone = gate();
      const first = runUnlessLocked(database.handle.db, 'sweep', async () => firstDone.open(), {
        holdMs: 600_000,
        signal: closing.signal,
      });
      await firstDone.opened;
      expect(await runUnlessLocked(other.db, 'sweep', async () => undefined)).toBe(false);
      // Closing ends the hold at once, and the lock is free for the next minute's sweep.
      closing.abort();
      expect(await first).toBe(true);
      expect(await runUnlessLocked(other.db, 'sweep', async () => undefined)).toBe(true);
    });

    it('a start waits for the node that is migrating and seeding', async () => {
      const order: string[] = [];
      const held = await holdAdvisoryLock(database.handle.db, 'start');
      const waiting = holdAdvisoryLock(other.db, 'start').then((lock) => {
        order.push('second node holds it');
        return lock;
      });
      // The waiting node's session is blocked in pg_advisory_lock until the first lets go.
      await vi.waitFor(async () => {
        const { rows } = await sql<{ waiting: number }>`
          select count(*)::int as waiting from pg_locks
          where locktype = 'advisory' and not granted
            and database = (select oid from pg_database where datname = current_database())`.execute(
          database.handle.db,
        );
        expect(rows[0]?.waiting).toBe(1);
      });
      order.push('first node lets go');
      await held.release();
      await (await waiting).release();
      expect(order).toEqual(['first node lets go', 'second node holds it']);
    });
  } else {
    it('on SQLite the one process runs its jobs directly', async () => {
      const runs: string[] = [];
      const holding = await holdAdvisoryLock(database.handle.db, 'start');
      // Nothing to wait for: no other process shares the file.
      const second = await holdAdvisoryLock(other.db, 'start');
      expect(
        await Promise.all([
          runUnlessLocked(database.handle.db, 'sweep', async () => runs.push('one')),
          runUnlessLocked(other.db, 'sweep', async () => runs.push('two')),
        ]),
      ).toEqual([true, true]);
      expect(runs.sort()).toEqual(['one', 'two']);
      await second.release();
      await holding.release();
    });
  }
});

interface LogLine {
  level: number;
  msg: string;
  outageMs?: number;
}

function logStream(lines: LogLine[]) {
  return { write: (line: string) => lines.push(JSON.parse(line) as LogLine) };
}

if (testEngine() === 'postgres') {
  describe('PostgreSQL stopped and started again under a running node', () => {
    let cluster: ThrowawayPostgres;
    let server: TestServer | undefined;
    const lines: LogLine[] = [];

    beforeAll(async () => {
      cluster = await startThrowawayPostgres();
    }, 60_000);

    afterAll(async () => {
      await server?.close().catch(() => undefined);
      await cluster.stop();
    });

    it('answers 503 with Retry-After while it is gone, logs the outage once, and recovers by itself', async () => {
      server = await startTestServer({
        postgresUrl: cluster.url,
        logger: { level: 'info', stream: logStream(lines) },
      });
      await createAdmin(server.database.handle.db, { username: USERNAME, password: PASSWORD });
      const member = await signInAs(server, USERNAME, PASSWORD);
      expect((await member.request('GET', '/session.json')).status).toBe(200);

      await cluster.halt();
      for (let i = 0; i < 3; i++) {
        const gone = await member.request<{ type: string; status: number }>('GET', '/session.json');
        expect(gone.status, gone.text).toBe(503);
        expect(gone.headers.get('retry-after')).toBe('5');
        expect(gone.headers.get('content-type')).toContain('application/problem+json');
        expect(gone.body.type).toMatch(/\/service-unavailable$/);
        const ready = await server.request('GET', '//readyz');
        expect(ready.status).toBe(503);
        expect(ready.headers.get('retry-after')).toBe('5');
      }
      // Six refused requests, one error line: each part that met the outage (the bus's LISTEN
      // connection too, which logs its own) said so once.
      const errors = lines.filter((line) => line.level >= 50).map((line) => line.msg);
      expect(errors).toContain('the database cannot be reached');
      expect(errors).not.toContain('request failed');
      expect(new Set(errors).size).toBe(errors.length);

      await cluster.resume();
      await vi.waitFor(
        async () => expect((await server?.request('GET', '//readyz'))?.status).toBe(200),
        { timeout: 20_000, interval: 200 },
      );
      expect((await member.request('GET', '/session.json')).status).toBe(200);
      const recovered = lines.filter((line) => line.msg === 'the database is reachable again');
      expect(recovered).toHaveLength(1);
      expect(recovered[0]?.outageMs).toBeGreaterThan(0);
      expect(lines.filter((line) => line.level >= 50)).toHaveLength(errors.length);
    }, 90_000);
  });
} else {
  describe('SQLite held by another process past its busy timeout', () => {
    let server: TestServer;
    let holder: SQLite.Database | undefined;

    beforeAll(async () => {
      server = await startTestServer();
      await createAdmin(server.database.handle.db, { username: USERNAME, password: PASSWORD });
    });

    afterEach(() => {
      holder?.close();
      holder = undefined;
    });

    afterAll(async () => {
      await server.close();
    });

    it('answers 503 with Retry-After, and signs in once the file is let go', async () => {
      holder = new SQLite(path.join(server.database.dataDir, 'lodgehall.sqlite'));
      holder.exec('BEGIN IMMEDIATE');
      const refused = await server.request('POST', '/session.json', {
        body: {
          user: {
            username: USERNAME,
            password: PASSWORD,
            public_key: exportPublicKey(crypto.generateKeyPairSync('ed25519').publicKey),
          },
        },
      });
      expect(refused.status, refused.text).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      holder.exec('ROLLBACK');
      const member = await signInAs(server, USERNAME, PASSWORD);
      expect((await member.request('GET', '/session.json')).status).toBe(200);
    }, 30_000);
  });
}
