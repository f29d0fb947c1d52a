/**
 * The roster import's writes (issue 23, D64), in batches that stay under both engines'
 * bound-parameter limits: new rows carry ids reserved up front (so children can name their
 * parents without a query per row), and changed rows are updated a few hundred per statement.
 */
import { CompiledQuery, sql } from 'kysely';
import type { Kysely } from 'kysely';
import { engineOf } from './database.ts';
import type { Database, TableName } from './schema.ts';
import { MAX_PARAMETERS, rowsPerStatement } from './seed/batch-writer.ts';

type Db = Kysely<Database>;
type Value = string | number | null;

/** `count` new ids of `table`, taken so that no other writer gets them. */
export async function reserveIds(db: Db, table: TableName, count: number): Promise<number[]> {
  if (count === 0) return [];
  if (engineOf(db) === 'postgres') {
    const { rows } = await sql<{ id: number }>`
      select nextval(pg_get_serial_sequence(${table}, 'id'))::integer as id
      from generate_series(1, ${count})`.execute(db);
    return rows.map((row) => row.id);
  }
  // SQLite: the caller's transaction holds the write lock from its first write; an id above both
  // the largest and the AUTOINCREMENT high-water mark is free, and inserting it moves the mark.
  const { rows } = await sql<{ next: number }>`
    select max(
      coalesce((select max(id) from ${sql.table(table)}), 0),
      coalesce((select seq from sqlite_sequence where name = ${table}), 0)
    ) + 1 as next`.execute(db);
  const next = Number(rows[0]?.next ?? 1);
  return Array.from({ length: count }, (_, index) => next + index);
}

/** A column of a batched update, with its type for PostgreSQL's untyped parameters. */
export interface UpdateColumn {
  name: string;
  type: 'text' | 'integer' | 'bigint';
}

/**
 * Sets `columns` of the rows whose id is each row's first value, many rows per statement:
 * `with v(id, ...) as (values ...) update t set ... from v where t.id = v.id`, which both
 * engines run (SQLite since 3.33).
 */
export async function updateRows(
  db: Db,
  table: TableName,
  columns: readonly UpdateColumn[],
  rows: readonly Value[][],
): Promise<void> {
  const all: UpdateColumn[] = [{ name: 'id', type: 'integer' }, ...columns];
  const perStatement = rowsPerStatement(all.length);
  const postgres = engineOf(db) === 'postgres';
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const values: Value[] = [];
    let n = 0;
    const tuples = chunk.map((row) => {
      const marks = all.map((column, index) => {
        values.push(row[index] ?? null);
        n++;
        return `cast(${postgres ? `$${n}` : '?'} as ${column.type})`;
      });
      return `(${marks.join(',')})`;
    });
    const names = all.map((column) => `"${column.name}"`).join(',');
    const sets = columns.map((column) => `"${column.name}" = v."${column.name}"`).join(', ');
    await db.executeQuery(
      CompiledQuery.raw(
        `with v(${names}) as (values ${tuples.join(',')}) update "${table}" set ${sets} from v where "${table}".id = v.id`,
        values,
      ),
    );
  }
}

/** Removes every role but 'user' from these memberships (the import then adds the file's). */
export async function deleteClubRoles(db: Db, membershipIds: readonly number[]): Promise<void> {
  for (let start = 0; start < membershipIds.length; start += MAX_PARAMETERS) {
    await db
      .deleteFrom('membership_roles')
      .where('membership_id', 'in', membershipIds.slice(start, start + MAX_PARAMETERS))
      .where('role_name', '<>', 'user')
      .execute();
  }
}
