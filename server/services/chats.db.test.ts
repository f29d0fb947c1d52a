import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_AVATAR_MAX } from '../../common/constants.ts';
import { MAX_RECORD_ID } from '../../common/schemas/record-id.ts';
import type { Member } from '../auth/actor.ts';
import { ADMIN, MEMBER, MEMBER2, WEBMASTER } from '../db/seed/personas.ts';
import { NotFoundError } from '../errors.ts';
import { mayReadChat } from '../policies/chats.ts';
import { createInProcessBus } from '../realtime/bus.ts';
import { demoServices } from '../test/demo-services.ts';
import type { TestDatabase } from '../test/test-database.ts';
import { getChat, listChats } from './chats.ts';
import type { ServiceContext } from './context.ts';
import { userMetadata } from './user-metadata.ts';

/**
 * The chat list (GET /chats.json) says in SQL who is in a chat; the policy `mayReadChat` says it
 * in code. On the demo data, for the personas and a spread of other members, the list must be
 * exactly the chats the policy lets them read, newest activity first, with the members, counts
 * and hidden marks the tables hold. And the badge, a sum of kept counts (D41), must equal a
 * recount of the messages past each marker, for every member with a chat.
 */

interface Entry {
  chat_id: number;
  party_id: number;
  joined_at: number;
  left_at: number | null;
  hid_at: number | null;
  last_seen_chat_message_id: number | null;
  unseen_count: number;
  id: number;
}

let database: TestDatabase;
let ctx: ServiceContext;
let entries: Entry[];
let chats: Map<number, { last_activity_at: number; type: string }>;

beforeAll(async () => {
  const services = await demoServices();
  database = services.database;
  ctx = { ...services.ctx, bus: createInProcessBus() };
  const db = database.handle.db;
  entries = (await db.selectFrom('chat_parties').selectAll().execute()).map((row) => ({
    ...row,
    unseen_count: Number(row.unseen_count),
  }));
  chats = new Map(
    (await db.selectFrom('chats').select(['id', 'last_activity_at', 'type']).execute()).map(
      (row) => [row.id, row],
    ),
  );
});

afterAll(async () => {
  await database.drop();
});

async function memberOf(where: { username: string } | { partyId: number }): Promise<Member> {
  let query = database.handle.db.selectFrom('users').select(['id', 'party_id', 'is_admin']);
  query =
    'username' in where
      ? query.where('username', '=', where.username)
      : query.where('party_id', '=', where.partyId);
  const user = await query.executeTakeFirstOrThrow();
  return { kind: 'member', userId: user.id, partyId: user.party_id, isAdmin: user.is_admin === 1 };
}

/** The list as the policy and the tables say it, computed the obvious way. */
function expectedList(member: Member) {
  const mine = entries.filter(
    (entry) => entry.party_id === member.partyId && mayReadChat(member, { leftAt: entry.left_at }),
  );
  const sorted = mine.sort((a, b) => {
    const at =
      (chats.get(b.chat_id)?.last_activity_at ?? 0) - (chats.get(a.chat_id)?.last_activity_at ?? 0);
    return at !== 0 ? at : b.chat_id - a.chat_id;
  });
  return sorted.map((entry) => {
    const current = entries
      .filter((other) => other.chat_id === entry.chat_id && other.left_at === null)
      .sort((a, b) => a.joined_at - b.joined_at || a.id - b.id);
    return {
      id: entry.chat_id,
      hid_at: entry.hid_at,
      unseen_count: entry.unseen_count,
      party_count: current.length,
      parties: current
        .filter((other) => other.party_id !== member.partyId)
        .slice(0, CHAT_AVATAR_MAX + 1)
        .map((other) => other.party_id),
    };
  });
}

