import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_METADATA_HEADER } from '../../../common/constants.ts';
import {
  ALREADY_IN_CHAT,
  CHAT_MESSAGE_BLANK,
  CHAT_MESSAGE_CONTROL_CHARACTERS,
  CHAT_MESSAGE_TEXT_OR_IMAGE,
  FIELD_BLANK,
  FIELD_CONTROL_CHARACTERS,
  IMAGE_TYPE_INVALID,
  NO_CHAT_WITH_SELF,
  alreadyHaveChatWith,
  alreadyInChat,
  chatCreatedBy,
  chatMemberAdded,
  chatMemberLeft,
  chatMessageTooLong,
} from '../../../common/messages.ts';
import {
  CHAT_MESSAGE_MAX,
  CHAT_MESSAGES_PAGE,
  chatAnswerSchema,
  chatListAnswerSchema,
  chatMessageAnswerSchema,
  createChatAnswerSchema,
  type ChatDetail,
  type ChatListAnswer,
  type ChatMessage,
  type CreateChatAnswer,
} from '../../../common/schemas/chat.ts';
import type { UserMetadata } from '../../../common/schemas/session.ts';
import { displayName } from '../../../common/display-name.ts';
import type { BusEvent } from '../../realtime/bus.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { ApiResponse, TestServer } from '../../test/api-harness.ts';
import { seedDemoData, signInPersonas } from '../../test/member-client.ts';
import type { MemberClient, PersonaKey } from '../../test/member-client.ts';

interface Problem {
  status: number;
  errors?: Record<string, string[]>;
}

let server: TestServer;
const client = {} as Record<PersonaKey, MemberClient>;
const party = {} as Record<PersonaKey, number>;
/** A member of the demo data who shares no organisation with M (D37). */
let stranger = 0;
/** A chat of two other members that none of the personas is in. */
let othersChat = 0;

function db() {
  return server.database.handle.db;
}

function metadataOf(response: ApiResponse): UserMetadata {
  const value = response.headers.get(USER_METADATA_HEADER);
  if (!value) throw new Error('no x-user-metadata');
  return JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as UserMetadata;
}

async function list(who: PersonaKey): Promise<ChatListAnswer['data']> {
  const response = await client[who].request<ChatListAnswer>('GET', '/chats.json');
  expect(response.status).toBe(200);
  return chatListAnswerSchema.parse(response.body).data;
}

async function open(who: PersonaKey, chatId: number, query = ''): Promise<ChatDetail> {
  const response = await client[who].request<{ data: { chat: ChatDetail } }>(
    'GET',
    `/chats/${chatId}${query}`,
  );
  expect(response.status, response.text).toBe(200);
  return chatAnswerSchema.parse(response.body).data.chat;
}

async function newGroup(who: PersonaKey): Promise<number> {
  const response = await client[who].request<CreateChatAnswer>('POST', '/chats.json', {
    body: { chat: { type: 'GroupChat' } },
  });
  expect(response.status, response.text).toBe(200);
  return createChatAnswerSchema.parse(response.body).data.chat.id;
}

async function add(who: PersonaKey, chatId: number, partyId: number) {
  return client[who].request<Problem>('POST', '/party_chats.json', {
    body: { party_chat: { chat_id: chatId, party_id: partyId } },
  });
}

let clientIds = 0;
async function send(
  who: PersonaKey,
  chatId: number,
  message: Record<string, unknown>,
): Promise<ApiResponse<{ data: { chat_message: ChatMessage } }>> {
  clientIds += 1;
  return client[who].request('POST', `/chats/${chatId}/party_chat_messages.json`, {
    body: { chat_message: { client_id: `test-send-${clientIds}`, ...message } },
  });
}

async function say(who: PersonaKey, chatId: number, content: string): Promise<ChatMessage> {
  const response = await send(who, chatId, { content });
  expect(response.status, response.text).toBe(201);
  return chatMessageAnswerSchema.parse(response.body).data.chat_message;
}

async function pngBase64(): Promise<string> {
  const png = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: '#336699' },
  })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret' } } })
    .toBuffer();
  return png.toString('base64');
}

/** The kept count of a member in a chat, and what a recount of the messages says. */
async function counts(chatId: number, partyId: number): Promise<{ kept: number; recount: number }> {
  const entry = await db()
    .selectFrom('chat_parties')
    .select(['unseen_count', 'last_seen_chat_message_id'])
    .where('chat_id', '=', chatId)
    .where('party_id', '=', partyId)
    .executeTakeFirstOrThrow();
  const recount = await db()
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('chat_id', '=', chatId)
    .where('id', '>', entry.last_seen_chat_message_id ?? 0)
    .where('party_id', 'is not', null)
    .where('party_id', '<>', partyId)
    .executeTakeFirstOrThrow();
  return { kept: Number(entry.unseen_count), recount: Number(recount.n) };
}

