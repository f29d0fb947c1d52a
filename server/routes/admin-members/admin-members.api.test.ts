import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_EVENT_BADGES } from '../../../common/schemas/chat.ts';
import { SIGN_IN_FAILED, membershipNotActive } from '../../../common/messages.ts';
import { ROSTER_PAGE_SIZE } from '../../../common/schemas/console.ts';
import type {
  ConsoleMember,
  ConsoleScopeAnswer,
  RosterAnswer,
} from '../../../common/schemas/console.ts';
import type { MemberSearchAnswer } from '../../../common/schemas/member-search.ts';
import { exportPublicKey } from '../../auth/signatures.ts';
import { hashPassword } from '../../auth/passwords.ts';
import crypto from 'node:crypto';
import {
  DEMO_CLUBS,
  DEMO_ORGANIZATION_NAME,
  DEMO_PASSWORD,
  MEMBER2,
} from '../../db/seed/personas.ts';
import { NOT_ACTIVE_TO_REGISTER } from '../../services/registration.ts';
import { NOT_ACTIVE_TO_RESET } from '../../services/password-reset.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { openEventStream } from '../../test/event-stream-client.ts';
import {
  FlowBrowser,
  addRosterMember,
  freshMemberNumber,
  organizationId,
} from '../../test/flow-client.ts';
import type { Problem } from '../../test/flow-client.ts';
import { clubIdOf, seedDemoData, signInAs, signInPersonas } from '../../test/member-client.ts';
import type { PersonaKey, SignedInPersona } from '../../test/member-client.ts';

/*
 * The console's roster (issue 23, docs/decisions.md D63, D66) on both engines, with real signed
 * requests: the scope, the list with its search, filters and pages, a member's record, and a
 * status that takes effect (the member's sessions end at once, sign-in says why, registration
 * and reset refuse, the directory no longer finds them).
 */

let server: TestServer;
let personas: Record<PersonaKey, SignedInPersona>;
let orgId: number;
let l1: number;
let l2: number;
let passwordHash: string;
let counter = 0;

type Answer<T> = { data: T } & Problem;

function db() {
  return server.database.handle.db;
}

async function roster(persona: PersonaKey, query: string) {
  return personas[persona].client.request<Answer<RosterAnswer['data']>>(
    'GET',
    `/admin/members.json?organization_id=${orgId}${query}`,
  );
}

async function record(persona: PersonaKey, partyId: number) {
  return personas[persona].client.request<Answer<{ member: ConsoleMember }>>(
    'GET',
    `/admin/members/${partyId}.json?organization_id=${orgId}`,
  );
}

async function setStatus(
  persona: PersonaKey,
  partyId: number,
  status: string,
  note: string | null,
) {
  return personas[persona].client.request<Answer<{ member: ConsoleMember }>>(
    'PUT',
    `/admin/members/${partyId}/status.json`,
    { body: { organization_id: orgId, status, on: '2026-11-20', note } },
  );
}

/** A member of Harmony Lodge (S's lodge) made for one test, with an account and an e-mail. */
async function harmonyMember(lastName: string) {
  counter += 1;
  const username = `roster-${counter}-${process.pid}`;
  const email = `${username}@example.org`;
  const member = await addRosterMember(server, {
    organizationId: orgId,
    memberNumber: freshMemberNumber(),
    birthDate: '1961-04-09',
    firstName: 'Ezekiel',
    lastName,
    email,
    club: DEMO_CLUBS.L1,
    account: { username, passwordHash },
  });
  return { ...member, username, email };
}

function signInBody(username: string, password: string) {
  const key = crypto.generateKeyPairSync('ed25519').publicKey;
  return { user: { username, password, public_key: exportPublicKey(key) } };
}

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  await seedDemoData(server);
  personas = await signInPersonas(server);
  orgId = await organizationId(server, DEMO_ORGANIZATION_NAME);
  l1 = await clubIdOf(server, DEMO_CLUBS.L1);
  l2 = await clubIdOf(server, DEMO_CLUBS.L2);
  passwordHash = await hashPassword(DEMO_PASSWORD);
});

afterAll(async () => {
  await server?.close();
});

