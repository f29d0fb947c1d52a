import type { Kysely } from 'kysely';
import {
  cancelSqliteJob,
  claimSqliteJob,
  deleteSqliteJob,
  failSqliteJob,
  findSqliteJob,
  insertSqliteJob,
  requeueRunningSqliteJobs,
} from '../db/jobs.ts';
import type { JobRow } from '../db/jobs.ts';
import type { Database } from '../db/schema.ts';
import { DEFAULT_MAX_ATTEMPTS, errorText } from './job-queue.ts';
import type { JobQueue, JobQueueOptions, TaskDefinition } from './job-queue.ts';

/** The first retry after a second, doubling up to an hour (D78). */
const RETRY_BASE_MS = 1000;
const RETRY_CAP_MS = 60 * 60 * 1000;

/**
 * The queue on SQLite: the `jobs` table (migration 0018), polled by this process, which alone
 * owns the file (D76), and looked at once more at once after an enqueue here.
 */
export function createSqliteJobQueue(
  db: Kysely<Database>,
  options: JobQueueOptions = {},
): JobQueue {
  const concurrency = options.concurrency ?? 4;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const retryBaseMs = options.retryBaseMs ?? RETRY_BASE_MS;
  const onError = options.onError ?? (() => undefined);
  const tasks = new Map<string, TaskDefinition<unknown>>();
  const running = new Set<Promise<void>>();
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let pollAgain = false;

  const retryDelayMs = (attempts: number): number =>
    Math.min(retryBaseMs * 2 ** Math.max(0, attempts - 1), RETRY_CAP_MS);

  async function runJob(job: JobRow): Promise<void> {
    const task = tasks.get(job.task);
    try {
      if (!task) throw new Error(`No task named ${job.task} is registered.`);
      const payload = task.payload.parse(JSON.parse(job.payload));
      await task.run(payload, { key: job.key, attempt: job.attempts });
      await deleteSqliteJob(db, job.id);
    } catch (error) {
      await failSqliteJob(db, job.id, errorText(error), Date.now() + retryDelayMs(job.attempts));
    }
  }

  /** Claims due jobs while a place is free; a finished job looks again. */
  async function fill(): Promise<void> {
    while (!stopping && running.size < concurrency) {
      const job = await claimSqliteJob(db, Date.now(), [...tasks.keys()]);
      if (!job) return;
      const run: Promise<void> = runJob(job)
        .catch((error: unknown) => onError(error, `job ${job.id} (${job.task})`))
        .finally(() => {
          running.delete(run);
          poll();
        });
      running.add(run);
    }
  }

  function poll(): void {
    if (!started || stopping) return;
    if (polling) {
      pollAgain = true;
      return;
    }
    polling = fill()
      .catch((error: unknown) => onError(error, 'the job poll'))
      .finally(() => {
        polling = undefined;
        if (pollAgain) {
          pollAgain = false;
          poll();
        }
      });
  }

  return {
    register(task) {
      tasks.set(task.name, task as TaskDefinition<unknown>);
    },
    async enqueue(target, { task, payload, key, runAt, maxAttempts }) {
      const now = Date.now();
      await insertSqliteJob(
        target,
        {
          task: task.name,
          payload: JSON.stringify(task.payload.parse(payload)),
          key: key ?? null,
          runAt: runAt ?? now,
          maxAttempts: maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        },
        now,
      );
      // Inside a transaction the poll's queries wait for it (one connection), then see the job
      // if it committed.
      poll();
    },
    async cancel(target, key) {
      await cancelSqliteJob(target, key);
    },
    async inspect(key) {
      const row = await findSqliteJob(db, key);
      if (!row) return undefined;
      return {
        task: row.task,
        payload: JSON.parse(row.payload) as unknown,
        state: row.state,
        attempts: row.attempts,
        maxAttempts: row.max_attempts,
        runAt: row.run_at,
        lastError: row.last_error,
      };
    },
    retryDelayMs,
    async start() {
      if (started) return;
      await requeueRunningSqliteJobs(db);
      started = true;
      stopping = false;
      timer = setInterval(poll, pollIntervalMs);
      timer.unref();
      poll();
    },
    async stop() {
      if (!started) return;
      stopping = true;
      clearInterval(timer);
      await polling;
      await Promise.all(running);
      started = false;
    },
  };
}
