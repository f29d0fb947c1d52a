import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, testEngine } from '../test/test-database.ts';
import type { TestDatabase } from '../test/test-database.ts';
import { openDatabase } from './database.ts';
import { MigrationError, migrateToLatest } from './migrate.ts';

// Issue 8 §1b: a migration failure names the migration, and for a missing right on PostgreSQL
// says what to grant, instead of "Migration (unknown) failed".

describe('a migration that fails', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });
  afterAll(() => database.drop());

  it("is named in the error, with the database's own reason", async () => {
    // A table the first migration makes, already there: the migration stops half-way.
    await sql`create table parties (id integer primary key)`.execute(database.handle.db);
    const error = await migrateToLatest(database.handle.db).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).migration).toBe('0001_initial');
    expect((error as Error).message).toMatch(/^Migration 0001_initial failed: .*parties/);
    expect((error as MigrationError).fix).toBeUndefined();
  });
});

async function asAdmin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

if (testEngine() === 'postgres') {
  describe('on a PostgreSQL database its user does not own (the README before issue 8)', () => {
    const suffix = crypto.randomBytes(4).toString('hex');
    const role = `lodgehall_role_${suffix}`;
    const name = `lodgehall_notowned_${suffix}`;
    const url = new URL(inject('postgresUrl'));
    url.username = role;
    url.password = 'secret';
    url.pathname = `/${name}`;

    beforeAll(async () => {
      await asAdmin(`CREATE ROLE ${role} LOGIN PASSWORD 'secret'`);
      await asAdmin(`CREATE DATABASE ${name}`);
    });
    afterAll(async () => {
      await asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await asAdmin(`DROP ROLE IF EXISTS ${role}`);
    });

    it('names the first migration and the grant or owner it needs', async () => {
      const handle = await openDatabase({ url: url.toString(), dataDir: '/nonexistent' });
      try {
        const error = await migrateToLatest(handle.db).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(MigrationError);
        const message = (error as Error).message;
        expect(message).toMatch(
          /^Migration 0001_initial failed: permission denied for schema public\n/,
        );
        expect(message).toContain(
          `The database user ${role} may not create tables in schema public of database ${name}.`,
        );
        expect(message).toContain(`ALTER DATABASE "${name}" OWNER TO "${role}";`);
        expect(message).toContain(`GRANT CREATE ON SCHEMA "public" TO "${role}";`);
      } finally {
        await handle.close();
      }
    });

    it('migrates once the role owns the database, as `createdb -O` makes it', async () => {
      await asAdmin(`ALTER DATABASE ${name} OWNER TO ${role}`);
      const handle = await openDatabase({ url: url.toString(), dataDir: '/nonexistent' });
      try {
        expect(await migrateToLatest(handle.db)).toContain('0001_initial');
      } finally {
        await handle.close();
      }
    });
  });
}
