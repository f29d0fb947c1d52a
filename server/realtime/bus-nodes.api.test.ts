import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_EVENT_BADGES, STREAM_EVENT_CHAT } from '../../common/schemas/chat.ts';
import {
  organizationSettingsOf,
  type ConsoleOrganizationDetail,
} from '../../common/schemas/console-clubs.ts';
import type { Organization } from '../../common/schemas/organization.ts';
import { openDatabase } from '../db/database.ts';
import { MEMBER } from '../db/seed/personas.ts';
import { startAnotherNode, startTestServer } from '../test/api-harness.ts';
import type { TestServer } from '../test/api-harness.ts';
import { openEventStream } from '../test/event-stream-client.ts';
import type { OpenedStream, StreamMessage } from '../test/event-stream-client.ts';
import {
  sameMemberOn,
  seedDemoData,
  signInAs,
  signInPersonas,
  type MemberClient,
  type PersonaKey,
  type SignedInPersona,
} from '../test/member-client.ts';
import { testEngine } from '../test/test-database.ts';
import { recordBusEvent, type Bus, type BusEvent } from './bus.ts';
import { createPostgresBus, type PostgresBus } from './postgres-bus.ts';

/*
 * The bus across nodes (docs/decisions.md D74): two apps on one PostgreSQL database, each with
 * its own pool, LISTEN connection, streams and memory, driven over real signed HTTP. The memo
 * through the bus runs on both engines (one node on SQLite, the in-process bus).
 */

let a: TestServer;
let personas: Record<PersonaKey, SignedInPersona>;
const streams: OpenedStream[] = [];

beforeAll(async () => {
  // Streams end by the bus alone: the heartbeat's session check would come an hour later.
  a = await startTestServer({ env: { EVENT_STREAM_HEARTBEAT_MS: '3600000' } });
  await seedDemoData(a);
  personas = await signInPersonas(a);
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  await a.close();
});

async function streamOn(
  node: TestServer,
  client: MemberClient,
  options: Parameters<typeof openEventStream>[2] = {},
): Promise<OpenedStream> {
  const stream = await openEventStream(node, sameMemberOn(client, node), options);
  streams.push(stream);
  expect(stream.status).toBe(200);
  // Its badges are sent once the stream is registered and its replay written.
  await stream.waitFor(isBadges);
  return stream;
}

const isBadges = (message: StreamMessage) => message.event === STREAM_EVENT_BADGES;
const isChatEvent = (field: string, value: number) => (message: StreamMessage) =>
  message.event === STREAM_EVENT_CHAT && (message.data as Record<string, unknown>)[field] === value;
const count = (stream: OpenedStream, match: (message: StreamMessage) => boolean) =>
  stream.messages.filter(match).length;

async function organizationNames(node: TestServer): Promise<string[]> {
  const answer = await node.request<{ data: { organizations: Organization[] } }>(
    'GET',
    '/organizations.json',
  );
  expect(answer.status).toBe(200);
  return answer.body.data.organizations.map((organization) => organization.name);
}

/** Renames the first organisation through `node` (an administrator's console call). */
async function renameOrganization(node: TestServer, name: string): Promise<void> {
  const admin = sameMemberOn(personas.A.client, node);
  const [first] = (
    await node.request<{ data: { organizations: Organization[] } }>('GET', '/organizations.json')
  ).body.data.organizations;
  if (!first) throw new Error('the demo data has no organisation');
  const detail = await admin.request<{ data: { organization: ConsoleOrganizationDetail } }>(
    'GET',
    `/admin/organizations/${first.id}.json`,
  );
  expect(detail.status, detail.text).toBe(200);
  const saved = await admin.request('PUT', `/admin/organizations/${first.id}.json`, {
    body: { ...organizationSettingsOf(detail.body.data.organization), name },
  });
  expect(saved.status, saved.text).toBe(200);
}

describe('the memo through the bus (either engine)', () => {
  it('forgets the organisations of the node that made the change', async () => {
    const before = await organizationNames(a);
    await renameOrganization(a, `Renamed on one node ${process.pid}`);
    const after = await organizationNames(a);
    expect(after).toContain(`Renamed on one node ${process.pid}`);
    expect(after).not.toEqual(before);
  });
});

