import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { openDatabase } from '../db/database.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { createTestDatabase } from '../test/test-database.ts';
import type { TestDatabase } from '../test/test-database.ts';
import { createJobQueue, defineTask } from './job-queue.ts';
import type { JobQueue, JobQueueOptions, RunningJob } from './job-queue.ts';

/*
 * The job queue's contract, on the engine this project runs (issue 25, D78): graphile-worker on
 * PostgreSQL, the polled `jobs` table on SQLite. Each test names its own tasks, so a queue never
 * takes another test's jobs.
 */

let database: TestDatabase;
const queues: JobQueue[] = [];
const handles: DatabaseHandle[] = [];
let child: ChildProcess | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterEach(async () => {
  child?.kill('SIGKILL');
  child = undefined;
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
});

afterAll(async () => {
  await Promise.all(handles.splice(0).map((handle) => handle.close()));
  await database.drop();
});

const FAST: JobQueueOptions = {
  concurrency: 2,
  pollIntervalMs: 50,
  recoverIntervalMs: 100,
  retryBaseMs: 100,
};

async function makeQueue(handle: DatabaseHandle = database.handle): Promise<JobQueue> {
  const queue = await createJobQueue(handle, database.env.DATABASE_URL, FAST);
  queues.push(queue);
  return queue;
}

interface Run {
  readonly n: number;
  readonly attempt: number;
  readonly at: number;
}

const numbered = z.object({ n: z.number() });

/** A task that records each run, and fails while `fail` says so. */
function recordingTask(name: string, fail?: (job: RunningJob) => boolean) {
  const runs: Run[] = [];
  const task = defineTask({
    name,
    payload: numbered,
    run: async ({ n }, job) => {
      runs.push({ n, attempt: job.attempt, at: Date.now() });
      if (fail?.(job)) throw new Error(`boom ${job.attempt}`);
    },
  });
  return { task, runs };
}

const WAIT = { timeout: 15_000, interval: 20 };

