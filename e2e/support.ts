/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, request, test, type Cookie, type Page, type Response } from '@playwright/test';
import { ROLE_WEBMASTER } from '../common/constants.ts';
import type { CalendarEventAnswer } from '../common/schemas/calendar-event.ts';
import { exportPublicKey, signRequest } from '../server/auth/signatures.ts';
import { DEMO_PASSWORD, WEBMASTER } from '../server/db/seed/personas.ts';

/** Shared steps of the browser tests: signing in as a person would, and reading the outbox. */

export const API = '/api/private/mobile/v1';
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export function heading(page: Page, name: string | RegExp) {
  return page.getByRole('heading', { level: 1, name });
}

/** The signed-in top bar's link to My Account: the avatar and the first name (NAV-03). */
export function accountLink(page: Page) {
  return page.getByTestId('account-link');
}

export async function fillSignIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** On /user/signIn: types the two fields and presses Sign In. */
export async function submitSignIn(page: Page, username: string, password: string) {
  await fillSignIn(page, username, password);
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Signs in and waits for the signed-in shell. Given `at` (a path under /app), it opens that screen
 * signed out, so the guard remembers it and sign-in lands there (SIGNIN-03): one load of the app
 * instead of two, which is most of a test's work on a busy machine.
 */
export async function signInAs(page: Page, username: string, password: string, at?: string) {
  await page.goto(at ?? '/app/user/signIn');
  await expect(heading(page, 'Sign In')).toBeVisible();
  await submitSignIn(page, username, password);
  await expect(accountLink(page)).toBeVisible();
  if (at) await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === at);
}

/** A persona's server session, made once per worker and carried into each test's own context. */
interface PersonaSession {
  username: string;
  /** The session cookie as Playwright keeps it, to add to a context. */
  cookies: Cookie[];
  privateKey: crypto.KeyObject;
  /** base64 DER: PKCS#8 of the private key, SPKI of the public key. */
  privateKeyPkcs8: string;
  publicKeySpki: string;
  appPublicKey: string;
}

// A Playwright worker is one process that runs its tests one after another, so this module's
// map holds one session per persona per worker (D60); a new worker (after a failure) signs in anew.
const personaSessions = new Map<string, Promise<PersonaSession>>();

async function signInOverHttp(baseURL: string, username: string): Promise<PersonaSession> {
  const keyPair = crypto.generateKeyPairSync('ed25519');
  const publicKeySpki = exportPublicKey(keyPair.publicKey);
  const context = await request.newContext({ baseURL });
  try {
    const answer = await context.post(`${API}/session.json`, {
      headers: { Accept: 'application/json' },
      data: { user: { username, password: DEMO_PASSWORD, public_key: publicKeySpki } },
    });
    expect(answer.status(), `sign-in as ${username}`).toBe(200);
    const body = (await answer.json()) as { data: { app_public_key: string } };
    const { cookies } = await context.storageState();
    return {
      username,
      cookies,
      privateKey: keyPair.privateKey,
      privateKeyPkcs8: keyPair.privateKey
        .export({ format: 'der', type: 'pkcs8' })
        .toString('base64'),
      publicKeySpki,
      appPublicKey: body.data.app_public_key,
    };
  } finally {
    await context.dispose();
  }
}

/** Whether the server still knows the session: a signed GET /session.json, as the app's start-up. */
async function stillSignedIn(baseURL: string, session: PersonaSession): Promise<boolean> {
  const target = `${API}/session.json`;
  const { salt, signature } = signRequest(session.privateKey, 'GET', target, '');
  const cookie = session.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  const answer = await fetch(`${baseURL}${target}`, {
    headers: { cookie, 'x-salt': salt, 'x-signature': signature, Accept: 'application/json' },
  });
  return answer.status === 200;
}

async function personaSession(baseURL: string, username: string): Promise<PersonaSession> {
  const key = `${baseURL} ${username}`;
  const cached = personaSessions.get(key);
  // A test that signs out or ends sessions leaves the next one a dead session: sign in again.
  if (cached && (await stillSignedIn(baseURL, await cached))) return cached;
  const fresh = signInOverHttp(baseURL, username);
  personaSessions.set(key, fresh);
  fresh.catch(() => personaSessions.delete(key));
  return fresh;
}

/**
 * Opens `at` (a path under /app; /app/calendar, where sign-in lands, by default) signed in as a
 * demo persona WITHOUT the sign-in form (D60): the worker's session for that persona (one
 * sign-in, one argon2 hash, per persona per worker) goes into this page's own context as the
 * app keeps it, the session cookie and the key pair in IndexedDB under a non-extractable
 * private key, and the app restores it at start-up as after a reload (AMB-03). The test keeps
 * its own context (its viewport, routes, clock, permissions). Use it in every test that is not
 * about signing in; a test about signing in, out, registration, reset or sessions ending uses
 * signInAs, the form.
 */
