import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_SEARCH_CASES } from '../../../common/member-search-cases.ts';
import { TEXT_WITH_NUL } from '../../../common/messages.ts';
import { MEMBER_SEARCH_PAGE_SIZE } from '../../../common/schemas/member-search.ts';
import type { MemberSearchAnswer } from '../../../common/schemas/member-search.ts';
import { DEMO_CLUBS, DEMO_ORGANIZATION_NAME, MEMBER } from '../../db/seed/personas.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { addRosterMember, freshMemberNumber, organizationId } from '../../test/flow-client.ts';
import { seedDemoData, signInAs } from '../../test/member-client.ts';
import type { MemberClient } from '../../test/member-client.ts';

let server: TestServer;
let member: MemberClient;
let masons: number;

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  member = await signInAs(server, MEMBER.username);
  masons = await organizationId(server, DEMO_ORGANIZATION_NAME);
});

afterAll(async () => {
  await server.close();
});

interface Someone {
  first: string;
  last: string;
  preferred?: string | null;
  club?: string;
  organization?: number;
}

async function addMember(someone: Someone): Promise<number> {
  const { partyId } = await addRosterMember(server, {
    organizationId: someone.organization ?? masons,
    memberNumber: freshMemberNumber(),
    birthDate: '1950-01-01',
    firstName: someone.first,
    lastName: someone.last,
    preferredName: someone.preferred ?? null,
    club: someone.club ?? DEMO_CLUBS.L2,
  });
  return partyId;
}

async function search(text: string, page = 0): Promise<MemberSearchAnswer> {
  const response = await member.request<{ data: MemberSearchAnswer }>(
    'GET',
    // As the browser's client builds it (web/http/client.ts apiPath): form-encoded.
    `/contacts_by_name?${new URLSearchParams({ search_text: text, page: String(page) }).toString()}`,
  );
  expect(response.status).toBe(200);
  return response.body.data;
}

/** Every party a text finds, over all its pages. */
async function everyoneFound(text: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 0; ; page += 1) {
    const answer = await search(text, page);
    ids.push(...answer.parties.map((party) => party.id));
    if (!answer.has_more) return ids;
  }
}

describe('GET /contacts_by_name matches as common/member-search.ts does (API-DIR-01, SRCH-03..08)', () => {
  it.each(MEMBER_SEARCH_CASES)('$text on $name.first_name $name.last_name: $why', async (c) => {
    const id = await addMember({
      first: c.name.first_name,
      last: c.name.last_name,
      preferred: c.name.preferred_name ?? null,
    });
    expect((await everyoneFound(c.text)).includes(id)).toBe(c.matches);
  });
});

describe('GET /contacts_by_name finds only whom the member may see (D37)', () => {
  it('a member of another organisation is not found; one of the same is', async () => {
    const elks = await organizationId(server, 'Benevolent and Protective Order of Elks');
    const outsider = await addMember({
      first: 'Zebediah',
      last: 'Outerbridge',
      club: 'elksgrandlodge',
      organization: elks,
    });
    const insider = await addMember({ first: 'Zebediah', last: 'Innerbridge' });
    const found = await everyoneFound('zebediah');
    expect(found).toContain(insider);
    expect(found).not.toContain(outsider);
  });

  it('a member who left every club is not found', async () => {
    const leaver = await addMember({ first: 'Leopold', last: 'Departed' });
    expect(await everyoneFound('leopold departed')).toEqual([leaver]);
    await server.database.handle.db
      .updateTable('memberships')
      .set({ left_at: Date.now() })
      .where('party_id', '=', leaver)
      .execute();
    expect(await everyoneFound('leopold departed')).toEqual([]);
  });

  it('answers names, avatar and lodges only: no birth date, member number or address', async () => {
    const party = await addMember({ first: 'Privacy', last: 'Checkworth' });
    // A lodge of another organisation is not this roster's to tell (D39).
    const { db } = server.database.handle;
    const elks = await db
      .selectFrom('clubs as c')
      .innerJoin('club_types as t', 't.id', 'c.club_type_id')
      .innerJoin('organizations as o', 'o.id', 'c.organization_id')
      .select('c.id')
      .where('o.name', '=', 'Benevolent and Protective Order of Elks')
      .where('t.is_leaf', '=', 1)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('memberships')
      .values({ party_id: party, club_id: elks.id, created_at: Date.now() })
      .execute();
    const [found] = (await search('privacy check')).parties;
    expect(Object.keys(found ?? {}).sort()).toEqual(
      [
        'avatar',
        'club_names',
        'display_name',
        'first_name',
        'id',
        'last_name',
        'middle_name',
        'preferred_name',
        'suffix',
      ].sort(),
    );
    expect(found?.club_names).toEqual([expect.stringContaining('Olentangy')]);
  });
});

describe('GET /contacts_by_name ranks and pages (D38)', () => {
  it('puts an exact name before longer ones, and lodge-mates before others', async () => {
    const longer = await addMember({ first: 'Aaron', last: 'Quornbyson' });
    const exact = await addMember({ first: 'Zachary', last: 'Quornby' });
    const mate = await addMember({ first: 'Zachary', last: 'Quornbyman', club: DEMO_CLUBS.L1 });
    expect(await everyoneFound('quornby')).toEqual([exact, mate, longer]);
  });

  it('gives pages of 25 with has_more', async () => {
    for (let index = 0; index < MEMBER_SEARCH_PAGE_SIZE + 2; index += 1) {
      await addMember({ first: `Pagina${String(index).padStart(2, '0')}`, last: 'Paginator' });
    }
    const first = await search('paginator');
    expect(first.parties).toHaveLength(MEMBER_SEARCH_PAGE_SIZE);
    expect(first.has_more).toBe(true);
    const second = await search('paginator', 1);
    expect(second.parties).toHaveLength(2);
    expect(second.has_more).toBe(false);
    expect(first.parties[0]?.first_name).toBe('Pagina00');
  });

  it('refuses fewer than 2 characters, counted folded, with a field error (SRCH-01, ERR-22)', async () => {
    for (const text of [' j ', 'a.', "''"]) {
      const response = await member.request<{ errors: Record<string, string[]> }>(
        'GET',
        `/contacts_by_name?${new URLSearchParams({ search_text: text }).toString()}`,
      );
      expect(response.status, text).toBe(422);
      expect(response.body.errors.search_text).toEqual(['must be at least 2 characters']);
    }
  });

  it('treats % and _ as letters, not wildcards', async () => {
    expect((await search('%%')).parties).toEqual([]);
    expect((await search('__')).parties).toEqual([]);
  });

  it('needs a signed-in member', async () => {
    expect((await server.request('GET', '/contacts_by_name?search_text=jo')).status).toBe(401);
  });

  it('refuses a NUL in the search on both engines, never a server failure (issue 21, D55)', async () => {
    const response = await member.request<{ errors: Record<string, string[]> }>(
      'GET',
      '/contacts_by_name?search_text=Jo%00hn',
    );
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ base: [TEXT_WITH_NUL] });
  });
});
