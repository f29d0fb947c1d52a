import type {
  ChatAbilities,
  ChatDetail,
  ChatMessage,
  ChatPartyEntry,
  ChatSummary,
} from '../../common/schemas/chat.ts';
import type { SessionParty } from '../../common/schemas/session.ts';
import type { ChatMessageType, ChatType } from '../db/schema.ts';
import { presentPartySummary, type PartySummaryRow } from './party.ts';
import { presentPhoto } from './post.ts';

/** A chat as the viewer's entry sees it: the chat's columns, the viewer's hid_at and count. */
export interface ChatRow {
  id: number;
  type: ChatType;
  name: string | null;
  created_at: number;
  last_activity_at: number;
  last_activity_party_id: number | null;
  last_activity_summary: string | null;
  last_chat_message_id: number | null;
  hid_at: number | null;
  unseen_count: number;
}

export interface ChatMessageRow {
  id: number;
  chat_id: number;
  type: ChatMessageType;
  party_id: number | null;
  content: string | null;
  client_id: string | null;
  created_at: number;
  photo_id: number | null;
  photo_storage_key: string | null;
  photo_medium_key: string | null;
}

export interface ChatEntryRow extends PartySummaryRow {
  entry_id: number;
  joined_at: number;
  left_at: number | null;
  last_seen_chat_message_id: number | null;
}

/**
 * One list entry (ENT-06): `others` are the current members other than the viewer, as many as
 * the avatars need; `partyCount` counts every current member, the viewer included; `abilities`
 * as the chat policy decides them for the viewer (policies/chats.ts `chatAbilities`).
 */
export function presentChatSummary(
  row: ChatRow,
  others: readonly SessionParty[],
  partyCount: number,
  abilities: ChatAbilities,
): ChatSummary {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    parties: [...others],
    party_count: partyCount,
    hid_at: row.hid_at,
    created_at: row.created_at,
    last_activity_at: row.last_activity_at,
    last_activity_party_id: row.last_activity_party_id,
    last_activity_summary: row.last_activity_summary,
    last_chat_message_id: row.last_chat_message_id,
    unseen_count: Math.max(0, Number(row.unseen_count)),
    abilities,
  };
}

/** ENT-07; a system message has no party. */
export function presentChatMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    chat_id: row.chat_id,
    type: row.type,
    party_id: row.party_id,
    content: row.content,
    photo:
      row.photo_id !== null && row.photo_storage_key !== null
        ? presentPhoto({
            id: row.photo_id,
            storage_key: row.photo_storage_key,
            medium_key: row.photo_medium_key,
          })
        : null,
    created_at: row.created_at,
    client_id: row.client_id,
  };
}

/** ENT-08, CHAT-32: an entry of the chat's members, those who left included. */
export function presentChatPartyEntry(row: ChatEntryRow): ChatPartyEntry {
  return {
    id: row.entry_id,
    party: presentPartySummary(row),
    joined_at: row.joined_at,
    left_at: row.left_at,
    last_seen_chat_message_id: row.last_seen_chat_message_id,
  };
}

/** GET /chats/{id} (API-CHAT-04). */
export function presentChatDetail(
  row: ChatRow,
  entries: readonly ChatEntryRow[],
  messages: readonly ChatMessageRow[],
  hasMore: boolean,
  abilities: ChatAbilities,
): ChatDetail {
  const current = entries.filter((entry) => entry.left_at === null);
  return {
    ...presentChatSummary(row, [], current.length, abilities),
    parties: entries.map(presentChatPartyEntry),
    chat_messages: messages.map(presentChatMessage),
    has_more: hasMore,
  };
}
