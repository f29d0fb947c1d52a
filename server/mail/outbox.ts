import type { Kysely } from 'kysely';
import type { Database, OutboxChannel } from '../db/schema.ts';

export interface OutboxEntry {
  channel: OutboxChannel;
  to: string;
  subject: string | null;
  body: string;
}

/**
 * Keeps a message in `outbox_messages`, unsent. On the embedded default (no SMTP server, no SMS
 * provider) this is where messages go, so a developer can read a code with
 * `npm run lodgehall -- outbox`; the table is also the queue a later sender could drain.
 */
export async function writeOutboxMessage(
  db: Kysely<Database>,
  entry: OutboxEntry,
  now = Date.now(),
): Promise<number> {
  const row = await db
    .insertInto('outbox_messages')
    .values({
      channel: entry.channel,
      to_address: entry.to,
      subject: entry.subject,
      body: entry.body,
      created_at: now,
      sent_at: null,
      last_error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface OutboxListing {
  id: number;
  channel: OutboxChannel;
  to_address: string;
  subject: string | null;
  body: string;
  created_at: number;
}

/** The newest `count` messages, oldest first (for the `outbox` command). */
export async function lastOutboxMessages(
  db: Kysely<Database>,
  count: number,
): Promise<OutboxListing[]> {
  const rows = await db
    .selectFrom('outbox_messages')
    .select(['id', 'channel', 'to_address', 'subject', 'body', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(count)
    .execute();
  return rows.reverse();
}
