import { sql } from 'kysely';
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { engineOf } from '../database.ts';
import type { Engine } from '../database.ts';

/*
 * Column shapes shared by migrations, so every table follows the conventions in schema.ts.
 * Applied migrations must never change: change nothing here that an existing migration uses;
 * add a new helper instead.
 */

type Build = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
type Table = CreateTableBuilder<string, string>;
/** A column type as addColumn takes it (Kysely does not export the name). */
type DataTypeExpression = Parameters<Table['addColumn']>[1];

export interface SchemaKit {
  readonly engine: Engine;
  /** Starts a table with the integer surrogate key `id`. */
  table(name: string): Table;
  /** Epoch-millisecond instants do not fit PostgreSQL's 32-bit integer. */
  readonly instant: DataTypeExpression;
  /** Lower-cased name keys sort bytewise so a prefix range can use the index. */
  readonly searchKey: DataTypeExpression;
  readonly float: DataTypeExpression;
  notNull: Build;
  /** A count that starts at 0. */
  zero: Build;
  /** A 0/1 flag with a default. */
  flag(defaultValue: 0 | 1): Build;
  /** A foreign key to `table`.id. */
  ref(table: string, onDelete: 'cascade' | 'set null' | 'restrict', nullable?: boolean): Build;
}

export function schemaKit(db: Kysely<unknown>): SchemaKit {
  const engine = engineOf(db);
  const postgres = engine === 'postgres';
  return {
    engine,
    table(name) {
      return db.schema
        .createTable(name)
        .addColumn('id', 'integer', (col) =>
          postgres
            ? col.generatedByDefaultAsIdentity().primaryKey()
            : col.primaryKey().autoIncrement(),
        );
    },
    instant: postgres ? 'bigint' : 'integer',
    searchKey: postgres ? sql`text collate "C"` : 'text',
    float: 'double precision',
    notNull: (col) => col.notNull(),
    zero: (col) => col.notNull().defaultTo(0),
    flag: (defaultValue) => (col) => col.notNull().defaultTo(defaultValue),
    ref(table, onDelete, nullable = false) {
      return (col) => {
        const referenced = col.references(`${table}.id`).onDelete(onDelete);
        return nullable ? referenced : referenced.notNull();
      };
    },
  };
}

/** Creates a plain index named after its table and columns. */
export async function addIndex(
  db: Kysely<unknown>,
  table: string,
  columns: string[],
  options: { unique?: boolean; name?: string } = {},
): Promise<void> {
  const name = options.name ?? `${table}_${columns.map((c) => c.split(' ')[0]).join('_')}_idx`;
  let builder = db.schema.createIndex(name).on(table).columns(columns);
  if (options.unique) builder = builder.unique();
  await builder.execute();
}