describe('who opens the console', () => {
  it('refuses a visitor (401) and M, M2 and W (403) on every /admin route', async () => {
    const paths = [
      ['GET', '/admin/scope.json'],
      ['GET', `/admin/members.json?organization_id=${orgId}`],
      ['GET', `/admin/members/${personas.M2.partyId}.json?organization_id=${orgId}`],
    ] as const;
    for (const [method, path] of paths) {
      expect((await server.request(method, path)).status).toBe(401);
      for (const key of ['M', 'M2', 'W'] as const) {
        expect((await personas[key].client.request(method, path)).status, `${key} ${path}`).toBe(
          403,
        );
      }
    }
    const change = await setStatus('W', personas.M2.partyId, 'active', null);
    expect(change.status).toBe(403);
  });

  it("answers S's scope: Harmony Lodge and the clubs below it, no administrator", async () => {
    const answer = await personas.S.client.request<ConsoleScopeAnswer>('GET', '/admin/scope.json');
    expect(answer.status, answer.text).toBe(200);
    const { data } = answer.body;
    expect(data.is_admin).toBe(false);
    expect(data.organizations).toEqual([{ id: orgId, name: DEMO_ORGANIZATION_NAME }]);
    const ids = data.clubs.map((club) => club.id);
    expect(ids).toContain(l1);
    expect(ids).not.toContain(l2);
  });

  it("answers A's scope: every organisation and every club", async () => {
    const answer = await personas.A.client.request<ConsoleScopeAnswer>('GET', '/admin/scope.json');
    expect(answer.status).toBe(200);
    const [organizations, clubs] = await Promise.all([
      db().selectFrom('organizations').select('id').execute(),
      db().selectFrom('clubs').select('id').execute(),
    ]);
    expect(answer.body.data.is_admin).toBe(true);
    expect(answer.body.data.organizations.map((o) => o.id).sort()).toEqual(
      organizations.map((o) => o.id).sort(),
    );
    expect(answer.body.data.clubs).toHaveLength(clubs.length);
  });
});

describe('GET /admin/members.json', () => {
  it("lists for S only members with a membership in S's clubs, sorted by last and first name", async () => {
    const scope = (await personas.S.client.request<ConsoleScopeAnswer>('GET', '/admin/scope.json'))
      .body.data.clubs;
    const scopeIds = scope.map((club) => club.id);
    const listed: RosterAnswer['data']['members'] = [];
    for (let page = 1; page <= 40; page += 1) {
      const answer = await roster('S', `&page=${page}`);
      expect(answer.status, answer.text).toBe(200);
      listed.push(...answer.body.data.members);
      if (!answer.body.data.has_more) break;
      expect(answer.body.data.members).toHaveLength(ROSTER_PAGE_SIZE);
    }
    const expected = await db()
      .selectFrom('member_statuses as ms')
      .select('ms.party_id')
      .where('ms.organization_id', '=', orgId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('memberships as m')
            .select('m.id')
            .whereRef('m.party_id', '=', 'ms.party_id')
            .where('m.club_id', 'in', scopeIds),
        ),
      )
      .execute();
    expect(listed.map((member) => member.party_id).sort((a, b) => a - b)).toEqual(
      expected.map((row) => row.party_id).sort((a, b) => a - b),
    );
    expect(listed.length).toBeGreaterThan(ROSTER_PAGE_SIZE);
    const parties = await db()
      .selectFrom('parties')
      .select(['id', 'first_name_key', 'last_name_key'])
      .where(
        'id',
        'in',
        listed.map((member) => member.party_id),
      )
      .execute();
    const keyOf = new Map(parties.map((p) => [p.id, p]));
    const sortKeys = listed.map((member) => {
      const p = keyOf.get(member.party_id);
      return [p?.last_name_key ?? '', p?.first_name_key ?? '', member.party_id] as const;
    });
    const sorted = [...sortKeys].sort((a, b) =>
      a[0] !== b[0] ? (a[0] < b[0] ? -1 : 1) : a[1] !== b[1] ? (a[1] < b[1] ? -1 : 1) : a[2] - b[2],
    );
    expect(sortKeys).toEqual(sorted);
    // Each member's clubs: those of S's scope first.
    const m2 = listed.find((member) => member.party_id === personas.M2.partyId);
    expect(m2?.clubs[0]?.id).toBe(l1);
  });

  it('finds by a name prefix (folded) and by the member number prefix', async () => {
    const member = await harmonyMember('Quillfeather');
    const byName = await roster('S', '&q=QUILLF');
    expect(byName.body.data.members.map((m) => m.party_id)).toEqual([member.partyId]);
    const byBoth = await roster('S', '&q=ezek%20quill');
    expect(byBoth.body.data.members.map((m) => m.party_id)).toEqual([member.partyId]);
    const byNumber = await roster('S', `&q=${member.proof.member_number}`);
    expect(byNumber.body.data.members.map((m) => m.party_id)).toEqual([member.partyId]);
    expect(byNumber.body.data.members[0]).toMatchObject({
      member_number: member.proof.member_number,
      status: 'active',
      has_account: true,
      last_name: 'Quillfeather',
      clubs: [{ id: l1 }],
    });
  });

  it('filters by club, status and account; S asking for another lodge gets a 404', async () => {
    const member = await harmonyMember('Wendover');
    const club = await roster('S', `&club_id=${l1}&q=wendover`);
    expect(club.body.data.members.map((m) => m.party_id)).toEqual([member.partyId]);
    expect((await roster('S', `&club_id=${l2}`)).status).toBe(404);
    expect((await roster('A', `&club_id=${l2}&q=wendover`)).body.data.members).toEqual([]);
    expect((await roster('S', '&q=wendover&has_account=false')).body.data.members).toEqual([]);
    expect((await roster('S', '&q=wendover&has_account=true')).body.data.members).toHaveLength(1);
    expect((await roster('S', '&q=wendover&status=demitted')).body.data.members).toEqual([]);
    const suspended = await roster('S', '&status=suspended');
    expect(suspended.status).toBe(200);
    for (const m of suspended.body.data.members) expect(m.status).toBe('suspended');
    const otherOrg = await db()
      .selectFrom('organizations')
      .select('id')
      .where('id', '<>', orgId)
      .executeTakeFirstOrThrow();
    const outside = await personas.S.client.request(
      'GET',
      `/admin/members.json?organization_id=${otherOrg.id}`,
    );
    expect(outside.status).toBe(404);
  });

  it('pages: page 2 follows page 1 without overlap', async () => {
    const one = await roster('A', '&page=1');
    const two = await roster('A', '&page=2');
    expect(one.body.data.members).toHaveLength(ROSTER_PAGE_SIZE);
    expect(one.body.data.has_more).toBe(true);
    const first = new Set(one.body.data.members.map((m) => m.party_id));
    expect(two.body.data.members.some((m) => first.has(m.party_id))).toBe(false);
  });
});

