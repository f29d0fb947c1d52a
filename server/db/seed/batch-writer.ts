import { CompiledQuery } from 'kysely';
import type { Insertable, Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import type { Database, TableName } from '../schema.ts';

/*
 * Multi-row inserts for the generator. Building a million rows through the query builder costs
 * more than inserting them, so statements are assembled here as text with bound parameters
 * (one text per table and row count, so better-sqlite3's statement cache reuses them).
 *
 * Rows carry their own ids, so children can be written before their parents' batches are
 * full; a batch flushes the tables it references first, which keeps foreign keys satisfied.
 */

/** Under both PostgreSQL's 65,535 and SQLite's 32,766 bound-parameter limits. */
export const MAX_PARAMETERS = 30_000;
/** Past this many rows a statement stops getting faster and only uses more memory. */
const MAX_ROWS = 2_000;

/** Tables each table references, so a flush writes them first. */
const PARENTS: Partial<Record<TableName, readonly TableName[]>> = {
  club_types: ['organizations'],
  clubs: ['organizations', 'club_types'],
  officer_positions: ['clubs'],
  officer_terms: ['officer_positions', 'parties'],
  memberships: ['parties', 'clubs'],
  membership_roles: ['memberships'],
  member_statuses: ['parties', 'organizations'],
  users: ['parties'],
  states: ['countries'],
  addresses: ['parties', 'contact_types', 'states', 'countries'],
  emails: ['parties', 'contact_types'],
  phones: ['parties', 'contact_types'],
  photos: ['parties'],
  posts: ['clubs', 'parties', 'post_bodies', 'comment_containers'],
  post_photos: ['posts', 'photos'],
  comments: ['comment_containers', 'parties'],
  calendar_event_series: ['clubs', 'parties', 'calendar_event_descriptions', 'comment_containers'],
  calendar_events: [
    'clubs',
    'parties',
    'calendar_event_descriptions',
    'comment_containers',
    'calendar_event_series',
  ],
  calendar_event_photos: ['calendar_events', 'photos'],
  event_attendees: ['calendar_events', 'parties'],
  chats: ['parties'],
  chat_parties: ['chats', 'parties'],
  chat_messages: ['chats', 'parties', 'photos'],
  user_favorite_contacts: ['users', 'parties'],
  favorite_clubs: ['users', 'clubs'],
  user_recent_contacts: ['users', 'parties'],
  party_preferences: ['parties'],
  notices: ['parties'],
  dues: ['clubs', 'parties'],
  payment_credentials: ['parties'],
  audit_log: ['users'],
};

type Value = string | number | null;
/** A row with every column given, its id included. */
export type Row<T extends TableName> = Insertable<Database[T]> & { id: number };

export function rowsPerStatement(columnCount: number): number {
  return Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / columnCount)));
}

class TableBatch {
  private columns: string[] | null = null;
  private values: Value[] = [];
  private rows = 0;
  private limit = 1;
  written = 0;

  constructor(
    readonly table: TableName,
    private readonly writer: BatchWriter,
  ) {}

  get pending(): number {
    return this.rows;
  }

  add(row: Record<string, unknown>): boolean {
    if (!this.columns) {
      this.columns = Object.keys(row);
      this.limit = rowsPerStatement(this.columns.length);
    }
    const columns = this.columns;
    if (Object.keys(row).length !== columns.length) {
      throw new Error(`Rows for ${this.table} must all give the same columns (${columns.join()})`);
    }
    for (const column of columns) {
      const value = row[column];
      if (value === undefined) throw new Error(`${this.table}.${column} is missing`);
      if (typeof value !== 'string' && typeof value !== 'number' && value !== null) {
        throw new Error(`${this.table}.${column} must be a string, number or null`);
      }
      this.values.push(value);
    }
    this.rows++;
    return this.rows >= this.limit;
  }

  /**
   * Takes the buffered rows as statements of whole powers of two rows (a full batch, then its
   * remainder's binary digits: 1,500 rows go as 1,024 + 256 + 128 + 64 + 16 + 8 + 4). A batch
   * flushed early, because a child table filled first, would otherwise be a statement of its own
   * length, prepared once and never again; on SQLite each such program holds megabytes outside
   * V8's heap until collected, and a 100,000-row roster import held some 110 MB of them
   * (docs/decisions.md D72). With these sizes a table needs a dozen texts, all reused.
   */
  take(): CompiledQuery[] {
    if (this.rows === 0 || !this.columns) return [];
    const queries: CompiledQuery[] = [];
    const width = this.columns.length;
    let offset = 0;
    let left = this.rows;
    while (left > 0) {
      const rows = left >= this.limit ? this.limit : 2 ** Math.floor(Math.log2(left));
      queries.push(
        CompiledQuery.raw(
          this.writer.insertText(this.table, this.columns, rows),
          this.values.slice(offset * width, (offset + rows) * width),
        ),
      );
      offset += rows;
      left -= rows;
    }
    this.written += this.rows;
    this.values = [];
    this.rows = 0;
    return queries;
  }
}

export class BatchWriter {
  private readonly batches = new Map<TableName, TableBatch>();
  private readonly texts = new Map<string, string>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

  /** Buffers a row; writes a statement when the table's batch is full. */
  async add<T extends TableName>(table: T, row: Row<T>): Promise<void> {
    if (this.batch(table).add(row)) await this.flush(table);
  }

  /** Writes the table's buffered rows, after those of the tables it references. */
  async flush(table: TableName): Promise<void> {
    for (const parent of PARENTS[table] ?? []) {
      if (this.batches.get(parent)?.pending) await this.flush(parent);
    }
    for (const query of this.batches.get(table)?.take() ?? []) await this.db.executeQuery(query);
  }

  async flushAll(): Promise<void> {
    for (const table of this.batches.keys()) await this.flush(table);
  }

  /** Rows written (or buffered) per table. */
  counts(): Partial<Record<TableName, number>> {
    const counts: Partial<Record<TableName, number>> = {};
    for (const [table, batch] of this.batches) counts[table] = batch.written + batch.pending;
    return counts;
  }

  insertText(table: TableName, columns: readonly string[], rows: number): string {
    const key = `${table}:${rows}`;
    let text = this.texts.get(key);
    if (!text) {
      const width = columns.length;
      const tuples: string[] = [];
      for (let r = 0; r < rows; r++) {
        const marks: string[] = [];
        for (let c = 0; c < width; c++) {
          marks.push(this.engine === 'postgres' ? `$${r * width + c + 1}` : '?');
        }
        tuples.push(`(${marks.join(',')})`);
      }
      const names = columns.map((c) => `"${c}"`).join(',');
      text = `insert into "${table}" (${names}) values ${tuples.join(',')}`;
      this.texts.set(key, text);
    }
    return text;
  }

  private batch(table: TableName): TableBatch {
    let batch = this.batches.get(table);
    if (!batch) {
      batch = new TableBatch(table, this);
      this.batches.set(table, batch);
    }
    return batch;
  }
}