describe('the chat list (GET /chats.json) equals the chat policy on the demo data', () => {
  it('for the personas and 40 other members with chats', async () => {
    const personas = await Promise.all(
      [MEMBER, MEMBER2, WEBMASTER, ADMIN].map((persona) =>
        memberOf({ username: persona.username }),
      ),
    );
    const withChats = [...new Set(entries.map((entry) => entry.party_id))].sort((a, b) => a - b);
    const step = Math.max(1, Math.floor(withChats.length / 40));
    const others = await Promise.all(
      withChats
        .filter((_, index) => index % step === 0)
        .slice(0, 40)
        .map((partyId) => memberOf({ partyId })),
    );
    let left = 0;
    let hidden = 0;
    for (const member of [...personas, ...others]) {
      const answer = await listChats(ctx, member);
      const got = answer.chats.map((chat) => ({
        id: chat.id,
        hid_at: chat.hid_at,
        unseen_count: chat.unseen_count,
        party_count: chat.party_count,
        parties: chat.parties.map((p) => p.id),
      }));
      expect({ party: member.partyId, chats: got }).toEqual({
        party: member.partyId,
        chats: expectedList(member),
      });
      left += entries.filter((e) => e.party_id === member.partyId && e.left_at !== null).length;
      hidden += got.filter((chat) => chat.hid_at !== null).length;
    }
    // The rule has something to say: some of these members left a chat, some hid one.
    expect(left).toBeGreaterThan(0);
    expect(hidden).toBeGreaterThan(0);
  });

  it('opening a chat (GET /chats/{id}) is a 404 exactly where the policy says no', async () => {
    const member = await memberOf({ username: MEMBER.username });
    const sample = [...chats.keys()].sort((a, b) => a - b).filter((_, index) => index % 7 === 0);
    // M's own chats, those M left, and others'.
    const mineOrLeft = entries.filter((e) => e.party_id === member.partyId).map((e) => e.chat_id);
    for (const chatId of [...new Set([...mineOrLeft, ...sample])]) {
      const entry = entries.find((e) => e.chat_id === chatId && e.party_id === member.partyId);
      const allowed = mayReadChat(member, entry ? { leftAt: entry.left_at } : undefined);
      // Paging back (before_id) changes nothing, so the demo data stays as seeded.
      const outcome = await getChat(ctx, member, chatId, { beforeId: MAX_RECORD_ID }).then(
        () => 'read',
        (error: unknown) => (error instanceof NotFoundError ? 'not found' : error),
      );
      expect({ chatId, outcome }).toEqual({ chatId, outcome: allowed ? 'read' : 'not found' });
    }
  });
});

describe('the chats badge (x-user-metadata) is the kept counts, and they equal a recount (D41)', () => {
  it('for every member with a chat', async () => {
    const db = database.handle.db;
    const messages = await db
      .selectFrom('chat_messages')
      .select(['id', 'chat_id', 'party_id'])
      .execute();
    const byChat = new Map<number, { id: number; party_id: number | null }[]>();
    for (const message of messages) {
      const list = byChat.get(message.chat_id) ?? [];
      list.push(message);
      byChat.set(message.chat_id, list);
    }
    const recount = new Map<number, number>();
    for (const entry of entries) {
      if (entry.left_at !== null) continue;
      const unseen = (byChat.get(entry.chat_id) ?? []).filter(
        (m) =>
          m.party_id !== null &&
          m.party_id !== entry.party_id &&
          m.id > (entry.last_seen_chat_message_id ?? 0),
      ).length;
      expect({ entry: entry.id, kept: entry.unseen_count }).toEqual({
        entry: entry.id,
        kept: unseen,
      });
      // The badge leaves hidden chats out (D41); their counts are kept all the same.
      const badged = entry.hid_at === null ? unseen : 0;
      recount.set(entry.party_id, (recount.get(entry.party_id) ?? 0) + badged);
    }
    let someUnseen = 0;
    for (const [partyId, count] of recount) {
      const metadata = await userMetadata(ctx, partyId);
      expect({ partyId, count: metadata.unseen_chat_messages_count }).toEqual({ partyId, count });
      if (count > 0) someUnseen += 1;
    }
    expect(someUnseen).toBeGreaterThan(10);
  });
});
