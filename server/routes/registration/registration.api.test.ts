import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../../common/schemas/session.ts';
import { CODE_TTL_MS, MAX_CODE_ATTEMPTS } from '../../auth/one-time-codes.ts';
import {
  DEMO_ORGANIZATION_NAME,
  DEMO_REGISTRANT,
  MEMBER,
  WEBMASTER,
} from '../../db/seed/personas.ts';
import { ALREADY_REGISTERED, NOT_ACTIVE_TO_REGISTER } from '../../services/registration.ts';
import { CODE_SEND_CEILING, CODE_SEND_LIMIT } from '../../services/membership-codes.ts';
import {
  MEMBERSHIP_NOT_MATCHED,
  NOT_REACHABLE,
  PROOF_IP_LIMIT,
  PROOF_MEMBER_CEILING,
  PROOF_PAIR_LIMIT,
} from '../../services/membership-proof.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import {
  FlowBrowser,
  addRosterMember,
  codeSentTo,
  freshIp,
  freshMemberNumber,
  organizationId,
  otherCode,
  usDate,
} from '../../test/flow-client.ts';
import type { Problem, Proof, RosterMember } from '../../test/flow-client.ts';
import { seedDemoData, signInAs } from '../../test/member-client.ts';

const STRONG_PASSWORD = 'lantern orchard basalt ferry';

let server: TestServer;
let orgId: number;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  await seedDemoData(server);
  orgId = await organizationId(server, DEMO_ORGANIZATION_NAME);
});

afterAll(async () => {
  await server.close();
});

// Every test but the rate-limit ones starts with fresh windows.
beforeEach(async () => {
  await server.database.handle.db.deleteFrom('rate_limit_counters').execute();
});

const registrantProof = (): Proof => ({
  organization_id: orgId,
  member_number: DEMO_REGISTRANT.memberNumber,
  birth_date: usDate(DEMO_REGISTRANT.birthDate),
});

let emailCount = 0;

/** A new member of Harmony Lodge with an e-mail and a mobile, and no account. */
function newMember(overrides: Partial<RosterMember> = {}) {
  emailCount += 1;
  return addRosterMember(server, {
    organizationId: orgId,
    memberNumber: freshMemberNumber(),
    birthDate: '1955-02-11',
    email: `registrant${emailCount}@example.org`,
    cellPhone: `61455509${String(emailCount).padStart(2, '0')}`,
    club: 'harmony412',
    ...overrides,
  });
}

async function codeStep(email: string) {
  const member = await newMember({ email });
  const browser = new FlowBrowser(server, 'register');
  await browser.throughStepTwo(member.proof, 'E-mail');
  return { browser, member, code: await codeSentTo(server, email) };
}

