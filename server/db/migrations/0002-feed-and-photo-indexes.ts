import type { Kysely } from 'kysely';
import { addIndex } from './schema-helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Removing a post's or event's photo first asks whether a chat message still shows it (demo
  // pictures are shared); without this index that question reads every chat message.
  await addIndex(db, 'chat_messages', ['photo_id']);
  // The feed walks member posts to 'All followers' newest first and keeps those by lodge-mates
  // (services/post-feed.ts); the other feed sources have their own (party_id|club_id, created_at).
  await addIndex(db, 'posts', ['access', 'created_at', 'id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('posts_access_created_at_id_idx').execute();
  await db.schema.dropIndex('chat_messages_photo_id_idx').execute();
}
