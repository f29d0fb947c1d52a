/// <reference lib="dom" />
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type Request } from '@playwright/test';
import {
  CHANGE_PASSWORD_TITLE,
  NEW_PASSWORD_LABEL,
  PASSWORD_STRENGTH_CHECKING,
  PASSWORD_TOO_WEAK,
} from '../common/messages.ts';
import { API, heading, signInAs } from './support.ts';

/**
 * Issue 8 §3, the first screen: sent compressed and cached right, a visitor downloads only
 * what About and Sign In need, and the password rule's dictionaries wait for the first
 * character of a new password.
 *
 * Which chunk holds which module comes from the build's own record,
 * dist/web/.vite/manifest.json (web/vite.config.ts), not from file names.
 */

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

const manifestFile = fileURLToPath(new URL('../dist/web/.vite/manifest.json', import.meta.url));
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;

function chunk(key: string): ManifestChunk {
  const found = manifest[key];
  if (!found) throw new Error(`${key} is not in the build's manifest`);
  return found;
}

/** The files a module needs at once: its chunk, its styles, and those of its static imports. */
function filesNeededBy(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return new Set();
  seen.add(key);
  const entry = chunk(key);
  const files = new Set([entry.file, ...(entry.css ?? [])]);
  for (const imported of entry.imports ?? []) {
    for (const file of filesNeededBy(imported, seen)) files.add(file);
  }
  return files;
}

const ENTRY = 'index.html';
const VISITOR_SCREENS = ['pages/about/AboutPage.tsx', 'pages/sign-in/SignInPage.tsx'];
const PASSWORD_RULE = '../common/password-strength.ts';

/** Every script and stylesheet the page fetches from the app's assets, as paths under /app/. */
function recordAssets(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/app/assets/')) fetched.push(pathname.slice('/app/'.length));
  });
  return fetched;
}

test.describe('the first screen is sent compressed (issue 8 §3)', () => {
  test('the main script and stylesheet come brotli-compressed, immutable, varying on Accept-Encoding; index.html is no-cache', async ({
    page,
  }) => {
    const entry = chunk(ENTRY);
    const stylesheet = entry.css?.[0];
    expect(stylesheet).toBeDefined();
    const answers = new Map<string, Record<string, string>>();
    page.on('response', async (response) => {
      const { pathname } = new URL(response.url());
      answers.set(pathname, await response.allHeaders());
    });

    const document = await page.goto('/app/user/signIn');
    await expect(heading(page, 'Sign In')).toBeVisible();
    const documentHeaders = (await document?.allHeaders()) ?? {};
    expect(documentHeaders['content-encoding']).toBe('br');
    expect(documentHeaders['vary']).toMatch(/accept-encoding/i);
    expect(documentHeaders['cache-control']).toBe('no-cache');

    for (const file of [entry.file, stylesheet]) {
      const headers = answers.get(`/app/${file}`);
      expect(headers, file).toBeDefined();
      expect(headers?.['content-encoding'], file).toBe('br');
      expect(headers?.['vary'], file).toMatch(/accept-encoding/i);
      expect(headers?.['cache-control'], file).toBe('public, max-age=31536000, immutable');
    }
  });

  test('a browser that accepts only gzip gets gzip', async ({ request }) => {
    const entry = chunk(ENTRY);
    for (const path of [`/app/${entry.file}`, `/app/${entry.css?.[0] ?? ''}`, '/app/about']) {
      const response = await request.get(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-encoding'], path).toBe('gzip');
      expect(response.headers()['vary'], path).toMatch(/accept-encoding/i);
    }
  });
});

test.describe('a visitor downloads only what About and Sign In need (issue 8 §3)', () => {
  test('/app/, Sign In and About fetch no chunk of a signed-in screen', async ({ page }) => {
    const allowed = new Set<string>();
    for (const key of [ENTRY, ...VISITOR_SCREENS]) {
      for (const file of filesNeededBy(key)) allowed.add(file);
    }
    const otherScreens = Object.entries(manifest)
      .filter(([key, entry]) => entry.isDynamicEntry && !VISITOR_SCREENS.includes(key))
      .map(([key, entry]) => ({ key, file: entry.file }));
    // The member's screens, shell and password rule are all there to be avoided.
    expect(otherScreens.map((screen) => screen.key)).toEqual(
      expect.arrayContaining([
        'pages/news/NewsPage.tsx',
        'pages/account/MyAccountPage.tsx',
        'components/SignedInShell.tsx',
        PASSWORD_RULE,
      ]),
    );

    const fetched = recordAssets(page);
    await page.goto('/app/');
    await expect(page).toHaveURL(/\/app\/user\/signIn$/);
    await expect(heading(page, 'Sign In')).toBeVisible();
    await page.getByRole('link', { name: 'About' }).first().click();
    await expect(heading(page, 'About Lodgehall')).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.filter((file) => !allowed.has(file))).toEqual([]);
    const fetchedOthers = otherScreens.filter((screen) => fetched.includes(screen.file));
    expect(fetchedOthers.map((screen) => screen.key)).toEqual([]);
  });
});

test.describe("the password rule's dictionaries load with the first character (issue 8 §3, VAL-18)", () => {
  test('Change Password fetches them only once a new password is typed', async ({ page }) => {
    const rule = chunk(PASSWORD_RULE).file;
    // A member's event stream (D43) stays open for good, so the network would never be idle;
    // without it the shell only retries now and then, and the page's own loads can settle.
    await page.route('**/api/private/mobile/v1/events', (route) => route.abort());
    await signInAs(page, 'member', 'correct-horse-lodge');
    const fetched = recordAssets(page);
    await page.goto('/app/password_change_request');
    await expect(heading(page, CHANGE_PASSWORD_TITLE)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(fetched).not.toContain(rule);
    await expect(page.getByTestId('password-strength')).toHaveCount(0);

    const ruleRequest = page.waitForRequest((request) => request.url().endsWith(`/${rule}`));
    await page.getByLabel(NEW_PASSWORD_LABEL, { exact: true }).fill('p');
    await ruleRequest;
    await expect(page.getByTestId('password-strength')).toHaveAttribute('data-score', /[0-4]/);
    await expect(page.getByTestId('password-strength')).toContainText(PASSWORD_TOO_WEAK);
  });

  test('a submit before they arrived waits for them and applies the same rule (score 3 or more)', async ({
    page,
  }) => {
    const rule = chunk(PASSWORD_RULE).file;
    await signInAs(page, 'member', 'correct-horse-lodge');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/app/${rule}`, async (route) => {
      await held;
      await route.continue();
    });
    const changes: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`${API}/password_settings`)) changes.push(request.url());
    });

    await page.goto('/app/password_change_request');
    await expect(heading(page, CHANGE_PASSWORD_TITLE)).toBeVisible();
    await page.getByLabel('Current Password').fill('correct-horse-lodge');
    await page.getByLabel(NEW_PASSWORD_LABEL, { exact: true }).fill('lodge123');
    await page.getByLabel('Confirm New Password').fill('lodge123');
    // The meter is neutral while the rule is on its way.
    await expect(page.getByTestId('password-strength')).toHaveText(PASSWORD_STRENGTH_CHECKING);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.locator('form[aria-busy="true"]')).toBeVisible();

    release();
    await expect(page.getByText(PASSWORD_TOO_WEAK).first()).toBeVisible();
    await expect(page.getByLabel(NEW_PASSWORD_LABEL, { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(changes).toEqual([]);
  });
});
