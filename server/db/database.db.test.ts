import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_WITH_NUL } from '../../common/messages.ts';
import { ValidationError } from '../errors.ts';
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

describe('text holding U+0000 (issue 21, docs/decisions.md D55)', () => {
  // PostgreSQL cannot store the character and SQLite can: both refuse it before the query runs.
  const refused = { status: 422, errors: { base: [TEXT_WITH_NUL] } };

  it('is refused as a 422 in a value written, looked up or sent raw, on both engines', async () => {
    const db = database.handle.db;
    const writes = db.insertInto('organizations').values({ name: 'Nul\u0000Lodge' }).execute();
    await expect(writes).rejects.toBeInstanceOf(ValidationError);
    await expect(writes).rejects.toMatchObject(refused);
    const lookup = db.selectFrom('organizations').select('id').where('name', '=', '\u0000');
    await expect(lookup.execute()).rejects.toMatchObject(refused);
    await expect(sql`select ${'a\u0000b'} as text`.execute(db)).rejects.toMatchObject(refused);
    const stored = await db
      .selectFrom('organizations')
      .select('id')
      .where('name', 'like', 'Nul%')
      .execute();
    expect(stored).toEqual([]);
  });

  it('leaves every other character alone', async () => {
    const text = 'tab\t line\n emoji 😀 bell \u0007 rtl \u202E end';
    const { rows } = await sql<{ text: string }>`select ${text} as text`.execute(
      database.handle.db,
    );
    expect(rows).toEqual([{ text }]);
  });
});
