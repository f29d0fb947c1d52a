import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { leaveChat, makeChat, sendMessage } from '../../test/chat-fixtures.ts';
import { seedDemoData, signInPersonas } from '../../test/member-client.ts';
import type { SignedInPersona } from '../../test/member-client.ts';
import { publishAll, recordBusEvent } from '../../realtime/bus.ts';

/*
 * GET /chats/{id}/last_activity_chat_message_id (API-CHAT-05, CHAT-15, issue 12; D44): real
 * HTTP and signed calls on both engines. The answer comes from memory kept by the bus.
 */

let server: TestServer;
let m: SignedInPersona;
let m2: SignedInPersona;
let w: SignedInPersona;
let chatId: number;

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  ({ M: m, M2: m2, W: w } = await signInPersonas(server));
  chatId = await makeChat(server, [m.partyId, m2.partyId]);
});

afterAll(async () => {
  await server.close();
});

interface Answer {
  data: { last_activity_chat_message_id: number | null };
}

async function poll(who: SignedInPersona, id = chatId) {
  return who.client.request<Answer>('GET', `/chats/${id}/last_activity_chat_message_id`);
}

async function newestOf(who: SignedInPersona): Promise<number | null> {
  const answer = await poll(who);
  expect(answer.status).toBe(200);
  return answer.body.data.last_activity_chat_message_id;
}

describe('GET /chats/{id}/last_activity_chat_message_id (API-CHAT-05, D44)', () => {
  it('answers null for a chat with no message yet, and the new id after a send', async () => {
    expect(await newestOf(m)).toBeNull();
    const { messageId } = await sendMessage(server, chatId, m2.partyId, 'First');
    expect(await newestOf(m)).toBe(messageId);
    expect(await newestOf(m2)).toBe(messageId);
  });

  it('answers from memory: a row written without its bus event is not seen until the event comes', async () => {
    const before = await newestOf(m);
    const db = server.database.handle.db;
    const now = Date.now();
    const row = await db
      .insertInto('chat_messages')
      .values({
        chat_id: chatId,
        party_id: m2.partyId,
        type: 'PartyChatMessage',
        content: 'Written behind the bus',
        photo_id: null,
        client_id: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The database has a newer message; memory does not know yet.
    expect(await newestOf(m)).toBe(before);
    const event = await recordBusEvent(
      db,
      { kind: 'message', chat_id: chatId, chat_message_id: row.id, party_id: m2.partyId },
      [m.partyId, m2.partyId],
      now,
    );
    await publishAll(server.app.services.bus, [event]);
    expect(await newestOf(m)).toBe(row.id);
  });

  it('is a 404 for a member who is not in the chat, and for a chat that does not exist', async () => {
    const stranger = await poll(w);
    expect(stranger.status).toBe(404);
    expect(stranger.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await poll(m, 2_000_000_000)).status).toBe(404);
  });

  it('is refused unsigned with a 401', async () => {
    const answer = await m.client.request('GET', `/chats/${chatId}/last_activity_chat_message_id`, {
      unsigned: true,
    });
    expect(answer.status).toBe(401);
  });

  it('is a 404 for a member who left (left = not a member), and still answers the others', async () => {
    const group = await makeChat(server, [m.partyId, m2.partyId, w.partyId]);
    const { messageId } = await sendMessage(server, group, w.partyId, 'Before leaving');
    expect((await poll(m2, group)).status).toBe(200);
    await leaveChat(server, group, m2.partyId);
    expect((await poll(m2, group)).status).toBe(404);
    const stays = await poll(m, group);
    expect(stays.status).toBe(200);
    expect(stays.body.data.last_activity_chat_message_id).toBe(messageId);
  });

  it('follows the chat calls: a send moves the id, an added member may poll, one who leaves may not', async () => {
    const created = await m.client.request<{ data: { chat: { id: number } } }>(
      'POST',
      '/chats.json',
      { body: { chat: { type: 'GroupChat' } } },
    );
    expect(created.status).toBe(200);
    const group = created.body.data.chat.id;
    expect((await poll(m2, group)).status).toBe(404);
    const added = await m.client.request('POST', '/party_chats.json', {
      body: { party_chat: { chat_id: group, party_id: m2.partyId } },
    });
    expect(added.status).toBe(200);
    expect((await poll(m2, group)).status).toBe(200);

    const sent = await m.client.request<{ data: { chat_message: { id: number } } }>(
      'POST',
      `/chats/${group}/party_chat_messages.json`,
      { body: { chat_message: { client_id: 'poll-test-00001', content: 'Poll me' } } },
    );
    expect(sent.status).toBe(201);
    const polled = await poll(m2, group);
    expect(polled.body.data.last_activity_chat_message_id).toBe(sent.body.data.chat_message.id);

    expect((await m2.client.request('POST', `/chats/${group}/leave.json`)).status).toBe(200);
    expect((await poll(m2, group)).status).toBe(404);
    // The leave wrote a system message: the newest id moved past the send.
    const stays = await poll(m, group);
    expect(stays.body.data.last_activity_chat_message_id).toBeGreaterThan(
      sent.body.data.chat_message.id,
    );
  });
});
