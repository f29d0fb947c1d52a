import { formatMessageDay, messageDayKey } from '../../../../common/chat-message-time.ts';
import { GROUP_CHAT_TYPE } from '../../../../common/constants.ts';
import { SEEN, seenBy } from '../../../../common/messages.ts';
import type { ChatMessage, ChatPartyEntry } from '../../../../common/schemas/chat.ts';

/**
 * How the chat screen lays out its messages (CONST-28, CHAT-13): by local day, and within a day
 * by runs of one sender; a system message (no `party_id`) stands alone as a note and ends the
 * run before it.
 */
export type MessageRun =
  | { kind: 'system'; key: string; message: ChatMessage }
  | { kind: 'party'; key: string; partyId: number; messages: ChatMessage[] };

export interface MessageDay {
  key: string;
  label: string;
  runs: MessageRun[];
}

/** `messages` oldest first; the answer keeps that order. */
export function groupMessages(messages: readonly ChatMessage[]): MessageDay[] {
  const days: MessageDay[] = [];
  for (const message of messages) {
    const dayKey = messageDayKey(message.created_at);
    let day = days.at(-1);
    if (day?.key !== dayKey) {
      day = { key: dayKey, label: formatMessageDay(message.created_at), runs: [] };
      days.push(day);
    }
    const last = day.runs.at(-1);
    if (message.party_id === null) {
      day.runs.push({ kind: 'system', key: `m${message.id}`, message });
    } else if (last?.kind === 'party' && last.partyId === message.party_id) {
      last.messages.push(message);
    } else {
      day.runs.push({
        kind: 'party',
        key: `m${message.id}`,
        partyId: message.party_id,
        messages: [message],
      });
    }
  }
  return days;
}

/**
 * The read state under the viewer's last message (D41, D45): 'Seen' in a 1-on-1 once the other
 * member's `last_seen_chat_message_id` has reached it, 'Seen by N' in a group counting the
 * current members (not the viewer) who have; nothing when none has, or the viewer sent nothing.
 */
export function readState(
  chat: { type: string; parties: readonly ChatPartyEntry[] },
  messages: readonly ChatMessage[],
  viewerId: number,
): { messageId: number; text: string } | null {
  const mine = messages.findLast((message) => message.party_id === viewerId);
  if (!mine) return null;
  const seen = chat.parties.filter(
    (entry) =>
      entry.party.id !== viewerId &&
      entry.left_at === null &&
      (entry.last_seen_chat_message_id ?? 0) >= mine.id,
  ).length;
  if (seen === 0) return null;
  return { messageId: mine.id, text: chat.type === GROUP_CHAT_TYPE ? seenBy(seen) : SEEN };
}
