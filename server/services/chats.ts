/**
 * Chats (§7 Chats; API-CHAT-01..04, -06..10; docs/decisions.md D41, D42): reading. The writes
 * are in chat-messages.ts (a send) and chat-changes.ts (start, hide, leave, rename, add); their
 * queries in db/chats/.
 *
 * A chat belongs to its current members (policies/chats.ts): a chat one is not in is a 404.
 * Every change runs in one transaction that also records the bus events it causes
 * (realtime/bus.ts `recordBusEvent`); they are published after the commit (`publishAll`), so
 * a stream never announces what a reader cannot yet see.
 *
 * Kept state (D41): `chat_parties.unseen_count` is the member's count of others' messages past
 * their marker, moved by every send (+1 for each other current member) and every read (0), so
 * the badge is a sum, never a recount. `chats.last_*` hold the newest message for the list.
 *
 * Ordering on PostgreSQL: a write locks the chat's row first, so message ids of one chat are
 * committed in id order (a reader that saw id N never later finds a new id below N); a read
 * locks the reader's own entry first and then reads the chat, so a send that commits meanwhile
 * is either before the marker or counted after it.
 */
import { PREF_SHOW_HIDDEN_CHATS } from '../../common/constants.ts';
import {
  CHAT_MESSAGES_PAGE,
  type ChatDetail,
  type ChatSummary,
  type PartyPreference,
} from '../../common/schemas/chat.ts';
import { MAX_RECORD_ID } from '../../common/schemas/record-id.ts';
import type { SessionParty } from '../../common/schemas/session.ts';
import { requireMember, type Actor, type Member } from '../auth/actor.ts';
import {
  chatsOfMember,
  lastMessageIdOf,
  otherMembersOfChats,
  storedShowHiddenChats,
} from '../db/chats/chats.ts';
import { chatEntries, currentMemberIds, readStateOf, setEntryRead } from '../db/chats/entries.ts';
import { messagePage } from '../db/chats/messages.ts';
import type { Database } from '../db/schema.ts';
import type { Kysely } from 'kysely';
import { chatAbilities } from '../policies/chats.ts';
import { presentChatDetail, presentChatSummary, type ChatRow } from '../presenters/chat.ts';
import { presentPartySummary } from '../presenters/party.ts';
import { publishAll, recordBusEvent, type BusEvent } from '../realtime/bus.ts';
import { loadMemberChat } from './chat-access.ts';
import type { ServiceContext } from './context.ts';

/** The member's stored preferences, with SHOW_HIDDEN_CHATS defaulting to NO (CHAT-04). */
async function preferencesOf(db: Kysely<Database>, partyId: number): Promise<PartyPreference[]> {
  const stored = await storedShowHiddenChats(db, partyId);
  return [{ code: PREF_SHOW_HIDDEN_CHATS, value: stored === 'YES' ? 'YES' : 'NO' }];
}

/** GET /chats.json (API-CHAT-01, CHAT-01..09): two statements however many chats. */
export async function listChats(
  ctx: ServiceContext,
  actor: Actor,
): Promise<{ chats: ChatSummary[]; party_preferences: PartyPreference[] }> {
  const member = requireMember(actor);
  const [chats, others, preferences] = await Promise.all([
    chatsOfMember(ctx.db, member.partyId),
    otherMembersOfChats(ctx.db, member.partyId),
    preferencesOf(ctx.db, member.partyId),
  ]);
  const byChat = new Map<number, { parties: SessionParty[]; total: number }>();
  for (const row of others) {
    const entry = byChat.get(row.chat_id) ?? { parties: [], total: Number(row.total) };
    entry.parties.push(presentPartySummary(row));
    byChat.set(row.chat_id, entry);
  }
  return {
    chats: chats.map((row) => {
      const entry = byChat.get(row.id);
      // The list holds the member's current entries only (left_at is null).
      const abilities = chatAbilities(member, row.type, { leftAt: null });
      return presentChatSummary(row, entry?.parties ?? [], (entry?.total ?? 0) + 1, abilities);
    }),
    party_preferences: preferences,
  };
}

