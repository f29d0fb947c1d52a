import type { Kysely } from 'kysely';
import { addIndex, schemaKit } from './schema-helpers.ts';

/**
 * The organisation's settings and its clubs in the console (issue 23, docs/decisions.md D68).
 *
 * - `clubs.closed_at`: a closed club keeps its posts, events and memberships but leaves the
 *   lists a member picks a lodge from.
 * - `organization_statuses`: the title and colour the status checker shows for each status of
 *   an organisation; a status with no row shows the defaults (common/schemas/console-clubs.ts
 *   DEFAULT_STATUS_STYLES), so existing organisations need no rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);
  await db.schema.alterTable('clubs').addColumn('closed_at', k.instant).execute();
  await k
    .table('organization_statuses')
    .addColumn('organization_id', 'integer', k.ref('organizations', 'cascade'))
    .addColumn('status', 'text', k.notNull)
    .addColumn('title', 'text', k.notNull)
    .addColumn('color', 'text', k.notNull)
    .execute();
  await addIndex(db, 'organization_statuses', ['organization_id', 'status'], { unique: true });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('organization_statuses').execute();
  await db.schema.alterTable('clubs').dropColumn('closed_at').execute();
}
