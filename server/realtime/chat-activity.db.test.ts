import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../db/seed/index.ts';
import { createTestDatabase } from '../test/test-database.ts';
import type { TestDatabase } from '../test/test-database.ts';
import { createInProcessBus, publishAll, recordBusEvent } from './bus.ts';
import { createChatActivityCache } from './chat-activity.ts';

/* The poll's memory (D44) on the demo chats: bounded, read once, kept by the bus. */

let database: TestDatabase;
let chats: { id: number; newest: number | null; members: number[] }[];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.handle.db, { passwordHash: 'unused', now: Date.UTC(2026, 10, 22, 12) });
  const db = database.handle.db;
  const rows = await db.selectFrom('chats').select('id').orderBy('id').limit(4).execute();
  chats = await Promise.all(
    rows.map(async ({ id }) => {
      const newest = await db
        .selectFrom('chat_messages')
        .select((eb) => eb.fn.max<number>('id').as('id'))
        .where('chat_id', '=', id)
        .executeTakeFirstOrThrow();
      const members = await db
        .selectFrom('chat_parties')
        .select('party_id')
        .where('chat_id', '=', id)
        .where('left_at', 'is', null)
        .execute();
      return {
        id,
        newest: newest.id === null ? null : Number(newest.id),
        members: members.map((row) => row.party_id),
      };
    }),
  );
});

afterAll(async () => {
  await database.drop();
});

describe('the chat activity cache (D44)', () => {
  it('reads a chat once and answers it from memory after', async () => {
    const cache = createChatActivityCache(database.handle.db, createInProcessBus());
    const [chat] = chats;
    if (!chat) throw new Error('the demo data has no chat');
    const first = await cache.get(chat.id);
    expect(first?.newestMessageId).toBe(chat.newest);
    expect([...(first?.memberIds ?? [])].sort()).toEqual([...chat.members].sort());
    for (let n = 0; n < 5; n += 1) await cache.get(chat.id);
    expect(cache.loads).toBe(1);
    cache.close();
  });

  it('shares one read between calls that miss together, and keeps no chat that is not there', async () => {
    const cache = createChatActivityCache(database.handle.db, createInProcessBus());
    const [chat] = chats;
    if (!chat) throw new Error('the demo data has no chat');
    await Promise.all([cache.get(chat.id), cache.get(chat.id), cache.get(chat.id)]);
    expect(cache.loads).toBe(1);
    expect(await cache.get(2_000_000_000)).toBeNull();
    expect(cache.size).toBe(1);
    cache.close();
  });

  it('holds at most its capacity, dropping the least recently asked', async () => {
    const cache = createChatActivityCache(database.handle.db, createInProcessBus(), 2);
    const [a, b, c] = chats;
    if (!a || !b || !c) throw new Error('the demo data has too few chats');
    await cache.get(a.id);
    await cache.get(b.id);
    await cache.get(a.id);
    await cache.get(c.id);
    expect(cache.size).toBe(2);
    const loads = cache.loads;
    await cache.get(a.id);
    expect(cache.loads).toBe(loads);
    await cache.get(b.id);
    expect(cache.loads).toBe(loads + 1);
    cache.close();
  });

  it('follows message events, and reads the chat again after a chat event', async () => {
    const bus = createInProcessBus();
    const cache = createChatActivityCache(database.handle.db, bus);
    const [chat] = chats;
    if (!chat) throw new Error('the demo data has no chat');
    await cache.get(chat.id);
    const db = database.handle.db;
    const message = await recordBusEvent(
      db,
      { kind: 'message', chat_id: chat.id, chat_message_id: 1_999_999_999, party_id: null },
      chat.members,
      Date.now(),
    );
    await publishAll(bus, [message]);
    expect((await cache.get(chat.id))?.newestMessageId).toBe(1_999_999_999);
    expect(cache.loads).toBe(1);
    await publishAll(bus, [
      await recordBusEvent(db, { kind: 'chat', chat_id: chat.id }, chat.members, Date.now()),
    ]);
    expect((await cache.get(chat.id))?.newestMessageId).toBe(chat.newest);
    expect(cache.loads).toBe(2);
    cache.close();
  });

  it('does not keep a read that an event overtook', async () => {
    const bus = createInProcessBus();
    const cache = createChatActivityCache(database.handle.db, bus);
    const [chat] = chats;
    if (!chat) throw new Error('the demo data has no chat');
    const event = await recordBusEvent(
      database.handle.db,
      { kind: 'chat', chat_id: chat.id },
      chat.members,
      Date.now(),
    );
    // The miss first catches up with the bus, then reads; published once the read is under way.
    const reading = cache.get(chat.id);
    await bus.caughtUp();
    expect(cache.loads).toBe(1);
    await publishAll(bus, [event]);
    await reading;
    expect(cache.size).toBe(0);
    cache.close();
  });
});