export async function openAs(page: Page, username: string, at = '/app/calendar'): Promise<void> {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error("openAs needs the project's baseURL (e2e/playwright.config.ts).");
  const session = await personaSession(baseURL, username);
  await page.context().addCookies(session.cookies);
  // The keys are written from the test's own page, on the app's origin: /readyz, the smallest
  // answer the server has. A second page to write them cost as much as the sign-in form (D60).
  // It leaves /readyz in the page's history before `at`, which no test goes back to.
  await page.goto('/readyz');
  await page.evaluate(
    async ({ privateKeyPkcs8, publicKeySpki, appPublicKey }) => {
      const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const algorithm = { name: 'Ed25519' };
      const keyPair = {
        privateKey: await crypto.subtle.importKey(
          'pkcs8',
          bytes(privateKeyPkcs8),
          algorithm,
          false,
          ['sign'],
        ),
        publicKey: await crypto.subtle.importKey('spki', bytes(publicKeySpki), algorithm, true, [
          'verify',
        ]),
      };
      // The record web/http/session-keys.ts keeps: database 'lodgehall' v1, store 'session'.
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('lodgehall', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('session');
        open.onerror = () => reject(open.error ?? new Error('IndexedDB open failed'));
        open.onsuccess = () => {
          const db = open.result;
          const transaction = db.transaction('session', 'readwrite');
          transaction
            .objectStore('session')
            .put({ keyPair, algorithm: 'Ed25519', appPublicKey, savedAt: Date.now() }, 'current');
          transaction.oncomplete = () => {
            db.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed'));
        };
      });
    },
    {
      privateKeyPkcs8: session.privateKeyPkcs8,
      publicKeySpki: session.publicKeySpki,
      appPublicKey: session.appPublicKey,
    },
  );
  await page.goto(at);
  await expect(accountLink(page)).toBeVisible();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === at);
}

/** The badge counts an answer's x-user-metadata header carries (META-01). */
export function userMetadata(response: Response): {
  unseen_notice_count: number | null;
  unseen_chat_messages_count: number | null;
} | null {
  const header = response.headers()['x-user-metadata'];
  if (!header) return null;
  return JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as {
    unseen_notice_count: number | null;
    unseen_chat_messages_count: number | null;
  };
}

/**
 * The newest six-digit code the server kept in its outbox for `to` (an e-mail address or a
 * telephone number), read as a developer would: `npm run lodgehall -- outbox --last N` on the
 * e2e server's data folder. An e-mail goes out through the job queue just after the answer
 * (D79), so the outbox is read again for a few seconds until it holds one.
 */
