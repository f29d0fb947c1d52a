import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Club } from '../../../common/schemas/club.ts';
import type { ClubOfficersAnswer } from '../../../common/schemas/console-officers.ts';
import { DEMO_CLUBS, DEMO_ORGANIZATION_NAME } from '../../db/seed/personas.ts';
import {
  NO_SUCH_MEMBER,
  POSITION_HAS_HISTORY,
  POSITION_HELD,
  TITLE_TAKEN,
} from '../../services/console-officers.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { addRosterMember, freshMemberNumber, organizationId } from '../../test/flow-client.ts';
import type { Problem } from '../../test/flow-client.ts';
import { clubIdOf, seedDemoData, signInPersonas } from '../../test/member-client.ts';
import type { PersonaKey, SignedInPersona } from '../../test/member-client.ts';

/*
 * A club's officers in the console (issue 23, docs/decisions.md D69) on both engines, with real
 * signed requests: positions (add, rename, reorder, retire, remove), terms (appoint from the
 * roster or by name, end), the club home showing the change on the next call, the history kept
 * for a demitted member, the audit rows, and who may do any of it.
 */

let server: TestServer;
let personas: Record<PersonaKey, SignedInPersona>;
let orgId: number;
let l1: number;
let l2: number;

type Officers = ClubOfficersAnswer['data'];
type Answer<T> = { data: T } & Problem;

const db = () => server.database.handle.db;

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  personas = await signInPersonas(server);
  orgId = await organizationId(server, DEMO_ORGANIZATION_NAME);
  l1 = await clubIdOf(server, DEMO_CLUBS.L1);
  l2 = await clubIdOf(server, DEMO_CLUBS.L2);
});

afterAll(async () => {
  await server?.close();
});

function call(persona: PersonaKey, method: string, path: string, body?: unknown) {
  return personas[persona].client.request<Answer<Officers>>(
    method,
    path,
    body === undefined ? {} : { body },
  );
}

async function ok(persona: PersonaKey, method: string, path: string, body?: unknown) {
  const answer = await call(persona, method, path, body);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data;
}

async function clubHome(subdomain: string): Promise<Club> {
  const answer = await personas.M.client.request<{ data: { club: Club } }>(
    'GET',
    `/clubs/by_subdomain.json?subdomain=${subdomain}`,
  );
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data.club;
}

function holdersOn(club: Club, title: string): string[] {
  return (
    club.current_officer_positions
      .find((p) => p.title === title)
      ?.current_officers.map((o) => o.full_name) ?? []
  );
}

async function addPosition(title: string, clubId = l1) {
  const officers = await ok('S', 'POST', '/admin/officer_positions.json', {
    club_id: clubId,
    title,
  });
  const position = officers.positions.find((p) => p.title === title);
  if (!position) throw new Error('no new position');
  return { officers, position };
}

