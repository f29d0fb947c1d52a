import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdRowLock } from '../db/advisory-locks.ts';
import { openDatabase } from '../db/database.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { insertRosterImport, rosterImportById } from '../db/roster-imports.ts';
import { ADMIN, DEMO_ORGANIZATION_NAME } from '../db/seed/personas.ts';
import { demoServices } from '../test/demo-services.ts';
import { testEngine } from '../test/test-database.ts';
import type { TestDatabase } from '../test/test-database.ts';
import type { ServiceContext } from './context.ts';
import { IMPORT_INTERRUPTED, failInterruptedRosterImports } from './roster-imports.ts';

/*
 * An import whose process ended never finishes (D65, D77). With several nodes on one
 * PostgreSQL, a node's start or sweep must end only the imports whose process is gone, not one
 * that another node is running: each runs holding its row's lock, freed with its session.
 */

let database: TestDatabase;
let ctx: ServiceContext;
let organizationId: number;
let userId: number;
let dryRuns = 0;

beforeAll(async () => {
  ({ database, ctx } = await demoServices());
  const db = database.handle.db;
  organizationId = (
    await db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', DEMO_ORGANIZATION_NAME)
      .executeTakeFirstOrThrow()
  ).id;
  userId = (
    await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', ADMIN.username)
      .executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await database.drop();
});

/** A check (dry run) marked running, started `ageMs` ago. */
async function running(ageMs: number): Promise<number> {
  dryRuns += 1;
  const row = await insertRosterImport(ctx.db, {
    organizationId,
    userId,
    dryRun: true,
    now: Date.now() - ageMs - dryRuns,
  });
  if (!row) throw new Error('the import was not recorded');
  return row.id;
}

async function stateOf(id: number) {
  const row = await rosterImportById(ctx.db, id);
  return { state: row?.state, failure: row?.failure };
}

if (testEngine() === 'postgres') {
  describe('imports left running, on PostgreSQL with several nodes', () => {
    let otherNode: DatabaseHandle;

    beforeAll(async () => {
      otherNode = await openDatabase({
        url: database.env.DATABASE_URL,
        dataDir: database.dataDir,
      });
    });

    afterAll(async () => {
      await otherNode.close();
    });

    it("leaves an import another node is running, and ends it once that node's process is gone", async () => {
      const id = await running(5 * 60_000);
      const held = await holdRowLock(otherNode.db, 'rosterImport', id);
      expect(await failInterruptedRosterImports(ctx)).toBe(0);
      expect(await stateOf(id)).toEqual({ state: 'running', failure: null });
      // The other node's session ends (its process died): PostgreSQL frees the lock.
      await held.release();
      expect(await failInterruptedRosterImports(ctx)).toBe(1);
      expect(await stateOf(id)).toEqual({ state: 'failed', failure: IMPORT_INTERRUPTED });
    });

    it('leaves an import started in the last minute, which may not hold its lock yet', async () => {
      const id = await running(1_000);
      expect(await failInterruptedRosterImports(ctx)).toBe(0);
      expect((await stateOf(id)).state).toBe('running');
    });
  });
} else {
  describe('imports left running, on SQLite', () => {
    it('ends every import left running: one process owns the file', async () => {
      const id = await running(1_000);
      expect(await failInterruptedRosterImports(ctx)).toBe(1);
      expect(await stateOf(id)).toEqual({ state: 'failed', failure: IMPORT_INTERRUPTED });
    });
  });
}
