import { Migrator } from 'kysely';
import type { Kysely, MigrationResultSet } from 'kysely';
import { migrations } from './migrations/index.ts';

export class MigrationError extends Error {
  constructor(name: string | undefined, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Migration ${name ?? '(unknown)'} failed: ${reason}`, { cause });
    this.name = 'MigrationError';
  }
}

function migrator<DB>(db: Kysely<DB>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
}

/** Brings the schema up to date; returns the names of the migrations it ran. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const result: MigrationResultSet = await migrator(db).migrateToLatest();
  const failed = result.results?.find((r) => r.status === 'Error');
  if (result.error) throw new MigrationError(failed?.migrationName, result.error);
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of migrations not yet applied. */
export async function pendingMigrations<DB>(db: Kysely<DB>): Promise<string[]> {
  const all = await migrator(db).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
