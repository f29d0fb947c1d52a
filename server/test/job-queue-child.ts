import { z } from 'zod';
import { openDatabase } from '../db/database.ts';
import { createJobQueue, defineTask } from '../jobs/job-queue.ts';

/*
 * A process whose queue takes a job and never finishes it, for the test of a job left running
 * by a process killed with SIGKILL (server/jobs/job-queue.db.test.ts). It prints "started <key>"
 * when the job is under way.
 */
const database = await openDatabase({
  url: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? '.',
  poolSize: 4,
});
const queue = await createJobQueue(database, process.env.DATABASE_URL, {
  concurrency: 1,
  pollIntervalMs: 50,
});
queue.register(
  defineTask({
    name: 'hang',
    payload: z.object({ n: z.number() }),
    run: (_payload, job) => {
      process.stdout.write(`started ${job.key ?? ''}\n`);
      return new Promise<void>(() => undefined);
    },
  }),
);
await queue.start();
