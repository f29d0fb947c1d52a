import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STREAM_EVENT_BADGES } from '../../../common/schemas/chat.ts';
import type { User } from '../../../common/schemas/session.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { exportPublicKey } from '../../auth/signatures.ts';
import {
  DEMO_ORGANIZATION_NAME,
  DEMO_PASSWORD,
  DEMO_REGISTRANT,
  MEMBER,
  MEMBER2,
} from '../../db/seed/personas.ts';
import { CODE_SEND_LIMIT } from '../../services/membership-codes.ts';
import { MEMBERSHIP_NOT_MATCHED, PROOF_IP_LIMIT } from '../../services/membership-proof.ts';
import { NO_ACCOUNT_TO_RESET, NOT_ACTIVE_TO_RESET } from '../../services/password-reset.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { openEventStream } from '../../test/event-stream-client.ts';
import type { OpenedStream } from '../../test/event-stream-client.ts';
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

const NEW_PASSWORD = 'copper meadow violin harbor';

let server: TestServer;
let orgId: number;
let accountHash: string;
const streams: OpenedStream[] = [];

beforeAll(async () => {
  server = await startTestServer({
    // No heartbeat during these tests: a reset must close an old session's stream by itself.
    env: { TRUST_PROXY: 'true', EVENT_STREAM_HEARTBEAT_MS: '3600000' },
  });
  await seedDemoData(server);
  orgId = await organizationId(server, DEMO_ORGANIZATION_NAME);
  accountHash = await hashPassword(DEMO_PASSWORD);
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  await server.close();
});

beforeEach(async () => {
  await server.database.handle.db.deleteFrom('rate_limit_counters').execute();
});

let count = 0;

/** A member with an account (password DEMO_PASSWORD), an e-mail and a mobile. */
function memberWithAccount(overrides: Partial<RosterMember> = {}) {
  count += 1;
  return addRosterMember(server, {
    organizationId: orgId,
    memberNumber: freshMemberNumber(),
    birthDate: '1948-12-01',
    email: `resetter${count}@example.org`,
    cellPhone: `61455508${String(count).padStart(2, '0')}`,
    club: 'harmony412',
    account: { username: `resetter${count}`, passwordHash: accountHash },
    ...overrides,
  });
}

async function codeStep(email: string) {
  const member = await memberWithAccount({ email });
  const browser = new FlowBrowser(server, 'reset');
  await browser.throughStepTwo(member.proof, 'E-mail');
  return { browser, member, code: await codeSentTo(server, email) };
}

function signInAttempt(username: string, password: string) {
  const publicKey = exportPublicKey(crypto.generateKeyPairSync('ed25519').publicKey);
  return server.request('POST', '/session.json', {
    body: { user: { username, password, public_key: publicKey } },
    headers: { 'x-forwarded-for': freshIp() },
  });
}

