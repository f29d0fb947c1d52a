/**
 * A chat's messages (ENT-07, docs/decisions.md D41): a page walked backward by id, a send found
 * again by its client id, and a new message made the chat's last activity.
 */
import type { Kysely } from 'kysely';
import type { ChatMessageRow } from '../../presenters/chat.ts';
import { prepare } from '../prepared.ts';
import type { ChatMessageType, Database } from '../schema.ts';

type Db = Kysely<Database>;

const MESSAGE_COLUMNS = [
  'm.id',
  'm.chat_id',
  'm.type',
  'm.party_id',
  'm.content',
  'm.client_id',
  'm.created_at',
  'm.photo_id',
  'ph.storage_key as photo_storage_key',
  'ph.medium_key as photo_medium_key',
] as const;

const messagePageQuery = prepare<ChatMessageRow, 'chat' | 'upTo' | 'limit'>((db, p) =>
  db
    .selectFrom('chat_messages as m')
    .leftJoin('photos as ph', 'ph.id', 'm.photo_id')
    .select(MESSAGE_COLUMNS)
    .where('m.chat_id', '=', p<number>('chat'))
    .where('m.id', '<=', p<number>('upTo'))
    .orderBy('m.id', 'desc')
    .limit(p<number>('limit')),
);

/**
 * Up to `limit` messages with their photos, newest first, from `upTo` down: a backward walk of
 * chat_messages (chat_id, id), however long the chat.
 */
export async function messagePage(
  db: Db,
  chatId: number,
  upTo: number,
  limit: number,
): Promise<ChatMessageRow[]> {
  const { rows } = await messagePageQuery.run(db, { chat: chatId, upTo, limit });
  return rows;
}

/** The chat's message sent under `clientId`, whoever sent it. */
export async function messageByClientId(
  db: Db,
  chatId: number,
  clientId: string,
): Promise<ChatMessageRow | undefined> {
  return db
    .selectFrom('chat_messages as m')
    .leftJoin('photos as ph', 'ph.id', 'm.photo_id')
    .select(MESSAGE_COLUMNS)
    .where('m.chat_id', '=', chatId)
    .where('m.client_id', '=', clientId)
    .executeTakeFirst();
}

export interface NewMessage {
  chatId: number;
  partyId: number | null;
  type: ChatMessageType;
  content: string | null;
  photoId: number | null;
  clientId: string | null;
  /** The list's line for it (ENT-06 last_activity_summary). */
  summary: string;
  now: number;
}

/**
 * Adds a message to a (locked) chat and makes it the chat's last activity; undefined when the
 * client id was used already in this chat (the first send won).
 */
export async function appendMessage(
  db: Db,
  message: NewMessage,
): Promise<ChatMessageRow | undefined> {
  const inserted = await db
    .insertInto('chat_messages')
    .values({
      chat_id: message.chatId,
      party_id: message.partyId,
      type: message.type,
      content: message.content,
      photo_id: message.photoId,
      client_id: message.clientId,
      created_at: message.now,
    })
    .onConflict((conflict) => conflict.columns(['chat_id', 'client_id']).doNothing())
    .returning([
      'id',
      'chat_id',
      'type',
      'party_id',
      'content',
      'client_id',
      'created_at',
      'photo_id',
    ])
    .executeTakeFirst();
  if (!inserted) return undefined;
  await db
    .updateTable('chats')
    .set({
      last_activity_at: message.now,
      last_activity_party_id: message.partyId,
      last_activity_summary: message.summary,
      last_chat_message_id: inserted.id,
    })
    .where('id', '=', message.chatId)
    .execute();
  return { ...inserted, photo_storage_key: null, photo_medium_key: null };
}
