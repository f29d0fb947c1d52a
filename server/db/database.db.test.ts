import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import type { TestDatabase } from '../test/test-database.ts';

/**
 * Rows read the same whatever way the engine's driver makes them (on SQLite, db/database.ts
 * builds them from better-sqlite3's arrays; issue 10, Measure and report).
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('rows as the driver gives them', () => {
  it('one key per column, in the order selected, with null and text kept', async () => {
    const { rows } = await sql<Record<string, unknown>>`
      select 1 as one, 'two' as "second word", null as empty, 4 as "count(*)"
    `.execute(database.handle.db);
    expect(rows).toEqual([{ one: 1, 'second word': 'two', empty: null, 'count(*)': 4 }]);
    expect(Object.keys(rows[0] ?? {})).toEqual(['one', 'second word', 'empty', 'count(*)']);
  });

  it('a name with quotes is a key like any other', async () => {
    const { rows } = await sql<Record<string, unknown>>`
      select 2 as "a""b", 'x' as "it's"
    `.execute(database.handle.db);
    expect(Object.entries(rows[0] ?? {})).toEqual([
      ['a"b', 2],
      ["it's", 'x'],
    ]);
  });

  it('rows of a write that returns them, of a query run again and streamed', async () => {
    const db = database.handle.db;
    const query = db.selectFrom('organizations').select(['id', 'name']).orderBy('id');
    const inserted = await db
      .insertInto('organizations')
      .values([{ name: 'Alpha' }, { name: 'Beta' }])
      .returning(['id', 'name'])
      .execute();
    expect(inserted.map((row) => row.name)).toEqual(['Alpha', 'Beta']);
    expect(await query.execute()).toEqual(inserted);
    expect(await query.execute()).toEqual(inserted);
    // Only SQLite is set up to stream (PostgreSQL would need pg-cursor); nothing streams yet.
    if (database.handle.engine === 'sqlite') {
      const streamed = [];
      for await (const row of query.stream()) streamed.push(row);
      expect(streamed).toEqual(inserted);
    }
  });
});
