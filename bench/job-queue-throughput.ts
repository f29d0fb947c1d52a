/**
 * Jobs per second through the durable job queue (issue 25, docs/decisions.md D78): N no-op
 * jobs enqueued (each its own enqueue, as callers will), then the time until the last has run,
 * with the queue's default concurrency and poll. Use a fresh SQLite folder or database.
 *
 *   npx tsx bench/job-queue-throughput.ts --data-dir /tmp/jobs-bench
 *   npx tsx bench/job-queue-throughput.ts --database-url postgres://.../lodgehall_jobs_bench
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { createJobQueue, defineTask, migrateJobQueue } from '../server/jobs/job-queue.ts';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: 'bench/.data/jobs' },
    'database-url': { type: 'string' },
    jobs: { type: 'string', default: '2000' },
    concurrency: { type: 'string' },
  },
});

const count = Number(values.jobs);
const url = values['database-url'];
const handle = await openDatabase({ url, dataDir: values['data-dir'] });
await migrateToLatest(handle.db);
await migrateJobQueue(handle, url);
const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
const queue = await createJobQueue(handle, url, { concurrency });

let ran = 0;
let allRan = (): void => undefined;
const done = new Promise<void>((resolve) => (allRan = resolve));
const task = defineTask({
  name: 'bench-no-op',
  payload: z.object({ n: z.number() }),
  run: async () => {
    ran += 1;
    if (ran === count) allRan();
  },
});
queue.register(task);

const enqueueStarted = performance.now();
for (let n = 0; n < count; n++) await queue.enqueue(handle.db, { task, payload: { n } });
const enqueueMs = performance.now() - enqueueStarted;

const runStarted = performance.now();
await queue.start();
await done;
const runMs = performance.now() - runStarted;
await queue.stop();
await handle.close();

const perSecond = (ms: number): number => Math.round((count / ms) * 1000);
process.stdout.write(
  `${handle.engine}: ${count} jobs enqueued in ${Math.round(enqueueMs)} ms ` +
    `(${perSecond(enqueueMs)}/s); run in ${Math.round(runMs)} ms (${perSecond(runMs)}/s)\n`,
);
