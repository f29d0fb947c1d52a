import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STREAM_EVENT_BADGES, STREAM_EVENT_CHAT } from '../common/schemas/chat.ts';
import { exportPublicKey } from './auth/signatures.ts';
import { holdAdvisoryLock, runUnlessLocked } from './db/advisory-locks.ts';
import { openDatabase } from './db/database.ts';
import type { DatabaseHandle } from './db/database.ts';
import { DEMO_ORGANIZATION_NAME, PERSONAS } from './db/seed/index.ts';
import { MEMBER, MEMBER2 } from './db/seed/personas.ts';
import { createAdmin } from './services/unguarded/admin.ts';
import { startTestServer } from './test/api-harness.ts';
import type { TestServer } from './test/api-harness.ts';
import { openEventStream } from './test/event-stream-client.ts';
import type { OpenedStream, StreamMessage } from './test/event-stream-client.ts';
import { sameMemberOn, signInAs } from './test/member-client.ts';
import type { MemberClient } from './test/member-client.ts';
import { freePort, readyStatus, startNodeProcess, stopNodeProcess } from './test/node-process.ts';
import type { NodeProcess } from './test/node-process.ts';
import { startS3Server } from './test/s3-server.ts';
import type { TestS3Server } from './test/s3-server.ts';
import { createTestDatabase, testEngine } from './test/test-database.ts';
import type { TestDatabase } from './test/test-database.ts';
import { startThrowawayPostgres } from './test/throwaway-postgres.ts';
import type { ThrowawayPostgres } from './test/throwaway-postgres.ts';

// Issue 24: several nodes on one PostgreSQL start safely, take turns at their periodic jobs,
// and answer 503 with Retry-After while the database is gone (D76).

const USERNAME = 'outage-admin';
const PASSWORD = 'a long enough password, 24';

