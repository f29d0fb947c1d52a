import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CANT_BE_BLANK,
  INVALID_CHOICE,
  INVALID_DAY_FORMAT,
  INVALID_EMAIL,
  INVALID_ZIPCODE,
  NOT_A_NUMBER,
  contactTypeOverLimit,
  contactTypeUnderMin,
} from '../../../common/messages.ts';
import {
  contactInfoAnswerSchema,
  type AddressInput,
  type ContactInfo,
  type ContactMetadataInput,
} from '../../../common/schemas/contact-info.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { seedDemoData, signInPersonas } from '../../test/member-client.ts';
import type { MemberClient } from '../../test/member-client.ts';

/** The value, or the test fails here. */
function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing');
  return value;
}

interface Problem {
  errors?: Record<string, string[]>;
}

let server: TestServer;
let m: MemberClient;
let m2: MemberClient;
let mParty = 0;
let m2Party = 0;
/** M's contacts as seeded; every test starts from them. */
let original: ContactMetadataInput;
let us = 0;
let ohio = 0;
let canada = 0;
let britain = 0;
let ontario = 0;

async function read(client: MemberClient = m): Promise<ContactInfo> {
  const response = await client.request('GET', '/contacts.json');
  expect(response.status, response.text).toBe(200);
  return contactInfoAnswerSchema.parse(response.body).data;
}

function setOf(info: ContactInfo): ContactMetadataInput {
  const party = must(info.parties[0]).party;
  return { addresses: party.addresses, emails: party.emails, phones: party.phones };
}

function put(set: ContactMetadataInput, client: MemberClient = m) {
  return client.request<Problem>('PUT', '/contacts.json', { body: { contact_metadata: set } });
}

async function refused(set: ContactMetadataInput): Promise<Record<string, string[]>> {
  const response = await put(set);
  expect(response.status, response.text).toBe(422);
  return response.body.errors ?? {};
}

const home: AddressInput = {
  type: 'HomeAddress',
  company: null,
  address_1: '12 Main St',
  address_2: null,
  city: 'Columbus',
  state_id: 0,
  zip: '43215',
  country_id: 0,
  start_day: null,
  end_day: null,
};

function withAddress(address: Partial<AddressInput>): ContactMetadataInput {
  return {
    ...original,
    addresses: [{ ...home, state_id: ohio, country_id: us, ...address }],
  };
}

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  const personas = await signInPersonas(server);
  m = personas.M.client;
  m2 = personas.M2.client;
  mParty = personas.M.partyId;
  m2Party = personas.M2.partyId;
  const info = await read();
  original = setOf(info);
  const country = (name: string) => must(info.countries.find((c) => c.name === name));
  us = country('United States').id;
  canada = country('Canada').id;
  britain = country('United Kingdom').id;
  ohio = must(country('United States').states.find((s) => s.code === 'OH')).id;
  ontario = must(country('Canada').states[0]).id;
});

beforeEach(async () => {
  expect((await put(original)).status).toBe(200);
});

afterAll(async () => {
  await server.close();
});

