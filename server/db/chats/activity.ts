/**
 * What the chat poll's memory (realtime/chat-activity.ts, docs/decisions.md D44) reads on a
 * miss: the chat's newest message id and its current members.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

export interface ChatActivityRow {
  /** The newest message id (system messages included); null before the first. */
  newestMessageId: number | null;
  /** Current members' party ids (those who left are not). */
  memberIds: number[];
}

/** The chat's newest message and current members; null when there is no such chat. */
export async function chatActivityOf(
  db: Kysely<Database>,
  chatId: number,
): Promise<ChatActivityRow | null> {
  const [chat, members] = await Promise.all([
    db
      .selectFrom('chats')
      .select((eb) => [
        'chats.id',
        eb
          .selectFrom('chat_messages')
          .select((inner) => inner.fn.max<number>('chat_messages.id').as('newest'))
          .whereRef('chat_messages.chat_id', '=', 'chats.id')
          .as('newest'),
      ])
      .where('chats.id', '=', chatId)
      .executeTakeFirst(),
    db
      .selectFrom('chat_parties')
      .select('party_id')
      .where('chat_id', '=', chatId)
      .where('left_at', 'is', null)
      .execute(),
  ]);
  if (!chat) return null;
  return {
    newestMessageId: chat.newest === null ? null : Number(chat.newest),
    memberIds: members.map((row) => row.party_id),
  };
}
