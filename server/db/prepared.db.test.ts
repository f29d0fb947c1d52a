import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import type { TestDatabase } from '../test/test-database.ts';
import { prepare } from './prepared.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.handle.db
    .insertInto('organizations')
    .values([
      {
        name: 'Alpha',
        member_number_min_length: 4,
        member_number_max_length: null,
        is_recognized: 1,
      },
      {
        name: 'Beta',
        member_number_min_length: 6,
        member_number_max_length: null,
        is_recognized: 0,
      },
      {
        name: 'Gamma',
        member_number_min_length: 6,
        member_number_max_length: null,
        is_recognized: 1,
      },
    ])
    .execute();
});

afterAll(async () => {
  await database.drop();
});

describe('prepare', () => {
  const byLength = prepare<{ name: string }, 'length' | 'recognized'>((db, p) =>
    db
      .selectFrom('organizations')
      .select('name')
      .where('member_number_min_length', '=', p<number>('length'))
      .where('is_recognized', '=', p<number>('recognized'))
      .where('name', '<>', 'Zeta')
      .orderBy('name'),
  );

  it('runs with the values given, keeping the fixed ones', async () => {
    const { db } = database.handle;
    const first = await byLength.run(db, { length: 6, recognized: 1 });
    expect(first.rows).toEqual([{ name: 'Gamma' }]);
    const second = await byLength.run(db, { length: 6, recognized: 0 });
    expect(second.rows).toEqual([{ name: 'Beta' }]);
    const third = await byLength.run(db, { length: 4, recognized: 1 });
    expect(third.rows).toEqual([{ name: 'Alpha' }]);
  });

  it('refuses a query that drops a named value', () => {
    const broken = prepare<{ name: string }, 'unused'>((db, p) => {
      p<string>('unused');
      return db.selectFrom('organizations').select('name');
    });
    return expect(broken.run(database.handle.db, { unused: 'x' })).rejects.toThrow(
      'lost its parameter "unused"',
    );
  });
});
