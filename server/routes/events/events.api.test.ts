import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_METADATA_HEADER } from '../../../common/constants.ts';
import {
  STREAM_EVENT_BADGES,
  STREAM_EVENT_CHAT,
  STREAM_EVENT_RESET,
} from '../../../common/schemas/chat.ts';
import type { UserMetadata } from '../../../common/schemas/session.ts';
import { purgeBusEvents } from '../../realtime/bus.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { makeChat, sendMessage } from '../../test/chat-fixtures.ts';
import { openEventStream } from '../../test/event-stream-client.ts';
import type { OpenedStream, StreamMessage } from '../../test/event-stream-client.ts';
import { clubIdOf, seedDemoData, signInAs, signInPersonas } from '../../test/member-client.ts';
import type { SignedInPersona } from '../../test/member-client.ts';
import { ADMIN, DEMO_CLUBS, MEMBER } from '../../db/seed/personas.ts';
import { EVENT_STREAMS_PER_SESSION } from '../../services/event-streams.ts';

/*
 * GET /events (issue 12 "Server", docs/decisions.md D43): real HTTP, signed like the browser's
 * fetch-based stream, on both engines.
 */

let server: TestServer;
let m: SignedInPersona;
let m2: SignedInPersona;
let chatId: number;
const open: OpenedStream[] = [];

beforeAll(async () => {
  // No heartbeat during these tests: a sign-out must close the stream by itself.
  server = await startTestServer({ env: { EVENT_STREAM_HEARTBEAT_MS: '3600000' } });
  await seedDemoData(server);
  ({ M: m, M2: m2 } = await signInPersonas(server));
  chatId = await makeChat(server, [m.partyId, m2.partyId]);
});

afterAll(async () => {
  for (const stream of open) stream.close();
  await server.close();
});

async function streamOf(
  who: SignedInPersona['client'],
  options: Parameters<typeof openEventStream>[2] = {},
  on: TestServer = server,
): Promise<OpenedStream> {
  const stream = await openEventStream(on, who, options);
  open.push(stream);
  return stream;
}

const isMessage = (messageId: number) => (message: StreamMessage) =>
  message.event === STREAM_EVENT_CHAT &&
  (message.data as { chat_message_id?: number }).chat_message_id === messageId;

const isBadges = (message: StreamMessage) => message.event === STREAM_EVENT_BADGES;

/** Where a message sits in its stream, to wait for what follows it. */
const stream = (opened: OpenedStream, message: StreamMessage) => opened.messages.indexOf(message);

async function metadataOf(client: SignedInPersona['client']): Promise<UserMetadata> {
  const answer = await client.request('GET', '/session.json');
  const value = answer.headers.get(USER_METADATA_HEADER);
  if (!value) throw new Error('no x-user-metadata');
  return JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as UserMetadata;
}

