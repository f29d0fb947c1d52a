import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { Logger, run, runMigrations } from 'graphile-worker';
import type { Runner, Task, WorkerEvents } from 'graphile-worker';
import { holdAdvisoryLock, isRowLockHeld, keepRowLock } from '../db/advisory-locks.ts';
import type { KeptLock } from '../db/advisory-locks.ts';
import {
  addGraphileJob,
  findGraphileJob,
  graphileLockingWorkers,
  removeGraphileJob,
  unlockGraphileWorkers,
} from '../db/jobs.ts';
import type { Database } from '../db/schema.ts';
import { DEFAULT_MAX_ATTEMPTS } from './job-queue.ts';
import type { JobQueue, JobQueueOptions, TaskDefinition } from './job-queue.ts';

/** Our pools' names: `lodgehall-<queue id>`, the queue id being its row lock's (D78). */
const WORKER_NAME = /^lodgehall-(\d+)$/;

/** Quiet but for errors, which go to `onError`. */
function queueLogger(onError: (error: unknown, what: string) => void): Logger {
  return new Logger(() => (level, message) => {
    if (level === 'error') onError(new Error(message), 'graphile-worker');
  });
}

/** graphile-worker's schema, by its own migrations (safe to run from several nodes at once). */
export async function migratePostgresJobQueue(url: string): Promise<void> {
  await runMigrations({ connectionString: url, logger: queueLogger(() => undefined) });
}

/**
 * The queue on PostgreSQL: graphile-worker's runner in this process, its pool named for the
 * queue. The queue holds an advisory lock on its id while it lives; PostgreSQL frees it when the
 * process's session ends however the process ended, so any node can tell a dead queue's jobs
 * from a live one's and free them at once (graphile-worker 0.17 itself frees them only after 4
 * hours).
 */
