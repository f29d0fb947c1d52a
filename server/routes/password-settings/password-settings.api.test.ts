import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPublicKey } from '../../auth/signatures.ts';
import { ADMIN, DEMO_PASSWORD, MEMBER, MEMBER2, WEBMASTER } from '../../db/seed/personas.ts';
import { PASSWORD_CHANGE_LIMIT } from '../../services/passwords.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import type { Problem } from '../../test/flow-client.ts';
import { seedDemoData, signInAs } from '../../test/member-client.ts';

const NEW_PASSWORD = 'granite willow signal teapot';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
});

afterAll(async () => {
  await server.close();
});

function change(current: string, password: string, confirmation = password) {
  return {
    password_setting: {
      current_password: current,
      password,
      password_confirmation: confirmation,
    },
  };
}

function signInAttempt(username: string, password: string) {
  const publicKey = exportPublicKey(crypto.generateKeyPairSync('ed25519').publicKey);
  return server.request('POST', '/session.json', {
    body: { user: { username, password, public_key: publicKey } },
  });
}

describe('POST /password_settings (PWD-02, API-REG-10)', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const here = await signInAs(server, MEMBER2.username);
    const elsewhere = await signInAs(server, MEMBER2.username);
    const response = await here.request('POST', '/password_settings', {
      body: change(DEMO_PASSWORD, NEW_PASSWORD),
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: {} });
    expect(response.headers.get('x-user-metadata')).not.toBeNull();

    expect((await here.request('GET', '/session.json')).status).toBe(200);
    expect((await elsewhere.request('GET', '/session.json')).status).toBe(401);
    expect((await signInAttempt(MEMBER2.username, DEMO_PASSWORD)).status).toBe(401);
    expect((await signInAttempt(MEMBER2.username, NEW_PASSWORD)).status).toBe(200);

    const audit = await server.database.handle.db
      .selectFrom('audit_log')
      .select(['action', 'subject_type'])
      .where('action', '=', 'password.changed')
      .execute();
    expect(audit).toEqual([{ action: 'password.changed', subject_type: 'User' }]);
  });

  it('answers a wrong current password under current_password (ERR-55)', async () => {
    const member = await signInAs(server, MEMBER.username);
    const response = await member.request<Problem>('POST', '/password_settings', {
      body: change('not my password', NEW_PASSWORD),
    });
    expect(response.status).toBe(422);
    expect(response.body.type).toMatch(/\/unprocessable-entity-error$/);
    expect(response.body.errors).toEqual({ current_password: ['is incorrect'] });
  });

  it('answers every field error at once: wrong current, weak password and no match', async () => {
    const member = await signInAs(server, MEMBER.username);
    const response = await member.request<Problem>('POST', '/password_settings', {
      body: change('wrong', 'password', 'passw0rd'),
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      current_password: ['is incorrect'],
      password: ['Too Weak'],
      password_confirmation: ['Does Not Match'],
    });
  });

  it('answers a blank current password in words, not zod’s (VAL-47)', async () => {
    const member = await signInAs(server, MEMBER.username);
    const response = await member.request<Problem>('POST', '/password_settings', {
      body: change('', NEW_PASSWORD),
    });
    expect(response.status).toBe(422);
    expect(response.body.type).toMatch(/\/unprocessable-entity-error$/);
    expect(response.body.errors).toEqual({ current_password: ["Can't be blank."] });
  });

  it('scores the member’s own names as weak (AMB-20, AMB-21)', async () => {
    const member = await signInAs(server, MEMBER.username);
    const response = await member.request<Problem>('POST', '/password_settings', {
      body: change(DEMO_PASSWORD, 'DanielWhitfield'),
    });
    expect(response.body.errors).toEqual({ password: ['Too Weak'] });
    // Nothing changed.
    expect((await signInAttempt(MEMBER.username, DEMO_PASSWORD)).status).toBe(200);
  });

  it('needs a signed session', async () => {
    const member = await signInAs(server, MEMBER.username);
    const unsigned = await member.request('POST', '/password_settings', {
      body: change(DEMO_PASSWORD, NEW_PASSWORD),
      unsigned: true,
    });
    expect(unsigned.status).toBe(401);
    const visitor = await server.request('POST', '/password_settings', {
      body: change(DEMO_PASSWORD, NEW_PASSWORD),
    });
    expect(visitor.status).toBe(401);
  });

  it(`allows ${PASSWORD_CHANGE_LIMIT.max} wrong current passwords in a row, then 429 with Retry-After`, async () => {
    const member = await signInAs(server, WEBMASTER.username);
    for (let i = 0; i < PASSWORD_CHANGE_LIMIT.max; i += 1) {
      const wrong = await member.request('POST', '/password_settings', {
        body: change(`guess ${i}`, NEW_PASSWORD),
      });
      expect(wrong.status).toBe(422);
    }
    // Even the right password gets no answer now, so the limit cannot be used as an oracle.
    const limited = await member.request<Problem>('POST', '/password_settings', {
      body: change(DEMO_PASSWORD, NEW_PASSWORD),
    });
    expect(limited.status).toBe(429);
    expect(limited.body.type).toMatch(/\/too-many-requests$/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(PASSWORD_CHANGE_LIMIT.windowMs / 1000);
  });

  it('counts only wrong current passwords: a right one starts the count again', async () => {
    const member = await signInAs(server, ADMIN.username);
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < PASSWORD_CHANGE_LIMIT.max - 1; i += 1) {
        await member.request('POST', '/password_settings', { body: change('guess', NEW_PASSWORD) });
      }
      const weak = await member.request<Problem>('POST', '/password_settings', {
        body: change(DEMO_PASSWORD, 'weak'),
      });
      expect(weak.body.errors).toEqual({ password: ['Too Weak'] });
    }
  });
});
