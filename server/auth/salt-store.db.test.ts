import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import type { TestDatabase } from '../test/test-database.ts';
import { databaseSaltStore, memorySaltStore } from './salt-store.ts';
import { MAX_CLOCK_SKEW_MS } from './signatures.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

const salt = (n: number) => `${Date.now()}.${n.toString(16).padStart(32, '0')}`;

describe('memorySaltStore (SQLite)', () => {
  it('refuses a salt seen before', async () => {
    const store = await memorySaltStore(database.handle.db);
    const s = salt(1);
    expect(await store.use(1, s, Date.now())).toBe(true);
    expect(await store.use(1, s, Date.now())).toBe(false);
    await store.close();
  });

  it('still refuses it after a restart: salts are written behind and read back', async () => {
    const first = await memorySaltStore(database.handle.db);
    const s = salt(2);
    expect(await first.use(1, s, Date.now())).toBe(true);
    await first.close();
    const second = await memorySaltStore(database.handle.db);
    expect(await second.use(1, s, Date.now())).toBe(false);
    await second.close();
  });

  it('forgets salts once they can no longer pass the clock check', async () => {
    const store = await memorySaltStore(database.handle.db);
    const old = Date.now() - MAX_CLOCK_SKEW_MS - 1000;
    const s = `${old}.${'e'.repeat(32)}`;
    expect(await store.use(1, s, old)).toBe(true);
    await store.purge(Date.now());
    const rows = await database.handle.db
      .selectFrom('request_salts')
      .select('salt')
      .where('salt', '=', s)
      .execute();
    expect(rows).toEqual([]);
    await store.close();
  });
});

describe('databaseSaltStore (PostgreSQL, shared by every node)', () => {
  it('refuses a salt seen before, from any store on the same database', async () => {
    const nodeA = databaseSaltStore(database.handle.db);
    const nodeB = databaseSaltStore(database.handle.db);
    const s = salt(3);
    const session = await database.handle.db.selectFrom('sessions').select('id').executeTakeFirst();
    // request_salts.session_id may be null; a real call passes its session.
    const sessionId = session?.id ?? (null as unknown as number);
    expect(await nodeA.use(sessionId, s, Date.now())).toBe(true);
    expect(await nodeB.use(sessionId, s, Date.now())).toBe(false);
  });
});
