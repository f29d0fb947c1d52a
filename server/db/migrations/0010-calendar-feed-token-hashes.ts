import type { Kysely } from 'kysely';
import { hashToken } from '../../auth/tokens.ts';

interface Feeds {
  calendar_feeds: { id: number; token_hash: string };
}

const BATCH = 1000;

/**
 * A calendar feed's token is kept as its hash, as a session's is (docs/decisions.md D54): a
 * copy of the database no longer opens every member's calendar. Each stored token is replaced
 * by its hash, so the addresses calendar programs already have keep working.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('calendar_feeds').renameColumn('token', 'token_hash').execute();
  const feeds = db as unknown as Kysely<Feeds>;
  let after = 0;
  for (;;) {
    const rows = await feeds
      .selectFrom('calendar_feeds')
      .select(['id', 'token_hash'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    // PostgreSQL runs the migration in one transaction already; a member has one feed at most.
    for (const row of rows) {
      await feeds
        .updateTable('calendar_feeds')
        .set({ token_hash: hashToken(row.token_hash) })
        .where('id', '=', row.id)
        .execute();
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // A hash cannot be turned back into its address: the feeds go, and members make new ones.
  await (db as unknown as Kysely<Feeds>).deleteFrom('calendar_feeds').execute();
  await db.schema.alterTable('calendar_feeds').renameColumn('token_hash', 'token').execute();
}
