import type { Kysely } from 'kysely';
import { addIndex, schemaKit } from './schema-helpers.ts';

/*
 * `mail_deliveries` (docs/decisions.md D79): one row per mail job's key once the mailer took the
 * message, so a mail job that runs again (a retry, a process killed after the send) does not
 * send it twice. `message_id` is the Message-ID it went out with (derived from the key); rows
 * are small and kept, as the record of what went out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);
  await k
    .table('mail_deliveries')
    .addColumn('key', 'text', k.notNull)
    .addColumn('message_id', 'text', k.notNull)
    .addColumn('to_address', 'text', k.notNull)
    .addColumn('sent_at', k.instant, k.notNull)
    .execute();
  await addIndex(db, 'mail_deliveries', ['key'], { unique: true });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_deliveries').execute();
}