export async function readCodeFromOutbox(to: string): Promise<string> {
  const dataDir = process.env.LODGEHALL_E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('LODGEHALL_E2E_DATA_DIR is not set (see e2e/playwright.config.ts).');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const output = execFileSync('npm', ['run', '-s', 'lodgehall', '--', 'outbox', '--last', '10'], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    const code = newestCodeTo(output, to);
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No code for ${to} in the outbox:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** In the outbox command's output, the newest code to `to`. */
function newestCodeTo(output: string, to: string): string | undefined {
  // Messages are printed newest last, each starting with a `--- <time>  <channel>  to <to>` line.
  const messages = output.split(/^--- /m).slice(1);
  const digits = to.replace(/\D/g, '');
  for (const message of messages.reverse()) {
    const [firstLine = '', ...rest] = message.split('\n');
    const recipient = firstLine.split(' to ').at(-1)?.trim() ?? '';
    const matches =
      recipient === to || (digits.length >= 7 && recipient.replace(/\D/g, '') === digits);
    if (!matches) continue;
    const code = /\b(\d{6})\b/.exec(rest.join('\n'))?.[1];
    if (code) return code;
  }
  return undefined;
}

/** How far the page scrolls sideways (0 when it fits). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Axe's findings at WCAG 2.2 AA and its best practices, on the page or the part `include` names. */
export async function axeViolations(
  page: Page,
  options: { include?: string; seriousOnly?: boolean } = {},
): Promise<string[]> {
  // Axe reads colours as painted: a dialog or menu still fading in shows blended ones (a red
  // button read 3.4:1 halfway through its modal's transition), so let every transition end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (options.include) builder.include(options.include);
  const { violations } = await builder.analyze();
  return violations
    .filter(
      (violation) =>
        !options.seriousOnly || violation.impact === 'serious' || violation.impact === 'critical',
    )
    .map(
      (violation) =>
        `${violation.id} (${violation.impact ?? ''}): ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join(', ')}`,
    );
}

/** The serious and critical findings only: what the screens' tests hold at zero. */
export function seriousAxeViolations(page: Page, include?: string): Promise<string[]> {
  return axeViolations(page, { seriousOnly: true, ...(include ? { include } : {}) });
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON answer; undefined for an empty one (a 204). */
  json: unknown;
}

export interface ApiClient {
  /** A signed call that must succeed; resolves with its JSON answer. */
  call<T>(method: string, path: string, body?: unknown): Promise<T>;
  /** A signed call, whatever its answer. */
  request(method: string, path: string, body?: unknown): Promise<ApiAnswer>;
  /** The member's first leaf lodge (a member post goes to one, AMB-09). */
  lodgeId: number;
  /** The first lodge the member is webmaster of, or null. */
  webmasterLodgeId: number | null;
}

/**
 * Signs in over HTTP as a non-browser client would (docs/architecture.md §5) and signs every
 * call: how a test makes the records it writes on, apart from the demo data others read.
 */
export async function apiSignIn(baseURL: string, username: string): Promise<ApiClient> {
  const keyPair = crypto.generateKeyPairSync('ed25519');
  const signIn = await fetch(`${baseURL}${API}/session.json`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      user: { username, password: DEMO_PASSWORD, public_key: exportPublicKey(keyPair.publicKey) },
    }),
  });
  expect(signIn.status, `sign-in as ${username}`).toBe(200);
  const cookie = /lodgehall_session=[^;]+/.exec(signIn.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error('no session cookie');
  const answer = (await signIn.json()) as {
    data: {
      user: { clubs: { id: number; is_leaf: boolean; club_member_role_names: string[] }[] };
    };
  };
  const clubs = answer.data.user.clubs;
  const request = async (method: string, path: string, body?: unknown): Promise<ApiAnswer> => {
    const text = body === undefined ? '' : JSON.stringify(body);
    const target = `${API}${path}`;
    const { salt, signature } = signRequest(keyPair.privateKey, method, target, text);
    const response = await fetch(`${baseURL}${target}`, {
      method,
      headers: {
        cookie,
        'x-salt': salt,
        'x-signature': signature,
        Accept: 'application/json',
        ...(text ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(text ? { body: text } : {}),
    });
    const answerText = await response.text();
    let json: unknown = undefined;
    try {
      json = answerText === '' ? undefined : (JSON.parse(answerText) as unknown);
    } catch {
      json = answerText;
    }
    return { status: response.status, headers: response.headers, json };
  };
  return {
    lodgeId: clubs.find((club) => club.is_leaf)?.id ?? 0,
    webmasterLodgeId:
      clubs.find((club) => club.club_member_role_names.includes(ROLE_WEBMASTER))?.id ?? null,
    request,
    async call<T>(method: string, path: string, body?: unknown): Promise<T> {
      const answer = await request(method, path, body);
      expect(
        answer.status < 300,
        `${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`,
      ).toBe(true);
      return answer.json as T;
    },
  };
}

/** MM/DD/YYYY, `days` from today by the UTC calendar (far enough ahead to be upcoming anywhere). */
export function wireDate(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(date.getUTCDate()).padStart(2, '0');
  return `${mm}/${dd}/${date.getUTCFullYear()}`;
}

export interface FreshEvent {
  id: number;
  name: string;
  lodge: string;
  webmaster: ApiClient;
}

/**
 * A new, unannounced PUBLIC event of W's lodge, 6:00pm to 9:30pm Eastern in 20 days, with W as
 * its author, made through the API: a test that writes on an event, or must know one, uses its
 * own rather than racing the screen for a demo event's id.
 */
export async function freshEvent(baseURL: string, allowsComments = true): Promise<FreshEvent> {
  const webmaster = await apiSignIn(baseURL, WEBMASTER.username);
  if (webmaster.webmasterLodgeId === null) throw new Error('W is no lodge’s webmaster');
  const name = `Ladies' Night ${crypto.randomUUID().slice(0, 8)}`;
  const answer = await webmaster.call<CalendarEventAnswer>('POST', '/calendar_events', {
    calendar_event: {
      club_id: webmaster.webmasterLodgeId,
      name,
      location: 'Lodge hall, 45 High Street',
      new_description: '<p>Dinner at six, then <strong>dancing</strong>. Families welcome.</p>',
      access: 'PUBLIC',
      start_date_string: wireDate(20),
      start_time_string: '6:00pm',
      end_date_string: wireDate(20),
      end_time_string: '9:30pm',
      time_zone_id: 1,
      allows_comments: allowsComments,
    },
  });
  const created = answer.data.calendar_event;
  return { id: created.id, name, lodge: created.club.name, webmaster };
}

/**
 * CONSOLE_SHOTS=/tmp/shots saves the page at 390 and 1280 px as `<name>-<width>.png`, for a
 * person to look at; without it, nothing.
 */
export async function shootConsole(page: Page, name: string): Promise<void> {
  const folder = process.env.CONSOLE_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${folder}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

/** At a phone's width the page itself never scrolls sideways. */
export async function fitsAPhone(page: Page): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => sidewaysOverflow(page)).toBe(0);
  await page.setViewportSize(size);
}