export function createPostgresJobQueue(
  db: Kysely<Database>,
  url: string | undefined,
  options: JobQueueOptions = {},
): JobQueue {
  const concurrency = options.concurrency ?? 4;
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  const recoverIntervalMs = options.recoverIntervalMs ?? 5000;
  const onError = options.onError ?? (() => undefined);
  const tasks = new Map<string, TaskDefinition<unknown>>();
  let pool: pg.Pool | undefined;
  let runner: Runner | undefined;
  let ownLock: KeptLock | undefined;
  /** Pools whose queue's lock was free when last looked at, and since when. */
  const suspects = new Map<string, number>();
  let ownId = 0;
  let recoverTimer: NodeJS.Timeout | undefined;
  let recovering: Promise<void> | undefined;

  const logger = queueLogger(onError);

  /**
   * Frees the jobs held by pools whose queue's lock was free twice, a recovery interval or more
   * apart: a live queue that lost its connection takes its lock again within a second
   * (`keepRowLock`), so one look could mistake it for a dead one.
   */
  async function recoverDeadWorkers(): Promise<void> {
    const dead: string[] = [];
    const locking = await graphileLockingWorkers(db);
    for (const poolId of [...suspects.keys()]) {
      if (!locking.includes(poolId)) suspects.delete(poolId);
    }
    for (const poolId of locking) {
      const match = WORKER_NAME.exec(poolId);
      if (!match) continue;
      const queueId = Number(match[1]);
      if (queueId === ownId) continue;
      if (await isRowLockHeld(db, 'jobQueue', queueId)) {
        suspects.delete(poolId);
        continue;
      }
      const since = suspects.get(poolId);
      if (since === undefined) suspects.set(poolId, Date.now());
      else if (Date.now() - since >= recoverIntervalMs) dead.push(poolId);
    }
    if (dead.length > 0) await unlockGraphileWorkers(db, dead);
    for (const poolId of dead) suspects.delete(poolId);
  }

  function recoverSoon(): void {
    if (recovering) return;
    recovering = recoverDeadWorkers()
      .catch((error: unknown) => onError(error, 'freeing jobs of dead workers'))
      .finally(() => (recovering = undefined));
  }

  async function takeQueueId(url: string): Promise<void> {
    for (;;) {
      const id = crypto.randomInt(1, 2 ** 31 - 1);
      ownLock = await keepRowLock(url, 'jobQueue', id, (error) =>
        onError(error, 'taking the job queue lock again'),
      );
      if (!ownLock) continue;
      ownId = id;
      // Jobs held under this id before we took it were a dead queue's.
      const previous = (await graphileLockingWorkers(db)).filter(
        (poolId) => poolId === `lodgehall-${id}`,
      );
      if (previous.length > 0) await unlockGraphileWorkers(db, previous);
      return;
    }
  }

  return {
    register(task) {
      tasks.set(task.name, task as TaskDefinition<unknown>);
    },
    async enqueue(target, { task, payload, key, runAt, maxAttempts }) {
      await addGraphileJob(target, {
        task: task.name,
        payload: JSON.stringify(task.payload.parse(payload)),
        key: key ?? null,
        runAt: runAt ?? Date.now(),
        maxAttempts: maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      });
    },
    async cancel(target, key) {
      await removeGraphileJob(target, key);
    },
    async inspect(key) {
      const row = await findGraphileJob(db, key);
      if (!row) return undefined;
      return {
        task: row.task_identifier,
        payload: row.payload,
        state:
          row.locked_at !== null
            ? 'running'
            : row.attempts >= row.max_attempts
              ? 'failed'
              : 'queued',
        attempts: row.attempts,
        maxAttempts: row.max_attempts,
        runAt: row.run_at.getTime(),
        lastError: row.last_error,
      };
    },
    // graphile-worker's own rule (its fail_job): e^attempts seconds, at most e^10 (6 hours).
    retryDelayMs: (attempts) => Math.exp(Math.min(attempts, 10)) * 1000,
    async start() {
      if (pool) return;
      // Enqueueing needs only the app's connection; running needs a pool of the queue's own.
      if (!url) throw new Error('A job queue on PostgreSQL needs DATABASE_URL to run jobs.');
      pool = new pg.Pool({ connectionString: url, max: concurrency + 2 });
      pool.on('error', (error) => onError(error, 'the job queue pool'));
      // A client that loses its server must not crash the process (graphile-worker asks for it).
      pool.on('connect', (client) => client.on('error', () => undefined));
      // Several nodes starting together take turns: graphile-worker migrates its schema (it
      // copes with a race too, but the turn makes it plain), then dead workers' jobs are freed.
      const startLock = await holdAdvisoryLock(db, 'start');
      try {
        await runMigrations({ pgPool: pool, logger });
        await takeQueueId(url);
        await recoverDeadWorkers();
      } finally {
        await startLock.release();
      }
      const taskList: Record<string, Task> = {};
      for (const [name, definition] of tasks) {
        taskList[name] = async (payload, helpers) => {
          const parsed = definition.payload.parse(payload);
          await definition.run(parsed, {
            key: helpers.job.key,
            attempt: helpers.job.attempts,
          });
        };
      }
      // graphile-worker 0.17 locks a job with its pool's id, a random one; named here, as the
      // pool is made and before any worker asks for a job, for this queue's lock (D78).
      const events: WorkerEvents = new EventEmitter();
      events.on('pool:create', ({ workerPool }) => {
        workerPool.id = `lodgehall-${ownId}`;
      });
      runner = await run({
        pgPool: pool,
        logger,
        events,
        taskList,
        concurrency,
        noHandleSignals: true,
        pollInterval: pollIntervalMs,
      });
      recoverTimer = setInterval(recoverSoon, recoverIntervalMs);
      recoverTimer.unref();
    },
    async stop() {
      if (!pool) return;
      clearInterval(recoverTimer);
      await recovering;
      // Waits for the jobs under way (up to graphile-worker's 5 s, then they are failed and retry).
      await runner?.stop();
      runner = undefined;
      await ownLock?.release();
      ownLock = undefined;
      await pool.end();
      pool = undefined;
    },
  };
}
