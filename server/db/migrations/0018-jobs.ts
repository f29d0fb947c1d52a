import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { engineOf } from '../database.ts';

/*
 * The durable job queue on SQLite (server/jobs/sqlite-queue.ts, docs/decisions.md D78). On
 * PostgreSQL graphile-worker keeps its own schema (`graphile_worker`, migrated by the queue's
 * start), so this table exists only in the SQLite file.
 *
 * - `state`: 'queued', 'running' or 'failed' (its attempts used up; kept with `last_error` so
 *   an operator sees it). A job that succeeds is deleted.
 * - `run_at`, `locked_at`: epoch milliseconds; `payload`: JSON text.
 * - One queued job per key: a second enqueue with the key replaces it. A running job keeps its
 *   key, so a replacement may wait behind it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
    .addColumn('task', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('key', 'text')
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('run_at', 'integer', (col) => col.notNull())
    .addColumn('locked_at', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('jobs_one_queued_per_key')
    .on('jobs')
    .column('key')
    .unique()
    .where(sql<boolean>`state = 'queued' and key is not null`)
    .execute();
  // The poll's claim: the next due queued job.
  await db.schema
    .createIndex('jobs_due')
    .on('jobs')
    .columns(['run_at', 'id'])
    .where(sql<boolean>`state = 'queued'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  await db.schema.dropTable('jobs').execute();
}
