import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROSTER_IMPORT_MAX_BODY_BYTES,
  ROSTER_IMPORT_MAX_ROWS,
} from '../../../common/schemas/console.ts';
import type { RosterImport, RosterImportRequest } from '../../../common/schemas/console.ts';
import type { User } from '../../../common/schemas/session.ts';
import { buildApp } from '../../app.ts';
import type { BusEvent } from '../../realtime/bus.ts';
import {
  ADMIN,
  DEMO_CLUBS,
  DEMO_ORGANIZATION_NAME,
  MEMBER,
  SECRETARY,
  WEBMASTER,
} from '../../db/seed/personas.ts';
import { IMPORT_ALREADY_RUNNING, IMPORT_INTERRUPTED } from '../../services/roster-imports.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import {
  FlowBrowser,
  codeSentTo,
  freshMemberNumber,
  organizationId,
} from '../../test/flow-client.ts';
import type { Problem } from '../../test/flow-client.ts';
import { seedDemoData, signInAs } from '../../test/member-client.ts';
import type { MemberClient } from '../../test/member-client.ts';

/*
 * The roster import over HTTP (issue 23, docs/decisions.md D65): who may start and read one,
 * the file's edge cases end to end (sent, run in the background, polled until it ends), the
 * refusals of the transport (413) and of a second real import (409), a restart's leftovers,
 * and the journey from an imported row to a registered, signed-in member.
 */

let server: TestServer;
let orgId: number;
let a: MemberClient;
let s: MemberClient;
let m: MemberClient;
let w: MemberClient;

beforeAll(async () => {
  // The registration journey's browser calls from an address of its own (X-Forwarded-For).
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  await seedDemoData(server);
  orgId = await organizationId(server, DEMO_ORGANIZATION_NAME);
  a = await signInAs(server, ADMIN.username);
  s = await signInAs(server, SECRETARY.username);
  m = await signInAs(server, MEMBER.username);
  w = await signInAs(server, WEBMASTER.username);
});

afterAll(async () => {
  await server.close();
});

const db = () => server.database.handle.db;

const HEADER = 'member_number,first_name,last_name,birth_date,club,email';

interface Row {
  number: string;
  first?: string;
  last?: string;
  birth?: string;
  club?: string;
  email?: string;
}

function csvOf(rows: readonly Row[], header = HEADER): string {
  const lines = rows.map((row) =>
    [
      row.number,
      row.first ?? 'Imported',
      row.last ?? 'Brother',
      row.birth ?? '03/14/1961',
      row.club ?? DEMO_CLUBS.L1,
      row.email ?? '',
    ].join(','),
  );
  return `${[header, ...lines].join('\r\n')}\r\n`;
}

function request(csv: string, dryRun = false, organization = orgId): RosterImportRequest {
  return { organization_id: organization, dry_run: dryRun, csv };
}

type ImportAnswer = { data: { import: RosterImport } };

async function start(client: MemberClient, body: RosterImportRequest): Promise<RosterImport> {
  const answer = await client.request<ImportAnswer>('POST', '/admin/roster_imports.json', {
    body,
  });
  expect(answer.status, answer.text).toBe(202);
  expect(answer.body.data.import).toMatchObject({
    organization_id: body.organization_id,
    dry_run: body.dry_run,
    state: 'running',
    committed: false,
    failure: null,
  });
  return answer.body.data.import;
}

