import { searchKeysOf } from '../../common/member-search.ts';
import crypto from 'node:crypto';
import { birthDateFromIso } from '../../common/birth-date.ts';
import { API_PREFIX } from '../../common/constants.ts';
import { exportPublicKey, signRequest } from '../auth/signatures.ts';
import type { ContactKind, MemberStatusValue } from '../db/schema.ts';
import { drainJobs } from './api-harness.ts';
import type { ApiResponse, TestServer } from './api-harness.ts';
import { sessionCookieOf } from './member-client.ts';

/*
 * Test helpers for registration and password reset: a browser that keeps the flow cookie
 * between the four steps (from an address of its own, so the per-address limits of one test do
 * not reach another; the server must trust X-Forwarded-For), reading codes from the outbox,
 * and members added to the roster for a single test.
 */

export interface Problem {
  type: string;
  title: string;
  status: number;
  errors?: Record<string, string[]>;
  authentication_options?: { label: string; key: string }[];
  club_contact?: { name: string; phone: string | null } | null;
}

export type FlowKind = 'register' | 'reset';

const FLOW_COOKIES: Record<FlowKind, string> = {
  register: 'lodgehall_registration',
  reset: 'lodgehall_reset',
};

const STEP_PATHS: Record<FlowKind, string> = {
  register: '/users',
  reset: '/password_reset_request',
};

let nextAddress = 1;

