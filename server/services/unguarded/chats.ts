/**
 * What the chat use cases (services/chats.ts, chat-messages.ts, chat-changes.ts) share and that
 * checks nothing: the names a system message and a list line use, the system message itself,
 * and the bus events a change records. No actor: the use cases that call these have asked the
 * chat policy already.
 */
import type { Kysely } from 'kysely';
import { displayName } from '../../../common/display-name.ts';
import { partySummaryOf } from '../../db/chats/entries.ts';
import type { NewMessage } from '../../db/chats/messages.ts';
import type { Database } from '../../db/schema.ts';
import type { ChatMessageRow } from '../../presenters/chat.ts';
import { recordBusEvent, type BusEvent, type BusPayload } from '../../realtime/bus.ts';

export interface PartyName {
  display: string;
  /** The name people go by in a summary: "Bill" for Bill Harper (as the demo data). */
  first: string;
}

export async function nameOf(db: Kysely<Database>, partyId: number): Promise<PartyName> {
  const party = await partySummaryOf(db, partyId);
  const display = party ? displayName(party) : 'A member';
  return { display, first: display.split(' ')[0] ?? display };
}

/** `text` cut to `length` characters with an ellipsis, never between a surrogate pair. */
export function cut(text: string, length: number): string {
  if (text.length <= length) return text;
  // A cut between the halves of a surrogate pair would store U+FFFD (an emoji turned into '?').
  const end = /[\uD800-\uDBFF]/.test(text.charAt(length - 2)) ? length - 2 : length - 1;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** A system message (CHAT-13): no party, not counted unseen (D41). */
export function systemMessage(chatId: number, content: string, now: number): NewMessage {
  return {
    chatId,
    partyId: null,
    type: 'SystemChatMessage',
    content,
    photoId: null,
    clientId: null,
    summary: content,
    now,
  };
}

/** Records `payload` for `partyIds` in the transaction; none when there is nobody to tell. */
export async function record(
  trx: Kysely<Database>,
  events: BusEvent[],
  payload: BusPayload,
  partyIds: readonly number[],
  now: number,
): Promise<void> {
  if (partyIds.length > 0) events.push(await recordBusEvent(trx, payload, partyIds, now));
}

export function messageEvent(row: ChatMessageRow): BusPayload {
  return { kind: 'message', chat_id: row.chat_id, chat_message_id: row.id, party_id: row.party_id };
}
