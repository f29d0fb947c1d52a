import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase } from '../db/database.ts';
import type { DatabaseHandle, Engine } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { migrateJobQueue } from '../jobs/job-queue.ts';

export interface TestDatabase {
  readonly handle: DatabaseHandle;
  /** For a server started in a child process: its DATABASE_URL (unset for SQLite) and DATA_DIR. */
  readonly env: { DATABASE_URL?: string; DATA_DIR: string };
  readonly dataDir: string;
  drop(): Promise<void>;
}

export function testEngine(): Engine {
  const engine = process.env.LODGEHALL_TEST_ENGINE ?? 'sqlite';
  if (engine !== 'sqlite' && engine !== 'postgres') {
    throw new Error(`LODGEHALL_TEST_ENGINE must be sqlite or postgres, not ${engine}`);
  }
  return engine;
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own for one test file, on the engine this Vitest project runs
 * (SQLite file in a temporary folder, or a new PostgreSQL database), migrated unless asked not to.
 */
export async function createTestDatabase(
  options: {
    migrate?: boolean;
    /** A PostgreSQL server of the test's own (one it stops and starts), instead of the run's. */
    postgresUrl?: string;
  } = {},
): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodgehall-test-'));
  const engine = options.postgresUrl ? 'postgres' : testEngine();
  let url: string | undefined;
  let dropDatabase = async (): Promise<void> => undefined;
  // The run's template lives on the run's server only.
  const copyTemplate = engine === 'postgres' && options.migrate !== false && !options.postgresUrl;
  if (engine === 'postgres') {
    const adminUrl = options.postgresUrl ?? inject('postgresUrl');
    const name = `lodgehall_test_${crypto.randomBytes(6).toString('hex')}`;
    // Migrated: a copy of the run's migrated template (postgres-global-setup.ts, D60).
    const template = copyTemplate ? ` TEMPLATE ${inject('postgresTemplate')}` : '';
    await adminQuery(adminUrl, `CREATE DATABASE ${name}${template}`);
    const parsed = new URL(adminUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    dropDatabase = () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const handle = await openDatabase({ url, dataDir });
  // On the run's PostgreSQL the copy of the template is migrated already.
  if (options.migrate !== false && !copyTemplate) {
    await migrateToLatest(handle.db);
    await migrateJobQueue(handle, url);
  }
  return {
    handle,
    dataDir,
    env: url ? { DATABASE_URL: url, DATA_DIR: dataDir } : { DATA_DIR: dataDir },
    async drop() {
      await handle.close();
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
