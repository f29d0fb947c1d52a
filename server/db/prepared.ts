import { CompiledQuery } from 'kysely';
import type { Compilable, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema.ts';

/**
 * A query built once and run many times with new values. Kysely builds and compiles a query on
 * every call, which for a join with a subquery costs 100 µs or more: several times what SQLite
 * takes to run it. Hot queries (the session check and the badge counts on every signed call)
 * are built once per database with named stand-ins for their values; each run swaps the
 * values in.
 *
 *   const byToken = prepare((db, p) => db.selectFrom('sessions').select('id')
 *     .where('token_hash', '=', p<string>('token')));
 *   const { rows } = await byToken.run(db, { token });
 */
export interface PreparedQuery<Row, Name extends string> {
  run(db: Kysely<Database>, values: Readonly<Record<Name, unknown>>): Promise<QueryResult<Row>>;
}

export type Param<Name extends string> = <T>(name: Name) => T;

const MARK = '\u0000lodgehall-param:';

interface Compiled<Name extends string> {
  sql: string;
  parameters: readonly unknown[];
  slots: readonly (Name | null)[];
}

export function prepare<Row, Name extends string>(
  build: (db: Kysely<Database>, param: Param<Name>) => Compilable<Row>,
): PreparedQuery<Row, Name> {
  // Per database: the SQL differs between engines (placeholders, quoting).
  const compiledFor = new WeakMap<Kysely<Database>, Compiled<Name>>();

  const compile = (db: Kysely<Database>): Compiled<Name> => {
    const names = new Set<Name>();
    const param = <T>(name: Name): T => {
      names.add(name);
      return `${MARK}${name}` as T;
    };
    const query = build(db, param).compile();
    const slots = query.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(MARK)
        ? (value.slice(MARK.length) as Name)
        : null,
    );
    for (const name of names) {
      if (!slots.includes(name)) throw new Error(`prepared query lost its parameter "${name}"`);
    }
    return { sql: query.sql, parameters: query.parameters, slots };
  };

  return {
    async run(db, values) {
      let compiled = compiledFor.get(db);
      if (!compiled) {
        compiled = compile(db);
        compiledFor.set(db, compiled);
      }
      const { slots } = compiled;
      const parameters = compiled.parameters.map((fixed, index) => {
        const slot = slots[index];
        return slot ? values[slot] : fixed;
      });
      return db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    },
  };
}