/**
 * Moves the reader's marker to the chat's newest message and zeroes their count (D41), in a
 * transaction that records a `read` event for the chat's members; answers the events to publish
 * and the marker it left (null when there is no message to have read).
 */
async function markRead(
  ctx: ServiceContext,
  member: Member,
  chatId: number,
  entryId: number,
  now: number,
): Promise<{ events: BusEvent[]; marker: number | null }> {
  const { events, marker } = await ctx.db.transaction().execute(async (trx) => {
    const entry = await readStateOf(trx, entryId, ctx.engine === 'postgres');
    if (!entry || entry.left_at !== null) return { events: [], marker: null };
    const newest = await lastMessageIdOf(trx, chatId);
    const marker = entry.last_seen_chat_message_id;
    const moves = newest !== null && (marker === null || marker < newest);
    const kept = moves ? newest : marker;
    if (!moves && Number(entry.unseen_count) === 0) return { events: [], marker: kept };
    await setEntryRead(trx, entryId, kept);
    if (!moves || newest === null) return { events: [], marker: kept };
    const event = await recordBusEvent(
      trx,
      {
        kind: 'read',
        chat_id: chatId,
        party_id: member.partyId,
        last_seen_chat_message_id: newest,
      },
      await currentMemberIds(trx, chatId),
      now,
    );
    return { events: [event], marker: kept };
  });
  return { events, marker };
}

export interface ChatPageOptions {
  /** Page back from this message id (exclusive); never marks read. */
  beforeId?: number;
  /** False to look without reading (the members, rename and add screens); default true. */
  markRead?: boolean;
}

/**
 * GET /chats/{id} (API-CHAT-04, CHAT-12): the chat, every member entry and a page of messages,
 * newest first. Without `before_id` it is the reader opening the chat: their marker moves to the
 * newest message and their count goes to 0 (D41), unless `markRead` is false (a screen that
 * only looks at the members or the name). With `before_id` it is paging back, and changes
 * nothing.
 */
export async function getChat(
  ctx: ServiceContext,
  actor: Actor,
  chatId: number,
  { beforeId, markRead: reads = true }: ChatPageOptions = {},
): Promise<ChatDetail> {
  const member = requireMember(actor);
  const row = await loadMemberChat(ctx, member, chatId);
  let chat: ChatRow = row;
  const newest = row.last_chat_message_id;
  const unread =
    Number(row.unseen_count) > 0 ||
    (newest !== null && (row.last_seen_chat_message_id ?? 0) < newest);
  const opening = beforeId === undefined && reads;
  let upTo = beforeId === undefined ? MAX_RECORD_ID : beforeId - 1;
  if (opening) {
    // Opening a chat already read writes nothing (the common case of a refetch).
    let seen = newest;
    if (unread) {
      const read = await markRead(ctx, member, chatId, row.entry_id, Date.now());
      await publishAll(ctx.bus, read.events);
      seen = read.marker ?? newest;
    }
    // The page stops at what was marked read: a message sent since is not shown as read while
    // it still counts unseen; its id reaches the poll, and the client's refetch reads it.
    upTo = seen ?? 0;
    chat = { ...row, unseen_count: 0, last_chat_message_id: seen };
  }
  const [messages, entries] = await Promise.all([
    messagePage(ctx.db, chatId, upTo, CHAT_MESSAGES_PAGE + 1),
    chatEntries(ctx.db, chatId),
  ]);
  const page = messages.slice(0, CHAT_MESSAGES_PAGE);
  const abilities = chatAbilities(member, row.type, { leftAt: row.left_at });
  return presentChatDetail(chat, entries, page, messages.length > CHAT_MESSAGES_PAGE, abilities);
}