describe('GET /contacts.json (API-ACCT-03, ACCT-18, ENT-25..29)', () => {
  it("answers the member's own party with addresses, e-mails and phones", async () => {
    const info = await read();
    expect(info.parties).toHaveLength(1);
    const party = must(info.parties[0]).party;
    expect(party.id).toBe(mParty);
    expect(party.addresses.length).toBeGreaterThan(0);
    expect(Object.keys(must(party.addresses[0])).sort()).toEqual(
      [
        'type',
        'company',
        'address_1',
        'address_2',
        'city',
        'state',
        'state_id',
        'zip',
        'country_id',
        'start_day',
        'end_day',
        'is_invalid',
        'invalid_reason',
      ].sort(),
    );
    for (const phone of party.phones) expect(phone.number).toMatch(/^\d+$/);
  });

  it('lists countries with states, is_default and is_zip4, and the types with limit and min (ENT-27..29)', async () => {
    const info = await read();
    const unitedStates = must(info.countries.find((country) => country.id === us));
    expect(unitedStates).toMatchObject({ is_default: true, is_zip4: true });
    expect(unitedStates.states.find((state) => state.id === ohio)).toMatchObject({
      name: 'Ohio',
      is_default: true,
    });
    expect(info.countries.find((country) => country.id === britain)?.states).toEqual([]);
    const names = info.types.map((type) => type.name);
    expect(names).toEqual(
      expect.arrayContaining(['CellPhone', 'HomePhone', 'OfficePhone', 'OfficeAddress']),
    );
    expect(info.types.find((type) => type.name === 'OfficePhone')).toMatchObject({
      kind: 'phone',
      allows_extension: true,
    });
    expect(info.types.find((type) => type.name === 'SeasonalAddress')).toMatchObject({
      kind: 'address',
      allows_days: true,
    });
    expect(info.types.find((type) => type.name === 'HomeAddress')).toMatchObject({
      limit: 1,
      min: 1,
    });
  });

  it('refuses an unsigned call with 401', async () => {
    expect((await server.request('GET', '/contacts.json')).status).toBe(401);
    const response = await server.request('PUT', '/contacts.json', {
      body: { contact_metadata: original },
    });
    expect(response.status).toBe(401);
  });
});