/** A fresh address in 198.18.0.0/15 (benchmarking space), one per browser. */
export function freshIp(): string {
  nextAddress += 1;
  return `198.18.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
}

export class FlowBrowser {
  /** `name=value` of the flow cookie, or null before step one. */
  cookie: string | null = null;
  readonly keyPair = crypto.generateKeyPairSync('ed25519');

  constructor(
    readonly server: TestServer,
    readonly kind: FlowKind,
    readonly ip = freshIp(),
  ) {}

  get publicKey(): string {
    return exportPublicKey(this.keyPair.publicKey);
  }

  async step<T = unknown>(step: 'one' | 'two' | 'three' | 'four', body: unknown) {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip };
    if (this.cookie) headers.cookie = this.cookie;
    const response = await this.server.request<T>('POST', `${STEP_PATHS[this.kind]}/step_${step}`, {
      body,
      headers,
    });
    const name = FLOW_COOKIES[this.kind];
    for (const line of response.headers.getSetCookie()) {
      const match = new RegExp(`^${name}=([^;]*)`).exec(line);
      if (match) this.cookie = match[1] ? `${name}=${match[1]}` : null;
    }
    return response;
  }

  stepOne(proof: Proof) {
    return this.step<{ data: { authentication_options: { label: string; key: string }[] } }>(
      'one',
      this.kind === 'register' ? { new_user: proof } : { password_reset_request: proof },
    );
  }

  stepTwo(key: string) {
    return this.step<{ data: { selected_authentication_option_anonymized: string } }>(
      'two',
      this.kind === 'register'
        ? { contact_option_choice: { id: key } }
        : { password_reset_request: { contact_option_key: key } },
    );
  }

  stepThree(code: string) {
    return this.step(
      'three',
      this.kind === 'register'
        ? { authentication_code: { code } }
        : { password_reset_request: { auth_token_attempt: code } },
    );
  }

  /** Registration: username and password. Reset: password and confirmation. */
  stepFour(code: string, fields: { username?: string; password: string; confirmation?: string }) {
    return this.step(
      'four',
      this.kind === 'register'
        ? {
            authentication_code: { code },
            public_key: this.publicKey,
            user: { username: fields.username ?? '', password: fields.password },
          }
        : {
            public_key: this.publicKey,
            password_reset_request: {
              auth_token_attempt: code,
              password: fields.password,
              password_confirmation: fields.confirmation ?? fields.password,
            },
          },
    );
  }

  /** Steps one and two with the first option (or the one whose label starts with `prefix`). */
  async throughStepTwo(proof: Proof, prefix = ''): Promise<string> {
    const one = await this.stepOne(proof);
    if (one.status !== 200) throw new Error(`step one failed: ${one.text}`);
    const option = one.body.data.authentication_options.find((o) => o.label.startsWith(prefix));
    if (!option) throw new Error(`no option starting with ${prefix}`);
    const two = await this.stepTwo(option.key);
    if (two.status !== 200) throw new Error(`step two failed: ${two.text}`);
    return two.body.data.selected_authentication_option_anonymized;
  }

  /** A signed client for the session step four opened. */
  signedClient(stepFour: ApiResponse<unknown>) {
    const cookie = sessionCookieOf(stepFour);
    const { privateKey } = this.keyPair;
    return {
      cookie,
      request: <T = unknown>(method: string, path: string, body?: unknown) => {
        const text = body === undefined ? '' : JSON.stringify(body);
        const signed = signRequest(privateKey, method, `${API_PREFIX}${path}`, text);
        return this.server.request<T>(method, path, {
          headers: { cookie, 'x-salt': signed.salt, 'x-signature': signed.signature },
          ...(text === '' ? {} : { rawBody: text }),
        });
      },
    };
  }
}

export interface Proof {
  organization_id: number;
  member_number: string;
  birth_date: string;
}

/** 'YYYY-MM-DD' → 'MM/DD/YYYY', as the form sends it. */
export const usDate = birthDateFromIso;

/**
 * The six-digit code of the newest outbox message to this address or number, once the job
 * queue has sent the mail (D79).
 */
export async function codeSentTo(server: TestServer, to: string): Promise<string> {
  await drainJobs(server);
  const row = await server.database.handle.db
    .selectFrom('outbox_messages')
    .select('body')
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const code = row ? /\b(\d{6})\b/.exec(row.body)?.[1] : undefined;
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** A code that is not the right one. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

export async function organizationId(server: TestServer, name: string): Promise<number> {
  const row = await server.database.handle.db
    .selectFrom('organizations')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface RosterMember {
  organizationId: number;
  memberNumber: string;
  birthDate: string;
  firstName?: string;
  lastName?: string;
  preferredName?: string | null;
  status?: MemberStatusValue;
  email?: string | null;
  cellPhone?: string | null;
  homePhone?: string | null;
  /** Subdomain of a club the member belongs to. */
  club?: string | null;
  /** An account with this username (password hash given). */
  account?: { username: string; passwordHash: string };
}

let nextNumber = 1;

/** A unique member number for a test's own roster member. */
export function freshMemberNumber(): string {
  nextNumber += 1;
  return `9${String(process.pid % 1000).padStart(3, '0')}${String(nextNumber).padStart(4, '0')}`;
}

/** Adds a member to the roster (and optionally contacts, a club and an account). */
export async function addRosterMember(
  server: TestServer,
  member: RosterMember,
): Promise<{ partyId: number; proof: Proof; userId: number | null }> {
  const { db } = server.database.handle;
  const now = Date.now();
  const first = member.firstName ?? 'Test';
  const last = member.lastName ?? 'Member';
  const party = await db
    .insertInto('parties')
    .values({
      first_name: first,
      middle_name: null,
      last_name: last,
      suffix: null,
      preferred_name: member.preferredName ?? null,
      ...searchKeysOf({
        first_name: first,
        last_name: last,
        preferred_name: member.preferredName ?? null,
      }),
      birth_date: member.birthDate,
      avatar_key: null,
      avatar_medium_key: null,
      left_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('member_statuses')
    .values({
      party_id: party.id,
      organization_id: member.organizationId,
      member_number: member.memberNumber,
      title: 'Master Mason',
      status: member.status ?? 'active',
      color: '#2b8a3e',
      updated_at: now,
    })
    .execute();
  const typeId = async (kind: ContactKind, name: string) =>
    (
      await db
        .selectFrom('contact_types')
        .select('id')
        .where('kind', '=', kind)
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;
  if (member.email) {
    await db
      .insertInto('emails')
      .values({
        party_id: party.id,
        contact_type_id: await typeId('email', 'PersonalEmail'),
        address: member.email,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  for (const [name, number] of [
    ['CellPhone', member.cellPhone],
    ['HomePhone', member.homePhone],
  ] as const) {
    if (!number) continue;
    await db
      .insertInto('phones')
      .values({
        party_id: party.id,
        contact_type_id: await typeId('phone', name),
        number,
        extension: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  if (member.club) {
    const club = await db
      .selectFrom('clubs')
      .select('id')
      .where('subdomain', '=', member.club)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('memberships')
      .values({
        party_id: party.id,
        club_id: club.id,
        member_number: member.memberNumber,
        joined_on: '2001-01-01',
        left_at: null,
        created_at: now,
      })
      .execute();
  }
  let userId: number | null = null;
  if (member.account) {
    const user = await db
      .insertInto('users')
      .values({
        party_id: party.id,
        username: member.account.username,
        username_key: member.account.username.toLowerCase(),
        password_hash: member.account.passwordHash,
        created_at: now,
        updated_at: now,
        last_sign_in_at: null,
        password_changed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = user.id;
  }
  return {
    partyId: party.id,
    userId,
    proof: {
      organization_id: member.organizationId,
      member_number: member.memberNumber,
      birth_date: usDate(member.birthDate),
    },
  };
}