describe('password reset end to end (REG-01, REG-08, API-REG-01..04)', () => {
  it('resets M’s password, signs in, and ends every other session', async () => {
    const elsewhere = await signInAs(server, MEMBER.username);
    expect((await elsewhere.request('GET', '/session.json')).status).toBe(200);

    const browser = new FlowBrowser(server, 'reset');
    const proof: Proof = {
      organization_id: orgId,
      member_number: MEMBER.memberNumber,
      birth_date: usDate(MEMBER.birthDate),
    };
    const one = await browser.stepOne(proof);
    expect(one.status).toBe(200);
    expect(one.body.data.authentication_options.map((o) => o.label)).toEqual([
      'E-mail d*****.w********@e******.com',
      'E-mail d*****.w********@w***.e******.com',
      'Text message to (***) ***-**42',
    ]);
    expect(one.headers.getSetCookie().join('\n')).toContain(
      'Path=/api/private/mobile/v1/password_reset_request',
    );

    const two = await browser.stepTwo(one.body.data.authentication_options[0]?.key ?? '');
    expect(two.status).toBe(200);
    expect(two.body.data.selected_authentication_option_anonymized).toBe(
      'd*****.w********@e******.com',
    );
    const code = await codeSentTo(server, MEMBER.email);
    expect((await browser.stepThree(code)).status).toBe(200);

    const four = await browser.stepFour(code, { password: NEW_PASSWORD });
    expect(four.status).toBe(200);
    const body = four.body as { data: { user: User; app_public_key: string } };
    expect(body.data.user.username).toBe(MEMBER.username);
    expect(body.data.app_public_key.length).toBeGreaterThan(0);
    expect(four.headers.getSetCookie().join('\n')).toMatch(/lodgehall_reset=;/);

    // The new session works; the old one has ended.
    const session = browser.signedClient(four);
    expect((await session.request('GET', '/session.json')).status).toBe(200);
    expect((await elsewhere.request('GET', '/session.json')).status).toBe(401);

    expect((await signInAttempt(MEMBER.username, DEMO_PASSWORD)).status).toBe(401);
    expect((await signInAttempt(MEMBER.username, NEW_PASSWORD)).status).toBe(200);

    const audit = await server.database.handle.db
      .selectFrom('audit_log')
      .select(['action', 'ip'])
      .where('action', '=', 'password.reset')
      .execute();
    expect(audit).toEqual([{ action: 'password.reset', ip: browser.ip }]);
  });

  it('closes the event streams of every session it ends at once, not at their next heartbeat (D43)', async () => {
    const email = 'streams@example.org';
    const member = await memberWithAccount({ email });
    const username = `resetter${count}`;
    const phone = await signInAs(server, username);
    const laptop = await signInAs(server, username);
    const opened = await Promise.all([
      openEventStream(server, phone),
      openEventStream(server, phone),
      openEventStream(server, laptop),
    ]);
    streams.push(...opened);
    for (const stream of opened) {
      expect(stream.status).toBe(200);
      await stream.waitFor((message) => message.event === STREAM_EVENT_BADGES);
    }

    const browser = new FlowBrowser(server, 'reset');
    await browser.throughStepTwo(member.proof, 'E-mail');
    const code = await codeSentTo(server, email);
    expect((await browser.stepThree(code)).status).toBe(200);
    const four = await browser.stepFour(code, { password: NEW_PASSWORD });
    expect(four.status).toBe(200);

    // The heartbeat is an hour away: only the reset's session_end can end these.
    await Promise.all(opened.map((stream) => stream.ended));
    expect((await phone.request('GET', '/session.json')).status).toBe(401);
    const ended = await server.database.handle.db
      .selectFrom('bus_events')
      .select(['kind', 'payload'])
      .where('kind', '=', 'session_end')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const sessions = await server.database.handle.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', member.userId ?? -1)
      .execute();
    // The new session of step four is the member's only one, and not among those ended.
    expect(sessions).toHaveLength(1);
    const endedIds = (JSON.parse(ended.payload) as { session_ids: number[] }).session_ids;
    expect(endedIds).toHaveLength(2);
    expect(endedIds).not.toContain(sessions[0]?.id);
    expect((await browser.signedClient(four).request('GET', '/session.json')).status).toBe(200);
  });

  it('sends a reset code by text message too', async () => {
    const member = await memberWithAccount({ cellPhone: '6145550866' });
    const browser = new FlowBrowser(server, 'reset');
    expect(await browser.throughStepTwo(member.proof, 'Text message')).toBe('(***) ***-**66');
    const code = await codeSentTo(server, '6145550866');
    const four = await browser.stepFour(code, { password: NEW_PASSWORD });
    expect(four.status).toBe(200);
  });
});

