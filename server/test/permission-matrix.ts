import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import dayjs from 'dayjs';
import sharp from 'sharp';
import { API_PREFIX, GROUP_CHAT_TYPE } from '../../common/constants.ts';
import { displayName } from '../../common/display-name.ts';
import type { CalendarEventAnswer } from '../../common/schemas/calendar-event.ts';
import type { CreateChatAnswer } from '../../common/schemas/chat.ts';
import type { CommentContainerAnswer } from '../../common/schemas/comment.ts';
import type { PostAnswer } from '../../common/schemas/post.ts';
import { exportPublicKey } from '../auth/signatures.ts';
import {
  ADMIN,
  DEMO_CLUBS,
  DEMO_PASSWORD,
  DEMO_ORGANIZATION_NAME,
  MEMBER,
  MEMBER2,
  SECRETARY,
  WEBMASTER,
} from '../db/seed/personas.ts';
import type {
  AccessEntry,
  ClubKey,
  DemoFinders,
  FlowKind,
  FlowState,
  MatrixContext,
  MatrixFixtures,
  MemberName,
  PersonaName,
} from './access-matrix.ts';
import type { ApiResponse, TestServer } from './api-harness.ts';
import {
  FlowBrowser,
  addRosterMember,
  codeSentTo,
  freshMemberNumber,
  organizationId,
} from './flow-client.ts';
import { signInAs, signInPersonas } from './member-client.ts';
import type { MemberClient } from './member-client.ts';
import { rosterOf } from './party-visibility.ts';
import type { Roster } from './party-visibility.ts';
import { partiesNamedIn, unseenNamePattern, unseenNames, unseenPeople } from './people-named.ts';
import { strayCall } from './route-table.ts';

/*
 * The permission matrix (docs/decisions.md D55): every operation of the OpenAPI document,
 * called by each persona as its route folder's `access.ts` says, its status held to the entry
 * and every 2xx answer's people held to the directory's rule (D37).
 */

