import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartyAnswer } from '../../../common/schemas/party.ts';
import { DEMO_CLUBS, MEMBER, MEMBER2 } from '../../db/seed/personas.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { seedDemoData, signInPersonas } from '../../test/member-client.ts';
import type { PersonaKey, SignedInPersona } from '../../test/member-client.ts';
import { rosterOf } from '../../test/party-visibility.ts';
import type { Roster } from '../../test/party-visibility.ts';

/** The party page's read, GET /parties/{id} (API-DIR-02, ENT-04, PARTY-01..08, D37, D39). */

const SEEDED_AT = Date.UTC(2026, 10, 22, 12);
const MINUTE = 60_000;

/** What must never leave the server about a party, by name and by the personas' values. */
const PRIVATE = [
  'birth_date',
  'member_number',
  'addresses',
  'address_1',
  'zip',
  MEMBER.birthDate,
  MEMBER2.birthDate,
  MEMBER.memberNumber,
  MEMBER2.memberNumber,
];

const PARTY_KEYS = [
  'avatar',
  'club_list',
  'display_name',
  'email_address',
  'first_name',
  'id',
  'last_name',
  'left_at',
  'middle_name',
  'phones',
  'preferred_name',
  'suffix',
  'user_favorite_contact',
  'user_recent_contact',
];

let server: TestServer;
let personas: Record<PersonaKey, SignedInPersona>;
let roster: Roster;

function db() {
  return server.database.handle.db;
}

function expectNothingPrivate(text: string) {
  for (const word of PRIVATE) expect(text, word).not.toContain(word);
}

async function partyAs(key: PersonaKey, id: number | string) {
  return personas[key].client.request<PartyAnswer>('GET', `/parties/${id}`);
}

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  personas = await signInPersonas(server);
  roster = await rosterOf(db());
});

afterAll(async () => {
  await server?.close();
});

