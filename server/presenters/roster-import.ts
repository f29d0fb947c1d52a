import type { RosterImport, RosterRowError } from '../../common/schemas/console.ts';
import type { RosterImportState } from '../db/schema.ts';

export interface RosterImportRow {
  id: number;
  organization_id: number;
  is_dry_run: number;
  state: RosterImportState;
  processed_rows: number;
  total_rows: number;
  added: number;
  updated: number;
  unchanged: number;
  /** JSON text of the row errors. */
  errors: string;
  is_committed: number;
  failure: string | null;
}

/** An import as the browser's progress poll reads it; who started it stays on the server. */
export function presentRosterImport(row: RosterImportRow): RosterImport {
  return {
    id: row.id,
    organization_id: row.organization_id,
    dry_run: row.is_dry_run === 1,
    state: row.state,
    processed_rows: row.processed_rows,
    total_rows: row.total_rows,
    added: row.added,
    updated: row.updated,
    unchanged: row.unchanged,
    errors: JSON.parse(row.errors) as RosterRowError[],
    committed: row.is_committed === 1,
    failure: row.failure,
  };
}
