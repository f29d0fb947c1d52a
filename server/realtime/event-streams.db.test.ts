import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserMetadata } from '../../common/schemas/session.ts';
import { createTestDatabase } from '../test/test-database.ts';
import type { TestDatabase } from '../test/test-database.ts';
import { createInProcessBus, latestBusEventId, publishAll, recordBusEvent } from './bus.ts';
import type { Bus } from './bus.ts';
import { createStreamHub } from './event-streams.ts';
import type { StreamConnection, StreamHub } from './event-streams.ts';

/* The stream registry (D43) with connections that record what they are sent. */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

interface Recorder extends StreamConnection {
  readonly text: string[];
  ended: boolean;
  pending: number;
}

function recorder(): Recorder {
  const closers: (() => void)[] = [];
  const self: Recorder = {
    text: [],
    ended: false,
    pending: 0,
    write(text) {
      self.text.push(text);
      return true;
    },
    get pendingBytes() {
      return self.pending;
    },
    end() {
      if (self.ended) return;
      self.ended = true;
      for (const close of closers) close();
    },
    onClose(listener) {
      closers.push(listener);
    },
  };
  return self;
}

function hubWith(bus: Bus, counts: { badges: number }): StreamHub {
  return createStreamHub({
    db: database.handle.db,
    bus,
    badgesOf: async (): Promise<UserMetadata> => {
      counts.badges += 1;
      return { unseen_notice_count: 0, unseen_chat_messages_count: counts.badges };
    },
    liveSessions: async (ids) => new Set(ids),
    heartbeatMs: 3_600_000,
    maxPerSession: 2,
    onError: (error) => {
      throw error;
    },
  });
}

const badgesIn = (connection: Recorder) =>
  connection.text.filter((text) => text.startsWith('event: badges')).length;

async function settle(): Promise<void> {
  // The badge count runs in promises of its own: let them finish.
  for (let n = 0; n < 10; n += 1) await new Promise((resolve) => setImmediate(resolve));
}

async function chatEvent(chatId: number, partyIds: number[]) {
  return recordBusEvent(
    database.handle.db,
    { kind: 'chat', chat_id: chatId },
    partyIds,
    Date.now(),
  );
}

describe('the stream hub (D43)', () => {
  it('counts badges once for a burst of events, and sends them to every tab', async () => {
    const bus = createInProcessBus();
    const counts = { badges: 0 };
    const hub = hubWith(bus, counts);
    const [tab1, tab2] = [recorder(), recorder()];
    await hub.open({ partyId: 1, sessionId: 1, lastEventId: null }, tab1);
    await hub.open({ partyId: 1, sessionId: 1, lastEventId: null }, tab2);
    await settle();
    const before = counts.badges;
    const events = await Promise.all([chatEvent(1, [1]), chatEvent(2, [1]), chatEvent(3, [1])]);
    await publishAll(bus, events);
    await settle();
    // One count for the burst (a second at most, for events during the first).
    expect(counts.badges - before).toBeLessThanOrEqual(2);
    for (const tab of [tab1, tab2]) {
      expect(tab.text.filter((text) => text.includes('event: chat'))).toHaveLength(3);
      expect(badgesIn(tab)).toBeGreaterThanOrEqual(2);
    }
    hub.closeAll();
  });

  it('does not send again what its replay sent when the bus hands it on afterwards', async () => {
    const bus = createInProcessBus();
    const hub = hubWith(bus, { badges: 0 });
    const db = database.handle.db;
    const before = await latestBusEventId(db);
    // As stored: on PostgreSQL the row is numbered again at commit (D74).
    const event = { ...(await chatEvent(21, [7])), id: await latestBusEventId(db) };
    const tab = recorder();
    await hub.open({ partyId: 7, sessionId: 7, lastEventId: before }, tab);
    // A node whose bus reads behind the database hands the replayed event on after the replay.
    await publishAll(bus, [event]);
    await settle();
    expect(tab.text.filter((text) => text.includes('"chat_id":21'))).toHaveLength(1);
    hub.closeAll();
  });

  it('gives an event only to the members it lists', async () => {
    const bus = createInProcessBus();
    const hub = hubWith(bus, { badges: 0 });
    const [mine, theirs] = [recorder(), recorder()];
    await hub.open({ partyId: 1, sessionId: 1, lastEventId: null }, mine);
    await hub.open({ partyId: 2, sessionId: 2, lastEventId: null }, theirs);
    await publishAll(bus, [await chatEvent(9, [1])]);
    await settle();
    expect(mine.text.some((text) => text.includes('"chat_id":9'))).toBe(true);
    expect(theirs.text.some((text) => text.includes('"chat_id":9'))).toBe(false);
    hub.closeAll();
  });

  it('closes the oldest stream past the cap, a signed-out session, and a peer that stops reading', async () => {
    const bus = createInProcessBus();
    const hub = hubWith(bus, { badges: 0 });
    const [a, b, c] = [recorder(), recorder(), recorder()];
    for (const connection of [a, b, c]) {
      await hub.open({ partyId: 1, sessionId: 5, lastEventId: null }, connection);
    }
    expect([a.ended, b.ended, c.ended]).toEqual([true, false, false]);
    expect(hub.count()).toBe(2);

    c.pending = 2 * 1024 * 1024;
    await publishAll(bus, [await chatEvent(4, [1])]);
    expect(c.ended).toBe(true);
    expect(b.ended).toBe(false);

    await publishAll(bus, [
      await recordBusEvent(
        database.handle.db,
        { kind: 'session_end', session_ids: [5] },
        [1],
        Date.now(),
      ),
    ]);
    expect(b.ended).toBe(true);
    expect(hub.count()).toBe(0);
    hub.closeAll();
  });
});
