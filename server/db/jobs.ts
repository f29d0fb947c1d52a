import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type { Engine } from './database.ts';
import type { Database, JobsTable } from './schema.ts';

/*
 * The job queue's SQL (server/jobs/, docs/decisions.md D78): the `jobs` table on SQLite, and
 * graphile-worker's SQL API on PostgreSQL (its schema `graphile_worker`).
 */

export type JobRow = Selectable<JobsTable>;

export interface NewJob {
  task: string;
  payload: string;
  key: string | null;
  runAt: number;
  maxAttempts: number;
}

// ---- SQLite ---------------------------------------------------------------------------------

/**
 * Adds the job, or replaces the queued one with its key; a failed one with the key is dropped,
 * as a fresh start of the same logical job. Several statements: run in a transaction (the
 * caller's, or one of its own).
 */
export async function insertSqliteJob(
  db: Kysely<Database>,
  job: NewJob,
  now: number,
): Promise<void> {
  const write = async (trx: Kysely<Database>): Promise<void> => {
    if (job.key !== null) {
      await trx
        .deleteFrom('jobs')
        .where('key', '=', job.key)
        .where('state', '=', 'failed')
        .execute();
      const replaced = await trx
        .updateTable('jobs')
        .set({
          task: job.task,
          payload: job.payload,
          run_at: job.runAt,
          max_attempts: job.maxAttempts,
          attempts: 0,
          last_error: null,
        })
        .where('key', '=', job.key)
        .where('state', '=', 'queued')
        .executeTakeFirst();
      if (replaced.numUpdatedRows > 0n) return;
    }
    await trx
      .insertInto('jobs')
      .values({
        task: job.task,
        payload: job.payload,
        key: job.key,
        state: 'queued',
        max_attempts: job.maxAttempts,
        run_at: job.runAt,
        created_at: now,
      })
      .execute();
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}

/** Removes the queued job with the key; a running one is not retried. */
export async function cancelSqliteJob(db: Kysely<Database>, key: string): Promise<void> {
  const cancel = async (trx: Kysely<Database>) => {
    await trx.deleteFrom('jobs').where('key', '=', key).where('state', '=', 'queued').execute();
    await trx
      .updateTable('jobs')
      .set({ max_attempts: sql<number>`attempts` })
      .where('key', '=', key)
      .where('state', '=', 'running')
      .execute();
  };
  // Inside the caller's transaction (an RSVP's, D81) Kysely opens no second one.
  if (db.isTransaction) await cancel(db);
  else await db.transaction().execute(cancel);
}

/**
 * Takes the next due job. One statement, so the write lock is taken with the read: no other
 * connection can claim the same row between them (SQLite has one writer at a time).
 */
export async function claimSqliteJob(
  db: Kysely<Database>,
  now: number,
  tasks: ReadonlyArray<string>,
): Promise<JobRow | undefined> {
  if (tasks.length === 0) return undefined;
  return db
    .updateTable('jobs')
    .set({ state: 'running', locked_at: now, attempts: sql<number>`attempts + 1` })
    .where(
      'id',
      '=',
      db
        .selectFrom('jobs')
        .select('id')
        .where('state', '=', 'queued')
        .where('run_at', '<=', now)
        .where('task', 'in', tasks)
        .orderBy('run_at')
        .orderBy('id')
        .limit(1),
    )
    .returningAll()
    .executeTakeFirst();
}

export async function deleteSqliteJob(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('jobs').where('id', '=', id).execute();
}

/** After a failure: back to the queue at `retryAt`, or failed for good with its attempts used. */
export async function failSqliteJob(
  db: Kysely<Database>,
  id: number,
  error: string,
  retryAt: number,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      state: sql`case when attempts >= max_attempts then 'failed' else 'queued' end`,
      run_at: sql`case when attempts >= max_attempts then run_at else ${retryAt} end`,
      locked_at: null,
      last_error: error,
    })
    .where('id', '=', id)
    .execute();
}

/** At start: jobs a dead process had under way (one process owns the file) run again. */
export async function requeueRunningSqliteJobs(db: Kysely<Database>): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({
      state: sql`case when attempts >= max_attempts then 'failed' else 'queued' end`,
      last_error: sql`coalesce(last_error, 'interrupted: the process ended while it ran')`,
      locked_at: null,
    })
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function findSqliteJob(
  db: Kysely<Database>,
  key: string,
): Promise<JobRow | undefined> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('key', '=', key)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

// ---- PostgreSQL (graphile-worker) -------------------------------------------------------------

/**
 * graphile-worker's `add_job`: a row in the caller's transaction, so it exists only if that
 * commits. 'replace' takes the place of an unstarted job with the key (payload, run time, cap).
 */
export async function addGraphileJob(db: Kysely<Database>, job: NewJob): Promise<void> {
  await sql`
    select graphile_worker.add_job(
      ${job.task},
      ${job.payload}::json,
      run_at => ${new Date(job.runAt).toISOString()}::timestamptz,
      max_attempts => ${job.maxAttempts}::int,
      job_key => ${job.key}::text,
      job_key_mode => 'replace'
    )`.execute(db);
}

