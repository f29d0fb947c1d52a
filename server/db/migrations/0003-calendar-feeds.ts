import type { Kysely } from 'kysely';
import { schemaKit } from './schema-helpers.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);
  // A member's private calendar feed (decision D30): one live token per user; a new one
  // replaces it, so the old address stops answering at once.
  await k
    .table('calendar_feeds')
    .addColumn('user_id', 'integer', (c) => k.ref('users', 'cascade')(c).unique())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', k.instant, k.notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute();
}