describe('GET /parties/{id}: what a member sees of another (PARTY-01, ENT-04)', () => {
  it("M opens M2: names, display name, phones, first e-mail, M's own marks, nothing private", async () => {
    const response = await partyAs('M', personas.M2.partyId);
    expect(response.status).toBe(200);
    const party = response.body.data.party;
    expect(Object.keys(party).sort()).toEqual(PARTY_KEYS);
    expect(party).toMatchObject({
      id: personas.M2.partyId,
      first_name: MEMBER2.firstName,
      middle_name: MEMBER2.middleName,
      last_name: MEMBER2.lastName,
      suffix: MEMBER2.suffix,
      preferred_name: MEMBER2.preferredName,
      // ENT-05: the preferred name wins.
      display_name: 'Bill Harper',
      left_at: null,
      email_address: { address: MEMBER2.email },
      // The demo: M chatted with M2 25 minutes before the data was made, and keeps M2 as a favourite.
      user_recent_contact: { contact_type: 'chat', contacted_at: SEEDED_AT - 25 * MINUTE },
      user_favorite_contact: { party_id: personas.M2.partyId },
    });
    expect(party.phones).toContainEqual({
      type: 'CellPhone',
      number: MEMBER2.cellPhone,
      extension: null,
    });
    expectNothingPrivate(response.text);
  });

  it('M opens themself: every phone in the types’ order, the personal e-mail first, no marks', async () => {
    const response = await partyAs('M', personas.M.partyId);
    expect(response.status).toBe(200);
    const party = response.body.data.party;
    expect(party.display_name).toBe('Daniel Thomas Whitfield');
    expect(party.phones.map((phone) => phone.type)).toEqual([
      'CellPhone',
      'HomePhone',
      'OfficePhone',
    ]);
    expect(party.phones[0]?.number).toBe(MEMBER.cellPhone);
    expect(party.phones[2]?.extension).toMatch(/^\d+$/);
    // M has a work address too; the personal one comes first.
    expect(party.email_address).toEqual({ address: MEMBER.email });
    expect(party.user_recent_contact).toBeNull();
    expect(party.user_favorite_contact).toBeNull();
    expectNothingPrivate(response.text);
  });

  it("club_list: the party's current clubs, lodges first, with M's own standing in each (AMB-36)", async () => {
    const response = await partyAs('M', personas.M2.partyId);
    const clubs = response.body.data.party.club_list;
    const harmony = clubs.find((club) => club.subdomain === DEMO_CLUBS.L1);
    // M's own lodge: a favourite by membership, as on the club home (D40).
    expect(harmony).toMatchObject({ is_member: true, is_favorite: true, type_name: 'Lodge' });
    expect(harmony?.name).toMatch(/Harmony Lodge/);
    expect(clubs[0]?.subdomain).toBe(DEMO_CLUBS.L1);

    const current = await db()
      .selectFrom('memberships')
      .select('club_id')
      .where('party_id', '=', personas.M2.partyId)
      .where('left_at', 'is', null)
      .execute();
    expect(clubs.map((club) => club.id).sort()).toEqual(current.map((row) => row.club_id).sort());

    // M follows Amity Lodge (a demo favourite); a member of it shows it followed.
    const amity = await db()
      .selectFrom('memberships as m')
      .innerJoin('clubs as c', 'c.id', 'm.club_id')
      .select('m.party_id')
      .where('c.subdomain', '=', 'amity5')
      .where('m.left_at', 'is', null)
      .limit(1)
      .executeTakeFirstOrThrow();
    const amityMember = await partyAs('M', amity.party_id);
    expect(amityMember.status).toBe(200);
    expect(
      amityMember.body.data.party.club_list.find((club) => club.subdomain === 'amity5'),
    ).toMatchObject({ is_favorite: true, is_member: false });
  });

  it('club_list leaves out the clubs of organisations the viewer is not in (D39)', async () => {
    const viewer = personas.M.partyId;
    const party = roster.partlySharedWith(viewer)[0];
    expect(party, 'a demo member of two organisations').toBeDefined();
    const response = await partyAs('M', party ?? 0);
    expect(response.status).toBe(200);
    const clubIds = response.body.data.party.club_list.map((club) => club.id);
    const orgs = await db()
      .selectFrom('clubs')
      .select(['id', 'organization_id'])
      .where('id', 'in', clubIds.length ? clubIds : [0])
      .execute();
    expect(orgs.length).toBeGreaterThan(0);
    const mine = roster.organizationsOf(viewer);
    expect(orgs.filter((club) => !mine.has(club.organization_id))).toEqual([]);
    expect(roster.organizationsOf(party ?? 0).size).toBeGreaterThan(
      new Set(orgs.map((club) => club.organization_id)).size,
    );
  });
});

describe('GET /parties/{id}: who may be seen (D37)', () => {
  it('a member of another organisation is a 404, as an unknown id', async () => {
    const stranger = roster.strangersTo(personas.M.partyId)[0];
    expect(stranger, 'a demo member of another organisation').toBeDefined();
    const hidden = await partyAs('M', stranger ?? 0);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const unknown = await partyAs('M', 987654321);
    expect(unknown.status).toBe(404);
    // The two refusals read the same: nothing tells a hidden member from no one.
    expect(hidden.text).toBe(unknown.text);
  });

  it('a former member (every membership left) is a 404', async () => {
    const former = roster.formerMembers()[0];
    expect(former, 'a demo member who left').toBeDefined();
    expect((await partyAs('M', former ?? 0)).status).toBe(404);
  });

  it('an id that is not a number, or larger than any id is a 404, not a 422 or a 500', async () => {
    for (const id of [
      'abc',
      'recent',
      '0',
      '-3',
      '1.5',
      '9'.repeat(60),
      '2147483648',
      '9999999999',
    ]) {
      expect((await partyAs('M', id)).status, id).toBe(404);
    }
  });

  it('W and A, of other lodges of the same grand lodge, see M', async () => {
    for (const key of ['W', 'A'] as const) {
      const response = await partyAs(key, personas.M.partyId);
      expect(response.status, key).toBe(200);
      expectNothingPrivate(response.text);
    }
  });

  it('a visitor is a 401', async () => {
    expect((await server.request('GET', `/parties/${personas.M.partyId}`)).status).toBe(401);
  });
});
