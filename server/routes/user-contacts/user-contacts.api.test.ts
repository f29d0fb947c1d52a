import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FavoriteContactAnswer,
  FavoriteContactsAnswer,
  PartyAnswer,
  RecentContactAnswer,
  RecentContactsAnswer,
} from '../../../common/schemas/party.ts';
import { CANNOT_CONTACT_YOURSELF } from '../../../common/messages.ts';
import { MEMBER, MEMBER2, WEBMASTER } from '../../db/seed/personas.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { seedDemoData, signInPersonas } from '../../test/member-client.ts';
import type { MemberClient, PersonaKey, SignedInPersona } from '../../test/member-client.ts';
import { rosterOf } from '../../test/party-visibility.ts';
import type { Roster } from '../../test/party-visibility.ts';

/**
 * The member's contact lists (API-DIR-03..06, ENT-18, DIR-16, DIR-17, PARTY-03): Members ›
 * Recent and how a call or e-mail tap is recorded, Members › Favorite and its round trip.
 * Reads use M's demo rows; writes use W and A, so the reads see the demo as it was made.
 */

interface Problem {
  status: number;
  errors?: Record<string, string[]>;
}

const PRIVATE = [
  'birth_date',
  'member_number',
  'addresses',
  MEMBER.birthDate,
  MEMBER.memberNumber,
  MEMBER2.birthDate,
  MEMBER2.memberNumber,
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

async function recents(client: MemberClient) {
  const response = await client.request<RecentContactsAnswer>('GET', '/user_recent_contacts.json');
  expect(response.status).toBe(200);
  expectNothingPrivate(response.text);
  return response.body.data.user_recent_contacts;
}

async function favourites(client: MemberClient) {
  const response = await client.request<FavoriteContactsAnswer>(
    'GET',
    '/user_favorite_contacts.json',
  );
  expect(response.status).toBe(200);
  expectNothingPrivate(response.text);
  return response.body.data.user_favorite_contacts;
}

function record(client: MemberClient, body: unknown) {
  return client.request<RecentContactAnswer & Problem>('POST', '/user_recent_contacts.json', {
    body,
  });
}

function favourite(client: MemberClient, body: unknown) {
  return client.request<FavoriteContactAnswer & Problem>('POST', '/user_favorite_contacts', {
    body,
  });
}

/** Lodge-mates of W (visible to W) who are not yet among W's recent contacts. */
async function freshMatesOfW(count: number): Promise<number[]> {
  const w = personas.W;
  const known = new Set((await recents(w.client)).map((entry) => entry.party.id));
  const rows = await db()
    .selectFrom('memberships as mine')
    .innerJoin('memberships as mate', 'mate.club_id', 'mine.club_id')
    .select('mate.party_id')
    .distinct()
    .where('mine.party_id', '=', w.partyId)
    .where('mine.left_at', 'is', null)
    .where('mate.left_at', 'is', null)
    .where('mate.party_id', '!=', w.partyId)
    .orderBy('mate.party_id')
    .execute();
  const fresh = rows.map((row) => row.party_id).filter((id) => !known.has(id));
  expect(fresh.length).toBeGreaterThanOrEqual(count);
  return fresh.slice(0, count);
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

describe('GET /user_recent_contacts.json (API-DIR-03, ENT-18, DIR-16)', () => {
  it("M's recent contacts: newest first, one entry per party, summaries only", async () => {
    const list = await recents(personas.M.client);
    // The demo's M: M2 by chat 25 minutes ago, W by mobile 2 days ago, then four lodge-mates.
    expect(list).toHaveLength(6);
    expect(list[0]).toMatchObject({
      contact_type: 'chat',
      party: { id: personas.M2.partyId, display_name: 'Bill Harper' },
    });
    expect(list[1]).toMatchObject({ contact_type: 'CellPhone', party: { id: personas.W.partyId } });
    const times = list.map((entry) => entry.contacted_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(list.map((entry) => entry.party.id)).size).toBe(list.length);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(['contact_type', 'contacted_at', 'party']);
    expect(Object.keys(list[0]?.party ?? {}).sort()).toEqual([
      'avatar',
      'display_name',
      'first_name',
      'id',
      'last_name',
      'middle_name',
      'preferred_name',
      'suffix',
    ]);
  });

  it('a visitor is a 401', async () => {
    expect((await server.request('GET', '/user_recent_contacts.json')).status).toBe(401);
  });
});

describe('POST /user_recent_contacts.json: a call or e-mail tap (ENT-18)', () => {
  it('records the tap at the top of the list; a second tap moves the one entry up', async () => {
    const w = personas.W;
    const [first, second] = await freshMatesOfW(2);
    const one = await record(w.client, {
      user_recent_contact: { party_id: first, contact_type: 'HomePhone' },
    });
    expect(one.status).toBe(200);
    expect(one.body.data.user_recent_contact).toMatchObject({
      party: { id: first },
      contact_type: 'HomePhone',
    });
    expectNothingPrivate(one.text);
    const two = await record(w.client, {
      user_recent_contact: { party_id: second, contact_type: 'email' },
    });
    expect(two.status).toBe(200);
    expect((await recents(w.client)).slice(0, 2).map((entry) => entry.party.id)).toEqual([
      second,
      first,
    ]);

    const again = await record(w.client, {
      user_recent_contact: { party_id: first, contact_type: 'OfficePhone' },
    });
    expect(again.status).toBe(200);
    const list = await recents(w.client);
    expect(list[0]).toMatchObject({ party: { id: first }, contact_type: 'OfficePhone' });
    expect(list[1]?.party.id).toBe(second);
    expect(list[0]?.contacted_at).toBeGreaterThanOrEqual(
      one.body.data.user_recent_contact.contacted_at,
    );
    // One row per member and party: the table does not grow with each tap.
    const rows = await db()
      .selectFrom('user_recent_contacts')
      .select('id')
      .where('user_id', '=', w.userId)
      .where('party_id', '=', first ?? 0)
      .execute();
    expect(rows).toHaveLength(1);

    // The party page shows the same last contact (PARTY-04).
    const page = await w.client.request<PartyAnswer>('GET', `/parties/${first}`);
    expect(page.body.data.party.user_recent_contact).toEqual({
      contact_type: 'OfficePhone',
      contacted_at: list[0]?.contacted_at,
    });
  });

  it('oneself is a 422 under party_id; a party of another organisation or none is a 404', async () => {
    const w = personas.W;
    const self = await record(w.client, {
      user_recent_contact: { party_id: w.partyId, contact_type: 'CellPhone' },
    });
    expect(self.status).toBe(422);
    expect(self.body.errors).toEqual({ party_id: [CANNOT_CONTACT_YOURSELF] });
    const stranger = roster.strangersTo(w.partyId)[0] ?? 0;
    for (const partyId of [stranger, 987654321]) {
      const refused = await record(w.client, {
        user_recent_contact: { party_id: partyId, contact_type: 'CellPhone' },
      });
      expect(refused.status, String(partyId)).toBe(404);
    }
    const stored = await db()
      .selectFrom('user_recent_contacts')
      .select('id')
      .where('user_id', '=', w.userId)
      .where('party_id', 'in', [w.partyId, stranger])
      .execute();
    expect(stored).toEqual([]);
  });

  it('bad bodies are 422 under their fields', async () => {
    const w = personas.W;
    const cases: [unknown, string][] = [
      [
        { user_recent_contact: { party_id: personas.M.partyId, contact_type: 'fax' } },
        'contact_type',
      ],
      [{ user_recent_contact: { party_id: personas.M.partyId } }, 'contact_type'],
      [{ user_recent_contact: { party_id: 'x', contact_type: 'email' } }, 'party_id'],
      [{ user_recent_contact: { contact_type: 'email' } }, 'party_id'],
      [{}, 'user_recent_contact'],
    ];
    for (const [body, field] of cases) {
      const response = await record(w.client, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.body.errors ?? {}), JSON.stringify(body)).toEqual([field]);
    }
  });
});

describe('GET /user_favorite_contacts.json (API-DIR-04, DIR-17)', () => {
  it("M's favourites: the demo's five, by last name, summaries only", async () => {
    const list = await favourites(personas.M.client);
    const ids = list.map((entry) => entry.party_id);
    expect(ids).toHaveLength(5);
    expect(ids).toEqual(expect.arrayContaining([personas.M2.partyId, personas.W.partyId]));
    const names = list.map((entry) => entry.party.last_name?.toLowerCase() ?? '');
    expect(names).toEqual([...names].sort());
    expect(list.find((entry) => entry.party_id === personas.W.partyId)?.party).toMatchObject({
      first_name: WEBMASTER.firstName,
      last_name: WEBMASTER.lastName,
    });
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(['created_at', 'party', 'party_id']);
  });

  it('a visitor is a 401', async () => {
    expect((await server.request('GET', '/user_favorite_contacts.json')).status).toBe(401);
  });
});

describe('POST and DELETE /user_favorite_contacts (API-DIR-05, API-DIR-06, PARTY-03)', () => {
  it('a round trip: favourite, listed and marked on the page, again the same, removed, removed again', async () => {
    const a = personas.A;
    const target = personas.M2.partyId;
    expect((await favourites(a.client)).map((entry) => entry.party_id)).not.toContain(target);

    const made = await favourite(a.client, { user_favorite_contact: { party_id: target } });
    expect(made.status).toBe(200);
    const mark = made.body.data.user_favorite_contact;
    expect(mark.party_id).toBe(target);
    expect((await favourites(a.client)).map((entry) => entry.party_id)).toContain(target);
    const page = await a.client.request<PartyAnswer>('GET', `/parties/${target}`);
    expect(page.body.data.party.user_favorite_contact).toEqual(mark);

    // Idempotent: the second call answers the first mark, and stores no second row.
    const again = await favourite(a.client, { user_favorite_contact: { party_id: target } });
    expect(again.status).toBe(200);
    expect(again.body.data.user_favorite_contact).toEqual(mark);
    const rows = await db()
      .selectFrom('user_favorite_contacts')
      .select('id')
      .where('user_id', '=', a.userId)
      .where('party_id', '=', target)
      .execute();
    expect(rows).toHaveLength(1);

    const removed = await a.client.request('DELETE', `/user_favorite_contacts/${target}`);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe('');
    expect((await favourites(a.client)).map((entry) => entry.party_id)).not.toContain(target);
    const after = await a.client.request<PartyAnswer>('GET', `/parties/${target}`);
    expect(after.body.data.party.user_favorite_contact).toBeNull();
    expect((await a.client.request('DELETE', `/user_favorite_contacts/${target}`)).status).toBe(
      204,
    );
  });

  it('a party of another organisation or none is a 404, and nothing is stored', async () => {
    const a = personas.A;
    const stranger = roster.strangersTo(a.partyId)[0] ?? 0;
    for (const partyId of [stranger, 987654321]) {
      const refused = await favourite(a.client, { user_favorite_contact: { party_id: partyId } });
      expect(refused.status, String(partyId)).toBe(404);
    }
    const stored = await db()
      .selectFrom('user_favorite_contacts')
      .select('id')
      .where('user_id', '=', a.userId)
      .where('party_id', '=', stranger)
      .execute();
    expect(stored).toEqual([]);
  });

  it('a favourite who is no longer visible is not listed, and can still be removed', async () => {
    const a = personas.A;
    const stranger = roster.strangersTo(a.partyId)[1] ?? 0;
    await db()
      .insertInto('user_favorite_contacts')
      .values({ user_id: a.userId, party_id: stranger, created_at: Date.now() })
      .execute();
    expect((await favourites(a.client)).map((entry) => entry.party_id)).not.toContain(stranger);
    expect((await a.client.request('DELETE', `/user_favorite_contacts/${stranger}`)).status).toBe(
      204,
    );
    const stored = await db()
      .selectFrom('user_favorite_contacts')
      .select('id')
      .where('user_id', '=', a.userId)
      .where('party_id', '=', stranger)
      .execute();
    expect(stored).toEqual([]);
  });

  it('bad bodies and ids are 422 under their fields; a visitor is a 401', async () => {
    const a = personas.A;
    const cases: [unknown, string][] = [
      [{ user_favorite_contact: { party_id: 'x' } }, 'party_id'],
      [{ user_favorite_contact: { party_id: 0 } }, 'party_id'],
      [{ user_favorite_contact: {} }, 'party_id'],
      [{}, 'user_favorite_contact'],
    ];
    for (const [body, field] of cases) {
      const response = await favourite(a.client, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.body.errors ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    const badId = await a.client.request<Problem>('DELETE', '/user_favorite_contacts/abc');
    expect(badId.status).toBe(422);
    expect(Object.keys(badId.body.errors ?? {})).toEqual(['partyId']);
    expect(
      (
        await server.request('POST', '/user_favorite_contacts', {
          body: { user_favorite_contact: { party_id: personas.M.partyId } },
        })
      ).status,
    ).toBe(401);
    expect(
      (await server.request('DELETE', `/user_favorite_contacts/${personas.M.partyId}`)).status,
    ).toBe(401);
  });
});