/** Polls the import as the browser does until it is no longer running; every poll is valid. */
async function finished(client: MemberClient, id: number): Promise<RosterImport> {
  for (;;) {
    const answer = await client.request<ImportAnswer>('GET', `/admin/roster_imports/${id}.json`);
    expect(answer.status, answer.text).toBe(200);
    const found = answer.body.data.import;
    expect(found.processed_rows).toBeLessThanOrEqual(Math.max(found.total_rows, 0));
    if (found.state !== 'running') return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function imported(client: MemberClient, body: RosterImportRequest): Promise<RosterImport> {
  return finished(client, (await start(client, body)).id);
}

/** The party holding a member number in the demo organisation, if any. */
async function holderOf(memberNumber: string): Promise<number | undefined> {
  const row = await db()
    .selectFrom('member_statuses')
    .select('party_id')
    .where('organization_id', '=', orgId)
    .where('member_number', '=', memberNumber)
    .executeTakeFirst();
  return row?.party_id;
}

describe('who may import (the console matrix, D63)', () => {
  it('refuses the visitor (401) and members without the console, a webmaster too (403)', async () => {
    const body = request(csvOf([{ number: freshMemberNumber() }]), true);
    const visitor = await server.request('POST', '/admin/roster_imports.json', { body });
    expect(visitor.status).toBe(401);
    for (const client of [m, w]) {
      const answer = await client.request('POST', '/admin/roster_imports.json', { body });
      expect(answer.status).toBe(403);
    }
    expect((await server.request('GET', '/admin/roster_imports/1.json')).status).toBe(401);
    expect((await m.request('GET', '/admin/roster_imports/1.json')).status).toBe(403);
  });

  it('lets S import rows for Harmony Lodge, their own lodge', async () => {
    const number = freshMemberNumber();
    const done = await imported(s, request(csvOf([{ number, first: 'Ezra', last: 'Hollis' }])));
    expect(done).toMatchObject({
      state: 'done',
      total_rows: 1,
      processed_rows: 1,
      added: 1,
      updated: 0,
      unchanged: 0,
      errors: [],
      committed: true,
    });
    const party = await holderOf(number);
    expect(party).toBeDefined();
    const clubs = await db()
      .selectFrom('memberships as ms')
      .innerJoin('clubs as c', 'c.id', 'ms.club_id')
      .select('c.subdomain')
      .where('ms.party_id', '=', party ?? 0)
      .execute();
    expect(clubs.map((club) => club.subdomain)).toEqual([DEMO_CLUBS.L1]);
  });

  it("makes a row naming Olentangy Lodge, not S's, a row error: nothing of the file is written", async () => {
    const mine = freshMemberNumber();
    const theirs = freshMemberNumber();
    const done = await imported(
      s,
      request(csvOf([{ number: mine }, { number: theirs, club: DEMO_CLUBS.L2 }])),
    );
    expect(done.state).toBe('done');
    expect(done.committed).toBe(false);
    expect(done.errors).toHaveLength(1);
    expect(done.errors[0]).toMatchObject({ line: 3, column: 'club' });
    expect(await holderOf(mine)).toBeUndefined();
    expect(await holderOf(theirs)).toBeUndefined();
  });

  it("answers 404 for another organisation's roster to S, and for an organisation that does not exist", async () => {
    const other = await db()
      .selectFrom('organizations')
      .select('id')
      .where('id', '!=', orgId)
      .executeTakeFirstOrThrow();
    const csv = csvOf([{ number: freshMemberNumber() }]);
    const answer = await s.request<Problem>('POST', '/admin/roster_imports.json', {
      body: request(csv, true, other.id),
    });
    expect(answer.status).toBe(404);
    const none = await a.request('POST', '/admin/roster_imports.json', {
      body: request(csv, true, 999_999),
    });
    expect(none.status).toBe(404);
  });

  it('shows an import to its creator and to administrators only: S cannot read A’s (404)', async () => {
    const ofA = await imported(a, request(csvOf([{ number: freshMemberNumber() }]), true));
    expect(ofA).toMatchObject({ state: 'done', dry_run: true, added: 1, committed: false });
    expect((await s.request('GET', `/admin/roster_imports/${ofA.id}.json`)).status).toBe(404);
    const ofS = await imported(s, request(csvOf([{ number: freshMemberNumber() }]), true));
    const byA = await a.request<ImportAnswer>('GET', `/admin/roster_imports/${ofS.id}.json`);
    expect(byA.status).toBe(200);
    expect(byA.body.data.import).toEqual(ofS);
    expect((await s.request('GET', '/admin/roster_imports/999999.json')).status).toBe(404);
  });
});

describe('a file end to end: sent, run in the background, polled', () => {
  const numbers = [freshMemberNumber(), freshMemberNumber(), freshMemberNumber()];
  const clean = csvOf([
    { number: numbers[0] ?? '', first: 'Amos', email: 'amos.clean@example.org' },
    { number: numbers[1] ?? '', first: 'Boaz', birth: '1970-06-30' },
    // A member of two lodges: one row per lodge, one member.
    { number: numbers[2] ?? '', first: 'Caleb' },
    { number: numbers[2] ?? '', first: 'Caleb', club: DEMO_CLUBS.L2 },
  ]);

  it('a check (dry run) counts and writes nothing', async () => {
    const done = await imported(a, request(clean, true));
    expect(done).toMatchObject({ state: 'done', total_rows: 4, added: 3, committed: false });
    expect(await holderOf(numbers[0] ?? '')).toBeUndefined();
  });

  it('a clean file: every member added, counted per member', async () => {
    const done = await imported(a, request(clean));
    expect(done).toMatchObject({
      state: 'done',
      total_rows: 4,
      processed_rows: 4,
      added: 3,
      updated: 0,
      unchanged: 0,
      errors: [],
      committed: true,
      failure: null,
    });
    for (const number of numbers) expect(await holderOf(number)).toBeDefined();
  });

  it('the same file again: all unchanged', async () => {
    const done = await imported(a, request(clean));
    expect(done).toMatchObject({ state: 'done', added: 0, updated: 0, unchanged: 3, errors: [] });
  });

  it('one bad row: its errors by line and column, and nothing written', async () => {
    const good = freshMemberNumber();
    const bad = freshMemberNumber();
    const done = await imported(
      a,
      request(csvOf([{ number: good }, { number: bad, birth: '02/30/1960', club: 'nowhere999' }])),
    );
    expect(done.state).toBe('done');
    expect(done.committed).toBe(false);
    expect(done.errors.map(({ line, column }) => ({ line, column }))).toEqual(
      expect.arrayContaining([
        { line: 3, column: 'birth_date' },
        { line: 3, column: 'club' },
      ]),
    );
    expect(done.errors.every((error) => error.line === 3 && error.message !== '')).toBe(true);
    expect(await holderOf(good)).toBeUndefined();
  });

  it(`a file of ${ROSTER_IMPORT_MAX_ROWS + 1} rows: refused whole, with why`, async () => {
    const rows = Array.from({ length: ROSTER_IMPORT_MAX_ROWS + 1 }, (_, index) => ({
      number: String(60_000_000 + index),
    }));
    const done = await imported(a, request(csvOf(rows), true));
    expect(done.state).toBe('failed');
    expect(done.committed).toBe(false);
    expect(done.failure).toContain(ROSTER_IMPORT_MAX_ROWS.toLocaleString('en-US'));
  });

  it('a body over the limit: 413, a problem that says what to do', async () => {
    const csv = 'x'.repeat(ROSTER_IMPORT_MAX_BODY_BYTES + 1);
    const answer = await a.request<Problem>('POST', '/admin/roster_imports.json', {
      body: request(csv, true),
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.get('content-type')).toContain('application/problem+json');
    expect(answer.body.type).toMatch(/\/payload-too-large$/);
    expect(answer.body.title).toMatch(/too large.*\d+ MB/);
  });

  it('a second real import while one runs: 409; a check may still run beside it', async () => {
    // An import of the organisation that is running (as when a large file is being written).
    const running = await db()
      .insertInto('roster_imports')
      .values({
        organization_id: orgId,
        user_id: null,
        is_dry_run: 0,
        state: 'running',
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const csv = csvOf([{ number: freshMemberNumber() }]);
      const second = await s.request<Problem>('POST', '/admin/roster_imports.json', {
        body: request(csv),
      });
      expect(second.status).toBe(409);
      expect(second.body.type).toMatch(/\/conflict$/);
      expect(second.body.title).toBe(IMPORT_ALREADY_RUNNING);
      expect((await imported(s, request(csv, true))).state).toBe('done');
    } finally {
      await db().deleteFrom('roster_imports').where('id', '=', running.id).execute();
    }
  });

  it('a restart marks imports left running failed, with why', async () => {
    const running = await db()
      .insertInto('roster_imports')
      .values({
        organization_id: orgId,
        user_id: null,
        is_dry_run: 1,
        state: 'running',
        // Older than the minute an import may take to hold its lock (D77).
        created_at: Date.now() - 2 * 60_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A second start of the app on the same database, as after a restart.
    const restarted = await buildApp({
      config: server.config,
      database: server.database.handle,
      logger: false,
    });
    await restarted.ready();
    await restarted.close();
    const row = await db()
      .selectFrom('roster_imports')
      .select(['state', 'failure', 'finished_at'])
      .where('id', '=', running.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'failed', failure: IMPORT_INTERRUPTED });
    expect(row.finished_at).not.toBeNull();
  });
});

describe('the journey: an imported member registers (issue 23)', () => {
  it('proves membership with the imported number and birth date, gets the code at the imported e-mail, registers and signs in; a later file that says he demitted ends his session', async () => {
    const number = freshMemberNumber();
    const email = 'imported.journey@example.org';
    const done = await imported(
      s,
      request(csvOf([{ number, first: 'Jonah', last: 'Whitfield', birth: '07/22/1968', email }])),
    );
    expect(done).toMatchObject({ state: 'done', added: 1, committed: true });

    const browser = new FlowBrowser(server, 'register');
    const one = await browser.stepOne({
      organization_id: orgId,
      member_number: number,
      birth_date: '07/22/1968',
    });
    expect(one.status, one.text).toBe(200);
    const option = one.body.data.authentication_options.find((o) => o.label.startsWith('E-mail'));
    expect(option).toBeDefined();
    expect((await browser.stepTwo(option?.key ?? '')).status).toBe(200);
    const code = await codeSentTo(server, email);
    expect((await browser.stepThree(code)).status).toBe(200);
    const password = 'imported lantern basalt ferry';
    const four = await browser.stepFour(code, { username: 'jonah.whitfield', password });
    expect(four.status, four.text).toBe(200);
    expect((four.body as { data: { user: User } }).data.user).toMatchObject({
      username: 'jonah.whitfield',
      party: { first_name: 'Jonah', last_name: 'Whitfield' },
    });
    const signedIn = await signInAs(server, 'jonah.whitfield', password);
    const me = await signedIn.request<{ data: { user: User } }>('GET', '/session.json');
    expect(me.status).toBe(200);
    expect(me.body.data.user.party_id).toBe(await holderOf(number));

    // The lodge's next file says he demitted: his open session ends at once, its streams told.
    const published: BusEvent[] = [];
    const unsubscribe = server.app.services.bus.subscribe((event) => published.push(event));
    try {
      const demitted = await imported(
        s,
        request(
          `${HEADER},status\n${number},Jonah,Whitfield,07/22/1968,${DEMO_CLUBS.L1},${email},demitted\n`,
        ),
      );
      expect(demitted).toMatchObject({ state: 'done', updated: 1, committed: true });
    } finally {
      unsubscribe();
    }
    expect(published.map((event) => event.payload)).toContainEqual(
      expect.objectContaining({ kind: 'session_end' }),
    );
    expect((await signedIn.request('GET', '/session.json')).status).toBe(401);
  });
});
