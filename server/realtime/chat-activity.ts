import type { Kysely } from 'kysely';
import { chatActivityOf } from '../db/chats/activity.ts';
import type { Database } from '../db/schema.ts';
import type { Bus } from './bus.ts';

/*
 * What the chat poll answers (docs/decisions.md D44): each chat's newest message id and its
 * current members, kept in memory by the bus events, so the call every open chat makes twice
 * a second reads no database once its chat is known. A bounded LRU; a miss reads the chat.
 *
 * Before it answers, `get` awaits `bus.caughtUp()`: every event committed before the call has
 * then reached this memory, so a member added or removed through another node, or a message
 * sent there, is seen at once (D74). On one node that costs nothing; on PostgreSQL it is the one
 * indexed read of `bus_events` after the node's last id, which usually finds no row.
 */

export interface ChatActivity {
  /** The newest message (system messages included); null before the first. */
  readonly newestMessageId: number | null;
  /** Current members (those who left are not). */
  readonly memberIds: ReadonlySet<number>;
}

export interface ChatActivityCache {
  /** The chat's activity, or null when there is no such chat. */
  get(chatId: number): Promise<ChatActivity | null>;
  /** Reads of the database so far (tests show the common case reads none). */
  readonly loads: number;
  readonly size: number;
  /** Forgets every chat (the bus may have missed events: the next calls read the database). */
  clear(): void;
  close(): void;
}

/** Chats kept: each costs a few hundred bytes, so the bound is a few megabytes. */
export const CHAT_ACTIVITY_CAPACITY = 10_000;

async function loadChat(db: Kysely<Database>, chatId: number): Promise<ChatActivity | null> {
  const chat = await chatActivityOf(db, chatId);
  if (!chat) return null;
  return { newestMessageId: chat.newestMessageId, memberIds: new Set(chat.memberIds) };
}

export function createChatActivityCache(
  db: Kysely<Database>,
  bus: Bus,
  capacity = CHAT_ACTIVITY_CAPACITY,
): ChatActivityCache {
  // A Map keeps insertion order: re-inserting on each hit makes the first key the least used.
  const entries = new Map<number, ChatActivity>();
  /** Loads under way; an event for the chat meanwhile marks the load stale (not kept). */
  const loading = new Map<number, { promise: Promise<ChatActivity | null>; stale: boolean }>();
  let loads = 0;

  const unsubscribe = bus.subscribe(({ payload }) => {
    if (payload.kind !== 'message' && payload.kind !== 'chat') return;
    const chatId = payload.chat_id;
    const pending = loading.get(chatId);
    if (pending) pending.stale = true;
    const entry = entries.get(chatId);
    if (!entry) return;
    if (payload.kind === 'message') {
      // Ids may be published out of order (two sends committing together): keep the highest.
      if (entry.newestMessageId === null || payload.chat_message_id > entry.newestMessageId) {
        entries.set(chatId, { ...entry, newestMessageId: payload.chat_message_id });
      }
    } else {
      // Members came or went (the event does not say who): read the chat again when asked.
      entries.delete(chatId);
    }
  });

  function keep(chatId: number, activity: ChatActivity): void {
    entries.set(chatId, activity);
    if (entries.size > capacity) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  }

  return {
    async get(chatId) {
      await bus.caughtUp();
      const entry = entries.get(chatId);
      if (entry) {
        entries.delete(chatId);
        entries.set(chatId, entry);
        return entry;
      }
      const pending = loading.get(chatId);
      if (pending) return pending.promise;
      loads += 1;
      const load = { promise: loadChat(db, chatId), stale: false };
      loading.set(chatId, load);
      try {
        const activity = await load.promise;
        // A chat that does not exist is not kept: ids are cheap to make up.
        if (activity && !load.stale) keep(chatId, activity);
        return activity;
      } finally {
        loading.delete(chatId);
      }
    },
    get loads() {
      return loads;
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
      for (const load of loading.values()) load.stale = true;
    },
    close() {
      unsubscribe();
      entries.clear();
    },
  };
}