/** A door: one side opens it, the other waits until it is open. */
function gate(): { open(): void; opened: Promise<void> } {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const isChatMessage = (messageId: number) => (message: StreamMessage) =>
  message.event === STREAM_EVENT_CHAT &&
  (message.data as Record<string, unknown>).chat_message_id === messageId;
const messageIdOf = (message: StreamMessage) =>
  message.event === STREAM_EVENT_CHAT
    ? (message.data as Record<string, unknown>).chat_message_id
    : undefined;

if (testEngine() === 'postgres') {
  // The issue's own test: three processes on one PostgreSQL server and one S3-compatible bucket,
  // started together on an empty database and driven round-robin, as a balancer without sticky
  // sessions would. Each node has a DATA_DIR of its own: what they share is the database and
  // the bucket.
  describe('three nodes on one PostgreSQL and one bucket, started together', () => {
    let cluster: ThrowawayPostgres;
    let s3: TestS3Server;
    let database: TestDatabase;
    const nodes: NodeProcess[] = [];
    const streams: OpenedStream[] = [];
    let m: MemberClient;
    let m2: MemberClient;
    let m2PartyId: number;

    const [A, B, C] = [0, 1, 2].map((index) => () => {
      const node = nodes[index];
      if (!node) throw new Error('the nodes did not start');
      return node;
    }) as [() => NodeProcess, () => NodeProcess, () => NodeProcess];

    beforeAll(async () => {
      [cluster, s3] = await Promise.all([startThrowawayPostgres(), startS3Server()]);
      database = await createTestDatabase({ migrate: false, postgresUrl: cluster.url });
    }, 90_000);

    afterAll(async () => {
      for (const stream of streams) stream.close();
      await Promise.all(nodes.map(stopNodeProcess));
      await database?.drop();
      await s3?.stop();
      await cluster?.stop();
    });

    async function stream(node: NodeProcess, client: MemberClient, lastEventId?: number) {
      const opened = await openEventStream(
        node,
        sameMemberOn(client, node),
        lastEventId === undefined ? {} : { lastEventId },
      );
      streams.push(opened);
      expect(opened.status).toBe(200);
      await opened.waitFor((message) => message.event === STREAM_EVENT_BADGES);
      return opened;
    }

    async function groupWithM2(node: NodeProcess): Promise<number> {
      const made = await sameMemberOn(m, node).request<{ data: { chat: { id: number } } }>(
        'POST',
        '/chats.json',
        { body: { chat: { type: 'GroupChat' } } },
      );
      expect(made.status, made.text).toBe(200);
      return made.body.data.chat.id;
    }

    function addM2(node: NodeProcess, chatId: number) {
      return sameMemberOn(m, node).request('POST', '/party_chats.json', {
        body: { party_chat: { chat_id: chatId, party_id: m2PartyId } },
      });
    }

    async function say(node: NodeProcess, chatId: number, content: string): Promise<number> {
      const sent = await sameMemberOn(m, node).request<{ data: { chat_message: { id: number } } }>(
        'POST',
        `/chats/${chatId}/party_chat_messages.json`,
        { body: { chat_message: { client_id: crypto.randomUUID(), content } } },
      );
      expect(sent.status, sent.text).toBe(201);
      return sent.body.data.chat_message.id;
    }

    function pollOf(node: NodeProcess, client: MemberClient, chatId: number) {
      return sameMemberOn(client, node).request<{
        data: { last_activity_chat_message_id: number | null };
      }>('GET', `/chats/${chatId}/last_activity_chat_message_id`);
    }

    it('all come up, and exactly one of them adds the demo data and its images', async () => {
      const shared = {
        DATABASE_URL: database.env.DATABASE_URL ?? '',
        SEED_DEMO: 'true',
        ...s3.env,
      };
      const ports = await Promise.all([freePort(), freePort(), freePort()]);
      for (const port of ports) {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodgehall-node-'));
        nodes.push(startNodeProcess({ ...shared, DATA_DIR: dataDir }, port));
      }

      // A node that exits has failed for good: no use waiting for it to be ready.
      const exits = nodes.map((node) =>
        node.exited.then(() => {
          throw new Error(`a node exited:\n${node.output()}`);
        }),
      );
      await Promise.race([
        ...exits,
        vi.waitFor(
          async () => {
            for (const node of nodes) expect(await readyStatus(node)).toBe(200);
          },
          { timeout: 100_000, interval: 250 },
        ),
      ]);

      const seeders = nodes.filter((node) => node.output().includes('adding demo data'));
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
        .select(['username', 'party_id'])
        .execute();
      expect(users.map((user) => user.username).sort()).toEqual([...usernames].sort());
      m2PartyId = users.find((user) => user.username === MEMBER2.username)?.party_id ?? 0;
      for (const node of nodes) {
        // Each node prints the demo guide, as a node that seeded does; none warns of local files.
        await vi.waitFor(() => expect(node.output()).toContain('Sign in with one of the demo'));
        expect(node.output()).not.toMatch(/would not see them/);
      }
    }, 120_000);

    it('signs in on one node and serves the session on the others', async () => {
      m = await signInAs(A(), MEMBER.username);
      m2 = await signInAs(B(), MEMBER2.username);
      for (const node of [A(), B(), C()]) {
        expect((await sameMemberOn(m, node).request('GET', '/session.json')).status).toBe(200);
        expect((await sameMemberOn(m2, node).request('GET', '/session.json')).status).toBe(200);
      }
    });

    it("carries 100 messages sent through A to M2's stream on C, each once, and C's poll at once", async () => {
      const chatId = await groupWithM2(A());
      expect((await addM2(A(), chatId)).status).toBe(200);
      const onC = await stream(C(), m2);
      const took: number[] = [];
      const sent: number[] = [];
      for (let i = 0; i < 100; i++) {
        const started = performance.now();
        const messageId = await say(A(), chatId, `Across the nodes, ${i}`);
        await onC.waitFor(isChatMessage(messageId));
        took.push(performance.now() - started);
        sent.push(messageId);
        if (i % 10 === 0) {
          const polled = await pollOf(C(), m2, chatId);
          expect(polled.body.data.last_activity_chat_message_id).toBe(messageId);
        }
      }
      const delivered = onC.messages.map(messageIdOf).filter((id) => id !== undefined);
      expect(delivered).toEqual(sent);
      // Times are reported, not asserted (docs/decisions.md D10): the machine is shared.
      took.sort((a, b) => a - b);
      console.info(
        `send through A to the stream on C: p50 ${took[49]?.toFixed(1)} ms, p99 ${took[98]?.toFixed(1)} ms`,
      );
    }, 60_000);

    it("follows a member added and removed through A in C's poll at once", async () => {
      const chatId = await groupWithM2(A());
      expect((await pollOf(C(), m, chatId)).status).toBe(200);
      expect((await pollOf(C(), m2, chatId)).status).toBe(404);
      expect((await addM2(A(), chatId)).status).toBe(200);
      expect((await pollOf(C(), m2, chatId)).status).toBe(200);
      const left = await sameMemberOn(m2, A()).request('POST', `/chats/${chatId}/leave.json`);
      expect(left.status, left.text).toBe(200);
      expect((await pollOf(C(), m2, chatId)).status).toBe(404);
    });

    it('serves from C a photo uploaded on B', async () => {
      const png = await sharp({
        create: { width: 240, height: 240, channels: 3, background: '#2a5d8f' },
      })
        .png()
        .toBuffer();
      const uploaded = await sameMemberOn(m, B()).request<{
        data: { avatar: { medium_url: string } | null };
      }>('PUT', '/party_avatar', {
        body: {
          party: {
            avatar_file_name: 'me.png',
            avatar_content_type: 'image/png',
            avatar_base64: png.toString('base64'),
          },
        },
      });
      expect(uploaded.status, uploaded.text).toBe(200);
      const url = uploaded.body.data.avatar?.medium_url ?? '';
      const served = async (node: NodeProcess) => {
        const response = await fetch(`${node.baseUrl}${url}`);
        return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
      };
      const [fromB, fromC] = await Promise.all([served(B()), served(C())]);
      expect(fromC.status).toBe(200);
      expect(fromC.bytes.equals(fromB.bytes)).toBe(true);
    });

    it('loses no message and sends none twice when the node holding a stream is killed', async () => {
      const chatId = await groupWithM2(A());
      expect((await addM2(A(), chatId)).status).toBe(200);
      const onC = await stream(C(), m2);
      const sent: number[] = [];
      for (let i = 0; i < 10; i++) {
        sent.push(await say(i % 2 === 0 ? A() : B(), chatId, `Before, ${i}`));
      }
      await onC.waitFor(isChatMessage(sent.at(-1) ?? 0));
      // Killed while the others keep sending.
      const sending = (async () => {
        for (let i = 0; i < 20; i++) {
          sent.push(await say(i % 2 === 0 ? B() : A(), chatId, `During and after, ${i}`));
        }
      })();
      C().child.kill('SIGKILL');
      await C().exited;
      await sending;
      const beforeKill = onC.messages.map(messageIdOf).filter((id) => id !== undefined);
      const resumeFrom = onC.lastEventId() ?? 0;
      // The browser reconnects through the balancer, to a node still there, with Last-Event-ID.
      const onA = await stream(A(), m2, resumeFrom);
      await onA.waitFor(isChatMessage(sent.at(-1) ?? 0));
      const afterResume = onA.messages.map(messageIdOf).filter((id) => id !== undefined);
      expect([...beforeKill, ...afterResume]).toEqual(sent);
    }, 60_000);

    it('answers 503 with Retry-After on every node while PostgreSQL is stopped, then 200 without a restart', async () => {
      const live = [A(), B()];
      await cluster.halt();
      for (const node of live) {
        const gone = await sameMemberOn(m, node).request('GET', '/session.json');
        expect(gone.status, gone.text).toBe(503);
        expect(gone.headers.get('retry-after')).toBe('5');
        expect(await readyStatus(node)).toBe(503);
      }
      await cluster.resume();
      for (const node of live) {
        await vi.waitFor(async () => expect(await readyStatus(node)).toBe(200), {
          timeout: 20_000,
          interval: 200,
        });
        expect((await sameMemberOn(m, node).request('GET', '/session.json')).status).toBe(200);
      }
    }, 60_000);
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
      // Still one line per part: the bus's LISTEN connection may notice the outage only now (its
      // ping runs every 15 s), but no part said it twice.
      const allErrors = lines.filter((line) => line.level >= 50).map((line) => line.msg);
      expect(new Set(allErrors).size).toBe(allErrors.length);
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