describe('step one errors (ERR-44..48)', () => {
  it('answers password-reset-request-invalid-verification-service for an unknown organisation', async () => {
    const response = await new FlowBrowser(server, 'reset').stepOne({
      organization_id: 424_242,
      member_number: MEMBER2.memberNumber,
      birth_date: usDate(MEMBER2.birthDate),
    });
    expect(response.status).toBe(422);
    const problem = response.body as unknown as Problem;
    expect(problem.type).toMatch(/\/password-reset-request-invalid-verification-service$/);
    expect(problem.errors?.base).toHaveLength(1);
  });

  it('answers password-reset-request-user-parameters-invalid for a wrong birth date', async () => {
    const response = await new FlowBrowser(server, 'reset').stepOne({
      organization_id: orgId,
      member_number: MEMBER2.memberNumber,
      birth_date: '09/03/1957',
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      type: expect.stringMatching(/\/password-reset-request-user-parameters-invalid$/),
      title: MEMBERSHIP_NOT_MATCHED,
      status: 422,
      errors: {
        member_number: ['does not match our records'],
        birth_date: ['does not match our records'],
        base: [MEMBERSHIP_NOT_MATCHED],
      },
    });
  });

  it('gives field errors for a malformed body under the same type', async () => {
    const response = await new FlowBrowser(server, 'reset').step('one', {
      password_reset_request: { organization_id: 'one', member_number: '', birth_date: '1/2/1950' },
    });
    const problem = response.body as Problem;
    expect(problem.type).toMatch(/\/password-reset-request-user-parameters-invalid$/);
    expect(Object.keys(problem.errors ?? {}).sort()).toEqual([
      'base',
      'birth_date',
      'member_number',
      'organization_id',
    ]);
  });

  it('refuses a member without an account and says to register', async () => {
    const response = await new FlowBrowser(server, 'reset').stepOne({
      organization_id: orgId,
      member_number: DEMO_REGISTRANT.memberNumber,
      birth_date: usDate(DEMO_REGISTRANT.birthDate),
    });
    const problem = response.body as unknown as Problem;
    expect(problem.type).toMatch(/\/password-reset-request-user-parameters-invalid$/);
    expect(problem.errors?.base).toEqual([NO_ACCOUNT_TO_RESET]);
  });

  it('refuses a member who may not sign in', async () => {
    const member = await memberWithAccount({ status: 'suspended' });
    const response = await new FlowBrowser(server, 'reset').stepOne(member.proof);
    expect((response.body as unknown as Problem).errors?.base).toEqual([NOT_ACTIVE_TO_RESET]);
  });

  it('answers password-reset-request-user-not-reachable with the secretary', async () => {
    const member = await memberWithAccount({ email: null, cellPhone: null, club: 'olentangy614' });
    const response = await new FlowBrowser(server, 'reset').stepOne(member.proof);
    expect(response.status).toBe(422);
    const problem = response.body as unknown as Problem;
    expect(problem.type).toMatch(/\/password-reset-request-user-not-reachable$/);
    expect(problem.club_contact).toEqual({
      name: 'Raymond Earl Kowalski',
      phone: '6145550163',
    });
  });
});

