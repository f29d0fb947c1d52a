import crypto from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { migrateJobQueue } from '../jobs/job-queue.ts';
import { checkPostgresUrl, startThrowawayPostgres } from './throwaway-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** A database migrated to the latest schema, which a test file's database is copied from. */
    postgresTemplate: string;
  }
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
 * Migrates one database for the run, which createTestDatabase copies (CREATE DATABASE ...
 * TEMPLATE): each file's own database then costs a copy, not the migrations' hundreds of round
 * trips (about a second a file, D60). Nothing stays connected to it, as a template requires.
 */
async function migratedTemplate(
  adminUrl: string,
): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `lodgehall_template_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), dataDir: '', poolSize: 1 });
  try {
    await migrateToLatest(handle.db);
    await migrateJobQueue(handle, url.toString());
  } finally {
    await handle.close();
  }
  return { name, drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * PostgreSQL tests never skip: they use TEST_DATABASE_URL when given (a server whose user may
 * create databases), and otherwise start a throwaway PostgreSQL for this run (D7).
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    await checkPostgresUrl(given);
    const template = await migratedTemplate(given);
    project.provide('postgresUrl', given);
    project.provide('postgresTemplate', template.name);
    return () => template.drop();
  }
  const server = await startThrowawayPostgres();
  const template = await migratedTemplate(server.url);
  project.provide('postgresUrl', server.url);
  project.provide('postgresTemplate', template.name);
  return () => server.stop();
}
