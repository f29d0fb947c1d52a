import { describe, expect, it } from 'vitest';
import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Database } from '../schema.ts';
import { BatchWriter, MAX_PARAMETERS, rowsPerStatement } from './batch-writer.ts';
import { demoImageKeys } from './content.ts';
import { ORGANIZATIONS } from './organizations-data.ts';
import { DEMO_CLUBS, DEMO_REGISTRANT, PERSONAS } from './personas.ts';
import { asciiSlug, displayName } from './seed-context.ts';

const dummy = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

describe('demo content', () => {
  it('gives the personas numbers their organisation accepts and unique usernames', () => {
    const masons = ORGANIZATIONS.find((o) => o.key === 'masons');
    const min = masons?.memberNumberMin ?? 0;
    const max = masons?.memberNumberMax ?? 99;
    const numbers = [...PERSONAS.map((p) => p.memberNumber), DEMO_REGISTRANT.memberNumber];
    for (const number of numbers) {
      expect(number.length).toBeGreaterThanOrEqual(min);
      expect(number.length).toBeLessThanOrEqual(max);
      // Generated numbers start higher, so they never collide with these.
      expect(Number(number)).toBeLessThan(masons?.memberNumberStart ?? 0);
    }
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(PERSONAS.map((p) => p.username)).toEqual([
      'member',
      'member2',
      'webmaster',
      'admin',
      'secretary',
    ]);
  });

  it('has the personas’ lodges among the demo clubs, with unique subdomains', () => {
    const subdomains = ORGANIZATIONS.flatMap((o) => [
      o.top.subdomain,
      ...o.groups.map((g) => g.subdomain),
      ...o.lodges.map((l) => o.lodgeSubdomain(l)),
    ]);
    expect(new Set(subdomains).size).toBe(subdomains.length);
    for (const subdomain of Object.values(DEMO_CLUBS)) expect(subdomains).toContain(subdomain);
    for (const s of subdomains) expect(s).toMatch(/^[a-z0-9-]+$/);
  });

  it('builds display names as the spec says', () => {
    const john = {
      firstName: 'John',
      middleName: 'Q',
      lastName: 'Smith',
      suffix: 'Jr.',
      preferredName: null,
    };
    expect(displayName(john)).toBe('John Q Smith, Jr.');
    expect(displayName({ ...john, preferredName: 'Jack' })).toBe('Jack');
    expect(displayName({ ...john, middleName: null })).toBe('John Smith, Jr.');
  });

  it('folds names to ASCII for usernames and addresses', () => {
    expect(asciiSlug("O'Brien")).toBe('obrien');
    expect(asciiSlug('Muñoz')).toBe('munoz');
    expect(asciiSlug('Van Buren')).toBe('vanburen');
  });

  it('lists every demo image key once', () => {
    const keys = demoImageKeys();
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('demo/photo-1.jpg');
  });

  it('keeps statements under the bound-parameter limits', () => {
    for (const columns of [1, 7, 16, 40]) {
      expect(rowsPerStatement(columns) * columns).toBeLessThanOrEqual(MAX_PARAMETERS);
    }
    const sqlite = new BatchWriter(dummy, 'sqlite');
    expect(sqlite.insertText('dues', ['id', 'year'], 2)).toBe(
      'insert into "dues" ("id","year") values (?,?),(?,?)',
    );
    const postgres = new BatchWriter(dummy, 'postgres');
    expect(postgres.insertText('dues', ['id', 'year'], 2)).toBe(
      'insert into "dues" ("id","year") values ($1,$2),($3,$4)',
    );
  });
});