describe('GET /admin/members/{party_id}.json', () => {
  it("answers M2's record to S, with memberships, roles and contacts", async () => {
    const answer = await record('S', personas.M2.partyId);
    expect(answer.status, answer.text).toBe(200);
    const { member } = answer.body.data;
    const standing = await db()
      .selectFrom('member_statuses')
      .selectAll()
      .where('party_id', '=', personas.M2.partyId)
      .where('organization_id', '=', orgId)
      .executeTakeFirstOrThrow();
    expect(member).toMatchObject({
      party_id: personas.M2.partyId,
      organization: { id: orgId, name: DEMO_ORGANIZATION_NAME },
      member_number: MEMBER2.memberNumber,
      status: { value: standing.status, on: standing.status_on, note: standing.status_note },
      has_account: true,
      abilities: { change_status: true },
    });
    expect(member.memberships.some((m) => m.club.id === l1 && m.left_on === null)).toBe(true);
    const emails = await db()
      .selectFrom('emails')
      .select('address')
      .where('party_id', '=', personas.M2.partyId)
      .execute();
    expect([...member.emails].sort()).toEqual(emails.map((e) => e.address).sort());
  });

  it('names the roles of a membership: S is the secretary of Harmony Lodge', async () => {
    const answer = await record('A', personas.S.partyId);
    const harmony = answer.body.data.member.memberships.find((m) => m.club.id === l1);
    expect(harmony?.roles).toContain('secretary');
  });

  it('is a 404 to S for a member only of Olentangy Lodge, and 200 to A', async () => {
    expect((await record('S', personas.W.partyId)).status).toBe(404);
    expect((await record('A', personas.W.partyId)).status).toBe(200);
    expect((await record('S', 999_999)).status).toBe(404);
  });
});

