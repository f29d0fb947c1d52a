import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPublicKey } from '../../auth/signatures.ts';
import { MEMBER, MEMBER2, WEBMASTER } from '../../db/seed/personas.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { seedDemoData, signInAs } from '../../test/member-client.ts';
import type { MemberClient } from '../../test/member-client.ts';
import type { User } from '../../../common/schemas/session.ts';
import { membershipNotActive } from '../../../common/messages.ts';

interface Problem {
  type: string;
  status: number;
  title: string;
  errors?: Record<string, string[]>;
}

let server: TestServer;
let member: MemberClient;

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server);
  member = await signInAs(server, MEMBER.username);
});

afterAll(async () => {
  await server.close();
});

function publicKey(): string {
  return exportPublicKey(crypto.generateKeyPairSync('ed25519').publicKey);
}

function metadataOf(headers: Headers): unknown {
  const value = headers.get('x-user-metadata');
  return value === null ? null : JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
}

describe('POST /session.json (API-SESS-01, SIGNIN-05)', () => {
  it('signs in with username, password and public key, answering user and app_public_key', () => {
    const body = member.signIn.body as { data: { user: User; app_public_key: string } };
    expect(member.signIn.status).toBe(200);
    expect(body.data.app_public_key).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const appKey = crypto.createPublicKey({
      key: Buffer.from(body.data.app_public_key, 'base64'),
      format: 'der',
      type: 'spki',
    });
    expect(appKey.asymmetricKeyType).toBe('ed25519');
    expect(body.data.user).toMatchObject({
      username: MEMBER.username,
      is_admin: false,
      party: { first_name: MEMBER.firstName, last_name: MEMBER.lastName },
    });
    expect(body.data.user.party.display_name).toBe('Daniel Thomas Whitfield');
  });

  it('lists the clubs with roles, leaf flag, address and time zone (ENT-03, ENT-11)', () => {
    const { user } = (member.signIn.body as { data: { user: User } }).data;
    const lodge = user.clubs.find((club) => club.is_leaf);
    expect(lodge).toMatchObject({
      name: expect.stringContaining('Harmony'),
      club_member_role_names: ['user'],
      time_zone_id: expect.any(Number),
    });
    expect(lodge?.full_address).toMatch(/, [A-Z]{2} \d{5}/);
    expect(user.status_club_ids.length).toBeGreaterThan(0);
  });

  it('sets the session in an HttpOnly, SameSite=Lax cookie', () => {
    const cookie = member.signIn.headers.get('set-cookie') ?? '';
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
  });

  it('answers the same 401 for a wrong password, an unknown user and a blank one', async () => {
    const attempts = [
      { username: MEMBER.username, password: 'wrong password' },
      { username: 'nobody-here', password: 'correct-horse-lodge' },
    ];
    const answers = [];
    for (const attempt of attempts) {
      const response = await server.request<Problem>('POST', '/session.json', {
        body: { user: { ...attempt, public_key: publicKey() } },
      });
      answers.push(response);
    }
    for (const response of answers) {
      expect(response.status).toBe(401);
      expect(response.body.type).toMatch(/\/invalid-credentials$/);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    expect(answers[0]?.text).toBe(answers[1]?.text);
  });

  it('keeps each password sign-in of an account in the audit log: signed in, wrong password; none for an unknown name', async () => {
    const { db } = server.database.handle;
    const rows = () =>
      db
        .selectFrom('audit_log as a')
        .innerJoin('users as u', 'u.party_id', 'a.party_id')
        .select(['a.action', 'a.actor_user_id', 'a.ip'])
        .where('u.username', '=', MEMBER2.username)
        .where('a.action', 'like', 'session.%')
        .orderBy('a.id')
        .execute();
    const before = (await rows()).length;
    const wrong = await server.request<Problem>('POST', '/session.json', {
      body: { user: { username: MEMBER2.username, password: 'not it', public_key: publicKey() } },
    });
    expect(wrong.status).toBe(401);
    await signInAs(server, MEMBER2.username);
    const unknown = await server.request<Problem>('POST', '/session.json', {
      body: { user: { username: 'nobody-at-all', password: 'x', public_key: publicKey() } },
    });
    expect(unknown.status).toBe(401);
    const after = (await rows()).slice(before);
    expect(after.map((row) => row.action)).toEqual(['session.sign_in_failed', 'session.signed_in']);
    expect(after.every((row) => row.actor_user_id !== null && row.ip !== null)).toBe(true);
  });

  it('ignores the case of the username', async () => {
    const client = await signInAs(server, WEBMASTER.username.toUpperCase());
    expect(client.signIn.status).toBe(200);
  });

  it('refuses a public key that is not Ed25519 or P-256 with a field error', async () => {
    const rsa = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
    const response = await server.request<Problem>('POST', '/session.json', {
      body: {
        user: {
          username: MEMBER.username,
          password: 'correct-horse-lodge',
          public_key: exportPublicKey(rsa.publicKey),
        },
      },
    });
    expect(response.status).toBe(422);
    expect(response.body.type).toMatch(/\/unprocessable-entity-error$/);
    expect(response.body.errors?.public_key).toEqual(['must be an Ed25519 or P-256 key']);
  });

  it('accepts a P-256 key where Ed25519 is missing', async () => {
    const client = await signInAs(server, MEMBER2.username, undefined, 'p256');
    const response = await client.request('GET', '/session.json');
    expect(response.status).toBe(200);
  });
});

describe('GET /session.json (API-SESS-02, META-05)', () => {
  it('answers the user to a signed call, with x-user-metadata', async () => {
    const response = await member.request<{ data: { user: User } }>('GET', '/session.json');
    expect(response.status).toBe(200);
    expect(response.body.data.user.username).toBe(MEMBER.username);
    expect(metadataOf(response.headers)).toEqual({
      unseen_notice_count: expect.any(Number),
      unseen_chat_messages_count: expect.any(Number),
    });
  });

  it('counts real unseen notices and chat messages (the demo gives M some of each)', async () => {
    const response = await member.request('GET', '/session.json');
    const metadata = metadataOf(response.headers) as Record<string, number>;
    expect(metadata.unseen_notice_count).toBeGreaterThan(0);
    expect(metadata.unseen_chat_messages_count).toBeGreaterThan(0);
  });

  it('refuses a visitor without a session', async () => {
    const response = await server.request<Problem>('GET', '/session.json');
    expect(response.status).toBe(401);
    expect(response.body.type).toMatch(/\/unauthorized$/);
    expect(response.headers.get('x-user-metadata')).toBeNull();
  });
});

describe('request signatures (API-GEN-05, API-GEN-06, AMB-02)', () => {
  it('refuses a call without X-SALT and X-SIGNATURE: a stolen cookie alone gets nothing', async () => {
    expect((await member.request('GET', '/session.json', { unsigned: true })).status).toBe(401);
  });

  it('refuses a signature over another path (a tampered URL)', async () => {
    const response = await member.request('GET', '/session.json', {
      signPath: '/session.json?x=1',
    });
    expect(response.status).toBe(401);
  });

  it('refuses a signature made by a key that is not the session’s', async () => {
    const other = crypto.generateKeyPairSync('ed25519').privateKey;
    expect((await member.request('GET', '/session.json', { signWith: other })).status).toBe(401);
  });

  it('refuses a salt more than five minutes old', async () => {
    const stale = `${Date.now() - 6 * 60 * 1000}.${crypto.randomBytes(16).toString('hex')}`;
    expect((await member.request('GET', '/session.json', { salt: stale })).status).toBe(401);
  });

  it('refuses a malformed salt', async () => {
    expect((await member.request('GET', '/session.json', { salt: 'yesterday' })).status).toBe(401);
  });

  it('refuses a replayed salt, even with a good signature', async () => {
    const salt = `${Date.now()}.${crypto.randomBytes(16).toString('hex')}`;
    expect((await member.request('GET', '/session.json', { salt })).status).toBe(200);
    expect((await member.request('GET', '/session.json', { salt })).status).toBe(401);
  });

  it('refuses a good signature sent with another member’s cookie', async () => {
    const other = await signInAs(server, MEMBER2.username);
    const response = await member.request('GET', '/session.json', { cookie: other.cookie });
    expect(response.status).toBe(401);
  });
});

describe('members who may not sign in', () => {
  it('refuses sign-in to a member with no active status: why with the right password, the usual 401 without', async () => {
    const { db } = server.database.handle;
    const user = await db
      .selectFrom('users')
      .select('party_id')
      .where('username', '=', WEBMASTER.username)
      .executeTakeFirstOrThrow();
    const signedIn = await signInAs(server, WEBMASTER.username);
    await db
      .updateTable('member_statuses')
      .set({ status: 'suspended' })
      .where('party_id', '=', user.party_id)
      .execute();
    try {
      const response = await server.request<Problem>('POST', '/session.json', {
        body: {
          user: {
            username: WEBMASTER.username,
            password: 'correct-horse-lodge',
            public_key: publicKey(),
          },
        },
      });
      // Only the account's holder learns why (D66).
      expect(response.status).toBe(403);
      expect(response.body.type).toMatch(/\/membership-not-active$/);
      expect(response.body.title).toBe(membershipNotActive('suspended'));
      const refused = await db
        .selectFrom('audit_log')
        .select(['detail'])
        .where('action', '=', 'session.sign_in_refused')
        .where('party_id', '=', user.party_id)
        .execute();
      expect(refused.map((row) => JSON.parse(row.detail ?? '{}'))).toEqual([
        { status: 'suspended' },
      ]);
      const wrong = await server.request<Problem>('POST', '/session.json', {
        body: {
          user: { username: WEBMASTER.username, password: 'wrong-horse', public_key: publicKey() },
        },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body.type).toMatch(/\/invalid-credentials$/);
      // A member who turns inactive loses access at once: standing is checked on every call.
      expect((await signedIn.request('GET', '/session.json')).status).toBe(401);
    } finally {
      await db
        .updateTable('member_statuses')
        .set({ status: 'active' })
        .where('party_id', '=', user.party_id)
        .execute();
    }
  });
});

describe('DELETE /session.json (API-SESS-03)', () => {
  it('signs out: the session ends on the server', async () => {
    const client = await signInAs(server, MEMBER2.username);
    const response = await client.request('DELETE', '/session.json');
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toContain('lodgehall_session=;');
    expect((await client.request('GET', '/session.json')).status).toBe(401);
  });
});

describe('public routes called by a signed-in member (AMB-51)', () => {
  it('answers a signed call as to the member, with x-user-metadata', async () => {
    const response = await member.request('GET', '/organizations.json');
    expect(response.status).toBe(200);
    expect(metadataOf(response.headers)).toMatchObject({ unseen_notice_count: expect.any(Number) });
  });

  it('answers an unsigned call as to a visitor, without metadata', async () => {
    const response = await server.request('GET', '/organizations.json', {
      headers: { cookie: member.cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-user-metadata')).toBeNull();
  });

  it('refuses a call whose signature is bad', async () => {
    const other = crypto.generateKeyPairSync('ed25519').privateKey;
    expect((await member.request('GET', '/organizations.json', { signWith: other })).status).toBe(
      401,
    );
  });
});