async function pairChat(a: number, b: number): Promise<number> {
  const row = await db()
    .selectFrom('chats')
    .select('id')
    .where('pair_key', '=', [a, b].sort((x, y) => x - y).join(':'))
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  const personas = await signInPersonas(server);
  for (const key of ['M', 'M2', 'W', 'A'] as const) {
    client[key] = personas[key].client;
    party[key] = personas[key].partyId;
  }
  const mOrganizations = db()
    .selectFrom('memberships as m')
    .innerJoin('clubs as c', 'c.id', 'm.club_id')
    .select('c.organization_id')
    .where('m.party_id', '=', party.M)
    .where('m.left_at', 'is', null);
  const outsider = await db()
    .selectFrom('memberships as m')
    .innerJoin('clubs as c', 'c.id', 'm.club_id')
    .select('m.party_id')
    .where('m.left_at', 'is', null)
    .where('c.organization_id', 'not in', mOrganizations)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('memberships as mm')
            .innerJoin('clubs as cc', 'cc.id', 'mm.club_id')
            .select('mm.id')
            .whereRef('mm.party_id', '=', 'm.party_id')
            .where('mm.left_at', 'is', null)
            .where('cc.organization_id', 'in', mOrganizations),
        ),
      ),
    )
    .orderBy('m.party_id')
    .executeTakeFirstOrThrow();
  stranger = outsider.party_id;
  const personaIds = Object.values(party);
  const foreign = await db()
    .selectFrom('chats as c')
    .select('c.id')
    .where('c.type', '=', 'OneOnOneChat')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('chat_parties as cp')
            .select('cp.id')
            .whereRef('cp.chat_id', '=', 'c.id')
            .where('cp.party_id', 'in', personaIds),
        ),
      ),
    )
    .orderBy('c.id')
    .executeTakeFirstOrThrow();
  othersChat = foreign.id;
});

afterAll(async () => {
  await server.close();
});