describe('steps two to four errors (ERR-50..54)', () => {
  it('answers contact-option-choice-not-available on contact_option_key', async () => {
    const member = await memberWithAccount();
    const browser = new FlowBrowser(server, 'reset');
    const one = await browser.stepOne(member.proof);
    const response = await browser.stepTwo('stale');
    expect(response.body).toMatchObject({
      type: expect.stringMatching(/\/contact-option-choice-not-available$/),
      errors: { contact_option_key: ['choice no longer available'] },
      authentication_options: one.body.data.authentication_options,
    });
  });

  it('answers code errors on auth_token_attempt', async () => {
    const { browser, code } = await codeStep('reset-codes@example.org');
    expect((await browser.stepThree(' ')).body).toMatchObject({
      type: expect.stringMatching(/\/authentication-code-blank$/),
      errors: { auth_token_attempt: ["can't be blank"] },
    });
    expect((await browser.stepThree(otherCode(code))).body).toMatchObject({
      type: expect.stringMatching(/\/authentication-code-invalid$/),
      errors: { auth_token_attempt: ['invalid code'] },
    });
    expect(
      (await browser.stepFour(otherCode(code), { password: NEW_PASSWORD })).body,
    ).toMatchObject({ type: expect.stringMatching(/\/authentication-code-invalid$/) });
  });

  it('answers password-parameters-invalid-error for a weak or unconfirmed password', async () => {
    const { browser, code, member } = await codeStep('reset-weak@example.org');
    const weak = await browser.stepFour(code, { password: 'password1', confirmation: 'password2' });
    expect(weak.status).toBe(422);
    expect(weak.body).toMatchObject({
      type: expect.stringMatching(/\/password-parameters-invalid-error$/),
      errors: { password: ['Too Weak'], password_confirmation: ['Does Not Match'] },
    });
    const mismatch = await browser.stepFour(code, {
      password: NEW_PASSWORD,
      confirmation: `${NEW_PASSWORD}!`,
    });
    expect((mismatch.body as Problem).errors).toEqual({
      password_confirmation: ['Does Not Match'],
    });
    // Field errors cost no try and leave the flow alive.
    const good = await browser.stepFour(code, {
      password: ` ${NEW_PASSWORD} `,
      confirmation: NEW_PASSWORD,
    });
    expect(good.status).toBe(200);
    const username = `resetter${count}`;
    const row = await server.database.handle.db
      .selectFrom('users')
      .select('password_changed_at')
      .where('party_id', '=', member.partyId)
      .executeTakeFirstOrThrow();
    expect(row.password_changed_at).not.toBeNull();
    // Stored trimmed (VAL-20).
    expect((await signInAttempt(username, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses the used code afterwards, and any step without the flow cookie', async () => {
    const { browser, code } = await codeStep('reset-reuse@example.org');
    const cookie = browser.cookie;
    expect((await browser.stepFour(code, { password: NEW_PASSWORD })).status).toBe(200);
    browser.cookie = cookie;
    expect(((await browser.stepThree(code)).body as Problem).type).toMatch(/\/flow-expired$/);
    const stranger = new FlowBrowser(server, 'reset');
    expect(
      ((await stranger.stepFour(code, { password: NEW_PASSWORD })).body as Problem).type,
    ).toMatch(/\/flow-expired$/);
  });

  it('keeps registration and reset flows apart', async () => {
    const { browser, code } = await codeStep('reset-apart@example.org');
    const registration = new FlowBrowser(server, 'register', browser.ip);
    registration.cookie =
      browser.cookie?.replace('lodgehall_reset', 'lodgehall_registration') ?? null;
    const response = await registration.stepThree(code);
    expect((response.body as Problem).type).toMatch(/\/flow-expired$/);
  });
});

describe('rate limits', () => {
  it(`allows ${PROOF_IP_LIMIT.max} reset step ones per address`, async () => {
    const ip = freshIp();
    for (let i = 0; i < PROOF_IP_LIMIT.max; i += 1) {
      await new FlowBrowser(server, 'reset', ip).stepOne({
        organization_id: orgId,
        member_number: freshMemberNumber(),
        birth_date: '01/01/1950',
      });
    }
    const limited = await new FlowBrowser(server, 'reset', ip).stepOne({
      organization_id: orgId,
      member_number: MEMBER2.memberNumber,
      birth_date: usDate(MEMBER2.birthDate),
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it(`sends at most ${CODE_SEND_LIMIT.max} reset codes to one member from one address (Mastodon's anchor)`, async () => {
    const member = await memberWithAccount();
    const ip = freshIp();
    for (let i = 0; i < CODE_SEND_LIMIT.max; i += 1) {
      await new FlowBrowser(server, 'reset', ip).throughStepTwo(member.proof);
    }
    const browser = new FlowBrowser(server, 'reset', ip);
    const one = await browser.stepOne(member.proof);
    const limited = await browser.stepTwo(one.body.data.authentication_options[0]?.key ?? '');
    expect(limited.status).toBe(429);
    expect((limited.body as unknown as Problem).type).toMatch(/\/too-many-requests$/);
    // The member, from an address that sent no code, still gets one: a stranger who knows the
    // birth date cannot block the reset.
    await new FlowBrowser(server, 'reset').throughStepTwo(member.proof);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CODE_SEND_LIMIT.windowMs / 1000);
  });
});
