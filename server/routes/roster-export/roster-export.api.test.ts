import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RosterImport } from '../../../common/schemas/console.ts';
import {
  ADMIN,
  DEMO_CLUBS,
  DEMO_ORGANIZATION_NAME,
  MEMBER,
  SECRETARY,
  WEBMASTER,
} from '../../db/seed/personas.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { organizationId } from '../../test/flow-client.ts';
import { clubIdOf, seedDemoData, signInAs } from '../../test/member-client.ts';
import type { MemberClient } from '../../test/member-client.ts';

/*
 * The roster export over HTTP (issue 23, docs/decisions.md D65): CSV in the import's format,
 * streamed; a secretary gets their clubs' members only; an export imports back unchanged.
 */

let server: TestServer;
let orgId: number;
let a: MemberClient;
let s: MemberClient;
let m: MemberClient;
let w: MemberClient;

beforeAll(async () => {
  server = await startTestServer();
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

const REQUIRED = ['member_number', 'first_name', 'last_name', 'birth_date', 'club'];

function rowsOf(text: string): Record<string, string>[] {
  return parse(text, { columns: true, bom: true, skip_empty_lines: true }) as Record<
    string,
    string
  >[];
}

async function exported(client: MemberClient, query: string) {
  const answer = await client.request('GET', `/admin/roster_export.csv?${query}`);
  expect(answer.status, answer.text).toBe(200);
  expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(answer.headers.get('content-disposition')).toMatch(
    new RegExp(`^attachment; filename="roster-${orgId}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
  );
  return answer.text;
}

describe('GET /admin/roster_export.csv', () => {
  it('refuses the visitor (401), members without the console and a webmaster (403)', async () => {
    const path = `/admin/roster_export.csv?organization_id=${orgId}`;
    expect((await server.request('GET', path)).status).toBe(401);
    expect((await m.request('GET', path)).status).toBe(403);
    expect((await w.request('GET', path)).status).toBe(403);
  });

  it('gives an administrator the whole roster: a header row, then every member of the organisation', async () => {
    const text = await exported(a, `organization_id=${orgId}`);
    const [header = ''] = text.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header.split(',')).toEqual(expect.arrayContaining(REQUIRED));
    const numbers = new Set(rowsOf(text).map((row) => row.member_number));
    const roster = await server.database.handle.db
      .selectFrom('member_statuses')
      .select('member_number')
      .where('organization_id', '=', orgId)
      .execute();
    expect(numbers).toEqual(new Set(roster.map((row) => row.member_number)));
  });

  it("gives S their clubs' members only, with or without club_id; another lodge is a 404", async () => {
    const whole = rowsOf(await exported(s, `organization_id=${orgId}`));
    expect(whole.length).toBeGreaterThan(0);
    expect(new Set(whole.map((row) => row.club))).toEqual(new Set([DEMO_CLUBS.L1]));
    const harmony = await clubIdOf(server, DEMO_CLUBS.L1);
    const club = rowsOf(await exported(s, `organization_id=${orgId}&club_id=${harmony}`));
    expect(club).toEqual(whole);
    const olentangy = await clubIdOf(server, DEMO_CLUBS.L2);
    const other = await s.request(
      'GET',
      `/admin/roster_export.csv?organization_id=${orgId}&club_id=${olentangy}`,
    );
    expect(other.status).toBe(404);
    const none = await s.request('GET', `/admin/roster_export.csv?organization_id=999999`);
    expect(none.status).toBe(404);
  });

  it('imports back unchanged, and a second export is the same text', async () => {
    const text = await exported(s, `organization_id=${orgId}`);
    const members = new Set(rowsOf(text).map((row) => row.member_number)).size;
    const started = await s.request<{ data: { import: RosterImport } }>(
      'POST',
      '/admin/roster_imports.json',
      { body: { organization_id: orgId, dry_run: false, csv: text } },
    );
    expect(started.status, started.text).toBe(202);
    await server.app.services.background.drain();
    const done = await s.request<{ data: { import: RosterImport } }>(
      'GET',
      `/admin/roster_imports/${started.body.data.import.id}.json`,
    );
    expect(done.body.data.import).toMatchObject({
      state: 'done',
      added: 0,
      updated: 0,
      unchanged: members,
      errors: [],
    });
    expect(await exported(s, `organization_id=${orgId}`)).toBe(text);
  });
});