describe('PUT /contacts.json (API-ACCT-04, ACCT-23)', () => {
  it('replaces the whole set and answers the new one; phones are kept as digits', async () => {
    const response = await put({
      addresses: [{ ...home, state_id: ohio, country_id: us, zip: ' 43215-1234 ' }],
      emails: [{ type: 'PersonalEmail', address: 'bob@example.com' }],
      phones: [
        { type: 'CellPhone', number: '(614) 555-0100', extension: null },
        { type: 'OfficePhone', number: '614.555.0199', extension: '42' },
      ],
    });
    expect(response.status, response.text).toBe(200);
    const party = must((await read()).parties[0]).party;
    expect(party.addresses).toEqual([
      expect.objectContaining({ zip: '43215-1234', state: 'OH', state_id: ohio, city: 'Columbus' }),
    ]);
    expect(party.emails).toEqual([{ type: 'PersonalEmail', address: 'bob@example.com' }]);
    expect(party.phones).toEqual([
      { type: 'CellPhone', number: '6145550100', extension: null },
      { type: 'OfficePhone', number: '6145550199', extension: '42' },
    ]);
    expect(must(contactInfoAnswerSchema.parse(response.body).data.parties[0]).party).toEqual(party);
  });

  it("shows the edit on the member's party page (phones and e-mail)", async () => {
    const set = {
      ...original,
      emails: [{ type: 'PersonalEmail', address: 'new.address@example.com' }],
      phones: [{ type: 'HomePhone', number: '6145550111', extension: null }],
    };
    expect((await put(set)).status).toBe(200);
    const response = await m2.request<{
      data: { party: { phones: unknown[]; email_address: { address: string } | null } };
    }>('GET', `/parties/${mParty}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body.data.party.phones).toEqual([
      { type: 'HomePhone', number: '6145550111', extension: null },
    ]);
    expect(response.body.data.party.email_address).toEqual({
      address: 'new.address@example.com',
    });
  });

  it("leaves another member's contacts untouched", async () => {
    const before = await read(m2);
    expect((await put({ ...original, phones: [] })).status).toBe(200);
    expect(await read(m2)).toEqual(before);
    expect(must(before.parties[0]).party.id).toBe(m2Party);
  });

  it('of PUTs sent at once, the set afterwards is exactly one of them, never a mix', async () => {
    const sets = [0, 1, 2, 3, 4, 5].map((n) => ({
      ...original,
      phones: [{ type: 'CellPhone', number: `61455501${n}0`, extension: null }],
      emails: [{ type: 'PersonalEmail', address: `racer${n}@example.com` }],
    }));
    const answers = await Promise.all(sets.map((set) => put(set)));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const party = must((await read()).parties[0]).party;
    expect(party.phones).toHaveLength(1);
    expect(party.emails).toHaveLength(1);
    const winner = sets.find((set) => set.emails[0]?.address === party.emails[0]?.address);
    expect(party.phones).toEqual(must(winner).phones);
  });

  it('a set with one bad entry changes nothing (one transaction)', async () => {
    const before = await read();
    const errors = await refused({
      addresses: [{ ...home, state_id: ohio, country_id: us }],
      emails: [
        { type: 'PersonalEmail', address: 'fine@example.com' },
        { type: 'WorkEmail', address: 'bob@' },
      ],
      phones: [],
    });
    expect(errors).toEqual({ 'emails.1.address': [INVALID_EMAIL] });
    expect(await read()).toEqual(before);
  });
});

describe('PUT /contacts.json applies the rules of §5 (VAL-29..41, AMB-23)', () => {
  it("says Can't be blank. for a missing type, address_1, city, zip and country (VAL-29..33)", async () => {
    expect(
      await refused(
        withAddress({ type: ' ', address_1: '', city: null, zip: undefined, country_id: null }),
      ),
    ).toEqual({
      'addresses.0.type': [CANT_BE_BLANK],
      'addresses.0.address_1': [CANT_BE_BLANK],
      'addresses.0.city': [CANT_BE_BLANK],
      'addresses.0.zip': [CANT_BE_BLANK],
      'addresses.0.country_id': [CANT_BE_BLANK],
      // Without a type, the type's minimum of one home address is not met either.
      base: [contactTypeUnderMin('Home Address', 1)],
    });
  });

  it("says Can't be blank. for a missing e-mail address and phone number (VAL-34, VAL-35)", async () => {
    expect(
      await refused({
        ...original,
        emails: [{ type: 'PersonalEmail', address: '  ' }],
        phones: [{ type: 'CellPhone', number: null, extension: null }],
      }),
    ).toEqual({
      'emails.0.address': [CANT_BE_BLANK],
      'phones.0.number': [CANT_BE_BLANK],
    });
  });

  it('needs a state when the country has states (VAL-36, AMB-23), and none otherwise', async () => {
    expect(await refused(withAddress({ state_id: null }))).toEqual({
      'addresses.0.state_id': [CANT_BE_BLANK],
    });
    expect(await refused(withAddress({ country_id: canada, state_id: ohio }))).toEqual({
      'addresses.0.state_id': [INVALID_CHOICE],
    });
    const response = await put(
      withAddress({ country_id: britain, state_id: null, zip: 'SW1A 1AA' }),
    );
    expect(response.status, response.text).toBe(200);
    expect(must((await read()).parties[0]).party.addresses[0]).toMatchObject({
      country_id: britain,
      state: null,
      state_id: null,
      zip: 'SW1A 1AA',
    });
  });

  it('checks the zip of a zip4 country only (VAL-37)', async () => {
    for (const zip of ['1234', '12345-12', 'abcde']) {
      expect(await refused(withAddress({ zip }))).toEqual({
        'addresses.0.zip': [INVALID_ZIPCODE],
      });
    }
    for (const zip of ['12345', '12345-6789'])
      expect((await put(withAddress({ zip }))).status).toBe(200);
    const canadian = withAddress({ country_id: canada, state_id: ontario, zip: 'K1A 0B1' });
    expect((await put(canadian)).status).toBe(200);
  });

  it('needs mm/dd start and end days only for a type with days (VAL-38, VAL-39)', async () => {
    const seasonal = (days: Partial<AddressInput>): ContactMetadataInput => ({
      ...original,
      addresses: [
        ...original.addresses,
        { ...home, type: 'SeasonalAddress', state_id: ohio, country_id: us, ...days },
      ],
    });
    const at = `addresses.${original.addresses.length}`;
    expect(await refused(seasonal({ start_day: null, end_day: '' }))).toEqual({
      [`${at}.start_day`]: [CANT_BE_BLANK],
      [`${at}.end_day`]: [CANT_BE_BLANK],
    });
    expect(await refused(seasonal({ start_day: '13/01', end_day: '01/32' }))).toEqual({
      [`${at}.start_day`]: [INVALID_DAY_FORMAT],
      [`${at}.end_day`]: [INVALID_DAY_FORMAT],
    });
    expect((await put(seasonal({ start_day: '12/01', end_day: '03/31' }))).status).toBe(200);
    // A type without days needs none, and any sent are not kept.
    expect((await put(withAddress({ start_day: 'xx', end_day: null }))).status).toBe(200);
    expect(must((await read()).parties[0]).party.addresses[0]?.start_day).toBeNull();
  });

  it('checks the e-mail pattern (VAL-40) and the extension digits (VAL-41)', async () => {
    expect(
      await refused({ ...original, emails: [{ type: 'PersonalEmail', address: 'bob@' }] }),
    ).toEqual({ 'emails.0.address': [INVALID_EMAIL] });
    expect(
      await refused({
        ...original,
        phones: [{ type: 'OfficePhone', number: '6145550100', extension: '12a' }],
      }),
    ).toEqual({ 'phones.0.extension': [NOT_A_NUMBER] });
    expect(
      await refused({
        ...original,
        phones: [{ type: 'CellPhone', number: 'call me', extension: null }],
      }),
    ).toEqual({ 'phones.0.number': [NOT_A_NUMBER] });
  });

  it('refuses unknown types, countries and states', async () => {
    expect(
      await refused({
        ...original,
        emails: [{ type: 'CellPhone', address: 'bob@example.com' }],
        phones: [{ type: 'FaxPhone', number: '6145550100', extension: null }],
      }),
    ).toEqual({ 'emails.0.type': [INVALID_CHOICE], 'phones.0.type': [INVALID_CHOICE] });
    expect(await refused(withAddress({ country_id: 999_999 }))).toEqual({
      'addresses.0.country_id': [INVALID_CHOICE],
    });
    expect(await refused(withAddress({ state_id: 999_999 }))).toEqual({
      'addresses.0.state_id': [INVALID_CHOICE],
    });
  });

  it('refuses a body of the wrong shape with 422', async () => {
    const response = await m.request<Problem>('PUT', '/contacts.json', {
      body: { contact_metadata: { addresses: 'none' } },
    });
    expect(response.status).toBe(422);
  });
});

describe('PUT /contacts.json holds the per-type limits and minimums (ACCT-20, ACCT-21, CONST-25)', () => {
  it('refuses more entries of a type than its limit', async () => {
    const cell = { type: 'CellPhone', number: '6145550100', extension: null };
    expect((await put({ ...original, phones: [cell, cell] })).status).toBe(200);
    expect(await refused({ ...original, phones: [cell, cell, cell] })).toEqual({
      base: [contactTypeOverLimit('Cell Phone', 2)],
    });
  });

  it('refuses fewer entries of a type than its minimum', async () => {
    expect(await refused({ ...original, addresses: [] })).toEqual({
      base: [contactTypeUnderMin('Home Address', 1)],
    });
  });
});

describe("the roster's invalid flag (D49)", () => {
  it('an address sent back unchanged stays Currently Invalid; an edited one is cleared', async () => {
    await server.database.handle.db
      .updateTable('addresses')
      .set({ is_invalid: 1, invalid_reason: 'Returned mail' })
      .where('party_id', '=', mParty)
      .execute();
    const flagged = await read();
    expect(must(flagged.parties[0]).party.addresses[0]).toMatchObject({
      is_invalid: true,
      invalid_reason: 'Returned mail',
    });
    // Re-saving the same set (say, after removing a phone) keeps the flag.
    const same = setOf(flagged);
    expect((await put({ ...same, phones: [] })).status).toBe(200);
    expect(must((await read()).parties[0]).party.addresses[0]).toMatchObject({
      is_invalid: true,
      invalid_reason: 'Returned mail',
    });
    // Correcting the address clears it.
    const corrected = { ...must(same.addresses[0]), address_1: '99 New Rd' };
    expect((await put({ ...same, addresses: [corrected] })).status).toBe(200);
    expect(must((await read()).parties[0]).party.addresses[0]).toMatchObject({
      address_1: '99 New Rd',
      is_invalid: false,
      invalid_reason: null,
    });
  });
});
