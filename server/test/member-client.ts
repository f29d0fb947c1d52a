import crypto from 'node:crypto';
import { API_PREFIX, USER_METADATA_HEADER } from '../../common/constants.ts';
import type { UserMetadata } from '../../common/schemas/session.ts';
import { exportPublicKey, signRequest } from '../auth/signatures.ts';
import { hashPassword } from '../auth/passwords.ts';
import {
  ADMIN,
  DEMO_PASSWORD,
  MEMBER,
  MEMBER2,
  SECRETARY,
  WEBMASTER,
} from '../db/seed/personas.ts';
import { seedDemo } from '../db/seed/index.ts';
import type { ApiResponse, HttpTarget, RequestOptions, TestServer } from './api-harness.ts';

export interface SignedRequestOptions extends RequestOptions {
  /** Send no X-SALT / X-SIGNATURE (to test refusals). */
  unsigned?: boolean;
  /** Override the salt (stale, replayed or malformed salts). */
  salt?: string;
  /** Sign this path instead of the one sent (tampering). */
  signPath?: string;
  /** Sign with another key. */
  signWith?: crypto.KeyObject;
  /** Send this cookie header instead of the member's. */
  cookie?: string;
}

export interface MemberClient {
  readonly cookie: string;
  readonly keyPair: crypto.KeyPairKeyObjectResult;
  readonly signIn: ApiResponse<unknown>;
  request<T = unknown>(
    method: string,
    path: string,
    options?: SignedRequestOptions,
  ): Promise<ApiResponse<T>>;
}

let demoHash: Promise<string> | undefined;

/** Seeds the demo data set (one argon2 hash per test run, not per file). */
export async function seedDemoData(server: TestServer): Promise<void> {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  await seedDemo(server.database.handle.db, {
    passwordHash: await demoHash,
    now: Date.UTC(2026, 10, 22, 12),
  });
}

export function sessionCookieOf(response: ApiResponse<unknown>): string {
  const setCookie = response.headers.get('set-cookie') ?? '';
  const match = /lodgehall_session=([^;]+)/.exec(setCookie);
  if (!match) throw new Error(`no session cookie in ${setCookie}`);
  return `lodgehall_session=${match[1]}`;
}

/**
 * A member as a real client would be: signs in over HTTP with a fresh Ed25519 (or P-256) key,
 * then signs every request exactly as docs/architecture.md §5 says.
 */
export async function signInAs(
  server: HttpTarget,
  username: string,
  password = DEMO_PASSWORD,
  keyType: 'ed25519' | 'p256' = 'ed25519',
): Promise<MemberClient> {
  const keyPair =
    keyType === 'ed25519'
      ? crypto.generateKeyPairSync('ed25519')
      : crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signIn = await server.request('POST', '/session.json', {
    body: { user: { username, password, public_key: exportPublicKey(keyPair.publicKey) } },
  });
  if (signIn.status !== 200) throw new Error(`sign-in as ${username} failed: ${signIn.text}`);
  return memberOn(server, sessionCookieOf(signIn), keyPair, signIn);
}

/** The same signed-in member (cookie and key) calling another node (api-harness.ts). */
export function sameMemberOn(client: MemberClient, server: HttpTarget): MemberClient {
  return memberOn(server, client.cookie, client.keyPair, client.signIn);
}

function memberOn(
  server: HttpTarget,
  cookie: string,
  keyPair: crypto.KeyPairKeyObjectResult,
  signIn: ApiResponse<unknown>,
): MemberClient {
  return {
    cookie,
    keyPair,
    signIn,
    async request<T>(method: string, path: string, options: SignedRequestOptions = {}) {
      const body =
        options.rawBody ?? (options.body === undefined ? '' : JSON.stringify(options.body));
      const headers: Record<string, string> = {
        cookie: options.cookie ?? cookie,
        ...options.headers,
      };
      if (!options.unsigned) {
        const signed = signRequest(
          options.signWith ?? keyPair.privateKey,
          method,
          `${API_PREFIX}${options.signPath ?? path}`,
          body,
          options.salt === undefined ? {} : { salt: options.salt },
        );
        headers['x-salt'] = signed.salt;
        headers['x-signature'] = signed.signature;
      }
      return server.request<T>(method, path, {
        headers,
        ...(body === '' ? {} : { rawBody: body }),
      });
    },
  };
}

/** The demo personas; S is the secretary of Harmony Lodge No. 412 (the console, issue 23). */
export type PersonaKey = 'M' | 'M2' | 'W' | 'A' | 'S';

export interface SignedInPersona {
  readonly client: MemberClient;
  readonly userId: number;
  readonly partyId: number;
}

/** The five demo personas (M, M2, W, A, S) signed in, with their user and party ids. */
export async function signInPersonas(
  server: TestServer,
): Promise<Record<PersonaKey, SignedInPersona>> {
  const usernames: Record<PersonaKey, string> = {
    M: MEMBER.username,
    M2: MEMBER2.username,
    W: WEBMASTER.username,
    A: ADMIN.username,
    S: SECRETARY.username,
  };
  const entries = await Promise.all(
    (Object.entries(usernames) as [PersonaKey, string][]).map(async ([key, username]) => {
      const [client, row] = await Promise.all([
        signInAs(server, username),
        server.database.handle.db
          .selectFrom('users')
          .select(['id', 'party_id'])
          .where('username', '=', username)
          .executeTakeFirstOrThrow(),
      ]);
      return [key, { client, userId: row.id, partyId: row.party_id }] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<PersonaKey, SignedInPersona>;
}

/** The member's unseen-notice count (the notices badge), as the next answer's x-user-metadata says. */
export async function unseenNoticesOf(client: MemberClient): Promise<number> {
  const response = await client.request('GET', '/session.json');
  const value = response.headers.get(USER_METADATA_HEADER);
  if (!value) throw new Error('no x-user-metadata');
  const metadata = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as UserMetadata;
  return metadata.unseen_notice_count ?? 0;
}

/** A seeded club's id by its subdomain (DEMO_CLUBS). */
export async function clubIdOf(server: TestServer, subdomain: string): Promise<number> {
  const row = await server.database.handle.db
    .selectFrom('clubs')
    .select('id')
    .where('subdomain', '=', subdomain)
    .executeTakeFirstOrThrow();
  return row.id;
}