if (testEngine() === 'postgres') {
  describe('two nodes on one PostgreSQL (D74)', () => {
    let b: TestServer;

    beforeAll(async () => {
      b = await startAnotherNode(a);
    });

    afterAll(async () => {
      for (const stream of streams) stream.close();
      await b.close();
    });

    const on = (node: TestServer, who: PersonaKey) => sameMemberOn(personas[who].client, node);

    async function poll(node: TestServer, who: PersonaKey, chatId: number) {
      return on(node, who).request<{ data: { last_activity_chat_message_id: number | null } }>(
        'GET',
        `/chats/${chatId}/last_activity_chat_message_id`,
      );
    }

    /** A group of `who` made through `node`, with `others` added there. */
    async function groupOn(node: TestServer, who: PersonaKey, others: PersonaKey[]) {
      const made = await on(node, who).request<{ data: { chat: { id: number } } }>(
        'POST',
        '/chats.json',
        { body: { chat: { type: 'GroupChat' } } },
      );
      expect(made.status, made.text).toBe(200);
      const chatId = made.body.data.chat.id;
      for (const other of others) expect((await add(node, who, chatId, other)).status).toBe(200);
      return chatId;
    }

    async function add(node: TestServer, who: PersonaKey, chatId: number, other: PersonaKey) {
      return on(node, who).request('POST', '/party_chats.json', {
        body: { party_chat: { chat_id: chatId, party_id: personas[other].partyId } },
      });
    }

    async function say(node: TestServer, who: PersonaKey, chatId: number, content: string) {
      const sent = await on(node, who).request<{ data: { chat_message: { id: number } } }>(
        'POST',
        `/chats/${chatId}/party_chat_messages.json`,
        { body: { chat_message: { client_id: crypto.randomUUID(), content } } },
      );
      expect(sent.status, sent.text).toBe(201);
      return sent.body.data.chat_message.id;
    }

    /** An event for M2 written in a transaction of its own, as a service would, unpublished. */
    async function commitEvent(node: TestServer, chatId: number): Promise<void> {
      await node.database.handle.db
        .transaction()
        .execute((trx) =>
          recordBusEvent(trx, { kind: 'chat', chat_id: chatId }, [personas.M2.partyId], Date.now()),
        );
    }

    /** The id a chat event's row holds once committed (the insert's is provisional). */
    async function storedIdOf(chatId: number): Promise<number> {
      const row = await a.database.handle.db
        .selectFrom('bus_events')
        .select('id')
        .where('chat_id', '=', chatId)
        .executeTakeFirstOrThrow();
      return row.id;
    }

    function postgresBusOf(node: TestServer): PostgresBus {
      const bus: Bus = node.app.services.bus;
      if (!('listenerPid' in bus)) throw new Error('the node did not make the PostgreSQL bus');
      return bus as PostgresBus;
    }

    async function terminate(pid: number | null): Promise<void> {
      if (pid === null) throw new Error('the bus has no LISTEN connection');
      await sql`select pg_terminate_backend(${pid})`.execute(a.database.handle.db);
    }

    it('carries a message sent through A to a stream on B, and B polls its id at once', async () => {
      const chatId = await groupOn(a, 'M', ['M2']);
      // B knows the chat from memory before the send.
      expect((await poll(b, 'M2', chatId)).status).toBe(200);
      const stream = await streamOn(b, personas.M2.client);
      const messageId = await say(a, 'M', chatId, 'Across the nodes');
      const polled = await poll(b, 'M2', chatId);
      expect(polled.body.data.last_activity_chat_message_id).toBe(messageId);
      const delivered = await stream.waitFor(isChatEvent('chat_message_id', messageId));
      const row = await a.database.handle.db
        .selectFrom('bus_events')
        .select('id')
        .where('chat_id', '=', chatId)
        .where('kind', '=', 'message')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      expect(delivered.id).toBe(row.id);
      expect(count(stream, isChatEvent('chat_message_id', messageId))).toBe(1);
    });

    it('follows members added and removed through A on B at once', async () => {
      const chatId = await groupOn(a, 'M', []);
      // B holds the chat (M alone) in memory; M2 is refused.
      expect((await poll(b, 'M', chatId)).status).toBe(200);
      expect((await poll(b, 'M2', chatId)).status).toBe(404);
      expect((await add(a, 'M', chatId, 'M2')).status).toBe(200);
      expect((await poll(b, 'M2', chatId)).status).toBe(200);
      const left = await on(a, 'M2').request('POST', `/chats/${chatId}/leave.json`);
      expect(left.status, left.text).toBe(200);
      expect((await poll(b, 'M2', chatId)).status).toBe(404);
      expect((await poll(b, 'M', chatId)).status).toBe(200);
    });

    it('closes a stream on B when its session signs out through A', async () => {
      const member = await signInAs(a, MEMBER.username);
      const stream = await streamOn(b, member);
      expect((await member.request('DELETE', '/session.json')).status).toBe(204);
      await stream.ended;
      const again = await openEventStream(b, sameMemberOn(member, b));
      expect(again.status).toBe(401);
    });

    it('forgets the organisations on B when they change through A', async () => {
      const cached = await organizationNames(b);
      const name = `Renamed across nodes ${process.pid}`;
      expect(cached).not.toContain(name);
      await renameOrganization(a, name);
      // The change's notification is B's to read; caught up, its memo has let the old list go.
      await b.app.services.bus.caughtUp();
      expect(await organizationNames(b)).toContain(name);
    });

    it('does not skip an event that took the lower id but committed last, live or resumed', async () => {
      const [early, late, marker] = [9_000_001, 9_000_002, 9_000_003];
      const live = await streamOn(b, personas.M2.client);
      const db = a.database.handle.db;
      let inserted: (event: BusEvent) => void = () => undefined;
      const insertedFirst = new Promise<BusEvent>((resolve) => (inserted = resolve));
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      const first = db.transaction().execute(async (trx) => {
        inserted(
          await recordBusEvent(trx, { kind: 'chat', chat_id: early }, [personas.M2.partyId], 1),
        );
        await released;
      });
      const provisional = await insertedFirst;
      await commitEvent(a, late);
      const lateId = await storedIdOf(late);
      // The first insert took the lower number, and has not committed.
      expect(provisional.id).toBeLessThan(lateId);
      await live.waitFor(isChatEvent('chat_id', late));
      // A stream resuming at the later event, opened while the earlier one is still open.
      const resumedBefore = await streamOn(b, personas.M2.client, { lastEventId: lateId });
      release();
      await first;
      const earlyId = await storedIdOf(early);
      // Numbered at its commit: after the event that committed before it.
      expect(earlyId).toBeGreaterThan(lateId);
      // And one resuming at the later event once both committed, on the other node.
      const resumedAfter = await streamOn(a, personas.M2.client, { lastEventId: lateId });
      await commitEvent(a, marker);
      for (const stream of [live, resumedBefore, resumedAfter]) {
        await stream.waitFor(isChatEvent('chat_id', marker));
        expect(count(stream, isChatEvent('chat_id', early))).toBe(1);
      }
      expect(count(live, isChatEvent('chat_id', late))).toBe(1);
      expect(count(resumedBefore, isChatEvent('chat_id', late))).toBe(0);
      expect(count(resumedAfter, isChatEvent('chat_id', late))).toBe(0);
      // Delivered in id order: the late one's id is the stream's resume point after it.
      const ids = live.messages.map((message) => message.id).filter((id) => id !== null);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
    });

    it("keeps B's poll and streams whole while its LISTEN connection is lost and back", async () => {
      const chatId = await groupOn(a, 'M', ['M2']);
      const stream = await streamOn(b, personas.M2.client);
      const bus = postgresBusOf(b);
      const pid = bus.listenerPid();
      await terminate(pid);
      // While B hears nothing (or once it is back), its poll reads what it missed first.
      const during = await say(a, 'M', chatId, 'While B was away');
      expect((await poll(b, 'M2', chatId)).body.data.last_activity_chat_message_id).toBe(during);
      // B learns of the loss when its socket says so; then it reconnects and catches up.
      for (const deadline = Date.now() + 10_000; bus.listenerPid() === pid;) {
        if (Date.now() > deadline) throw new Error('B never noticed its LISTEN connection went');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await bus.listening();
      expect(bus.listenerPid()).not.toBeNull();
      const after = await say(a, 'M', chatId, 'Once B is back');
      await stream.waitFor(isChatEvent('chat_message_id', after));
      expect(count(stream, isChatEvent('chat_message_id', during))).toBe(1);
      expect(count(stream, isChatEvent('chat_message_id', after))).toBe(1);
    });

    it('catches up after a lost LISTEN connection: what committed meanwhile comes once', async () => {
      const url = a.config.DATABASE_URL ?? '';
      const handle = await openDatabase({ url, dataDir: a.database.dataDir });
      let lost: () => void = () => undefined;
      const wasLost = new Promise<void>((resolve) => (lost = resolve));
      let reconnect: () => void = () => undefined;
      const mayReconnect = new Promise<void>((resolve) => (reconnect = resolve));
      let resyncs = 0;
      const node = await createPostgresBus({
        db: handle.db,
        url,
        onError: (_error, what) => {
          if (what === 'the bus LISTEN connection') lost();
        },
        onResync: () => (resyncs += 1),
        waitBeforeReconnect: () => mayReconnect,
      });
      try {
        const seen: BusEvent[] = [];
        node.subscribe((event) => seen.push(event));
        await node.listening();
        await terminate(node.listenerPid());
        await wasLost;
        const missed = [9_100_001, 9_100_002, 9_100_003];
        for (const chatId of missed) await commitEvent(a, chatId);
        // Nothing woke the node: it has not read them.
        expect(seen).toEqual([]);
        reconnect();
        await node.listening();
        expect(resyncs).toBe(1);
        expect(seen.map((event) => (event.payload as { chat_id: number }).chat_id)).toEqual(missed);
        const ids = await Promise.all(missed.map(storedIdOf));
        expect(seen.map((event) => event.id)).toEqual(ids);
        // Listening again: the next commit's notification brings it, once.
        let heard: () => void = () => undefined;
        const next = new Promise<void>((resolve) => (heard = resolve));
        node.subscribe((event) => {
          if ((event.payload as { chat_id?: number }).chat_id === 9_100_004) heard();
        });
        await commitEvent(a, 9_100_004);
        await next;
        expect(seen).toHaveLength(4);
      } finally {
        await node.close();
        await handle.close();
      }
    });

    it('measures delivery through the other node against the same node (100 messages)', async () => {
      const chatId = await groupOn(a, 'M', ['M2']);
      const onA = await streamOn(a, personas.M2.client);
      const onB = await streamOn(b, personas.M2.client);
      const same: number[] = [];
      const across: number[] = [];
      for (let n = 0; n < 100; n += 1) {
        // Waiting starts before the send: a stream may have the message before its answer.
        const arrivals = [onA, onB].map((stream) =>
          stream
            .waitFor(isChatEvent('chat_id', chatId), stream.messages.length)
            .then(() => performance.now()),
        );
        const start = performance.now();
        await say(a, 'M', chatId, `Timed ${n}`);
        const [atA, atB] = await Promise.all(arrivals);
        same.push((atA ?? start) - start);
        across.push((atB ?? start) - start);
      }
      expect(count(onB, (message) => message.event === STREAM_EVENT_CHAT)).toBe(100);
      const quantile = (values: number[], q: number) => {
        const sorted = [...values].sort((x, y) => x - y);
        return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      };
      const report = (values: number[]) =>
        `p50 ${quantile(values, 0.5).toFixed(1)} ms, p99 ${quantile(values, 0.99).toFixed(1)} ms`;
      const extra = across.map((ms, n) => ms - (same[n] ?? 0));
      console.info(
        `send to stream, same node: ${report(same)}; across nodes: ${report(across)}; ` +
          `the other node after this one: ${report(extra)}`,
      );
    });
  });
}
