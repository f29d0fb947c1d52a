import { Migrator, sql } from 'kysely';
import type { Kysely, MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index.ts';

/** PostgreSQL's SQLSTATE for "insufficient privilege" (permission denied). */
const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * A migration that could not run. The message names the migration and, where the cause is one an
 * operator can fix (a missing right on PostgreSQL), what to grant: since PostgreSQL 15 only the
 * database's owner may create tables in its `public` schema.
 */
export class MigrationError extends Error {
  constructor(
    readonly migration: string,
    reason: string,
    readonly fix: string | undefined,
    cause: unknown,
  ) {
    super(`Migration ${migration} failed: ${reason}${fix ? `\n${fix}` : ''}`, { cause });
    this.name = 'MigrationError';
  }
}

function migrator<DB>(db: Kysely<DB>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
}

function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function permissionFix<DB>(db: Kysely<DB>, cause: unknown): Promise<string | undefined> {
  if (sqlState(cause) !== INSUFFICIENT_PRIVILEGE) return undefined;
  const who = await sql<{ user: string; database: string; schema: string }>`
    select current_user as "user", current_database() as "database",
           coalesce(current_schema(), 'public') as "schema"`
    .execute(db)
    .then((r) => r.rows[0])
    .catch(() => undefined);
  if (!who) {
    return 'The database user lacks a right it needs: make it the owner of the database (createdb -O <user> <database>).';
  }
  const user = quoteIdentifier(who.user);
  const database = quoteIdentifier(who.database);
  const schema = quoteIdentifier(who.schema);
  return [
    `The database user ${who.user} may not create tables in schema ${who.schema} of database ${who.database}.`,
    `As a PostgreSQL superuser (e.g. sudo -u postgres psql), make it the database's owner:`,
    `  ALTER DATABASE ${database} OWNER TO ${user};`,
    `or grant it the right: \\c ${database}  then  GRANT CREATE ON SCHEMA ${schema} TO ${user};`,
  ].join('\n');
}

/** The migration a failure belongs to: the one that failed, else the first that had not run. */
async function failingMigration<DB>(db: Kysely<DB>, result: MigrationResultSet): Promise<string> {
  const failed = result.results?.find((r) => r.status === 'Error' || r.status === 'NotExecuted');
  if (failed) return failed.migrationName;
  const pending = await pendingMigrations(db).catch(() => Object.keys(migrations).sort());
  return pending[0] ?? '(none pending)';
}

/** Brings the schema up to date; returns the names of the migrations it ran. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const result: MigrationResultSet = await migrator(db).migrateToLatest();
  if (result.error) {
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    throw new MigrationError(
      await failingMigration(db, result),
      reason,
      await permissionFix(db, result.error),
      result.error,
    );
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of migrations not yet applied. */
export async function pendingMigrations<DB>(db: Kysely<DB>): Promise<string[]> {
  const all = await migrator(db).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