/** Deletes the unstarted job with the key; a locked one loses its key and is not retried. */
export async function removeGraphileJob(db: Kysely<Database>, key: string): Promise<void> {
  await sql`select graphile_worker.remove_job(${key})`.execute(db);
}

export interface GraphileJobRow {
  task_identifier: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  run_at: Date;
  locked_at: Date | null;
  last_error: string | null;
}

export async function findGraphileJob(
  db: Kysely<Database>,
  key: string,
): Promise<GraphileJobRow | undefined> {
  const { rows } = await sql<GraphileJobRow>`
    select tasks.identifier as task_identifier, jobs.payload, jobs.attempts, jobs.max_attempts,
      jobs.run_at, jobs.locked_at, jobs.last_error
    from graphile_worker._private_jobs as jobs
    join graphile_worker._private_tasks as tasks on tasks.id = jobs.task_id
    where jobs.key = ${key} order by jobs.id desc limit 1`.execute(db);
  return rows[0];
}

/** The workers that hold jobs now (graphile-worker's `locked_by`). */
export async function graphileLockingWorkers(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ locked_by: string }>`
    select distinct locked_by from graphile_worker._private_jobs
    where locked_by is not null`.execute(db);
  return rows.map((row) => row.locked_by);
}

/** Frees the jobs these workers hold, so they run again (graphile-worker's own function). */
export async function unlockGraphileWorkers(
  db: Kysely<Database>,
  workerIds: ReadonlyArray<string>,
): Promise<void> {
  await sql`select graphile_worker.force_unlock_workers(${[...workerIds]}::text[])`.execute(db);
}

// ---- Both ---------------------------------------------------------------------------------

/**
 * Jobs due or running now, on either engine: none means the queue has done all it can for now
 * (a job waiting for its retry is not counted). Tests wait for it (server/test/api-harness.ts).
 */
export async function unfinishedJobCount(
  db: Kysely<Database>,
  engine: Engine,
  now: number,
): Promise<number> {
  if (engine === 'sqlite') {
    const row = await db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where((eb) =>
        eb.or([
          eb('state', '=', 'running'),
          eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', now)]),
        ]),
      )
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
  const { rows } = await sql<{ count: string }>`
    select count(*) as count from graphile_worker._private_jobs
    where locked_at is not null
      or (run_at <= ${new Date(now).toISOString()}::timestamptz and attempts < max_attempts)`.execute(
    db,
  );
  return Number(rows[0]?.count ?? 0);
}

export interface FailedJob {
  key: string | null;
  payload: unknown;
  attempts: number;
  lastError: string | null;
  /** When it last ran (ms). */
  lastRunAt: number;
}

/** A task's jobs whose attempts are used up, newest first (the operator's `failed-mail`). */
export async function failedJobs(
  db: Kysely<Database>,
  engine: Engine,
  task: string,
  limit: number,
): Promise<FailedJob[]> {
  if (engine === 'sqlite') {
    const rows = await db
      .selectFrom('jobs')
      .select(['key', 'payload', 'attempts', 'last_error', 'run_at'])
      .where('task', '=', task)
      .where('state', '=', 'failed')
      .orderBy('run_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      key: row.key,
      payload: JSON.parse(row.payload) as unknown,
      attempts: row.attempts,
      lastError: row.last_error,
      lastRunAt: row.run_at,
    }));
  }
  const { rows } = await sql<{
    key: string | null;
    payload: unknown;
    attempts: number;
    last_error: string | null;
    run_at: Date;
  }>`
    select jobs.key, jobs.payload, jobs.attempts, jobs.last_error, jobs.run_at
    from graphile_worker._private_jobs as jobs
    join graphile_worker._private_tasks as tasks on tasks.id = jobs.task_id
    where tasks.identifier = ${task} and jobs.locked_at is null
      and jobs.attempts >= jobs.max_attempts
    order by jobs.run_at desc, jobs.id desc limit ${limit}`.execute(db);
  return rows.map((row) => ({
    key: row.key,
    payload: row.payload,
    attempts: row.attempts,
    lastError: row.last_error,
    lastRunAt: row.run_at.getTime(),
  }));
}

/**
 * Runs a task's failed jobs again, now, with their attempts counted afresh (the operator's
 * `failed-mail --retry`). Answers how many.
 */
export async function retryFailedJobs(
  db: Kysely<Database>,
  engine: Engine,
  task: string,
  now: number,
): Promise<number> {
  if (engine === 'sqlite') {
    const result = await db
      .updateTable('jobs')
      .set({ state: 'queued', attempts: 0, run_at: now })
      .where('task', '=', task)
      .where('state', '=', 'failed')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
  const { rows } = await sql<{ id: string }>`
    select id from graphile_worker.reschedule_jobs(
      array(
        select jobs.id from graphile_worker._private_jobs as jobs
        join graphile_worker._private_tasks as tasks on tasks.id = jobs.task_id
        where tasks.identifier = ${task} and jobs.locked_at is null
          and jobs.attempts >= jobs.max_attempts
      ),
      run_at => ${new Date(now).toISOString()}::timestamptz,
      attempts => 0
    )`.execute(db);
  return rows.length;
}
