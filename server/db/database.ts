import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { PostgresPool, PostgresPoolClient, SqliteDatabase, SqliteStatement } from 'kysely';
import pg from 'pg';
import { TEXT_WITH_NUL } from '../../common/messages.ts';
import { ValidationError } from '../errors.ts';
import { isConnectionFailure } from './connection-failure.ts';
import type { Database } from './schema.ts';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly engine: Engine;
  /** Where the data lives, for log lines: a file path or a URL without its password. */
  readonly location: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** `postgres://...` for PostgreSQL; unset for the embedded SQLite file. */
  url?: string | undefined;
  /** Folder for the SQLite file (`lodgehall.sqlite`). */
  dataDir: string;
  /** Overrides the SQLite file, e.g. `:memory:` in tests. */
  sqliteFile?: string;
  poolSize?: number;
}

/**
 * The database cannot be reached: at start, or later when a query's connection fails (the
 * server stopped, restarting, the network between). A request that meets one is answered 503
 * with Retry-After (plugins/database-outage.ts, D76).
 */
export class DatabaseUnavailableError extends Error {
  constructor(location: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`The database at ${location} cannot be reached: ${reason}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** Whether a failure, or one it was caused by, is a DatabaseUnavailableError. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let depth = 0; depth < 5 && error instanceof Error; depth++) {
    if (error instanceof DatabaseUnavailableError) return true;
    error = error.cause;
  }
  return false;
}

/** A driver's failure as the caller should see it: a lost connection is named for what it is. */
function asUnavailable(location: string, error: unknown): unknown {
  return isConnectionFailure(error) ? new DatabaseUnavailableError(location, error) : error;
}

const STATEMENT_CACHE_SIZE = 1000;
/**
 * The cache's budget in characters of SQL. A prepared statement's native program grows with its
 * text (a 2,000-row insert's is about a megabyte) and V8 never sees that memory, so a cache
 * bounded only by count held hundreds of megabytes of one-off batch inserts during a roster
 * import (docs/decisions.md D72). A query builder's statements are a few kilobytes each.
 */
const STATEMENT_CACHE_TEXT_BUDGET = 2_000_000;

// pg returns int8 (our epoch-millisecond timestamps and COUNT(*)) as strings by default.
// Every such value we store fits in a double, so read them as numbers on both engines.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/**
 * A reader statement that makes its rows as plain objects faster than better-sqlite3 does.
 * better-sqlite3 builds each row object key by key (about 0.2 µs a column value here: a
 * calendar page's 30 rows of 24 columns took 180 µs); in its array mode, with the object built
 * by one function made for the statement's columns, the same rows take about 95 µs
 * (docs/decisions.md D31). The rows are the same objects: the same keys in the same order, a
 * repeated name keeping its last value.
 */
function withFastRows(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement as unknown as SqliteStatement;
  const names = statement.columns().map((column) => column.name);
  // `__proto__` in an object literal would set the prototype, not a key.
  if (names.includes('__proto__')) return statement as unknown as SqliteStatement;
  statement.raw(true);
  const fields = names.map((name, index) => `${JSON.stringify(name)}: r[${index}]`);
  // The names are the statement's own column names, each written as a JSON string literal.
  const toRow = new Function('r', `return {${fields.join(', ')}};`) as (r: unknown[]) => unknown;
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toRow),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const row of statement.iterate(parameters) as Iterable<unknown[]>) yield toRow(row);
    },
  };
}

/**
 * No text holding U+0000 reaches either engine: PostgreSQL cannot store the character (its
 * `text` refuses the byte, and the request failed with a 500) while SQLite keeps it, so both
 * refuse it alike, as a 422, for every query whichever area built it (docs/decisions.md D55).
 * Areas with a rule of their own (a chat message's control characters) apply it first.
 */
export function refuseNul(parameters: ReadonlyArray<unknown>): void {
  for (const value of parameters) {
    if (typeof value === 'string' && value.includes('\u0000')) {
      throw new ValidationError({ base: [TEXT_WITH_NUL] });
    }
  }
}

function withNulGuard(statement: SqliteStatement, location: string): SqliteStatement {
  return {
    reader: statement.reader,
    all(parameters) {
      refuseNul(parameters);
      try {
        return statement.all(parameters);
      } catch (error) {
        throw asUnavailable(location, error);
      }
    },
    run(parameters) {
      refuseNul(parameters);
      try {
        return statement.run(parameters);
      } catch (error) {
        throw asUnavailable(location, error);
      }
    },
    iterate(parameters) {
      refuseNul(parameters);
      return statement.iterate(parameters);
    },
  };
}

/**
 * The pool as Kysely uses it: each query's values checked by refuseNul first, and a lost or
 * refused connection thrown as a DatabaseUnavailableError.
 */
function guardedPool(pool: pg.Pool, location: string): PostgresPool {
  const unavailable = (error: unknown): never => {
    throw asUnavailable(location, error);
  };
  return {
    async connect() {
      const client = await pool.connect().catch(unavailable);
      const pgQuery = client.query.bind(client) as (text: unknown, values?: unknown[]) => unknown;
      // Kysely sends (sql, values), or a cursor that carries its own (streams: none here).
      const query = (text: unknown, parameters?: ReadonlyArray<unknown>): unknown => {
        if (parameters === undefined) return pgQuery(text);
        refuseNul(parameters);
        return (pgQuery(text, [...parameters]) as Promise<unknown>).catch(unavailable);
      };
      return { query: query as PostgresPoolClient['query'], release: () => client.release() };
    },
    end: () => pool.end(),
  };
}

/**
 * Kysely prepares every statement afresh on better-sqlite3, which costs about as much as
 * running a small query. The SQL text of a query builder is stable, so prepared statements
 * are kept by text. Kysely runs one query at a time on its single SQLite connection, so a
 * cached statement is never busy when it is reused.
 */
function withStatementCache(raw: SQLite.Database, location: string): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  let cachedText = 0;
  return {
    close: () => raw.close(),
    prepare(text: string): SqliteStatement {
      let statement = cache.get(text);
      if (statement) {
        // Refresh its place so the least recently used statement is the one dropped.
        cache.delete(text);
        cache.set(text, statement);
        return statement;
      }
      statement = withNulGuard(withFastRows(raw.prepare(text)), location);
      cachedText += text.length;
      cache.set(text, statement);
      while (cache.size > STATEMENT_CACHE_SIZE || cachedText > STATEMENT_CACHE_TEXT_BUDGET) {
        const oldest = cache.keys().next().value;
        if (oldest === undefined) break;
        cache.delete(oldest);
        cachedText -= oldest.length;
      }
      return statement;
    },
  };
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured DATABASE_URL';
  }
}

/**
 * `text REGEXP pattern`, which SQLite leaves to its host: member search asks it, as PostgreSQL's
 * `~`, whether tokens begin successive words (server/db/member-search.ts). Patterns are
 * few (one per search text) and compiled once each while they keep coming.
 */
function registerRegexp(raw: SQLite.Database): void {
  const compiled = new Map<string, RegExp>();
  raw.function('regexp', { deterministic: true }, (pattern: unknown, text: unknown) => {
    if (typeof pattern !== 'string' || typeof text !== 'string') return 0;
    let re = compiled.get(pattern);
    if (!re) {
      if (compiled.size >= 100) compiled.clear();
      re = new RegExp(pattern, 'u');
      compiled.set(pattern, re);
    }
    return re.test(text) ? 1 : 0;
  });
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options.poolSize ?? 10) : openSqlite(options);
}

function openSqlite(options: OpenDatabaseOptions): DatabaseHandle {
  const file = options.sqliteFile ?? path.join(options.dataDir, 'lodgehall.sqlite');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  let raw: SQLite.Database;
  try {
    raw = new SQLite(file);
  } catch (error) {
    throw new DatabaseUnavailableError(file, error);
  }
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  registerRegexp(raw);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(raw, file) }),
  });
  return {
    db,
    engine: 'sqlite',
    location: file,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const location = redactUrl(url);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    // No parallel workers: a web request's query is small, and starting workers for one (as
    // PostgreSQL chose for member search's thousands of names) doubled its time, while many
    // requests at once already keep every core busy (docs/decisions.md D38).
    options: '-c max_parallel_workers_per_gather=0',
  });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: guardedPool(pool, location) }),
  });
  const handle: DatabaseHandle = {
    db,
    engine: 'postgres',
    location,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
  try {
    await handle.ping();
  } catch (error) {
    await db.destroy().catch(() => undefined);
    // Any failure of the first query stops the start as unreachable (a wrong password too).
    throw error instanceof DatabaseUnavailableError
      ? error
      : new DatabaseUnavailableError(location, error);
  }
  return handle;
}

/** Which engine a Kysely instance talks to; migrations use it where the SQL must differ. */
export function engineOf<DB>(db: Kysely<DB>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