describe('registration end to end (REG-01, REG-05..07, REG-09, API-REG-05..08)', () => {
  it('registers the demo registrant with a code read from the outbox, then signs in', async () => {
    const browser = new FlowBrowser(server, 'register');
    const one = await browser.stepOne(registrantProof());
    expect(one.status).toBe(200);
    expect(one.body.data.authentication_options.map((o) => o.label)).toEqual([
      'E-mail h*****.b*****@e******.com',
      'Text message to (***) ***-**71',
    ]);
    for (const option of one.body.data.authentication_options) {
      expect(option.key).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(option.key).not.toContain('@');
    }
    const setCookie = one.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/lodgehall_registration=[^;]+;/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/api/private/mobile/v1/users');

    const emailKey = one.body.data.authentication_options[0]?.key ?? '';
    const two = await browser.stepTwo(emailKey);
    expect(two.status).toBe(200);
    expect(two.body.data.selected_authentication_option_anonymized).toBe(
      'h*****.b*****@e******.com',
    );
    const code = await codeSentTo(server, DEMO_REGISTRANT.email);
    expect(code).toMatch(/^\d{6}$/);
    // The code leaves only through the contact on file, never over HTTP.
    expect(one.text + two.text).not.toContain(code);

    const three = await browser.stepThree(code);
    expect(three.status).toBe(200);
    expect(three.body).toEqual({ data: {} });

    const four = await browser.stepFour(code, {
      username: 'harold.baxter',
      password: STRONG_PASSWORD,
    });
    expect(four.status).toBe(200);
    const body = four.body as { data: { user: User; app_public_key: string } };
    expect(body.data.app_public_key).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(body.data.user).toMatchObject({
      username: 'harold.baxter',
      party: { first_name: DEMO_REGISTRANT.firstName, last_name: DEMO_REGISTRANT.lastName },
    });
    expect(four.text).not.toContain(code);
    // The flow cookie is cleared and the session cookie set.
    const cookies = four.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(/lodgehall_registration=;/);
    expect(cookies).toMatch(/lodgehall_session=[^;]+;.*HttpOnly/);

    const session = browser.signedClient(four);
    const me = await session.request<{ data: { user: User } }>('GET', '/session.json');
    expect(me.status).toBe(200);
    expect(me.body.data.user.username).toBe('harold.baxter');

    const signedIn = await signInAs(server, 'harold.baxter', STRONG_PASSWORD);
    expect(signedIn.signIn.status).toBe(200);

    const audit = await server.database.handle.db
      .selectFrom('audit_log')
      .select(['action', 'subject_type', 'detail'])
      .where('action', '=', 'user.registered')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).not.toContain(code);
  });

  it('refuses a second account for the same member and says to reset instead', async () => {
    const browser = new FlowBrowser(server, 'register');
    const response = await browser.stepOne(registrantProof());
    expect(response.status).toBe(422);
    const problem = response.body as unknown as Problem;
    expect(problem.type).toMatch(/\/new-user-invalid$/);
    expect(problem.errors?.base).toEqual([ALREADY_REGISTERED]);
    expect(browser.cookie).toBeNull();
  });

  it('sends the code by text message to a mobile on file', async () => {
    const member = await newMember({ cellPhone: '6145550977' });
    const browser = new FlowBrowser(server, 'register');
    const anonymized = await browser.throughStepTwo(member.proof, 'Text message');
    expect(anonymized).toBe('(***) ***-**77');
    const sms = await server.database.handle.db
      .selectFrom('outbox_messages')
      .select(['channel', 'subject', 'body'])
      .where('to_address', '=', '6145550977')
      .executeTakeFirstOrThrow();
    expect(sms.channel).toBe('sms');
    expect(sms.subject).toBeNull();
    const code = await codeSentTo(server, '6145550977');
    expect((await browser.stepThree(code)).status).toBe(200);
  });

  it('lists home phones never: only e-mails and mobiles can take a code', async () => {
    const member = await newMember({ email: null, cellPhone: null, homePhone: '6145550888' });
    const response = await new FlowBrowser(server, 'register').stepOne(member.proof);
    expect(response.status).toBe(422);
    expect((response.body as unknown as Problem).type).toMatch(/\/new-user-not-reachable$/);
  });
});

