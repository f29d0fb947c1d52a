import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { addIndex, schemaKit } from './schema-helpers.ts';

/**
 * Chats (docs/decisions.md D41, D43).
 *
 * - `chat_parties.unseen_count`: messages from others the member has not seen, kept by every
 *   send and read instead of counted on each request (the badge is on every answer). Filled
 *   here from the last-seen markers of existing rows.
 * - `bus_events`: every change a member's event stream carries, numbered, so a stream that
 *   reconnects with `Last-Event-ID` (or another node of a LISTEN/NOTIFY bus) replays what it
 *   missed. `party_ids` lists the recipients as JSON; rows older than a day are swept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);
  await db.schema
    .alterTable('chat_parties')
    .addColumn('unseen_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // One statement on both engines: the others' messages past each current member's marker.
  await sql`
    update chat_parties set unseen_count = (
      select count(*) from chat_messages m
      where m.chat_id = chat_parties.chat_id
        and m.id > coalesce(chat_parties.last_seen_chat_message_id, 0)
        and m.party_id is not null
        and m.party_id <> chat_parties.party_id
    )
    where left_at is null
  `.execute(db);

  await k
    .table('bus_events')
    .addColumn('kind', 'text', k.notNull)
    .addColumn('chat_id', 'integer')
    .addColumn('party_ids', 'text', k.notNull)
    .addColumn('payload', 'text', k.notNull)
    .addColumn('created_at', k.instant, k.notNull)
    .execute();
  await addIndex(db, 'bus_events', ['created_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bus_events').execute();
  await db.schema.alterTable('chat_parties').dropColumn('unseen_count').execute();
}
