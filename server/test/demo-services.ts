import { hashPassword } from '../auth/passwords.ts';
import { createJobQueue } from '../jobs/job-queue.ts';
import { DEMO_PASSWORD } from '../db/seed/personas.ts';
import { seedDemo } from '../db/seed/seed-demo.ts';
import type { ServiceContext } from '../services/context.ts';
import { createCalendarDerived } from '../services/calendar-derived.ts';
import { createMemo } from '../services/memo.ts';
import { createTestDatabase } from './test-database.ts';
import type { TestDatabase } from './test-database.ts';

/** The instant the demo data is made at in service tests, so every run sees the same data. */
export const DEMO_NOW = Date.UTC(2026, 10, 22, 12);

/**
 * A fresh database with the demo data and a context for calling services directly (the
 * "*.db.test.ts" tests), without HTTP. Only what reading services use is set: the database,
 * its engine, the memo and the calendar's derived answers, and the job queue, not started, that
 * an RSVP queues its reminder on (D81). Drop the database in afterAll.
 */
export async function demoServices(): Promise<{ database: TestDatabase; ctx: ServiceContext }> {
  const database = await createTestDatabase();
  await seedDemo(database.handle.db, {
    passwordHash: await hashPassword(DEMO_PASSWORD),
    now: DEMO_NOW,
  });
  const ctx = {
    db: database.handle.db,
    engine: database.handle.engine,
    memo: createMemo(),
    calendarDerived: createCalendarDerived(),
    jobs: await createJobQueue(database.handle, database.env.DATABASE_URL),
  } as ServiceContext;
  return { database, ctx };
}
