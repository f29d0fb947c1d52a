/** Roster files sent over HTTP and their progress (issue 23, docs/decisions.md D65). */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

const COLUMNS = [
  'id',
  'organization_id',
  'user_id',
  'is_dry_run',
  'state',
  'processed_rows',
  'total_rows',
  'added',
  'updated',
  'unchanged',
  'errors',
  'is_committed',
  'failure',
] as const;

/** A new running import; undefined when a real import of the organisation is already running. */
export async function insertRosterImport(
  db: Db,
  values: { organizationId: number; userId: number; dryRun: boolean; now: number },
) {
  try {
    return await db
      .insertInto('roster_imports')
      .values({
        organization_id: values.organizationId,
        user_id: values.userId,
        is_dry_run: values.dryRun ? 1 : 0,
        state: 'running',
        created_at: values.now,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (breaksOneRunningKey(error)) return undefined;
    throw error;
  }
}

/** Whether the insert broke roster_imports_one_running_key, on either engine. */
function breaksOneRunningKey(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, constraint } = error as Error & { code?: unknown; constraint?: unknown };
  if (code === '23505') return constraint === 'roster_imports_one_running_key';
  // SQLite names the columns of the index, not the index.
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' && error.message.includes('roster_imports.organization_id')
  );
}

export function rosterImportById(db: Db, id: number) {
  return db.selectFrom('roster_imports').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The progress of a running import. */
export async function setRosterImportProgress(
  db: Db,
  id: number,
  processedRows: number,
  totalRows: number,
): Promise<void> {
  await db
    .updateTable('roster_imports')
    .set({ processed_rows: processedRows, total_rows: totalRows })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .execute();
}

export interface RosterImportResult {
  state: 'done' | 'failed';
  processedRows: number;
  totalRows: number;
  added: number;
  updated: number;
  unchanged: number;
  /** JSON text of the row errors. */
  errors: string;
  committed: boolean;
  failure: string | null;
}

/** The end of an import: its counts, errors and state. */
export async function finishRosterImport(
  db: Db,
  id: number,
  result: RosterImportResult,
  now: number,
): Promise<void> {
  await db
    .updateTable('roster_imports')
    .set({
      state: result.state,
      processed_rows: result.processedRows,
      total_rows: result.totalRows,
      added: result.added,
      updated: result.updated,
      unchanged: result.unchanged,
      errors: result.errors,
      is_committed: result.committed ? 1 : 0,
      failure: result.failure,
      finished_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** Imports still marked running that were started before `startedBefore`, oldest first. */
export async function runningRosterImportIds(db: Db, startedBefore: number): Promise<number[]> {
  const rows = await db
    .selectFrom('roster_imports')
    .select('id')
    .where('state', '=', 'running')
    .where('created_at', '<', startedBefore)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Ends these imports as failed, with the reason, unless they have ended meanwhile. */
export async function failRunningRosterImports(
  db: Db,
  ids: readonly number[],
  failure: string,
  now: number,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('roster_imports')
    .set({ state: 'failed', failure, finished_at: now })
    .where('id', 'in', ids)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