describe('the job queue', () => {
  it('runs a job, and forgets it once done', async () => {
    const queue = await makeQueue();
    const { task, runs } = recordingTask('runs-a-job');
    queue.register(task);
    await queue.enqueue(database.handle.db, { task, payload: { n: 1 }, key: 'one' });
    expect(await queue.inspect('one')).toMatchObject({ state: 'queued', payload: { n: 1 } });
    await queue.start();
    await vi.waitFor(() => expect(runs.map((run) => run.n)).toEqual([1]), WAIT);
    expect(runs[0]?.attempt).toBe(1);
    await vi.waitFor(async () => expect(await queue.inspect('one')).toBeUndefined(), WAIT);
  });

  it('refuses a payload its task does not accept', async () => {
    const queue = await makeQueue();
    const { task } = recordingTask('refuses');
    const wrong = { n: 'one' } as unknown as { n: number };
    await expect(
      queue.enqueue(database.handle.db, { task, payload: wrong, key: 'wrong' }),
    ).rejects.toThrow();
    expect(await queue.inspect('wrong')).toBeUndefined();
  });

  it('enqueues inside the caller transaction: a rollback leaves no job', async () => {
    const queue = await makeQueue();
    const { task, runs } = recordingTask('in-a-transaction');
    queue.register(task);
    await queue.start();
    await expect(
      database.handle.db.transaction().execute(async (trx) => {
        await queue.enqueue(trx, { task, payload: { n: 1 }, key: 'rolled-back' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await database.handle.db.transaction().execute(async (trx) => {
      await queue.enqueue(trx, { task, payload: { n: 2 }, key: 'committed' });
    });
    await vi.waitFor(() => expect(runs.map((run) => run.n)).toEqual([2]), WAIT);
    expect(await queue.inspect('rolled-back')).toBeUndefined();
  });

  it('retries with a growing delay, then keeps the failure visible', async () => {
    const queue = await makeQueue();
    const { task, runs } = recordingTask('always-fails', () => true);
    queue.register(task);
    await queue.start();
    await queue.enqueue(database.handle.db, {
      task,
      payload: { n: 1 },
      key: 'fails',
      maxAttempts: 2,
    });
    await vi.waitFor(
      async () => expect(await queue.inspect('fails')).toMatchObject({ state: 'failed' }),
      WAIT,
    );
    const failed = await queue.inspect('fails');
    expect(failed).toMatchObject({ attempts: 2, maxAttempts: 2, payload: { n: 1 } });
    expect(failed?.lastError).toContain('boom 2');
    expect(runs.map((run) => run.attempt)).toEqual([1, 2]);
    const [first, second] = runs.map((run) => run.at);
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(queue.retryDelayMs(1) - 1);
    expect(queue.retryDelayMs(3)).toBeGreaterThan(queue.retryDelayMs(2));
    // A new job with the key starts afresh.
    await queue.enqueue(database.handle.db, {
      task,
      payload: { n: 2 },
      key: 'fails',
      runAt: Date.now() + 3_600_000,
    });
    expect(await queue.inspect('fails')).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('a second enqueue with a key replaces the job not yet started; cancel removes one', async () => {
    const queue = await makeQueue();
    const { task, runs } = recordingTask('replaced');
    queue.register(task);
    const later = Date.now() + 3_600_000;
    await queue.enqueue(database.handle.db, { task, payload: { n: 1 }, key: 'r', runAt: later });
    await queue.enqueue(database.handle.db, { task, payload: { n: 2 }, key: 'r' });
    expect(await queue.inspect('r')).toMatchObject({ state: 'queued', payload: { n: 2 } });
    await queue.enqueue(database.handle.db, { task, payload: { n: 3 }, key: 'c' });
    await queue.cancel(database.handle.db, 'c');
    expect(await queue.inspect('c')).toBeUndefined();
    await queue.start();
    await vi.waitFor(async () => expect(await queue.inspect('r')).toBeUndefined(), WAIT);
    expect(runs.map((run) => run.n)).toEqual([2]);
  });

  it('a job to run later waits for its time', async () => {
    const queue = await makeQueue();
    const { task, runs } = recordingTask('later');
    queue.register(task);
    await queue.start();
    const runAt = Date.now() + 400;
    await queue.enqueue(database.handle.db, { task, payload: { n: 1 }, runAt });
    await queue.enqueue(database.handle.db, { task, payload: { n: 2 } });
    await vi.waitFor(() => expect(runs).toHaveLength(2), WAIT);
    expect(runs.map((run) => run.n)).toEqual([2, 1]);
    expect(runs[1]?.at).toBeGreaterThanOrEqual(runAt);
  });

  it('two queues on two connections run each job once', async () => {
    const second = await openDatabase({
      url: database.env.DATABASE_URL,
      dataDir: database.dataDir,
      poolSize: 4,
    });
    handles.push(second);
    const one = await makeQueue();
    const two = await makeQueue(second);
    const { task, runs } = recordingTask('shared');
    one.register(task);
    two.register(task);
    const count = 60;
    await database.handle.db.transaction().execute(async (trx) => {
      for (let n = 0; n < count; n++) await one.enqueue(trx, { task, payload: { n } });
    });
    await Promise.all([one.start(), two.start()]);
    await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(count), WAIT);
    await Promise.all([one.stop(), two.stop()]);
    const ran = runs.map((run) => run.n).sort((a, b) => a - b);
    expect(ran).toEqual(Array.from({ length: count }, (_, n) => n));
  });

  it('a job under way in a process killed with SIGKILL runs again after a restart', async () => {
    const { task, runs } = recordingTask('hang');
    const setup = await makeQueue();
    await setup.enqueue(database.handle.db, { task, payload: { n: 7 }, key: 'crash' });
    const script = path.resolve('server/test/job-queue-child.ts');
    const started = spawn(process.execPath, ['--import', 'tsx', script], {
      env: { PATH: process.env.PATH ?? '', ...database.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    let output = '';
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => started.once('exit', () => resolve()));
    await vi.waitFor(() => expect(output).toContain('started crash'), WAIT);
    started.kill('SIGKILL');
    await exited;
    child = undefined;
    expect(await setup.inspect('crash')).toMatchObject({ state: 'running', attempts: 1 });

    const restarted = await makeQueue();
    restarted.register(task);
    await restarted.start();
    await vi.waitFor(() => expect(runs).toHaveLength(1), WAIT);
    expect(runs[0]).toMatchObject({ n: 7, attempt: 2 });
    await vi.waitFor(async () => expect(await restarted.inspect('crash')).toBeUndefined(), WAIT);
  });
});
