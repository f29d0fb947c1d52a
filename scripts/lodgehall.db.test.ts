import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/database.ts';
import { createTestDatabase } from '../server/test/test-database.ts';
import type { TestDatabase } from '../server/test/test-database.ts';

const TSX = path.resolve('node_modules/.bin/tsx');
const CLI = path.resolve('scripts/lodgehall.ts');

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string> = {}): Promise<Result> {
  return new Promise((resolve) => {
    const child = spawn(TSX, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  await database.handle.close();
});

afterAll(async () => {
  await database.drop().catch(() => undefined);
});

async function withDb<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>) {
  const handle = await openDatabase({ url: database.env.DATABASE_URL, dataDir: database.dataDir });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

describe('npm run lodgehall', () => {
  it('lists its commands with --help', async () => {
    const result = await cli(['--help']);
    expect(result.code).toBe(0);
    for (const command of ['migrate', 'seed', 'create-admin', 'roster-import', 'roster-export']) {
      expect(result.stdout).toContain(command);
    }
  });

  it('explains each command with --help', async () => {
    for (const command of ['migrate', 'seed', 'create-admin', 'roster-import', 'roster-export']) {
      const result = await cli([command, '--help']);
      expect(result.code, command).toBe(0);
      expect(result.stdout, command).toContain(`Usage: npm run lodgehall -- ${command}`);
    }
    // Five runs of the CLI, each starting tsx.
  }, 90_000);

  it('refuses an unknown command, and an unknown option, with the usage', async () => {
    const unknown = await cli(['frobnicate']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');
    const option = await cli(['migrate', '--fast']);
    expect(option.code).toBe(1);
    expect(option.stderr).toContain("Unknown option '--fast'");
  }, 60_000);

  it('refuses a bad --scale or --seed with a clear message', async () => {
    const scale = await cli(['seed', '--scale', 'lots'], database.env);
    expect(scale.code).toBe(1);
    expect(scale.stderr).toContain('--scale expects a whole number of 1 or more, not "lots"');
    const seed = await cli(['seed', '--seed', '1.5'], database.env);
    expect(seed.code).toBe(1);
    expect(seed.stderr).toContain('--seed expects a whole number');
  });

  it('names a bad setting', async () => {
    const result = await cli(['migrate'], { DATABASE_URL: 'mysql://nope' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL="mysql://nope"');
  });

  it('migrates, and says so when there is nothing left to do', async () => {
    const first = await cli(['migrate'], database.env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('Applied:');
    const second = await cli(['migrate'], database.env);
    expect(second.stdout).toContain('The schema is up to date.');
  });

  it('refuses to seed a database that already has data', async () => {
    await withDb(async ({ db }) => {
      await db
        .insertInto('organizations')
        .values({
          name: 'Existing',
          member_number_min_length: null,
          member_number_max_length: null,
        })
        .execute();
    });
    const result = await cli(['seed'], database.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('already has data');
  });

  it('creates an administrator with a one-time password, then promotes existing users', async () => {
    const missing = await cli(['create-admin'], database.env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('create-admin needs a username.');

    const bad = await cli(['create-admin', 'no spaces'], database.env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('The username may use only letters');

    const created = await cli(['create-admin', 'Alice'], database.env);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('Created administrator "Alice".');
    expect(created.stdout).toMatch(/Password \(shown once\): \S{20}/);

    const again = await cli(['create-admin', 'alice'], database.env);
    expect(again.stdout).toContain('"Alice" is now an administrator.');

    const users = await withDb(({ db }) =>
      db.selectFrom('users').select(['username', 'is_admin', 'password_hash']).execute(),
    );
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ username: 'Alice', is_admin: 1 });
    expect(users[0]?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('prints the newest outbox messages, newest last, with --last N', async () => {
    const empty = await cli(['outbox'], database.env);
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toContain('The outbox is empty');

    const base = Date.UTC(2026, 0, 5, 9, 30);
    await withDb(async ({ db }) => {
      await db
        .insertInto('outbox_messages')
        .values([
          {
            channel: 'email',
            to_address: 'first@example.org',
            subject: 'Your Lodgehall code',
            body: 'Your Lodgehall code is 111111.',
            created_at: base,
            sent_at: null,
            last_error: null,
          },
          {
            channel: 'email',
            to_address: 'second@example.org',
            subject: 'Your Lodgehall code',
            body: 'Your Lodgehall code is 222222.',
            created_at: base + 1000,
            sent_at: null,
            last_error: null,
          },
          {
            channel: 'sms',
            to_address: '6145550100',
            subject: null,
            body: 'Lodgehall code: 333333.',
            created_at: base + 2000,
            sent_at: null,
            last_error: null,
          },
        ])
        .execute();
    });

    const result = await cli(['outbox', '--last', '2'], database.env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).not.toContain('first@example.org');
    const second = result.stdout.indexOf('2026-01-05T09:30:01.000Z  email  to second@example.org');
    const third = result.stdout.indexOf('2026-01-05T09:30:02.000Z  sms  to 6145550100');
    expect(second).toBeGreaterThanOrEqual(0);
    expect(third).toBeGreaterThan(second);
    expect(result.stdout).toContain('Subject: Your Lodgehall code');
    expect(result.stdout).toContain('Your Lodgehall code is 222222.');
    expect(result.stdout).toContain('Lodgehall code: 333333.');

    const help = await cli(['outbox', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npm run lodgehall -- outbox [--last N]');

    for (const bad of ['0', 'ten']) {
      const refused = await cli(['outbox', '--last', bad], database.env);
      expect(refused.code, bad).toBe(1);
      expect(refused.stderr).toContain(`--last expects a whole number of 1 or more, not "${bad}"`);
    }
    // Five runs of the CLI, each starting tsx.
  }, 90_000);

  it('imports a roster file, refuses one with errors whole, and exports it back', async () => {
    const org = await withDb(async ({ db }) => {
      const organization = await db
        .insertInto('organizations')
        .values({
          name: 'Roster Test Lodges',
          member_number_min_length: 3,
          member_number_max_length: 6,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const type = await db
        .insertInto('club_types')
        .values({ organization_id: organization.id, name: 'Lodge', rank: 0, is_leaf: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const subdomain of ['alpha1', 'beta2']) {
        await db
          .insertInto('clubs')
          .values({
            organization_id: organization.id,
            club_type_id: type.id,
            group_id: null,
            name: subdomain,
            formal_name: `${subdomain} Lodge`,
            subdomain,
            default_url: null,
            avatar_key: null,
            avatar_medium_key: null,
            address1: null,
            address2: null,
            city: null,
            state: null,
            zip: null,
            lat: null,
            lng: null,
            description: null,
            meetings: null,
            map_url: null,
            map_image: null,
            introduction: null,
            created_at: 0,
            updated_at: 0,
          })
          .execute();
      }
      return organization.id;
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodgehall-roster-'));
    const file = path.join(dir, 'roster.csv');
    const good = [
      'member_number,first_name,last_name,birth_date,club,roles',
      '1001,Ezra,Holt,07/04/1949,alpha1,secretary',
      '1001,Ezra,Holt,1949-07-04,beta2,',
      '1002,Amos,Reed,1955-01-02,alpha1,',
    ];
    fs.writeFileSync(file, [...good, '12,Bad,Row,1950-02-30,gamma3,'].join('\r\n'));

    const bad = await cli(
      ['roster-import', file, '--organization', 'Roster Test Lodges'],
      database.env,
    );
    expect(bad.code).toBe(1);
    expect(bad.stdout.split('\n')).toEqual([
      'added 2, updated 0, unchanged 0, errors 3',
      'line 5: member_number: Must be 3 to 6 digits.',
      'line 5: birth_date: "1950-02-30" is not a real date as MM/DD/YYYY or YYYY-MM-DD.',
      'line 5: club: Unknown club "gamma3": use a club\'s subdomain or formal name.',
      '',
    ]);
    expect(bad.stderr).toContain('nothing was changed');

    fs.writeFileSync(file, good.join('\n'));
    const dry = await cli(
      ['roster-import', file, '--organization', String(org), '--dry-run'],
      database.env,
    );
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('added 2, updated 0, unchanged 0, errors 0');
    const parties = () =>
      withDb(({ db }) =>
        db
          .selectFrom('member_statuses')
          .select('member_number')
          .where('organization_id', '=', org)
          .execute(),
      );
    expect(await parties()).toEqual([]);

    const real = await cli(['roster-import', file, '--organization', String(org)], database.env);
    expect(real.code, real.stderr).toBe(0);
    expect(real.stdout).toBe('added 2, updated 0, unchanged 0, errors 0\n');
    expect(await parties()).toHaveLength(2);

    const exported = await cli(
      ['roster-export', '--organization', String(org), '--club', 'alpha1'],
      database.env,
    );
    expect(exported.code, exported.stderr).toBe(0);
    const lines = exported.stdout.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe('1001,Ezra,Holt,1949-07-04,alpha1,,,,,,,,,,,,,,secretary,active,');
    const all = await cli(['roster-export', '--organization', 'Roster Test Lodges'], database.env);
    fs.writeFileSync(file, all.stdout);
    const again = await cli(['roster-import', file, '--organization', String(org)], database.env);
    expect(again.stdout).toBe('added 0, updated 0, unchanged 2, errors 0\n');

    const missing = await cli(['roster-import', file, '--organization', 'Nobody'], database.env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No organisation "Nobody".');
    fs.rmSync(dir, { recursive: true, force: true });
    // Seven runs of the CLI, each starting tsx.
  }, 180_000);
});
