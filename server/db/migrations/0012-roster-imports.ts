import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { addIndex, schemaKit } from './schema-helpers.ts';

/**
 * Roster imports over HTTP (issue 23, docs/decisions.md D65): one row per file a console user
 * sent, read by the browser's progress poll while the import runs in the background.
 *
 * - `state`: 'running', 'done' or 'failed'; `processed_rows` of `total_rows` is the progress.
 * - `errors`: the row errors as JSON text (line, column, message), written once at the end.
 * - At most one running real import per organisation: a partial unique index, so two that
 *   start at the same moment cannot both get in; checks (`is_dry_run` 1) run side by side.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);
  await k
    .table('roster_imports')
    .addColumn('organization_id', 'integer', k.ref('organizations', 'cascade'))
    .addColumn('user_id', 'integer', k.ref('users', 'set null', true))
    .addColumn('is_dry_run', 'integer', k.notNull)
    .addColumn('state', 'text', k.notNull)
    .addColumn('processed_rows', 'integer', k.zero)
    .addColumn('total_rows', 'integer', k.zero)
    .addColumn('added', 'integer', k.zero)
    .addColumn('updated', 'integer', k.zero)
    .addColumn('unchanged', 'integer', k.zero)
    .addColumn('errors', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('is_committed', 'integer', k.flag(0))
    .addColumn('failure', 'text')
    .addColumn('created_at', k.instant, k.notNull)
    .addColumn('finished_at', k.instant)
    .execute();
  await db.schema
    .createIndex('roster_imports_one_running_key')
    .on('roster_imports')
    .column('organization_id')
    .unique()
    .where(sql<boolean>`state = 'running' and is_dry_run = 0`)
    .execute();
  // Start-up marks every running import failed (a restart ended it).
  await addIndex(db, 'roster_imports', ['state']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('roster_imports').execute();
}