interface Persona {
  readonly client: MemberClient;
  readonly userId: number;
  readonly partyId: number;
  readonly username: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * The document's operations as `METHOD /path` below the API prefix, in the document's order;
 * one outside the prefix as `METHOD //path`, from the root, as the harness's calls write it.
 */
export async function documentedOperations(server: TestServer): Promise<string[]> {
  const answer = await server.request<{ paths: Record<string, Record<string, unknown>> }>(
    'GET',
    '/openapi.json',
  );
  if (answer.status !== 200) throw new Error(`openapi.json answered ${answer.status}`);
  return Object.entries(answer.body.paths).flatMap(([documentPath, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map(
      (method) =>
        `${method.toUpperCase()} ${
          documentPath.startsWith(`${API_PREFIX}/`)
            ? documentPath.slice(API_PREFIX.length)
            : `/${documentPath}`
        }`,
    ),
  );
}

/** The document's operations of the route table's administrators' level (`x-access`, D62). */
export async function adminOperations(server: TestServer): Promise<string[]> {
  const answer = await server.request<{
    paths: Record<string, Record<string, { 'x-access'?: string } | undefined>>;
  }>('GET', '/openapi.json');
  return Object.entries(answer.body.paths).flatMap(([documentPath, item]) =>
    METHODS.filter((method) => item[method]?.['x-access'] === 'admin').map(
      (method) => `${method.toUpperCase()} ${documentPath.slice(API_PREFIX.length)}`,
    ),
  );
}

/** An entry as loaded: its folder, and whether it is a further call (`further`, not `access`). */
export interface LoadedEntry {
  readonly folder: string;
  readonly entry: AccessEntry;
  readonly further: boolean;
}

/** Every route folder's entries, `access` then `further`, each with the folder it came from. */
export async function loadAccessEntries(routesDir: string): Promise<LoadedEntry[]> {
  const folders = fs
    .readdirSync(routesDir, { withFileTypes: true })
    .filter((dirent) => dirent.isDirectory())
    .map((dirent) => dirent.name)
    .sort();
  const loaded: LoadedEntry[] = [];
  for (const folder of folders) {
    const file = path.join(routesDir, folder, 'access.ts');
    if (!fs.existsSync(file)) continue;
    const module = (await import(file)) as {
      access?: readonly AccessEntry[];
      further?: readonly AccessEntry[];
    };
    if (!module.access) throw new Error(`${folder}/access.ts exports no \`access\``);
    loaded.push(...module.access.map((entry) => ({ folder, entry, further: false })));
    loaded.push(...(module.further ?? []).map((entry) => ({ folder, entry, further: true })));
  }
  return loaded;
}

/**
 * X: the first account (by id) of a current member of another organisation, one none of the
 * four personas shares (so X opens none of their pages and they none of X's), not an admin.
 */
async function findOutsider(
  server: TestServer,
  roster: Roster,
  personaParties: readonly number[],
): Promise<string> {
  const users = await server.database.handle.db
    .selectFrom('users')
    .select(['username', 'party_id'])
    .where('is_admin', '=', 0)
    .orderBy('id')
    .execute();
  const outsider = users.find(
    (user) =>
      roster.organizationsOf(user.party_id).size > 0 &&
      personaParties.every((party) => !roster.sees(party, user.party_id)),
  );
  if (!outsider) throw new Error('the demo data has no member of another organisation');
  return outsider.username;
}

export interface Matrix {
  /** Calls the operation as the persona; what differs from the entry, one line each. */
  cell(entry: AccessEntry, persona: PersonaName): Promise<string[]>;
}

/**
 * Signs the personas in (once each) and finds X; the server must hold the demo data and trust
 * X-Forwarded-For (the flows' browsers each call from an address of their own).
 */
export async function createMatrix(server: TestServer): Promise<Matrix> {
  const { db } = server.database.handle;
  const signedIn = await signInPersonas(server);
  const startRoster = await rosterOf(db);
  let roster = startRoster;
  const xUsername = await findOutsider(
    server,
    roster,
    Object.values(signedIn).map(({ partyId }) => partyId),
  );
  const xClient = await signInAs(server, xUsername);
  const xUser = await db
    .selectFrom('users')
    .select(['id', 'party_id'])
    .where('username', '=', xUsername)
    .executeTakeFirstOrThrow();
  const personas: Record<MemberName, Persona> = {
    M: { ...signedIn.M, username: MEMBER.username },
    M2: { ...signedIn.M2, username: MEMBER2.username },
    W: { ...signedIn.W, username: WEBMASTER.username },
    A: { ...signedIn.A, username: ADMIN.username },
    S: { ...signedIn.S, username: SECRETARY.username },
    X: { client: xClient, userId: xUser.id, partyId: xUser.party_id, username: xUsername },
  };
  // Every demo account has the one demo password's hash.
  const { password_hash: demoHash } = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', personas.M.userId)
    .executeTakeFirstOrThrow();
  const orgId = await organizationId(server, DEMO_ORGANIZATION_NAME);
  const clubRows = await db
    .selectFrom('clubs')
    .select(['id', 'subdomain'])
    .where('subdomain', 'in', [DEMO_CLUBS.L1, DEMO_CLUBS.L2])
    .execute();
  const clubOf = (subdomain: string) => {
    const row = clubRows.find((club) => club.subdomain === subdomain);
    if (!row) throw new Error(`no demo club ${subdomain}`);
    return row;
  };
  const clubs: Record<ClubKey, { id: number; subdomain: string }> = {
    L1: clubOf(DEMO_CLUBS.L1),
    L2: clubOf(DEMO_CLUBS.L2),
  };
  const today = dayjs().format('YYYY-MM-DD');
  const clubOfX = await db
    .selectFrom('clubs as c')
    .select(['c.id', 'c.subdomain'])
    .where('c.organization_id', 'in', [...roster.organizationsOf(personas.X.partyId)])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('officer_positions as op')
          .innerJoin('officer_terms as ot', 'ot.officer_position_id', 'op.id')
          .select('ot.id')
          .whereRef('op.club_id', '=', 'c.id')
          .where('ot.party_id', 'is not', null)
          .where('ot.from_date', '<=', today)
          .where('ot.to_date', 'is', null),
      ),
    )
    .orderBy('c.id')
    .executeTakeFirstOrThrow();

  const memberNumbers = await db
    .selectFrom('member_statuses')
    .select(['party_id', 'member_number'])
    .where('organization_id', '=', orgId)
    .where(
      'party_id',
      'in',
      Object.values(personas).map(({ partyId }) => partyId),
    )
    .execute();
  const memberNumberOf = (persona: MemberName) => {
    const row = memberNumbers.find(({ party_id }) => party_id === personas[persona].partyId);
    if (!row) throw new Error(`${persona} has no member number in ${DEMO_ORGANIZATION_NAME}`);
    return row.member_number;
  };

  const shared = new Map<string, Promise<unknown>>();
  let counter = 0;
  let png: Promise<string> | undefined;

  const demo: DemoFinders = {
    club: (key) => clubs[key],
    clubOfX: () => clubOfX,
    organizationId: () => orgId,
    memberNumberOf,
    async event(club, name) {
      const row = await db
        .selectFrom('calendar_events')
        .select('id')
        .where('club_id', '=', clubs[club].id)
        .where('name', '=', name)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async clubPost(club, access) {
      const row = await db
        .selectFrom('posts')
        .select('id')
        .where('club_id', '=', clubs[club].id)
        .where('type', '=', 'ClubPost')
        .where('access', '=', access)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async noticeOf(persona) {
      const row = await db
        .selectFrom('notices')
        .select('id')
        .where('party_id', '=', personas[persona].partyId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async containerOfPost(postId) {
      const row = await db
        .selectFrom('posts')
        .select('comment_container_id')
        .where('id', '=', postId)
        .executeTakeFirstOrThrow();
      return row.comment_container_id;
    },
  };

  async function flow(kind: FlowKind, step: 'one' | 'two' | 'three' | 'four'): Promise<FlowState> {
    counter += 1;
    const email = `matrix-${kind}-${counter}@example.org`;
    const member = await addRosterMember(server, {
      organizationId: orgId,
      memberNumber: freshMemberNumber(),
      birthDate: '1955-02-11',
      email,
      club: DEMO_CLUBS.L1,
      ...(kind === 'reset'
        ? { account: { username: `matrix-reset-${counter}`, passwordHash: demoHash } }
        : {}),
    });
    const browser = new FlowBrowser(server, kind);
    const state = {
      cookie: '',
      headers: { 'x-forwarded-for': browser.ip },
      proof: member.proof,
      optionKey: '',
      code: '',
      publicKey: browser.publicKey,
    };
    if (step === 'one') return state;
    const one = await browser.stepOne(member.proof);
    const optionKey = one.body.data.authentication_options.find((option) =>
      option.label.startsWith('E-mail'),
    )?.key;
    if (one.status !== 200 || !optionKey) throw new Error(`step one failed: ${one.text}`);
    if (step === 'two') return { ...state, cookie: browser.cookie ?? '', optionKey };
    const two = await browser.stepTwo(optionKey);
    if (two.status !== 200) throw new Error(`step two failed: ${two.text}`);
    const code = await codeSentTo(server, email);
    if (step === 'three') return { ...state, cookie: browser.cookie ?? '', optionKey, code };
    const three = await browser.stepThree(code);
    if (three.status !== 200) throw new Error(`step three failed: ${three.text}`);
    return { ...state, cookie: browser.cookie ?? '', optionKey, code };
  }

  async function ok<T>(persona: MemberName, method: string, at: string, body?: unknown) {
    const answer = await personas[persona].client.request<T>(
      method,
      at,
      body === undefined ? {} : { body },
    );
    if (answer.status >= 300) {
      throw new Error(`fixture ${method} ${at} as ${persona}: ${answer.status} ${answer.text}`);
    }
    return answer.body;
  }

  function once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let made = shared.get(key) as Promise<T> | undefined;
    if (!made) shared.set(key, (made = make()));
    return made;
  }

  const fixtures: MatrixFixtures = {
    async lodgePostOfM2() {
      counter += 1;
      const { data } = await ok<PostAnswer>('M2', 'POST', '/posts', {
        post: {
          post_as: 'MEMBER',
          access: String(clubs.L1.id),
          new_body: `<p>A word to the lodge, number ${counter}.</p>`,
          allows_comments: true,
        },
      });
      return { id: data.post.id, containerId: data.post.comment_container.id };
    },
    sharedLodgePostOfM2: () => once('lodge post of M2', () => fixtures.lodgePostOfM2()),
    async commentOfM2(containerId) {
      counter += 1;
      const { data } = await ok<CommentContainerAnswer>('M2', 'POST', '/comments', {
        comment: { comment_container_id: containerId, comment: `Comment number ${counter}.` },
      });
      const mine = data.comment_container.comments.filter(
        (comment) => comment.party_id === personas.M2.partyId,
      );
      const newest = Math.max(...mine.map((comment) => comment.id));
      if (!Number.isFinite(newest)) throw new Error('the new comment is not in the answer');
      return newest;
    },
    async eventOfL2(access) {
      counter += 1;
      const { data } = await ok<CalendarEventAnswer>('W', 'POST', '/calendar_events', {
        calendar_event: {
          club_id: clubs.L2.id,
          name: `Lodge Supper ${counter}`,
          location: '1 Lodge St, Columbus, OH',
          new_description: '<p>Supper before the meeting.</p>',
          access,
          start_date_string: '05/16/2027',
          start_time_string: '6:00pm',
          end_date_string: '05/16/2027',
          end_time_string: '7:00pm',
          time_zone_id: 1,
          allows_comments: true,
          photos_attributes: [],
        },
      });
      return data.calendar_event.id;
    },
    sharedLodgeOnlyEventOfL2: () =>
      once('lodge-only event of L2', () => fixtures.eventOfL2('CLUB')),
    async groupChatOfM() {
      const made = await ok<CreateChatAnswer>('M', 'POST', '/chats.json', {
        chat: { type: GROUP_CHAT_TYPE },
      });
      await ok('M', 'POST', '/party_chats.json', {
        party_chat: { chat_id: made.data.chat.id, party_id: personas.M2.partyId },
      });
      return made.data.chat.id;
    },
    sharedGroupChatOfM: () => once('group chat of M', () => fixtures.groupChatOfM()),
  };

  const ctx: MatrixContext = {
    demoPassword: DEMO_PASSWORD,
    freshSession: (persona) => signInAs(server, personas[persona].username),
    partyOf: (persona) => personas[persona].partyId,
    usernameOf: (persona) => personas[persona].username,
    ok,
    once,
    unique: () => (counter += 1),
    pngBase64: () =>
      (png ??= sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
        .png()
        .toBuffer()
        .then((bytes) => bytes.toString('base64'))),
    publicKey: () => exportPublicKey(crypto.generateKeyPairSync('ed25519').publicKey),
    flow,
    async restorePassword(persona) {
      await db
        .updateTable('users')
        .set({ password_hash: demoHash })
        .where('id', '=', personas[persona].userId)
        .execute();
    },
    demo,
    fixtures,
  };

  // Every party's names as answers give them: the display name, and the full name officers
  // are listed by (D40). With the clubs' and organisations' names, which may be a person's.
  const partyNames = (
    await db
      .selectFrom('parties')
      .select(['id', 'first_name', 'middle_name', 'last_name', 'suffix', 'preferred_name'])
      .execute()
  ).map((party) => ({
    id: party.id,
    names: [displayName(party), displayName({ ...party, preferred_name: null })],
  }));
  const placeNames = [
    ...(await db.selectFrom('clubs').select(['name', 'formal_name']).execute()).flatMap((club) => [
      club.name,
      club.formal_name,
    ]),
    ...(await db.selectFrom('organizations').select('name').execute()).map(({ name }) => name),
  ];
  const namePatterns = new Map<PersonaName, RegExp | undefined>();

  /**
   * The names of the people the persona may not see, as one pattern, made on the persona's
   * first answer from the roster as it stood when the matrix began.
   */
  function unseenNamesOf(persona: PersonaName): RegExp | undefined {
    if (namePatterns.has(persona)) return namePatterns.get(persona);
    const viewer = persona === 'visitor' ? undefined : personas[persona].partyId;
    const hidden: string[] = [];
    const known: string[] = [...placeNames];
    for (const { id, names } of partyNames) {
      (viewer !== undefined && startRoster.sees(viewer, id) ? known : hidden).push(...names);
    }
    const pattern = unseenNamePattern(hidden, known);
    namePatterns.set(persona, pattern);
    return pattern;
  }

  /** D37 as the tests' second opinion computes it; a party added since is read again. */
  async function sees(viewer: PersonaName, partyId: number): Promise<boolean> {
    if (viewer === 'visitor') return false;
    const party = personas[viewer].partyId;
    if (roster.sees(party, partyId)) return true;
    roster = await rosterOf(db);
    return roster.sees(party, partyId);
  }

  type Sent = { answer: ApiResponse; after?: () => Promise<void> } | { stray: string };

  async function send(entry: AccessEntry, persona: PersonaName): Promise<Sent> {
    const [method = ''] = entry.operation.split(' ');
    const request = await entry.request(ctx, persona);
    // The method is the entry's; the address is the entry's to choose, so it is held to the
    // operation before anything is sent: a call elsewhere would leave the operation untested.
    const stray = strayCall(entry.operation, request.path);
    if (stray !== undefined) return { stray };
    const body = request.body === undefined ? {} : { body: request.body };
    if (persona === 'visitor') {
      const headers = { ...request.headers, ...(request.cookie ? { cookie: request.cookie } : {}) };
      return {
        answer: await server.request(method, request.path, { ...body, headers }),
        after: request.after,
      };
    }
    const client = request.client ?? personas[persona].client;
    const answer = await client.request(method, request.path, {
      ...body,
      ...(request.headers ? { headers: { ...request.headers } } : {}),
      ...(request.cookie ? { cookie: `${client.cookie}; ${request.cookie}` } : {}),
    });
    return { answer, after: request.after };
  }

  return {
    async cell(entry, persona) {
      const expected = entry.expect[persona];
      // S is called where the entry says what S gets (server/test/access-matrix.ts).
      if (expected === undefined) return [];
      const sent = await send(entry, persona);
      if ('stray' in sent) return [`${persona}: ${sent.stray}`];
      const { answer, after } = sent;
      await after?.();
      const wrong: string[] = [];
      if (answer.status !== expected) {
        wrong.push(
          `${persona}: ${answer.status}, expected ${expected} (${answer.text.slice(0, 160)})`,
        );
      }
      if (answer.status < 200 || answer.status >= 300) return wrong;
      const allowed = entry.mayName ?? [];
      if (answer.body !== undefined) {
        const named = new Map<number, boolean>();
        for (const { partyId } of partiesNamedIn(answer.body)) {
          if (!named.has(partyId)) named.set(partyId, await sees(persona, partyId));
        }
        const leaks = unseenPeople(answer.body, (partyId) => named.get(partyId) ?? false, allowed);
        wrong.push(...leaks.map((leak) => `${persona}: ${leak}`));
      }
      // Names given without an id (a status card, an officer, a chat's last line) are found
      // only in the text; an answer that is not JSON (a calendar file) is searched as it is.
      const names = unseenNamesOf(persona);
      if (names) {
        const leaks = unseenNames(answer.body ?? answer.text, names, allowed);
        wrong.push(...leaks.map((leak) => `${persona}: ${leak}`));
      }
      return wrong;
    },
  };
}