describe('PUT /admin/members/{party_id}/status.json', () => {
  it('sets status, date and note, with an audit row of the values before and after', async () => {
    const member = await harmonyMember('Ashgrove');
    const answer = await setStatus('S', member.partyId, 'suspended', 'Dues unpaid since 2024.');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data.member.status).toEqual({
      value: 'suspended',
      on: '2026-11-20',
      note: 'Dues unpaid since 2024.',
    });
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('party_id', '=', member.partyId)
      .where('action', '=', 'member.status_changed')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_user_id: personas.S.userId,
      organization_id: orgId,
      club_id: l1,
    });
    expect(JSON.parse(audit[0]?.before_value ?? 'null')).toEqual({
      status: 'active',
      on: null,
      note: null,
    });
    expect(JSON.parse(audit[0]?.after_value ?? 'null')).toEqual({
      status: 'suspended',
      on: '2026-11-20',
      note: 'Dues unpaid since 2024.',
    });
    const bad = await setStatus('S', member.partyId, 'retired', null);
    expect(bad.status).toBe(422);
    expect((await setStatus('S', personas.W.partyId, 'demitted', null)).status).toBe(404);
  });

  it('a member set to demitted loses an open session at once and cannot sign in, with a message that says why', async () => {
    const member = await harmonyMember('Thornbury');
    const client = await signInAs(server, member.username);
    const stream = await openEventStream(server, client);
    expect(stream.status).toBe(200);
    await stream.waitFor((message) => message.event === STREAM_EVENT_BADGES);
    expect((await client.request('GET', '/session.json')).status).toBe(200);

    const changed = await setStatus('S', member.partyId, 'demitted', 'Demitted at his request.');
    expect(changed.status, changed.text).toBe(200);

    // The open tab's next signed call is refused, and its event stream has ended.
    expect((await client.request('GET', '/session.json')).status).toBe(401);
    await stream.ended;
    const sessions = await db()
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', member.userId)
      .execute();
    expect(sessions).toEqual([]);

    const right = await server.request<Problem>('POST', '/session.json', {
      body: signInBody(member.username, DEMO_PASSWORD),
    });
    expect(right.status).toBe(403);
    expect(right.body.title).toBe(membershipNotActive('demitted'));
    expect(right.body.title).toBe('Your membership is demitted. Please ask your lodge secretary.');
    const wrong = await server.request<Problem>('POST', '/session.json', {
      body: signInBody(member.username, 'not-the-password'),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.title).toBe(SIGN_IN_FAILED);

    // Active again: signs in as before.
    expect((await setStatus('S', member.partyId, 'active', null)).status).toBe(200);
    expect((await signInAs(server, member.username)).signIn.status).toBe(200);
  });

  it('refuses registration and reset to a demitted member', async () => {
    const withAccount = await harmonyMember('Larkspur');
    counter += 1;
    const without = await addRosterMember(server, {
      organizationId: orgId,
      memberNumber: freshMemberNumber(),
      birthDate: '1958-07-30',
      lastName: 'Larkspur',
      email: `roster-new-${counter}-${process.pid}@example.org`,
      club: DEMO_CLUBS.L1,
    });
    for (const partyId of [withAccount.partyId, without.partyId]) {
      expect((await setStatus('S', partyId, 'demitted', null)).status).toBe(200);
    }
    const register = await new FlowBrowser(server, 'register').stepOne(without.proof);
    expect(register.status).toBe(422);
    expect((register.body as unknown as Problem).errors?.base).toEqual([NOT_ACTIVE_TO_REGISTER]);
    const reset = await new FlowBrowser(server, 'reset').stepOne(withAccount.proof);
    expect(reset.status).toBe(422);
    expect((reset.body as unknown as Problem).errors?.base).toEqual([NOT_ACTIVE_TO_RESET]);
  });

  it('takes a demitted member out of member search and their party page, not their posts', async () => {
    const member = await harmonyMember('Brackenridge');
    const search = () =>
      personas.M.client.request<{ data: MemberSearchAnswer }>(
        'GET',
        '/contacts_by_name?search_text=brackenridge',
      );
    expect((await search()).body.data.parties.map((p) => p.id)).toEqual([member.partyId]);
    expect((await personas.M.client.request('GET', `/parties/${member.partyId}`)).status).toBe(200);
    expect((await setStatus('S', member.partyId, 'demitted', null)).status).toBe(200);
    expect((await search()).body.data.parties).toEqual([]);
    expect((await personas.M.client.request('GET', `/parties/${member.partyId}`)).status).toBe(404);
    // The roster still holds them, with their status.
    const listed = await roster('S', '&q=brackenridge');
    expect(listed.body.data.members).toMatchObject([
      { party_id: member.partyId, status: 'demitted' },
    ]);
  });
});
