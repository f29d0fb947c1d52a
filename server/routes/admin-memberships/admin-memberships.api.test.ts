import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleMember } from '../../../common/schemas/console.ts';
import type { MembershipRolesAnswer } from '../../../common/schemas/console-officers.ts';
import { DEMO_CLUBS, DEMO_ORGANIZATION_NAME } from '../../db/seed/personas.ts';
import { MEMBERSHIP_ENDED, OWN_LAST_SECRETARY_ROLE } from '../../services/console-roles.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { organizationId } from '../../test/flow-client.ts';
import type { Problem } from '../../test/flow-client.ts';
import { clubIdOf, seedDemoData, signInPersonas } from '../../test/member-client.ts';
import type { PersonaKey, SignedInPersona } from '../../test/member-client.ts';

/*
 * A membership's console roles (issue 23, docs/decisions.md D69) on both engines, with real
 * signed requests: who may set them, the audit row, and that a change takes effect on the very
 * next call (a new webmaster posts as the lodge; a removed secretary loses the console).
 */

let server: TestServer;
let personas: Record<PersonaKey, SignedInPersona>;
let orgId: number;
let l1: number;
let l2: number;

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

/** The persona's current membership of the club, as the administrator's record lists it. */
async function membershipOf(persona: PersonaKey, clubId: number): Promise<number> {
  const answer = await personas.A.client.request<Answer<{ member: ConsoleMember }>>(
    'GET',
    `/admin/members/${personas[persona].partyId}.json?organization_id=${orgId}`,
  );
  expect(answer.status, answer.text).toBe(200);
  const found = answer.body.data.member.memberships.find(
    (m) => m.club.id === clubId && m.left_on === null,
  );
  if (!found) throw new Error(`${persona} has no current membership of club ${clubId}`);
  return found.id;
}

function setRoles(by: PersonaKey, membershipId: number, roles: string[]) {
  return personas[by].client.request<Answer<MembershipRolesAnswer['data']>>(
    'PUT',
    `/admin/memberships/${membershipId}/roles.json`,
    { body: { roles } },
  );
}

function postAsLodge(persona: PersonaKey, clubId: number) {
  return personas[persona].client.request('POST', '/posts', {
    body: {
      post: {
        post_as: clubId,
        access: 'MEMBER',
        subject: 'From the East',
        new_body: '<p>Stated meeting moved.</p>',
        allows_comments: true,
        photos_attributes: [],
      },
    },
  });
}

describe('who sets roles', () => {
  it('refuses a visitor (401), M, M2 and W (403), S outside their lodge (404)', async () => {
    const ofM2 = await membershipOf('M2', l1);
    const ofW = await membershipOf('W', l2);
    const path = `/admin/memberships/${ofM2}/roles.json`;
    expect((await server.request('PUT', path, { body: { roles: [] } })).status).toBe(401);
    for (const key of ['M', 'M2', 'W'] as const) {
      expect((await setRoles(key, ofM2, ['webmaster'])).status, key).toBe(403);
    }
    const outside = await setRoles('S', ofW, ['webmaster']);
    expect(outside.status).toBe(404);
    expect(outside.body.title).toBe('No such membership.');
    // The administrator may: W keeps the webmaster role W had.
    const byAdmin = await setRoles('A', ofW, ['webmaster']);
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect(byAdmin.body.data.membership.roles).toEqual(['webmaster']);
    expect((await setRoles('S', 2_147_483_647, [])).status).toBe(404);
  });

  it('refuses an unknown role (422) and a membership that has ended (422)', async () => {
    const ofM2 = await membershipOf('M2', l1);
    expect((await setRoles('S', ofM2, ['treasurer'])).status).toBe(422);
    const [ended] = await db()
      .insertInto('memberships')
      .values({
        party_id: personas.M2.partyId,
        club_id: await clubIdOf(server, DEMO_CLUBS.L3),
        member_number: null,
        joined_on: '2001-01-01',
        left_at: Date.UTC(2010, 0, 1),
        created_at: Date.now(),
      })
      .returning('id')
      .execute();
    const answer = await setRoles('A', ended?.id ?? 0, ['webmaster']);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ roles: [MEMBERSHIP_ENDED] });
  });
});

describe('a role takes effect on the next call', () => {
  it('a new webmaster posts as the lodge at once, and no longer once removed; the audit log says who and what', async () => {
    const ofM = await membershipOf('M', l1);
    expect((await postAsLodge('M', l1)).status).toBe(403);

    const given = await setRoles('S', ofM, ['webmaster']);
    expect(given.status, given.text).toBe(200);
    expect(given.body.data.membership).toEqual({
      id: ofM,
      party_id: personas.M.partyId,
      club_id: l1,
      roles: ['webmaster'],
    });
    const posted = await postAsLodge('M', l1);
    expect(posted.status, posted.text).toBe(200);

    const row = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'membership.roles_changed')
      .where('subject_id', '=', ofM)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      actor_user_id: personas.S.userId,
      subject_type: 'Membership',
      organization_id: orgId,
      club_id: l1,
      party_id: personas.M.partyId,
    });
    expect(JSON.parse(row.before_value ?? '')).toEqual({ roles: [] });
    expect(JSON.parse(row.after_value ?? '')).toEqual({ roles: ['webmaster'] });

    expect((await setRoles('S', ofM, [])).status).toBe(200);
    expect((await postAsLodge('M', l1)).status).toBe(403);
  });

  it('a new secretary opens the console at once; removed, the next /admin/scope.json is a 403 and the session offers no console', async () => {
    const ofM2 = await membershipOf('M2', l1);
    expect((await personas.M2.client.request('GET', '/admin/scope.json')).status).toBe(403);

    expect((await setRoles('S', ofM2, ['secretary'])).status).toBe(200);
    const scope = await personas.M2.client.request<{ data: { clubs: { id: number }[] } }>(
      'GET',
      '/admin/scope.json',
    );
    expect(scope.status).toBe(200);
    expect(scope.body.data.clubs.map((club) => club.id)).toContain(l1);

    // A secretary may not lock themselves out: their own last secretary role stays.
    const own = await setRoles('M2', ofM2, []);
    expect(own.status).toBe(422);
    expect(own.body.errors).toEqual({ roles: [OWN_LAST_SECRETARY_ROLE] });
    // Adding beside it is fine.
    expect(
      (await setRoles('M2', ofM2, ['secretary', 'webmaster'])).body.data.membership.roles,
    ).toEqual(['secretary', 'webmaster']);

    expect((await setRoles('S', ofM2, [])).status).toBe(200);
    expect((await personas.M2.client.request('GET', '/admin/scope.json')).status).toBe(403);
    const session = await personas.M2.client.request<{
      data: { user: { abilities: { use_console: boolean } } };
    }>('GET', '/session.json');
    expect(session.body.data.user.abilities.use_console).toBe(false);
    // The membership's `user` role is not the console's to remove.
    const userRoles = await db()
      .selectFrom('membership_roles')
      .select('role_name')
      .where('membership_id', '=', ofM2)
      .execute();
    expect(userRoles.map((r) => r.role_name)).toEqual(['user']);
  });

  it('sending the same roles again changes nothing and writes no audit row', async () => {
    const ofS = await membershipOf('S', l1);
    const before = await db().selectFrom('audit_log').select('id').execute();
    const same = await setRoles('S', ofS, ['secretary']);
    expect(same.status, same.text).toBe(200);
    expect((await db().selectFrom('audit_log').select('id').execute()).length).toBe(before.length);
  });
});