describe('the chat list (API-CHAT-01, CHAT-01..09, ENT-06, AMB-27)', () => {
  it("lists M's chats newest activity first, hidden ones too, with up to 5 others and counts", async () => {
    const { chats, party_preferences } = await list('M');
    expect(party_preferences).toEqual([{ code: 'SHOW_HIDDEN_CHATS', value: 'NO' }]);
    const times = chats.map((chat) => chat.last_activity_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const oneOnOne = await pairChat(party.M, party.M2);
    const m2Chat = chats.find((chat) => chat.id === oneOnOne);
    expect(m2Chat).toMatchObject({
      type: 'OneOnOneChat',
      party_count: 2,
      unseen_count: 3,
      hid_at: null,
      last_activity_summary: expect.stringContaining('Let me know by Friday.'),
    });
    expect(m2Chat?.parties.map((p) => p.id)).toEqual([party.M2]);
    // The seeded hidden chat with A is listed, with hid_at (the client filters, AMB-27).
    const hidden = chats.find((chat) => chat.hid_at !== null);
    expect(hidden?.id).toBe(await pairChat(party.M, party.A));
    // A group with six members: five others listed (4 avatars and '+N' need them), count 6.
    const crew = chats.find((chat) => chat.name?.endsWith('Fish Fry Crew'));
    expect(crew).toMatchObject({ party_count: 6, unseen_count: 5 });
    expect(crew?.parties).toHaveLength(5);
    expect(crew?.parties.map((p) => p.id)).not.toContain(party.M);
    // M2 left "Ritual Team": it is not in M2's list, and M2's badge does not count it.
    expect((await list('M2')).chats.map((chat) => chat.name)).not.toContain('Ritual Team');
  });

  it('the badge is the sum of the kept counts (D41), and equals a recount', async () => {
    const response = await client.M.request<ChatListAnswer>('GET', '/chats.json');
    const body = chatListAnswerSchema.parse(response.body);
    const sum = body.data.chats.reduce((total, chat) => total + chat.unseen_count, 0);
    expect(metadataOf(response).unseen_chat_messages_count).toBe(sum);
    for (const chat of body.data.chats) {
      const { kept, recount } = await counts(chat.id, party.M);
      expect({ chat: chat.id, kept }).toEqual({ chat: chat.id, kept: recount });
    }
  });

  it('is refused to a visitor (401)', async () => {
    const response = await client.M.request('GET', '/chats.json', { unsigned: true });
    expect(response.status).toBe(401);
  });
});

describe('reading a chat (API-CHAT-04, CHAT-12, ENT-07/08, D41)', () => {
  it('answers members, messages newest first, pages back by before_id, and marks it read', async () => {
    const chatId = await pairChat(party.M, party.M2);
    const before = metadataOf(await client.M.request('GET', '/session.json'));
    const chat = await open('M', chatId);
    expect(chat.type).toBe('OneOnOneChat');
    expect(chat.unseen_count).toBe(0);
    expect(chat.parties.map((entry) => entry.party.id).sort()).toEqual([party.M, party.M2].sort());
    expect(chat.chat_messages).toHaveLength(30);
    expect(chat.has_more).toBe(false);
    const ids = chat.chat_messages.map((message) => message.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(chat.chat_messages[0]?.content).toBe('Let me know by Friday.');
    const mine = chat.parties.find((entry) => entry.party.id === party.M);
    expect(mine?.last_seen_chat_message_id).toBe(ids[0]);
    const after = metadataOf(await client.M.request('GET', '/session.json'));
    expect(after.unseen_chat_messages_count).toBe((before.unseen_chat_messages_count ?? 0) - 3);
    expect(await counts(chatId, party.M)).toEqual({ kept: 0, recount: 0 });
  });

  it('pages back by id, stable while messages arrive; paging moves no marker', async () => {
    const chatId = await newGroup('M');
    expect((await add('M', chatId, party.M2)).status).toBe(200);
    const sent: number[] = [];
    for (let i = 0; i < CHAT_MESSAGES_PAGE + 5; i++) {
      sent.push((await say('M', chatId, `n${i}`)).id);
    }
    // Paging back first: M2's marker and count stay.
    const paged = await open('M2', chatId, `?before_id=${(sent.at(-1) ?? 0) + 1}`);
    expect(paged.chat_messages.map((message) => message.id)).toEqual(sent.slice(5).reverse());
    expect(await counts(chatId, party.M2)).toEqual({
      kept: CHAT_MESSAGES_PAGE + 5,
      recount: CHAT_MESSAGES_PAGE + 5,
    });
    const first = await open('M2', chatId);
    expect(first.chat_messages).toHaveLength(CHAT_MESSAGES_PAGE);
    expect(first.has_more).toBe(true);
    expect(await counts(chatId, party.M2)).toEqual({ kept: 0, recount: 0 });
    // New messages after the first page do not shift the next one.
    await say('M', chatId, 'late 1');
    await say('M', chatId, 'late 2');
    const oldest = first.chat_messages.at(-1)?.id ?? 0;
    const second = await open('M2', chatId, `?before_id=${oldest}`);
    // The rest of the sent messages, then the system messages (created, added).
    const rest = second.chat_messages.map((message) => message.id);
    expect(rest.slice(0, 5)).toEqual(sent.slice(0, 5).reverse());
    expect(second.chat_messages.slice(5).map((message) => message.type)).toEqual([
      'SystemChatMessage',
      'SystemChatMessage',
    ]);
    expect(second.has_more).toBe(false);
    expect(await counts(chatId, party.M2)).toEqual({ kept: 2, recount: 2 });
  });

  it("read state: each member's marker, for 'Seen by N' in a group", async () => {
    const chatId = await newGroup('M');
    expect((await add('M', chatId, party.M2)).status).toBe(200);
    expect((await add('M', chatId, party.W)).status).toBe(200);
    const message = await say('M', chatId, 'Who has seen this?');
    const seenBy = async () =>
      (await open('M', chatId)).parties
        .filter(
          (entry) =>
            entry.party.id !== party.M &&
            entry.left_at === null &&
            (entry.last_seen_chat_message_id ?? 0) >= message.id,
        )
        .map((entry) => entry.party.id);
    expect(await seenBy()).toEqual([]);
    await open('M2', chatId);
    expect(await seenBy()).toEqual([party.M2]);
    await open('W', chatId);
    expect((await seenBy()).sort()).toEqual([party.M2, party.W].sort());
  });

  it('is a 404 for a chat the member is not in, for a left member, and for an unknown id', async () => {
    expect((await client.M.request('GET', `/chats/${othersChat}`)).status).toBe(404);
    const ritual = await db()
      .selectFrom('chats')
      .select('id')
      .where('name', '=', 'Ritual Team')
      .executeTakeFirstOrThrow();
    expect((await client.M2.request('GET', `/chats/${ritual.id}`)).status).toBe(404);
    expect((await client.M.request('GET', '/chats/2147483000')).status).toBe(404);
    // An admin is no exception (D42).
    expect((await client.A.request('GET', `/chats/${othersChat}`)).status).toBe(404);
    for (const [method, path, body] of [
      ['POST', `/chats/${othersChat}/party_chat_messages.json`, { chat_message: { content: 'x' } }],
      ['POST', `/chats/${othersChat}/hide.json`, undefined],
      ['POST', `/chats/${othersChat}/leave.json`, undefined],
      ['PUT', `/chats/${othersChat}.json`, { chat: { name: 'Mine now' } }],
      ['POST', '/party_chats.json', { party_chat: { chat_id: othersChat, party_id: party.M } }],
    ] as const) {
      const response = await client.M.request(method, path, body ? { body } : {});
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });
});

describe('sending (API-CHAT-06, CHAT-19/20, AMB-27, AMB-49, D41)', () => {
  it('stores trimmed text with the server-side sender and time, counts it unseen for the others', async () => {
    const chatId = await pairChat(party.M, party.W);
    await open('W', chatId);
    const beforeBadge = metadataOf(await client.W.request('GET', '/session.json'));
    const response = await send('M', chatId, {
      content: '  See you at the banquet  ',
      party_id: party.W,
      created_at: '1999-01-01T00:00:00Z',
    });
    expect(response.status).toBe(201);
    const message = chatMessageAnswerSchema.parse(response.body).data.chat_message;
    expect(message).toMatchObject({
      chat_id: chatId,
      type: 'PartyChatMessage',
      party_id: party.M,
      content: 'See you at the banquet',
      photo: null,
    });
    expect(message.created_at).toBeGreaterThan(Date.UTC(2020, 0, 1));
    expect(await counts(chatId, party.W)).toEqual({ kept: 1, recount: 1 });
    expect(await counts(chatId, party.M)).toEqual({ kept: 0, recount: 0 });
    const afterBadge = metadataOf(await client.W.request('GET', '/session.json'));
    expect(afterBadge.unseen_chat_messages_count).toBe(
      (beforeBadge.unseen_chat_messages_count ?? 0) + 1,
    );
    const summary = (await list('W')).chats.find((chat) => chat.id === chatId);
    expect(summary).toMatchObject({
      last_chat_message_id: message.id,
      last_activity_party_id: party.M,
      unseen_count: 1,
    });
    const mName = displayName(
      await db()
        .selectFrom('parties')
        .selectAll()
        .where('id', '=', party.M)
        .executeTakeFirstOrThrow(),
    );
    expect(summary?.last_activity_summary).toBe(`${mName.split(' ')[0]}: See you at the banquet`);
    // W reads it: the sender sees W's marker on the message ('Seen').
    await open('W', chatId);
    const seenBy = (await open('M', chatId)).parties.find((entry) => entry.party.id === party.W);
    expect(seenBy?.last_seen_chat_message_id).toBe(message.id);
    // A one-on-one send records the partner in Members › Recent as `chat`.
    const recent = await db()
      .selectFrom('user_recent_contacts as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select('r.contact_type')
      .where('u.party_id', '=', party.M)
      .where('r.party_id', '=', party.W)
      .executeTakeFirst();
    expect(recent?.contact_type).toBe('chat');
  });

  it('the same client id twice makes one message, and answers the first (200)', async () => {
    const chatId = await pairChat(party.M, party.W);
    const body = { chat_message: { client_id: 'retry-me-0001', content: 'Only once' } };
    const path = `/chats/${chatId}/party_chat_messages.json`;
    const first = await client.M.request<{ data: { chat_message: ChatMessage } }>('POST', path, {
      body,
    });
    expect(first.status).toBe(201);
    const [again, concurrent] = await Promise.all([
      client.M.request<{ data: { chat_message: ChatMessage } }>('POST', path, { body }),
      client.M.request<{ data: { chat_message: ChatMessage } }>('POST', path, {
        body: { chat_message: { client_id: 'retry-me-0001', content: 'Only once' } },
      }),
    ]);
    expect(again.status).toBe(200);
    expect(concurrent.status).toBe(200);
    expect(again.body.data.chat_message).toEqual(first.body.data.chat_message);
    expect(concurrent.body.data.chat_message.id).toBe(first.body.data.chat_message.id);
    const stored = await db()
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('chat_id', '=', chatId)
      .where('client_id', '=', 'retry-me-0001')
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(1);
    const w = await counts(chatId, party.W);
    expect(w.kept).toBe(w.recount);
    // Another member's send with that id is refused, not answered with M's message.
    const other = await client.W.request<Problem>('POST', path, { body });
    expect(other.status).toBe(422);
  });

  it('two concurrent sends keep the counts and the newest id right', async () => {
    const chatId = await pairChat(party.M, party.M2);
    await open('M2', chatId);
    const sent = await Promise.all(
      Array.from({ length: 6 }, (_, i) => say('M', chatId, `burst ${i}`)),
    );
    const newest = Math.max(...sent.map((message) => message.id));
    const chat = await db()
      .selectFrom('chats')
      .select('last_chat_message_id')
      .where('id', '=', chatId)
      .executeTakeFirstOrThrow();
    expect(chat.last_chat_message_id).toBe(newest);
    expect(await counts(chatId, party.M2)).toEqual({ kept: 6, recount: 6 });
  });

  it('refuses blank, too long, and text with an image, under base (ERR-08)', async () => {
    const chatId = await pairChat(party.M, party.W);
    const cases: [Record<string, unknown>, string][] = [
      [{ content: '   ' }, CHAT_MESSAGE_BLANK],
      [{}, CHAT_MESSAGE_BLANK],
      [{ content: 'x'.repeat(CHAT_MESSAGE_MAX + 1) }, chatMessageTooLong(CHAT_MESSAGE_MAX)],
      [
        {
          content: 'both',
          photo_attributes: {
            image_file_name: 'a.png',
            image_content_type: 'image/png',
            image_base64: await pngBase64(),
          },
        },
        CHAT_MESSAGE_TEXT_OR_IMAGE,
      ],
    ];
    for (const [message, error] of cases) {
      const response = await send('M', chatId, message);
      expect(response.status).toBe(422);
      expect((response.body as unknown as Problem).errors).toEqual({ base: [error] });
    }
    const bmp = await send('M', chatId, {
      photo_attributes: {
        image_file_name: 'x.bmp',
        image_content_type: 'image/bmp',
        image_base64: Buffer.from('BM not really an image').toString('base64'),
      },
    });
    expect(bmp.status).toBe(422);
    expect((bmp.body as unknown as Problem).errors).toEqual({ base: [IMAGE_TYPE_INVALID] });
  });

  it('sends one image: re-encoded without metadata, with a medium size', async () => {
    const chatId = await pairChat(party.M, party.W);
    const response = await send('M', chatId, {
      photo_attributes: {
        image_file_name: 'lodge.png',
        image_content_type: 'image/png',
        image_base64: await pngBase64(),
      },
    });
    expect(response.status, response.text).toBe(201);
    const message = chatMessageAnswerSchema.parse(response.body).data.chat_message;
    expect(message.content).toBeNull();
    expect(message.photo?.url).toMatch(/^\/media\//);
    const full = await fetch(`${server.baseUrl}${message.photo?.url ?? ''}`);
    const medium = await fetch(`${server.baseUrl}${message.photo?.medium_url ?? ''}`);
    expect(full.status).toBe(200);
    const fullMeta = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
    expect(fullMeta.exif).toBeUndefined();
    expect(fullMeta.width).toBe(1200);
    expect((await sharp(Buffer.from(await medium.arrayBuffer())).metadata()).width).toBe(800);
    const shown = (await open('M', chatId)).chat_messages[0];
    expect(shown).toEqual(message);
    const summary = (await list('M')).chats.find((chat) => chat.id === chatId);
    expect(summary?.last_activity_summary).toMatch(/ sent a photo$/);
  });
});

describe('hide (API-CHAT-07, CHAT-26/27, AMB-27) and the preference (API-CHAT-11, CHAT-05)', () => {
  it('hides for the member only; a new message un-hides it for everyone', async () => {
    const chatId = await pairChat(party.M, party.M2);
    const hide = await client.M.request('POST', `/chats/${chatId}/hide.json`);
    expect(hide.status).toBe(200);
    expect(hide.body).toEqual({ data: { chat: { id: chatId } } });
    const hidden = (await list('M')).chats.find((chat) => chat.id === chatId);
    expect(hidden?.hid_at).toEqual(expect.any(Number));
    expect((await list('M2')).chats.find((chat) => chat.id === chatId)?.hid_at).toBeNull();
    await say('M2', chatId, 'Still there?');
    expect((await list('M')).chats.find((chat) => chat.id === chatId)?.hid_at).toBeNull();
  });

  it('stores SHOW_HIDDEN_CHATS and the list answers it', async () => {
    for (const value of ['YES', 'NO', 'YES'] as const) {
      const response = await client.M2.request('POST', '/party_preferences.json', {
        body: { party_preference: { code: 'SHOW_HIDDEN_CHATS', value } },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        data: { party_preference: { code: 'SHOW_HIDDEN_CHATS', value } },
      });
      expect((await list('M2')).party_preferences).toEqual([{ code: 'SHOW_HIDDEN_CHATS', value }]);
    }
    const wrong = await client.M2.request('POST', '/party_preferences.json', {
      body: { party_preference: { code: 'SHOW_HIDDEN_CHATS', value: 'MAYBE' } },
    });
    expect(wrong.status).toBe(422);
  });
});

describe('starting chats (API-CHAT-02/03, CHAT-03/10, VAL-05, AMB-28, AMB-50)', () => {
  it('a group starts with its creator and a system message; an unnamed, lone group', async () => {
    const chatId = await newGroup('W');
    const chat = await open('W', chatId);
    expect(chat).toMatchObject({ type: 'GroupChat', name: null, party_count: 1 });
    const wName = chat.parties[0]?.party.display_name ?? '';
    expect(chat.chat_messages).toMatchObject([
      { type: 'SystemChatMessage', party_id: null, content: chatCreatedBy(wName) },
    ]);
    expect((await list('W')).chats[0]).toMatchObject({ id: chatId, parties: [], party_count: 1 });
  });

  it('an existing one-on-one answers its id with the alert, and un-hides it for the asker', async () => {
    const chatId = await pairChat(party.M, party.A);
    const response = await client.M.request<CreateChatAnswer>('POST', '/chats.json', {
      body: { chat: { party_id: party.A } },
    });
    expect(response.status).toBe(200);
    const aName = (await open('M', chatId)).parties.find((entry) => entry.party.id === party.A)
      ?.party.display_name;
    expect(response.body).toEqual({
      data: { chat: { id: chatId } },
      alert: { message: alreadyHaveChatWith(aName ?? '') },
    });
    expect((await list('M')).chats.find((chat) => chat.id === chatId)?.hid_at).toBeNull();
  });

  it('a new one-on-one is one chat for the pair, in both lists, however often asked', async () => {
    const w2 = await client.W.request<CreateChatAnswer>('POST', '/chats.json', {
      body: { chat: { party_id: party.A } },
    });
    const existed = await db()
      .selectFrom('chats')
      .select('id')
      .where('pair_key', '=', [party.W, party.A].sort((x, y) => x - y).join(':'))
      .execute();
    expect(existed).toHaveLength(1);
    expect(w2.status).toBe(200);
    const id = createChatAnswerSchema.parse(w2.body).data.chat.id;
    expect((await list('A')).chats.map((chat) => chat.id)).toContain(id);
    const again = await client.A.request<CreateChatAnswer>('POST', '/chats.json', {
      body: { chat: { party_id: party.W } },
    });
    expect(again.body.data.chat.id).toBe(id);
    expect(again.body.alert?.message).toEqual(expect.any(String));
  });

  it('refuses oneself (422 base, VAL-05) and someone the member may not see (404, D37)', async () => {
    const self = await client.M.request<Problem>('POST', '/chats.json', {
      body: { chat: { party_id: party.M } },
    });
    expect(self.status).toBe(422);
    expect(self.body.errors).toEqual({ base: [NO_CHAT_WITH_SELF] });
    const hidden = await client.M.request('POST', '/chats.json', {
      body: { chat: { party_id: stranger } },
    });
    expect(hidden.status).toBe(404);
    const unknown = await client.M.request('POST', '/chats.json', {
      body: { chat: { party_id: 2147483000 } },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('group actions (API-CHAT-08..10, CHAT-29..32, VAL-06, PERM-17)', () => {
  it('are 403 on a one-on-one', async () => {
    const chatId = await pairChat(party.M, party.M2);
    expect((await client.M.request('POST', `/chats/${chatId}/leave.json`)).status).toBe(403);
    const rename = await client.M.request('PUT', `/chats/${chatId}.json`, {
      body: { chat: { name: 'Us' } },
    });
    expect(rename.status).toBe(403);
    expect((await add('M', chatId, party.W)).status).toBe(403);
  });

  it('rename: a system message, the new name; blank is a 422 under name (VAL-07)', async () => {
    const chatId = await newGroup('M');
    const response = await client.M.request('PUT', `/chats/${chatId}.json`, {
      body: { chat: { name: '  Banquet Committee ' } },
    });
    expect(response.status).toBe(200);
    const chat = await open('M', chatId);
    expect(chat.name).toBe('Banquet Committee');
    expect(chat.chat_messages[0]).toMatchObject({ type: 'SystemChatMessage', party_id: null });
    const blank = await client.M.request<Problem>('PUT', `/chats/${chatId}.json`, {
      body: { chat: { name: '  ' } },
    });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ name: [FIELD_BLANK] });
  });

  it('add, already there, oneself, leave, and coming back', async () => {
    const chatId = await newGroup('M');
    const added = await add('M', chatId, party.M2);
    expect(added.status).toBe(200);
    const chat = await open('M2', chatId);
    const names = new Map(chat.parties.map((entry) => [entry.party.id, entry.party.display_name]));
    expect(chat.chat_messages[0]).toMatchObject({
      type: 'SystemChatMessage',
      content: chatMemberAdded(names.get(party.M) ?? '', names.get(party.M2) ?? ''),
    });
    // System messages are not counted unseen (D41).
    expect(await counts(chatId, party.M2)).toEqual({ kept: 0, recount: 0 });
    const twice = await add('M', chatId, party.M2);
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ base: [alreadyInChat(names.get(party.M2) ?? '')] });
    const self = await add('M', chatId, party.M);
    expect(self.status).toBe(422);
    expect(self.body.errors).toEqual({ base: [ALREADY_IN_CHAT] });
    expect((await add('M', chatId, stranger)).status).toBe(404);

    await say('M', chatId, 'Welcome');
    expect(await counts(chatId, party.M2)).toEqual({ kept: 1, recount: 1 });
    const leave = await client.M2.request('POST', `/chats/${chatId}/leave.json`);
    expect(leave.status).toBe(200);
    expect((await list('M2')).chats.map((c) => c.id)).not.toContain(chatId);
    expect((await client.M2.request('GET', `/chats/${chatId}`)).status).toBe(404);
    const afterLeave = await open('M', chatId);
    expect(afterLeave.chat_messages[0]).toMatchObject({
      type: 'SystemChatMessage',
      content: chatMemberLeft(names.get(party.M2) ?? ''),
    });
    const gone = afterLeave.parties.find((entry) => entry.party.id === party.M2);
    expect(gone?.left_at).toEqual(expect.any(Number));
    expect(afterLeave.party_count).toBe(1);
    // Left: M2's badge no longer counts the chat; sending there is a 404.
    expect((await send('M2', chatId, { content: 'hello?' })).status).toBe(404);
    await say('M', chatId, 'After M2 left');
    const entry = await db()
      .selectFrom('chat_parties')
      .select('unseen_count')
      .where('chat_id', '=', chatId)
      .where('party_id', '=', party.M2)
      .executeTakeFirstOrThrow();
    expect(Number(entry.unseen_count)).toBe(0);

    // Re-adding one who left clears left_at; one entry per member.
    expect((await add('M', chatId, party.M2)).status).toBe(200);
    const back = await open('M2', chatId);
    const entries = back.parties.filter((e) => e.party.id === party.M2);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.left_at).toBeNull();
  });
});

describe('bus events of the chat calls (D41, D43): recorded with the change, published after it', () => {
  it('a send tells the current members, a read tells them the marker, a hide tells the hider', async () => {
    const seen: BusEvent[] = [];
    const unsubscribe = server.app.services.bus.subscribe((event) => seen.push(event));
    try {
      const chatId = await pairChat(party.M, party.W);
      const both = [party.M, party.W].sort((a, b) => a - b);
      await open('W', chatId);
      seen.length = 0;

      const message = await say('M', chatId, 'Bus check');
      expect(
        seen.map((event) => [event.payload, [...event.partyIds].sort((a, b) => a - b)]),
      ).toEqual([
        [
          { kind: 'message', chat_id: chatId, chat_message_id: message.id, party_id: party.M },
          both,
        ],
      ]);
      const stored = await db()
        .selectFrom('bus_events')
        .select(['id', 'kind', 'chat_id'])
        .where('id', '=', seen[0]?.id ?? 0)
        .executeTakeFirst();
      expect(stored).toEqual({ id: seen[0]?.id, kind: 'message', chat_id: chatId });

      seen.length = 0;
      await open('W', chatId);
      expect(seen.map((event) => event.payload)).toEqual([
        { kind: 'read', chat_id: chatId, party_id: party.W, last_seen_chat_message_id: message.id },
      ]);
      // Nothing new to read: no event.
      seen.length = 0;
      await open('W', chatId);
      expect(seen).toEqual([]);

      await client.W.request('POST', `/chats/${chatId}/hide.json`);
      expect(seen.map((event) => [event.payload, event.partyIds])).toEqual([
        [{ kind: 'chat', chat_id: chatId }, [party.W]],
      ]);
      const ids = seen.map((event) => event.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    } finally {
      unsubscribe();
    }
  });

  it('a refused change records nothing', async () => {
    const before = await db()
      .selectFrom('bus_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    expect((await send('M', othersChat, { content: 'not mine' })).status).toBe(404);
    expect((await send('M', await pairChat(party.M, party.W), { content: ' ' })).status).toBe(422);
    const after = await db()
      .selectFrom('bus_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    expect(after.id).toEqual(before.id);
  });
});

describe('control characters (VAL, ERR-08): a 422, never a server failure', () => {
  it('a message with a NUL or another control character is a 422 under base; tabs and line breaks pass', async () => {
    const chatId = await pairChat(party.M, party.M2);
    for (const content of ['nul \u0000 here', 'bell \u0007', 'escape \u001b[31m']) {
      const response = await send('M', chatId, { content });
      expect({ content, status: response.status }).toEqual({ content, status: 422 });
      expect((response.body as unknown as Problem).errors).toEqual({
        base: [CHAT_MESSAGE_CONTROL_CHARACTERS],
      });
    }
    const fine = await say('M', chatId, 'line one\n\tline two\r\nline three');
    expect(fine.content).toBe('line one\n\tline two\r\nline three');
    // A file name is only a label: its control characters are dropped, the image is kept.
    const image = await send('M', chatId, {
      photo_attributes: {
        image_file_name: 'odd\u0000name.png',
        image_content_type: 'image/png',
        image_base64: await pngBase64(),
      },
    });
    expect(image.status, image.text).toBe(201);
  });

  it('a chat name with a NUL, a line break or another control character is a 422 under name (VAL-07)', async () => {
    const chatId = await newGroup('M');
    for (const name of ['Bad\u0000name', 'Two\nlines', 'Tab\there']) {
      const response = await client.M.request<Problem>('PUT', `/chats/${chatId}.json`, {
        body: { chat: { name } },
      });
      expect({ name, status: response.status }).toEqual({ name, status: 422 });
      expect(response.body.errors).toEqual({ name: [FIELD_CONTROL_CHARACTERS] });
    }
    expect((await open('M', chatId)).name).toBeNull();
  });
});

describe('looking without reading (D41): GET /chats/{id}?mark_read=false', () => {
  it('moves no marker, keeps the count and tells nobody; the plain GET still marks it read', async () => {
    const chatId = await newGroup('M');
    expect((await add('M', chatId, party.M2)).status).toBe(200);
    const message = await say('M', chatId, 'Only the members list looked at this');
    const seen: BusEvent[] = [];
    const unsubscribe = server.app.services.bus.subscribe((event) => seen.push(event));
    try {
      const looked = await open('M2', chatId, '?mark_read=false');
      expect(looked.unseen_count).toBe(1);
      expect(looked.chat_messages[0]?.id).toBe(message.id);
      expect(await counts(chatId, party.M2)).toEqual({ kept: 1, recount: 1 });
      const marker = (await open('M', chatId, '?mark_read=false')).parties.find(
        (entry) => entry.party.id === party.M2,
      );
      expect(marker?.last_seen_chat_message_id).toBeLessThan(message.id);
      expect(seen).toEqual([]);

      const read = await open('M2', chatId, '?mark_read=true');
      expect(read.unseen_count).toBe(0);
      expect(await counts(chatId, party.M2)).toEqual({ kept: 0, recount: 0 });
      expect(seen.map((event) => event.payload.kind)).toEqual(['read']);

      await say('M', chatId, 'And the chat screen opens it');
      await open('M2', chatId);
      expect(await counts(chatId, party.M2)).toEqual({ kept: 0, recount: 0 });
    } finally {
      unsubscribe();
    }
    const wrong = await client.M2.request('GET', `/chats/${chatId}?mark_read=maybe`);
    expect(wrong.status).toBe(422);
  });
});

describe('races (D41): kept counts equal a recount whatever commits first', () => {
  it('reads while sends, sends while a member leaves, and an add while a member leaves', async () => {
    const chatId = await newGroup('M');
    expect((await add('M', chatId, party.M2)).status).toBe(200);
    expect((await add('M', chatId, party.W)).status).toBe(200);
    await Promise.all([
      ...Array.from({ length: 5 }, (_, i) => say('M', chatId, `m${i}`)),
      ...Array.from({ length: 3 }, (_, i) => say('W', chatId, `w${i}`)),
      ...Array.from({ length: 5 }, () => open('M2', chatId)),
      ...Array.from({ length: 2 }, () => open('W', chatId)),
    ]);
    for (const who of [party.M, party.M2, party.W]) {
      const { kept, recount } = await counts(chatId, who);
      expect({ who, kept }).toEqual({ who, kept: recount });
    }
    const [, leaving, , adding] = await Promise.all([
      Promise.all(Array.from({ length: 3 }, (_, i) => send('M2', chatId, { content: `x${i}` }))),
      client.M2.request('POST', `/chats/${chatId}/leave.json`),
      Promise.all(Array.from({ length: 3 }, (_, i) => say('M', chatId, `y${i}`))),
      add('W', chatId, party.A),
    ]);
    expect(leaving.status).toBe(200);
    expect([200, 404]).toContain(adding.status);
    const chat = await open('M', chatId, '?mark_read=false');
    // Nothing M2 sent comes after the system message of M2 leaving.
    const m2 = chat.parties.find((entry) => entry.party.id === party.M2);
    const leftAt = chat.chat_messages.findIndex(
      (message) => message.content === chatMemberLeft(m2?.party.display_name ?? ''),
    );
    expect(leftAt).toBeGreaterThanOrEqual(0);
    expect(chat.chat_messages.slice(0, leftAt).some((m) => m.party_id === party.M2)).toBe(false);
    for (const entry of chat.parties.filter((e) => e.left_at === null)) {
      const { kept, recount } = await counts(chatId, entry.party.id);
      expect({ who: entry.party.id, kept }).toEqual({ who: entry.party.id, kept: recount });
    }
  });
});

describe('the list summary (ENT-06 last_activity_summary)', () => {
  it('cuts long text between characters, never inside an emoji', async () => {
    const chatId = await pairChat(party.M, party.W);
    // The text is cut to 79 code units and '…': the 79th is the first half of the emoji.
    await say('M', chatId, `${'a'.repeat(78)}😀${'b'.repeat(20)}`);
    const summary = (await list('M')).chats.find(
      (chat) => chat.id === chatId,
    )?.last_activity_summary;
    expect(summary).toMatch(/a…$/);
    expect(summary).not.toMatch(/\uFFFD|[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe('reading while others send (D41): an opened chat shows nothing past the marker it set', () => {
  it("every message an opening shows is under the reader's own marker in that answer", async () => {
    const chatId = await newGroup('M');
    expect((await add('M', chatId, party.M2)).status).toBe(200);
    const answers: ChatDetail[] = [];
    const opens = async () => {
      for (let i = 0; i < 15; i++) answers.push(await open('M2', chatId));
    };
    const sends = async (who: PersonaKey) => {
      for (let i = 0; i < 15; i++) await say(who, chatId, `${who} ${i}`);
    };
    await Promise.all([opens(), opens(), sends('M'), sends('M')]);
    for (const chat of answers) {
      const mine = chat.parties.find((entry) => entry.party.id === party.M2);
      const shown = chat.chat_messages[0]?.id ?? 0;
      expect(mine?.last_seen_chat_message_id).toEqual(expect.any(Number));
      expect(shown).toBeLessThanOrEqual(mine?.last_seen_chat_message_id ?? 0);
      expect(chat.last_chat_message_id).toBe(shown);
    }
    const { kept, recount } = await counts(chatId, party.M2);
    expect(kept).toBe(recount);
  });
});

describe('the badge of a hidden chat (D41, AMB-27)', () => {
  it('hiding a chat takes its unseen messages off the badge; a new message brings them back', async () => {
    const chatId = await newGroup('M');
    expect((await add('M', chatId, party.M2)).status).toBe(200);
    await say('M', chatId, 'one');
    await say('M', chatId, 'two');
    const badge = async () =>
      metadataOf(await client.M2.request('GET', '/session.json')).unseen_chat_messages_count ?? 0;
    const before = await badge();
    const hide = await client.M2.request('POST', `/chats/${chatId}/hide.json`);
    expect(hide.status).toBe(200);
    expect(metadataOf(hide).unseen_chat_messages_count).toBe(before - 2);
    expect(await badge()).toBe(before - 2);
    // The count is kept while hidden: the chat's dot is still right when shown.
    expect(await counts(chatId, party.M2)).toEqual({ kept: 2, recount: 2 });
    await say('M', chatId, 'three');
    expect(await badge()).toBe(before + 1);
  });
});

describe('a client id made again (D41): a different message is not a retry', () => {
  it('the same id with other text, or an image for text, is a 422 under client_id; the same id in another chat is its own', async () => {
    const chatId = await pairChat(party.M, party.M2);
    const path = `/chats/${chatId}/party_chat_messages.json`;
    const first = await client.M.request('POST', path, {
      body: { chat_message: { client_id: 'page-load-1', content: 'First text' } },
    });
    expect(first.status).toBe(201);
    const retry = await client.M.request('POST', path, {
      body: { chat_message: { client_id: 'page-load-1', content: '  First text ' } },
    });
    expect(retry.status).toBe(200);
    for (const chatMessage of [
      { content: 'Second text' },
      {
        photo_attributes: {
          image_file_name: 'p.png',
          image_content_type: 'image/png',
          image_base64: await pngBase64(),
        },
      },
    ]) {
      const reused = await client.M.request<Problem>('POST', path, {
        body: { chat_message: { client_id: 'page-load-1', ...chatMessage } },
      });
      expect(reused.status).toBe(422);
      expect(reused.body.errors).toEqual({ client_id: ['has already been used'] });
    }
    const elsewhere = await client.M.request(
      'POST',
      `/chats/${await pairChat(party.M, party.W)}/party_chat_messages.json`,
      {
        body: { chat_message: { client_id: 'page-load-1', content: 'Second text' } },
      },
    );
    expect(elsewhere.status).toBe(201);
  });
});

describe('abilities (issue 22): what the member may do, from the policy that guards the writes', () => {
  const GROUP_ABILITIES = {
    send: true,
    hide: true,
    list_members: true,
    add_member: true,
    rename: true,
    leave: true,
  };
  const ONE_ON_ONE_ABILITIES = {
    ...GROUP_ABILITIES,
    list_members: false,
    add_member: false,
    rename: false,
    leave: false,
  };

  async function abilitiesOf(who: PersonaKey, chatId: number) {
    const listed = (await list(who)).chats.find((chat) => chat.id === chatId);
    const opened = await open(who, chatId, '?mark_read=false');
    expect(listed?.abilities).toEqual(opened.abilities);
    return opened.abilities;
  }

  it('a group chat: every group action, listed and opened, for each current member; the writes agree', async () => {
    const chatId = await newGroup('M');
    expect((await add('M', chatId, party.M2)).status).toBe(200);
    expect(await abilitiesOf('M', chatId)).toEqual(GROUP_ABILITIES);
    expect(await abilitiesOf('M2', chatId)).toEqual(GROUP_ABILITIES);
    // Hidden, the chat still may be hidden and sent to (the menu hides Hide, not the server).
    expect((await client.M2.request('POST', `/chats/${chatId}/hide.json`)).status).toBe(200);
    expect(await abilitiesOf('M2', chatId)).toEqual(GROUP_ABILITIES);
    const rename = await client.M2.request('PUT', `/chats/${chatId}.json`, {
      body: { chat: { name: 'Abilities' } },
    });
    expect(rename.status).toBe(200);
    expect((await add('M2', chatId, party.W)).status).toBe(200);
    expect(await abilitiesOf('W', chatId)).toEqual(GROUP_ABILITIES);
    expect((await client.M2.request('POST', `/chats/${chatId}/leave.json`)).status).toBe(200);
    // One who left has no chat to be able anything with: the 404 of an unknown chat.
    expect((await client.M2.request('GET', `/chats/${chatId}`)).status).toBe(404);
    expect((await list('M2')).chats.map((chat) => chat.id)).not.toContain(chatId);
  });

  it('a one-on-one: send and hide only; the group actions it withholds are 403', async () => {
    const chatId = await pairChat(party.M, party.M2);
    expect(await abilitiesOf('M', chatId)).toEqual(ONE_ON_ONE_ABILITIES);
    expect(await abilitiesOf('M2', chatId)).toEqual(ONE_ON_ONE_ABILITIES);
    const rename = await client.M.request('PUT', `/chats/${chatId}.json`, {
      body: { chat: { name: 'Us' } },
    });
    expect(rename.status).toBe(403);
    expect((await add('M', chatId, party.W)).status).toBe(403);
    expect((await client.M.request('POST', `/chats/${chatId}/leave.json`)).status).toBe(403);
    expect((await send('M', chatId, { content: 'Able to send' })).status).toBe(201);
    expect((await client.M.request('POST', `/chats/${chatId}/hide.json`)).status).toBe(200);
    expect(await abilitiesOf('M', chatId)).toEqual(ONE_ON_ONE_ABILITIES);
  });
});