describe('who reads and changes officers', () => {
  it('refuses a visitor (401), M, M2 and W (403); S gets a 404 for another lodge; A reads any', async () => {
    expect((await server.request('GET', `/admin/officers.json?club_id=${l1}`)).status).toBe(401);
    for (const key of ['M', 'M2', 'W'] as const) {
      expect((await call(key, 'GET', `/admin/officers.json?club_id=${l1}`)).status, key).toBe(403);
      expect(
        (await call(key, 'POST', '/admin/officer_positions.json', { club_id: l1, title: 'X' }))
          .status,
      ).toBe(403);
    }
    const other = await call('S', 'GET', `/admin/officers.json?club_id=${l2}`);
    expect(other.status).toBe(404);
    expect(
      (await call('S', 'POST', '/admin/officer_positions.json', { club_id: l2, title: 'X' }))
        .status,
    ).toBe(404);
    const ofL2 = await ok('A', 'GET', `/admin/officers.json?club_id=${l2}`);
    expect(ofL2.club).toMatchObject({ id: l2, subdomain: DEMO_CLUBS.L2 });
    // A position and a term of L2 are not S's either.
    const positionOfL2 = ofL2.positions[0];
    const termOfL2 = ofL2.positions.flatMap((p) => p.terms)[0];
    expect(positionOfL2 && termOfL2).toBeTruthy();
    expect(
      (await call('S', 'PUT', `/admin/officer_positions/${positionOfL2?.id}.json`, { title: 'Y' }))
        .status,
    ).toBe(404);
    expect(
      (await call('S', 'DELETE', `/admin/officer_positions/${positionOfL2?.id}.json`)).status,
    ).toBe(404);
    expect(
      (
        await call('S', 'POST', '/admin/officer_terms.json', {
          position_id: positionOfL2?.id,
          full_name: 'Someone',
          from_date: '2024-01-01',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call('S', 'PUT', `/admin/officer_terms/${termOfL2?.id}.json`, {
          from_date: '2024-01-01',
          to_date: null,
        })
      ).status,
    ).toBe(404);
  });

  it("lists S's lodge: positions in order, each holder's term, the current ones as the club home shows them", async () => {
    const officers = await ok('S', 'GET', `/admin/officers.json?club_id=${l1}`);
    expect(officers.club).toMatchObject({ id: l1, organization_id: orgId });
    const orders = officers.positions.map((p) => p.sort_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const home = await clubHome(DEMO_CLUBS.L1);
    const current = officers.positions
      .filter((p) => p.terms.some((t) => t.current))
      .map((p) => ({
        title: p.title,
        names: p.terms.filter((t) => t.current).map((t) => t.name),
      }));
    expect(current.map((c) => ({ title: c.title, names: [...c.names].sort() }))).toEqual(
      home.current_officer_positions.map((p) => ({
        title: p.title,
        names: p.current_officers.map((o) => o.full_name).sort(),
      })),
    );
  });
});

describe('positions and terms', () => {
  it('appoints a member, shows them on the club home at once, ends the term and keeps it as history', async () => {
    const { position } = await addPosition('Almoner');
    expect(position).toMatchObject({ retired_on: null, terms: [], abilities: { remove: true } });

    const appointed = await ok('S', 'POST', '/admin/officer_terms.json', {
      position_id: position.id,
      party_id: personas.M.partyId,
      from_date: '2024-01-01',
    });
    const term = appointed.positions.find((p) => p.id === position.id)?.terms[0];
    expect(term).toMatchObject({
      party_id: personas.M.partyId,
      name: 'Daniel Thomas Whitfield',
      from_date: '2024-01-01',
      to_date: null,
      current: true,
    });
    expect(holdersOn(await clubHome(DEMO_CLUBS.L1), 'Almoner')).toEqual([
      'Daniel Thomas Whitfield',
    ]);

    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'officer_term.appointed')
      .where('subject_id', '=', term?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_user_id: personas.S.userId,
      organization_id: orgId,
      club_id: l1,
      party_id: personas.M.partyId,
      before_value: null,
    });

    // Retiring a held position is refused; removing one with history too.
    const retire = await call('S', 'PUT', `/admin/officer_positions/${position.id}.json`, {
      retired_on: '2025-01-01',
    });
    expect(retire.status).toBe(422);
    expect(retire.body.errors).toEqual({ retired_on: [POSITION_HELD] });

    const ended = await ok('S', 'PUT', `/admin/officer_terms/${term?.id}.json`, {
      from_date: '2024-01-01',
      to_date: '2024-12-31',
    });
    expect(ended.positions.find((p) => p.id === position.id)?.terms[0]).toMatchObject({
      to_date: '2024-12-31',
      current: false,
    });
    expect(holdersOn(await clubHome(DEMO_CLUBS.L1), 'Almoner')).toEqual([]);

    const remove = await call('S', 'DELETE', `/admin/officer_positions/${position.id}.json`);
    expect(remove.status).toBe(422);
    expect(remove.body.errors).toEqual({ base: [POSITION_HAS_HISTORY] });

    const retired = await ok('S', 'PUT', `/admin/officer_positions/${position.id}.json`, {
      retired_on: '2025-01-01',
    });
    const last = retired.positions.at(-1);
    expect(last).toMatchObject({ id: position.id, retired_on: '2025-01-01' });
    expect(last?.terms).toHaveLength(1);
  });

  it('names someone outside the roster, renames, reorders and removes a position without history', async () => {
    const { position: first } = await addPosition('Organist');
    const { position: second } = await addPosition('Historian');
    expect(second.sort_order).toBeGreaterThan(first.sort_order);

    const named = await ok('S', 'POST', '/admin/officer_terms.json', {
      position_id: first.id,
      full_name: 'Harold P. Gaines',
      from_date: '2023-05-01',
    });
    expect(named.positions.find((p) => p.id === first.id)?.terms[0]).toMatchObject({
      party_id: null,
      name: 'Harold P. Gaines',
    });
    const renamed = await ok('S', 'PUT', `/admin/officer_positions/${first.id}.json`, {
      title: 'Lodge Organist',
    });
    expect(renamed.positions.find((p) => p.id === first.id)?.title).toBe('Lodge Organist');
    expect(holdersOn(await clubHome(DEMO_CLUBS.L1), 'Lodge Organist')).toEqual([
      'Harold P. Gaines',
    ]);

    const taken = await call('S', 'POST', '/admin/officer_positions.json', {
      club_id: l1,
      title: 'lodge organist',
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ title: [TITLE_TAKEN] });

    const inUse = renamed.positions.filter((p) => p.retired_on === null).map((p) => p.id);
    const reversed = [...inUse].reverse();
    const reordered = await ok('S', 'PUT', '/admin/officer_position_order.json', {
      club_id: l1,
      position_ids: reversed,
    });
    expect(reordered.positions.filter((p) => p.retired_on === null).map((p) => p.id)).toEqual(
      reversed,
    );
    const home = await clubHome(DEMO_CLUBS.L1);
    const homeTitles = home.current_officer_positions.map((p) => p.title);
    const expected = reordered.positions
      .filter((p) => p.terms.some((t) => t.current))
      .map((p) => p.title);
    expect(homeTitles).toEqual(expected);
    // An order that leaves a position out is refused.
    expect(
      (
        await call('S', 'PUT', '/admin/officer_position_order.json', {
          club_id: l1,
          position_ids: reversed.slice(1),
        })
      ).status,
    ).toBe(422);

    const removed = await ok('S', 'DELETE', `/admin/officer_positions/${second.id}.json`);
    expect(removed.positions.some((p) => p.id === second.id)).toBe(false);
  });

  it("refuses a holder outside S's lodges and dates out of order", async () => {
    const { position } = await addPosition('Junior Steward Two');
    const outsider = await call('S', 'POST', '/admin/officer_terms.json', {
      position_id: position.id,
      party_id: personas.W.partyId,
      from_date: '2024-01-01',
    });
    expect(outsider.status).toBe(422);
    expect(outsider.body.errors).toEqual({ party_id: [NO_SUCH_MEMBER] });
    const backwards = await call('S', 'POST', '/admin/officer_terms.json', {
      position_id: position.id,
      full_name: 'Anyone',
      from_date: '2024-01-02',
      to_date: '2024-01-01',
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toHaveProperty('to_date');
  });

  it("keeps a demitted member's term as history", async () => {
    const member = await addRosterMember(server, {
      organizationId: orgId,
      memberNumber: freshMemberNumber(),
      birthDate: '1950-03-31',
      firstName: 'Elias',
      lastName: 'Brandt',
      club: DEMO_CLUBS.L1,
    });
    const { position } = await addPosition('Tiler Emeritus');
    await ok('S', 'POST', '/admin/officer_terms.json', {
      position_id: position.id,
      party_id: member.partyId,
      from_date: '2022-01-01',
      to_date: '2022-12-31',
    });
    const demit = await personas.S.client.request(
      'PUT',
      `/admin/members/${member.partyId}/status.json`,
      {
        body: { organization_id: orgId, status: 'demitted', on: '2023-01-01', note: null },
      },
    );
    expect(demit.status, demit.text).toBe(200);
    const officers = await ok('S', 'GET', `/admin/officers.json?club_id=${l1}`);
    expect(officers.positions.find((p) => p.id === position.id)?.terms).toEqual([
      expect.objectContaining({ party_id: member.partyId, name: 'Elias Brandt' }),
    ]);
  });
});