describe('GET /events (issue 12, D43)', () => {
  it('is refused unsigned with a 401 problem', async () => {
    const stream = await streamOf(m.client, { unsigned: true });
    expect(stream.status).toBe(401);
    expect(stream.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('answers a signed member with an event stream and the security headers', async () => {
    const stream = await streamOf(m.client);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['x-content-type-options']).toBe('nosniff');
    expect(stream.headers['content-encoding']).toBeUndefined();
    // The first thing it says is where it starts, for a later Last-Event-ID.
    const start = await stream.waitFor((message) => message.id !== null);
    expect(start.event).toBeNull();
    stream.close();
  });

  it('delivers a message to the other member, with the bus id, then badges that agree with x-user-metadata', async () => {
    const stream = await streamOf(m2.client);
    await stream.waitFor(isBadges);
    const from = stream.messages.length;
    const { messageId, event } = await sendMessage(server, chatId, m.partyId, 'Hello, M2');
    const delivered = await stream.waitFor(isMessage(messageId), from);
    expect(delivered).toEqual({
      id: event.id,
      event: STREAM_EVENT_CHAT,
      data: { kind: 'message', chat_id: chatId, chat_message_id: messageId, party_id: m.partyId },
      comment: null,
    });
    const after = stream.messages.indexOf(delivered);
    const badges = await stream.waitFor(isBadges, after);
    const expected = await metadataOf(m2.client);
    expect(badges.data).toEqual(expected);
    expect(expected.unseen_chat_messages_count).toBeGreaterThan(0);
  });

  it('carries the chat calls: a send reaches the other member, reading sends read and drops the badge in every tab', async () => {
    const created = await m.client.request<{ data: { chat: { id: number } } }>(
      'POST',
      '/chats.json',
      { body: { chat: { party_id: m2.partyId } } },
    );
    expect(created.status).toBe(200);
    const oneOnOne = created.body.data.chat.id;
    const [tab1, tab2] = [await streamOf(m2.client), await streamOf(m2.client)];
    const sender = await streamOf(m.client);
    await Promise.all([tab1, tab2, sender].map((stream) => stream.waitFor(isBadges)));

    const sent = await m.client.request<{ data: { chat_message: { id: number } } }>(
      'POST',
      `/chats/${oneOnOne}/party_chat_messages.json`,
      { body: { chat_message: { client_id: 'events-test-0001', content: 'Over the stream' } } },
    );
    expect(sent.status).toBe(201);
    const messageId = sent.body.data.chat_message.id;
    let unseenBefore = 0;
    for (const tab of [tab1, tab2]) {
      const at = stream(tab, await tab.waitFor(isMessage(messageId)));
      const badges = await tab.waitFor(isBadges, at);
      unseenBefore = (badges.data as UserMetadata).unseen_chat_messages_count ?? 0;
      expect(unseenBefore).toBeGreaterThan(0);
    }

    const from = [tab1.messages.length, tab2.messages.length];
    const read = await m2.client.request('GET', `/chats/${oneOnOne}`);
    expect(read.status).toBe(200);
    const isRead = (message: StreamMessage) =>
      message.event === STREAM_EVENT_CHAT &&
      (message.data as { kind?: string; chat_id?: number }).kind === 'read' &&
      (message.data as { chat_id?: number }).chat_id === oneOnOne;
    await sender.waitFor(isRead);
    const expected = await metadataOf(m2.client);
    expect(expected.unseen_chat_messages_count).toBe(unseenBefore - 1);
    for (const [index, tab] of [tab1, tab2].entries()) {
      const after = stream(tab, await tab.waitFor(isRead, from[index]));
      expect((await tab.waitFor(isBadges, after)).data).toEqual(expected);
    }
  });

  it('gives every event to each of a member’s streams (two tabs)', async () => {
    const first = await streamOf(m2.client);
    const second = await streamOf(m2.client);
    await Promise.all([first.waitFor(isBadges), second.waitFor(isBadges)]);
    const { messageId } = await sendMessage(server, chatId, m.partyId, 'To both tabs');
    await Promise.all([first.waitFor(isMessage(messageId)), second.waitFor(isMessage(messageId))]);
  });

  it('after a reconnect with Last-Event-ID, delivers what was missed, and so does ?last_event_id=', async () => {
    const before = await streamOf(m2.client);
    const { messageId: seen } = await sendMessage(server, chatId, m.partyId, 'Seen live');
    await before.waitFor(isMessage(seen));
    const resumeFrom = before.lastEventId();
    before.close();
    await before.ended;
    const missedOne = await sendMessage(server, chatId, m.partyId, 'Missed one');
    const missedTwo = await sendMessage(server, chatId, m.partyId, 'Missed two');

    const after = await streamOf(m2.client, { lastEventId: resumeFrom ?? 0 });
    await after.waitFor(isMessage(missedTwo.messageId));
    const chatEvents = after.messages.filter((message) => message.event === STREAM_EVENT_CHAT);
    expect(chatEvents.map((message) => message.id)).toEqual([
      missedOne.event.id,
      missedTwo.event.id,
    ]);

    const byQuery = await streamOf(m2.client, { query: `?last_event_id=${resumeFrom ?? 0}` });
    await byQuery.waitFor(isMessage(missedOne.messageId));
    await byQuery.waitFor(isMessage(missedTwo.messageId));
  });

  it('refuses an unreadable Last-Event-ID with a 422', async () => {
    const stream = await streamOf(m2.client, { query: '?last_event_id=abc' });
    expect(stream.status).toBe(422);
  });

  it('says reset when the events after Last-Event-ID were swept', async () => {
    const { event } = await sendMessage(server, chatId, m.partyId, 'Soon swept');
    await purgeBusEvents(server.database.handle.db, Date.now() + 2 * 24 * 60 * 60 * 1000);
    const stream = await streamOf(m2.client, { lastEventId: event.id - 1 });
    const reset = await stream.waitFor((message) => message.event === STREAM_EVENT_RESET);
    expect(reset.id).toBeNull();
    expect(stream.messages.some((message) => message.event === STREAM_EVENT_CHAT)).toBe(false);
    // It keeps going after the reset.
    const { messageId } = await sendMessage(server, chatId, m.partyId, 'After the reset');
    await stream.waitFor(isMessage(messageId));
  });

  it('is closed when its member signs out, and a new one is refused', async () => {
    const member = await signInAs(server, MEMBER.username);
    const stream = await streamOf(member);
    await stream.waitFor(isBadges);
    const signOut = await member.request('DELETE', '/session.json');
    expect(signOut.status).toBe(204);
    await stream.ended;
    const again = await streamOf(member);
    expect(again.status).toBe(401);
  });

  it("sends badges when a notice comes or goes: a reply to M's comment, then its removal", async () => {
    const a = await signInAs(server, ADMIN.username);
    const feed = await m.client.request<{
      data: { posts: { allows_comments: boolean; comment_container: { id: number } }[] };
    }>('GET', '/posts.json');
    const post = feed.body.data.posts.find((candidate) => candidate.allows_comments);
    if (!post) throw new Error("M's feed has no post open to comments");
    const commented = await m.client.request('POST', '/comments', {
      body: { comment: { comment_container_id: post.comment_container.id, comment: 'Mine' } },
    });
    expect(commented.status).toBe(200);
    const db = server.database.handle.db;
    const newestComment = () =>
      db
        .selectFrom('comments')
        .select('id')
        .where('comment_container_id', '=', post.comment_container.id)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
    const mine = await newestComment();

    const stream = await streamOf(m.client);
    const first = await stream.waitFor(isBadges);
    const before = (first.data as UserMetadata).unseen_notice_count ?? 0;
    let from = stream.messages.length;
    const replied = await a.request('POST', '/comments', {
      body: {
        comment: {
          comment_container_id: post.comment_container.id,
          parent_id: mine.id,
          comment: 'A reply for the badge',
        },
      },
    });
    expect(replied.status).toBe(200);
    const raised = await stream.waitFor(isBadges, from);
    expect((raised.data as UserMetadata).unseen_notice_count).toBe(before + 1);
    expect(raised.data).toEqual(await metadataOf(m.client));

    const reply = await newestComment();
    from = stream.messages.length;
    expect((await a.request('DELETE', `/comments/${reply.id}`)).status).toBe(200);
    const lowered = await stream.waitFor(isBadges, from);
    expect((lowered.data as UserMetadata).unseen_notice_count).toBe(before);
    stream.close();
  });

  it('sends badges to the lodge when an event is announced', async () => {
    const a = await signInAs(server, ADMIN.username);
    const l1 = await clubIdOf(server, DEMO_CLUBS.L1);
    const event = await server.database.handle.db
      .selectFrom('calendar_events')
      .select('id')
      .where('club_id', '=', l1)
      .where('announced', '=', 0)
      .limit(1)
      .executeTakeFirstOrThrow();
    const stream = await streamOf(m.client);
    const first = await stream.waitFor(isBadges);
    const before = (first.data as UserMetadata).unseen_notice_count ?? 0;
    const from = stream.messages.length;
    const announced = await a.request('POST', `/calendar_events/${event.id}/announce.json`);
    expect(announced.status).toBe(200);
    const raised = await stream.waitFor(isBadges, from);
    expect((raised.data as UserMetadata).unseen_notice_count).toBe(before + 1);
    stream.close();
  });

  it('holds at most EVENT_STREAMS_PER_SESSION streams a session: the oldest is closed', async () => {
    const member = await signInAs(server, MEMBER.username);
    const oldest = await streamOf(member);
    await oldest.waitFor(isBadges);
    const others = [];
    for (let n = 1; n < EVENT_STREAMS_PER_SESSION; n += 1) others.push(await streamOf(member));
    await Promise.all(others.map((stream) => stream.waitFor(isBadges)));
    const newest = await streamOf(member);
    await oldest.ended;
    const { messageId } = await sendMessage(server, chatId, m2.partyId, 'To the open ones');
    await Promise.all([...others, newest].map((stream) => stream.waitFor(isMessage(messageId))));
    for (const stream of [...others, newest]) stream.close();
  });
});

describe('GET /events heartbeats (issue 12, D43)', () => {
  let beating: TestServer;
  beforeAll(async () => {
    // A short heartbeat so the session re-check is seen without a long wait.
    beating = await startTestServer({ env: { EVENT_STREAM_HEARTBEAT_MS: '200' } });
    await seedDemoData(beating);
  });
  afterAll(async () => {
    await beating.close();
  });

  it('sends heartbeats as comments', async () => {
    const stream = await streamOf(await signInAs(beating, MEMBER.username), {}, beating);
    const heartbeat = await stream.waitFor((message) => message.comment === 'heartbeat');
    expect(heartbeat.event).toBeNull();
  });

  it('is closed at the next heartbeat once its session has expired', async () => {
    const member = await signInAs(beating, MEMBER.username);
    const stream = await streamOf(member, {}, beating);
    await stream.waitFor(isBadges);
    // The session runs out without a sign-out (as its absolute limit would end it).
    await beating.database.handle.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', await newestSessionId(beating))
      .execute();
    await stream.ended;
  });
});

async function newestSessionId(on: TestServer): Promise<number> {
  const row = await on.database.handle.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.max<number>('id').as('id'))
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
