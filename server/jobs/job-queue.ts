import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DatabaseHandle } from '../db/database.ts';
import type { Database, JobState } from '../db/schema.ts';

/*
 * The durable job queue (issue 25, docs/decisions.md D78): work that must happen once, survive
 * a restart and retry when it fails. graphile-worker on PostgreSQL (postgres-queue.ts), a table
 * the process polls on SQLite (sqlite-queue.ts); both keep this one contract
 * (job-queue.db.test.ts).
 */

/** A kind of job: its name, the shape of its payload (JSON), and what running one does. */
export interface TaskDefinition<P> {
  readonly name: string;
  readonly payload: z.ZodType<P>;
  run(payload: P, job: RunningJob): Promise<void>;
}

export interface RunningJob {
  readonly key: string | null;
  /** 1 on the first run, 2 on the first retry, ... */
  readonly attempt: number;
}

/** Names a task; its handler gets the payload parsed by `payload`. */
export function defineTask<P>(definition: TaskDefinition<P>): TaskDefinition<P> {
  return definition;
}

/** What enqueueing needs of a task: its name and payload, not its handler (that is a node's). */
export type TaskName<P> = Pick<TaskDefinition<P>, 'name' | 'payload'>;

export interface EnqueueOptions<P> {
  readonly task: TaskName<P>;
  readonly payload: P;
  /**
   * One logical job: a second enqueue with the same key replaces the payload, run time and cap
   * of the job not yet started (or follows one under way); `cancel(key)` removes it.
   */
  readonly key?: string;
  /** Not before this instant (epoch ms); now when unset. */
  readonly runAt?: number;
  /** Runs at most this many times; the last failure is then kept (`inspect`). */
  readonly maxAttempts?: number;
}

/** A job as an operator or a test sees it. A job that succeeded is gone. */
export interface JobInfo {
  readonly task: string;
  readonly payload: unknown;
  /** 'failed': its attempts are used up and it will not run again by itself. */
  readonly state: JobState;
  readonly attempts: number;
  readonly maxAttempts: number;
  /** When it runs next (queued), or ran last. */
  readonly runAt: number;
  readonly lastError: string | null;
}

export const DEFAULT_MAX_ATTEMPTS = 10;

export interface JobQueue {
  /** Before `start`: a task this node runs, by its name. */
  register<P>(task: TaskDefinition<P>): void;
  /**
   * Adds a job. Pass the caller's transaction to make the job part of it: it exists only if
   * the transaction commits. The payload is checked against the task's schema here.
   */
  enqueue<P>(db: Kysely<Database>, options: EnqueueOptions<P>): Promise<void>;
  /** Removes the job with this key if it has not started; one under way is not retried. */
  cancel(db: Kysely<Database>, key: string): Promise<void>;
  /** The newest job with this key, or undefined when there is none (never was, done, cancelled). */
  inspect(key: string): Promise<JobInfo | undefined>;
  /** How long after its `attempts`-th failure a job runs again. */
  retryDelayMs(attempts: number): number;
  /** Begins running jobs; a job left running by a process that died runs again. */
  start(): Promise<void>;
  /** Takes no more jobs and waits for those under way. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  /** Jobs run at the same time by this node. */
  concurrency?: number;
  /** How often the queue looks for due jobs (retries, run-at times, other processes' jobs). */
  pollIntervalMs?: number;
  /**
   * How often a PostgreSQL node looks for jobs left by nodes that died; a queue seen dead twice
   * this far apart has its jobs freed (D78).
   */
  recoverIntervalMs?: number;
  /** SQLite: the first retry's delay, doubling each time (tests make it small; D78). */
  retryBaseMs?: number;
  /** Failures of the queue itself (not of a job: those are kept on the job). */
  onError?: (error: unknown, what: string) => void;
}

/** The queue for this database's engine. */
export async function createJobQueue(
  database: DatabaseHandle,
  url: string | undefined,
  options: JobQueueOptions = {},
): Promise<JobQueue> {
  if (database.engine === 'postgres') {
    const { createPostgresJobQueue } = await import('./postgres-queue.ts');
    return createPostgresJobQueue(database.db, url, options);
  }
  const { createSqliteJobQueue } = await import('./sqlite-queue.ts');
  return createSqliteJobQueue(database.db, options);
}

/**
 * Brings the queue's own schema up to date: graphile-worker's `graphile_worker` schema on
 * PostgreSQL (its migrations, run by itself); on SQLite the `jobs` table is one of ours
 * (migration 0018). Run with the start's migrations, under its lock (server/main.ts, D76), so a
 * job can be enqueued before this node's queue starts; `start` runs it again (a no-op then).
 */
export async function migrateJobQueue(
  database: DatabaseHandle,
  url: string | undefined,
): Promise<void> {
  if (database.engine !== 'postgres' || !url) return;
  const { migratePostgresJobQueue } = await import('./postgres-queue.ts');
  await migratePostgresJobQueue(url);
}

export function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
