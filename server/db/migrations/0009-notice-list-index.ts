import type { Kysely } from 'kysely';
import { addIndex } from './schema-helpers.ts';

/**
 * The notices list (GET /notices.json) is newest first by `last_set_at`, then id, paged by a
 * keyset on the same pair (docs/decisions.md D47). The initial index ordered a member's notices
 * by `created_at`, which no query reads: a notice set again moves up by `last_set_at` only. This
 * index lets a page be read in order and stop after its rows, however many notices a member has
 * kept over the years; the old one goes, as nothing else orders notices by creation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await addIndex(db, 'notices', ['party_id', 'last_set_at', 'id']);
  await db.schema.dropIndex('notices_party_id_created_at_id_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await addIndex(db, 'notices', ['party_id', 'created_at', 'id']);
  await db.schema.dropIndex('notices_party_id_last_set_at_id_idx').execute();
}