describe('step one errors (ERR-44, ERR-45, ERR-46..48)', () => {
  it('answers new-user-invalid-verification-service for an unknown organisation', async () => {
    const response = await new FlowBrowser(server, 'register').stepOne({
      ...registrantProof(),
      organization_id: 999_999,
    });
    expect(response.status).toBe(422);
    const problem = response.body as unknown as Problem;
    expect(problem.type).toMatch(/\/new-user-invalid-verification-service$/);
    expect(problem.errors?.base?.[0]).toMatch(/cannot check membership/);
  });

  it('answers the same for an organisation whose roster Lodgehall does not hold', async () => {
    const org = await server.database.handle.db
      .insertInto('organizations')
      .values({
        name: 'Order Without Roster',
        member_number_min_length: null,
        member_number_max_length: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await new FlowBrowser(server, 'register').stepOne({
      organization_id: org.id,
      member_number: '1',
      birth_date: '01/01/1950',
    });
    expect((response.body as unknown as Problem).type).toMatch(
      /\/new-user-invalid-verification-service$/,
    );
  });

  it('answers new-user-invalid with the same words whether the number or the date is wrong', async () => {
    const member = await newMember();
    const wrongDate = await new FlowBrowser(server, 'register').stepOne({
      ...member.proof,
      birth_date: '02/12/1955',
    });
    const wrongNumber = await new FlowBrowser(server, 'register').stepOne({
      ...member.proof,
      member_number: freshMemberNumber(),
    });
    expect(wrongDate.status).toBe(422);
    const problem = wrongDate.body as unknown as Problem;
    expect(problem.type).toMatch(/\/new-user-invalid$/);
    expect(problem.errors).toEqual({
      member_number: ['does not match our records'],
      birth_date: ['does not match our records'],
      base: [MEMBERSHIP_NOT_MATCHED],
    });
    expect(wrongNumber.text).toBe(wrongDate.text);
  });

  it('gives field errors for a blank number, an incomplete or impossible date and no organisation', async () => {
    const blank = await new FlowBrowser(server, 'register').step('one', {
      new_user: { organization_id: orgId, member_number: '  ', birth_date: '01/02/19__' },
    });
    expect(blank.status).toBe(422);
    const problem = blank.body as Problem;
    expect(problem.type).toMatch(/\/new-user-invalid$/);
    expect(problem.errors?.member_number).toEqual(["Can't be blank."]);
    expect(problem.errors?.birth_date).toEqual(['Enter the whole date as MM/DD/YYYY.']);
    expect(problem.errors?.base).toHaveLength(1);

    const noOrg = await new FlowBrowser(server, 'register').step('one', {
      new_user: { member_number: '1', birth_date: '01/02/1950' },
    });
    expect((noOrg.body as Problem).errors?.organization_id).toEqual(['Choose your organization.']);

    const impossible = await new FlowBrowser(server, 'register').stepOne({
      ...registrantProof(),
      birth_date: '02/30/1950',
    });
    expect((impossible.body as unknown as Problem).errors?.birth_date).toEqual([
      'That date does not exist. Check the month and the day.',
    ]);
  });

  it('refuses a member who already has an account', async () => {
    const response = await new FlowBrowser(server, 'register').stepOne({
      organization_id: orgId,
      member_number: MEMBER.memberNumber,
      birth_date: usDate(MEMBER.birthDate),
    });
    const problem = response.body as unknown as Problem;
    expect(problem.type).toMatch(/\/new-user-invalid$/);
    expect(problem.errors?.base).toEqual([ALREADY_REGISTERED]);
  });

  it('refuses a member who is not active (suspended, demitted, deceased)', async () => {
    for (const status of ['suspended', 'demitted', 'deceased'] as const) {
      const member = await newMember({ status });
      const response = await new FlowBrowser(server, 'register').stepOne(member.proof);
      expect(response.status, status).toBe(422);
      const problem = response.body as unknown as Problem;
      expect(problem.type).toMatch(/\/new-user-invalid$/);
      expect(problem.errors?.base).toEqual([NOT_ACTIVE_TO_REGISTER]);
    }
  });

  it('answers new-user-not-reachable with the lodge secretary and a phone (ERR-47)', async () => {
    const member = await newMember({ email: null, cellPhone: null, club: 'olentangy614' });
    const response = await new FlowBrowser(server, 'register').stepOne(member.proof);
    expect(response.status).toBe(422);
    const problem = response.body as unknown as Problem;
    expect(problem.type).toMatch(/\/new-user-not-reachable$/);
    expect(problem.title).toBe(NOT_REACHABLE);
    // W is the Secretary of L2 (personas.ts).
    expect(problem.club_contact).toEqual({
      name: `${WEBMASTER.firstName} ${WEBMASTER.middleName} ${WEBMASTER.lastName}`,
      phone: WEBMASTER.cellPhone,
    });
  });

  it('gives the secretary’s name alone when no phone is on file (ERR-48)', async () => {
    const { db } = server.database.handle;
    const position = await db
      .selectFrom('officer_positions as op')
      .innerJoin('clubs as c', 'c.id', 'op.club_id')
      .select('op.id')
      .where('c.subdomain', '=', 'olentangy614')
      .where('op.title', '=', 'Secretary')
      .executeTakeFirstOrThrow();
    const term = await db
      .selectFrom('officer_terms')
      .select(['id', 'party_id'])
      .where('officer_position_id', '=', position.id)
      .where('to_date', 'is', null)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('officer_terms')
      .set({ party_id: null, full_name: 'Walter Pruitt' })
      .where('id', '=', term.id)
      .execute();
    try {
      const member = await newMember({ email: null, cellPhone: null, club: 'olentangy614' });
      const response = await new FlowBrowser(server, 'register').stepOne(member.proof);
      expect((response.body as unknown as Problem).club_contact).toEqual({
        name: 'Walter Pruitt',
        phone: null,
      });
    } finally {
      await db
        .updateTable('officer_terms')
        .set({ party_id: term.party_id, full_name: null })
        .where('id', '=', term.id)
        .execute();
    }
  });

  it('gives club_contact null when no secretary is known', async () => {
    const member = await newMember({ email: null, cellPhone: null, club: null });
    const response = await new FlowBrowser(server, 'register').stepOne(member.proof);
    const problem = response.body as unknown as Problem;
    expect(problem.type).toMatch(/\/new-user-not-reachable$/);
    expect(problem.club_contact).toBeNull();
  });
});

describe('step two (ERR-50)', () => {
  it('answers contact-option-choice-not-available with fresh options for an unknown key', async () => {
    const member = await newMember();
    const browser = new FlowBrowser(server, 'register');
    const one = await browser.stepOne(member.proof);
    const response = await browser.stepTwo('not-a-key-of-this-flow');
    expect(response.status).toBe(422);
    const problem = response.body as unknown as Problem;
    expect(problem.type).toMatch(/\/contact-option-choice-not-available$/);
    expect(problem.errors).toEqual({ id: ['choice no longer available'] });
    expect(problem.authentication_options).toEqual(one.body.data.authentication_options);
  });

  it('does not accept a key from another browser’s flow', async () => {
    const member = await newMember();
    const first = new FlowBrowser(server, 'register');
    const second = new FlowBrowser(server, 'register');
    const key = (await first.stepOne(member.proof)).body.data.authentication_options[0]?.key ?? '';
    await second.stepOne(member.proof);
    const response = await second.stepTwo(key);
    expect((response.body as unknown as Problem).type).toMatch(
      /\/contact-option-choice-not-available$/,
    );
  });

  it('answers the same when the chosen contact was removed since step one', async () => {
    const member = await newMember();
    const browser = new FlowBrowser(server, 'register');
    const one = await browser.stepOne(member.proof);
    await server.database.handle.db
      .deleteFrom('emails')
      .where('party_id', '=', member.partyId)
      .execute();
    const response = await browser.stepTwo(one.body.data.authentication_options[0]?.key ?? '');
    const problem = response.body as unknown as Problem;
    expect(problem.type).toMatch(/\/contact-option-choice-not-available$/);
    expect(problem.authentication_options?.map((o) => o.label)).toEqual([
      expect.stringMatching(/^Text message to/),
    ]);
  });

  it('sends the visitor back to step one without a flow cookie', async () => {
    const response = await new FlowBrowser(server, 'register').stepTwo('anything');
    expect(response.status).toBe(422);
    expect((response.body as unknown as Problem).type).toMatch(/\/flow-expired$/);
  });
});

describe('codes (ERR-51, ERR-52, VAL-17)', () => {
  it('answers authentication-code-blank and -invalid with field errors on code', async () => {
    const { browser, code } = await codeStep('codes-blank@example.org');
    const blank = await browser.stepThree('');
    expect(blank.status).toBe(422);
    expect(blank.body).toMatchObject({
      type: expect.stringMatching(/\/authentication-code-blank$/),
      errors: { code: ["can't be blank"] },
    });
    const wrong = await browser.stepThree(otherCode(code));
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({
      type: expect.stringMatching(/\/authentication-code-invalid$/),
      errors: { code: ['invalid code'] },
    });
    const malformed = await browser.stepThree('12a45');
    expect((malformed.body as Problem).type).toMatch(/\/authentication-code-invalid$/);
    expect((await browser.stepThree(code)).status).toBe(200);
  });

  it('refuses an expired code and sends the visitor back to step one', async () => {
    const { browser, member, code } = await codeStep('codes-expired@example.org');
    await server.database.handle.db
      .updateTable('one_time_codes')
      .set({ expires_at: Date.now() - 1 })
      .where('party_id', '=', member.partyId)
      .execute();
    const response = await browser.stepThree(code);
    expect(response.status).toBe(422);
    expect((response.body as Problem).type).toMatch(/\/flow-expired$/);
  });

  it('keeps a code for ten minutes from sending', async () => {
    const { member } = await codeStep('codes-ttl@example.org');
    const row = await server.database.handle.db
      .selectFrom('one_time_codes')
      .select(['expires_at', 'created_at', 'code_hash'])
      .where('party_id', '=', member.partyId)
      .executeTakeFirstOrThrow();
    expect(row.expires_at - Date.now()).toBeGreaterThan(CODE_TTL_MS - 60_000);
    expect(row.expires_at - Date.now()).toBeLessThanOrEqual(CODE_TTL_MS);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it(`allows ${MAX_CODE_ATTEMPTS} wrong codes, then the flow is dead even for the right one`, async () => {
    const { browser, code } = await codeStep('codes-tries@example.org');
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i += 1) {
      const wrong = await browser.stepThree(otherCode(code));
      expect((wrong.body as Problem).type, `try ${i + 1}`).toMatch(
        /\/authentication-code-invalid$/,
      );
    }
    const right = await browser.stepThree(code);
    expect((right.body as Problem).type).toMatch(/\/flow-expired$/);
  });

  it('refuses a used code: the flow cannot finish twice', async () => {
    const { browser, code } = await codeStep('codes-reuse@example.org');
    const flowCookie = browser.cookie;
    const four = await browser.stepFour(code, { username: 'reuse.one', password: STRONG_PASSWORD });
    expect(four.status).toBe(200);
    browser.cookie = flowCookie;
    const again = await browser.stepFour(code, {
      username: 'reuse.two',
      password: STRONG_PASSWORD,
    });
    expect((again.body as Problem).type).toMatch(/\/flow-expired$/);
    expect((await browser.stepThree(code)).status).toBe(422);
  });

  it('refuses a code sent to another browser’s flow', async () => {
    const { code, member } = await codeStep('codes-browser@example.org');
    const stranger = new FlowBrowser(server, 'register');
    const noFlow = await stranger.stepThree(code);
    expect((noFlow.body as Problem).type).toMatch(/\/flow-expired$/);
    // With a flow of its own for the same member, the other flow's code is just wrong.
    await stranger.throughStepTwo(member.proof, 'Text message');
    const ownCode = await codeSentTo(server, (await smsNumberOf(member.partyId)) ?? '');
    const response = await stranger.stepThree(code === ownCode ? otherCode(ownCode) : code);
    expect((response.body as Problem).type).toMatch(/\/authentication-code-invalid$/);
  });

  it('answers step three before any code was sent as out of order', async () => {
    const member = await newMember();
    const browser = new FlowBrowser(server, 'register');
    await browser.stepOne(member.proof);
    const response = await browser.stepThree('123456');
    expect((response.body as Problem).type).toMatch(/\/flow-expired$/);
  });
});

async function smsNumberOf(partyId: number): Promise<string | undefined> {
  const row = await server.database.handle.db
    .selectFrom('phones')
    .select('number')
    .where('party_id', '=', partyId)
    .executeTakeFirst();
  return row?.number;
}

describe('step four (ERR-52, ERR-53, VAL-21)', () => {
  it('answers user-params-invalid for a taken username, in any case', async () => {
    const { browser, code } = await codeStep('four-taken@example.org');
    const response = await browser.stepFour(code, {
      username: MEMBER.username.toUpperCase(),
      password: STRONG_PASSWORD,
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      type: expect.stringMatching(/\/user-params-invalid$/),
      errors: { username: ['has already been taken'] },
    });
    // The field error leaves the flow alive: the member picks another name.
    const retry = await browser.stepFour(code, {
      username: 'four.taken',
      password: STRONG_PASSWORD,
    });
    expect(retry.status).toBe(200);
  });

  it('answers user-params-invalid for a malformed username and a weak password', async () => {
    const { browser, code } = await codeStep('four-weak@example.org');
    const response = await browser.stepFour(code, { username: 'no spaces', password: 'password' });
    expect(response.status).toBe(422);
    const problem = response.body as Problem;
    expect(problem.type).toMatch(/\/user-params-invalid$/);
    expect(problem.errors?.username).toEqual([
      'may use only letters, digits, dots, dashes and underscores',
    ]);
    expect(problem.errors?.password).toEqual(['Too Weak']);

    const blank = await browser.stepFour(code, { username: ' ', password: STRONG_PASSWORD });
    expect((blank.body as Problem).errors).toEqual({ username: ["Can't be blank."] });
  });

  it('scores a password built from the member’s own names as weak (AMB-20)', async () => {
    const email = 'four-names@example.org';
    const member = await newMember({ email, firstName: 'Bartholomew', lastName: 'Quincyfield' });
    const browser = new FlowBrowser(server, 'register');
    await browser.throughStepTwo(member.proof, 'E-mail');
    const code = await codeSentTo(server, email);
    // Strong for a stranger (score 4), weak once the member's names are user inputs.
    const response = await browser.stepFour(code, {
      username: 'bart.q',
      password: 'BartholomewQuincyfield',
    });
    expect((response.body as Problem).errors?.password).toEqual(['Too Weak']);
  });

  it('answers code errors at step four, which reset the flow in the client', async () => {
    const { browser, code } = await codeStep('four-code@example.org');
    const blank = await browser.stepFour('', { username: 'four.code', password: STRONG_PASSWORD });
    expect((blank.body as Problem).type).toMatch(/\/authentication-code-blank$/);
    const wrong = await browser.stepFour(otherCode(code), {
      username: 'four.code',
      password: STRONG_PASSWORD,
    });
    expect(wrong.body).toMatchObject({
      type: expect.stringMatching(/\/authentication-code-invalid$/),
      errors: { code: ['invalid code'] },
    });
  });

  it('refuses a public key that is not Ed25519 or P-256', async () => {
    const { browser, code } = await codeStep('four-key@example.org');
    const response = await browser.step('four', {
      authentication_code: { code },
      public_key: 'bm90IGEga2V5',
      user: { username: 'four.key', password: STRONG_PASSWORD },
    });
    expect(response.status).toBe(422);
    expect((response.body as Problem).errors?.public_key).toBeDefined();
  });
});

describe('rate limits (429 with Retry-After)', () => {
  it(`allows ${PROOF_IP_LIMIT.max} step ones per address in ${PROOF_IP_LIMIT.windowMs / 60000} minutes`, async () => {
    const ip = freshIp();
    for (let i = 0; i < PROOF_IP_LIMIT.max; i += 1) {
      const response = await new FlowBrowser(server, 'register', ip).stepOne({
        ...registrantProof(),
        member_number: freshMemberNumber(),
      });
      expect(response.status).toBe(422);
    }
    const member = await newMember();
    const limited = await new FlowBrowser(server, 'register', ip).stepOne(member.proof);
    expect(limited.status).toBe(429);
    expect((limited.body as unknown as Problem).type).toMatch(/\/too-many-requests$/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(PROOF_IP_LIMIT.windowMs / 1000);
    // Another address is not held back.
    expect((await new FlowBrowser(server, 'register').stepOne(member.proof)).status).toBe(200);
  });

  const wrongDate = (i: number) =>
    `01/${String((i % 28) + 1).padStart(2, '0')}/${1950 + Math.floor(i / 28)}`;

  it('a stranger cannot block a member: wrong birth dates from many addresses leave the member in', async () => {
    const member = await newMember();
    for (let i = 0; i < PROOF_PAIR_LIMIT.max + 2; i += 1) {
      const guess = await new FlowBrowser(server, 'register').stepOne({
        ...member.proof,
        birth_date: wrongDate(i),
      });
      expect(guess.status).toBe(422);
    }
    expect((await new FlowBrowser(server, 'register').stepOne(member.proof)).status).toBe(200);
  });

  it(`allows ${PROOF_PAIR_LIMIT.max} tries at one member number from one address, then 429 there only`, async () => {
    const member = await newMember();
    const ip = freshIp();
    for (let i = 0; i < PROOF_PAIR_LIMIT.max; i += 1) {
      const guess = await new FlowBrowser(server, 'register', ip).stepOne({
        ...member.proof,
        birth_date: wrongDate(i),
      });
      expect(guess.status).toBe(422);
    }
    const limited = await new FlowBrowser(server, 'register', ip).stepOne(member.proof);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(
      PROOF_PAIR_LIMIT.windowMs / 1000,
    );
    expect((await new FlowBrowser(server, 'register').stepOne(member.proof)).status).toBe(200);
  });

  it(`past ${PROOF_MEMBER_CEILING.max} wrong dates a day, an address that failed is refused and a fresh one answered once`, async () => {
    const member = await newMember();
    const guessers = Array.from({ length: 4 }, () => freshIp());
    for (let i = 0; i < PROOF_MEMBER_CEILING.max; i += 1) {
      const ip = guessers[i % guessers.length];
      const guess = await new FlowBrowser(server, 'register', ip).stepOne({
        ...member.proof,
        birth_date: wrongDate(i),
      });
      expect(guess.status).toBe(422);
    }
    // The guessers have failed at this number: even the right date is refused to them now,
    // and still once their own count has aged out.
    const guesser = await new FlowBrowser(server, 'register', guessers[0]).stepOne(member.proof);
    expect(guesser.status).toBe(429);
    expect(Number(guesser.headers.get('retry-after'))).toBeGreaterThan(
      PROOF_PAIR_LIMIT.windowMs / 1000,
    );
    await server.database.handle.db
      .updateTable('rate_limit_counters')
      .set({ reset_at: Date.now() - 1 })
      .where('key', 'like', 'membership-proof:%:ip:%')
      .where('key', 'not like', '%:failed')
      .execute();
    expect(
      (await new FlowBrowser(server, 'register', guessers[1]).stepOne(member.proof)).status,
    ).toBe(429);
    // A fresh address gets one answer: one wrong guess, then it is refused too.
    const fresh = freshIp();
    const once = await new FlowBrowser(server, 'register', fresh).stepOne({
      ...member.proof,
      birth_date: wrongDate(PROOF_MEMBER_CEILING.max),
    });
    expect(once.status).toBe(422);
    expect((await new FlowBrowser(server, 'register', fresh).stepOne(member.proof)).status).toBe(
      429,
    );
    // The member, from an address that never failed, proves membership.
    expect((await new FlowBrowser(server, 'register').stepOne(member.proof)).status).toBe(200);
  });

  it(`sends at most ${CODE_SEND_LIMIT.max} codes to one member in ${CODE_SEND_LIMIT.windowMs / 60000} minutes`, async () => {
    const member = await newMember();
    const browser = new FlowBrowser(server, 'register');
    const key =
      (await browser.stepOne(member.proof)).body.data.authentication_options[0]?.key ?? '';
    for (let i = 0; i < CODE_SEND_LIMIT.max; i += 1) {
      expect((await browser.stepTwo(key)).status).toBe(200);
    }
    const limited = await browser.stepTwo(key);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CODE_SEND_LIMIT.windowMs / 1000);
    // Another browser at the same address is held back too; the member elsewhere is not.
    const same = new FlowBrowser(server, 'register', browser.ip);
    const sameKey =
      (await same.stepOne(member.proof)).body.data.authentication_options[0]?.key ?? '';
    expect((await same.stepTwo(sameKey)).status).toBe(429);
    const other = new FlowBrowser(server, 'register');
    const otherKey =
      (await other.stepOne(member.proof)).body.data.authentication_options[0]?.key ?? '';
    expect((await other.stepTwo(otherKey)).status).toBe(200);
  });

  it(`past ${CODE_SEND_CEILING.max} codes a day to one member, only an address that sent none gets one`, async () => {
    const member = await newMember();
    // Each sender stays under its own limit, so what refuses it at the end is the member's ceiling.
    const perSender = CODE_SEND_LIMIT.max - 1;
    const senders = Array.from({ length: Math.ceil(CODE_SEND_CEILING.max / perSender) }, () =>
      freshIp(),
    );
    for (let i = 0; i < CODE_SEND_CEILING.max; i += 1) {
      const browser = new FlowBrowser(server, 'register', senders[Math.floor(i / perSender)]);
      const key =
        (await browser.stepOne(member.proof)).body.data.authentication_options[0]?.key ?? '';
      expect((await browser.stepTwo(key)).status).toBe(200);
    }
    const sender = new FlowBrowser(server, 'register', senders[0]);
    const senderKey =
      (await sender.stepOne(member.proof)).body.data.authentication_options[0]?.key ?? '';
    expect((await sender.stepTwo(senderKey)).status).toBe(429);
    const member_ = new FlowBrowser(server, 'register');
    const memberKey =
      (await member_.stepOne(member.proof)).body.data.authentication_options[0]?.key ?? '';
    expect((await member_.stepTwo(memberKey)).status).toBe(200);
  });
});
