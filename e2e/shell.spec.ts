/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import {
  COOKIES_DISABLED_TEXT,
  CREATE_ACCOUNT_LINK,
  FORGOT_PASSWORD_LINK,
  NETWORK_ERROR_TEXT,
  NETWORK_ERROR_TITLE,
  NOT_FOUND_TEXT,
  NOT_FOUND_TITLE,
  SERVER_ERROR_TEXT,
  SERVER_ERROR_TITLE,
  SIGN_IN_FAILED,
} from '../common/messages.ts';
import { seriousAxeViolations } from './support.ts';

/**
 * The web shell as a visitor meets it: routes and the guard, the visitor's top bar, the
 * splash, the cookie banner, the sign-in form and the global error dialogs.
 */

const SESSION_API = '**/api/private/mobile/v1/session.json';

function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name });
}

function signInSubmit(page: Page) {
  return page.getByRole('main').getByRole('button', { name: 'Sign In' });
}

async function fillSignIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

test.describe('routes and the guard', () => {
  test('an unknown path shows the 404 page with the exact texts (ACC-09)', async ({ page }) => {
    await page.goto('/app/no-such-page');
    await expect(heading(page, NOT_FOUND_TITLE)).toBeVisible();
    await expect(page.getByText(NOT_FOUND_TEXT, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/app\/no-such-page$/);
  });

  test('a member route sends a visitor to sign-in and remembers the path (ACC-07, AMB-38)', async ({
    page,
  }) => {
    await page.goto('/app/calendar/5');
    await expect(page).toHaveURL(/\/app\/user\/signIn$/);
    await expect(heading(page, 'Sign In')).toBeVisible();
    const remembered = await page.evaluate(() =>
      window.sessionStorage.getItem('lodgehall.requestedPath'),
    );
    expect(remembered).toBe('/calendar/5');
  });

  test('/parties/recent is a member route, not an unknown party (ROUTE-21)', async ({ page }) => {
    await page.goto('/app/parties/recent');
    await expect(page).toHaveURL(/\/app\/user\/signIn$/);
  });

  test('/ redirects to /app/ and on to sign-in by way of /news (ACC-08)', async ({
    page,
    request,
  }) => {
    const answer = await request.get('/', { maxRedirects: 0 });
    expect(answer.status()).toBeGreaterThanOrEqual(300);
    expect(answer.status()).toBeLessThan(400);
    expect(answer.headers().location).toBe('/app/');
    await page.goto('/');
    await expect(page).toHaveURL(/\/app\/user\/signIn$/);
    expect(
      await page.evaluate(() => window.sessionStorage.getItem('lodgehall.requestedPath')),
    ).toBe('/news');
  });

  for (const path of ['/app/about', '/app/user/signIn']) {
    test(`a reload of the deep link ${path} loads the app, not a host 404 (ACC-01)`, async ({
      page,
    }) => {
      const first = await page.goto(path);
      expect(first?.status()).toBe(200);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      const again = await page.reload();
      expect(again?.status()).toBe(200);
      expect(again?.headers()['content-type']).toContain('text/html');
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }

  test('a missing asset is a 404, not index.html', async ({ request }) => {
    const answer = await request.get('/app/assets/nope.js');
    expect(answer.status()).toBe(404);
    expect(await answer.text()).not.toContain('id="root"');
  });
});

test.describe('visitor pages', () => {
  test('About shows with only the logo, About and Sign In in the top bar (ACC-05, NAV-01)', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/app/about');
    await expect(heading(page, 'About Lodgehall')).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link')).toHaveText(['Lodgehall', 'About', 'Sign In']);
    await expect(header.getByRole('button')).toHaveCount(0);
    await expect(page.getByText(/member number and birth date/).first()).toBeVisible();
    // Nothing the strict CSP refuses, and no script errors.
    expect(problems).toEqual([]);
  });

  test('the top bar links go to About and to sign-in', async ({ page }) => {
    await page.goto('/app/no-such-page');
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/app\/user\/signIn$/);
    await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/app\/about$/);
    await expect(heading(page, 'About Lodgehall')).toBeVisible();
  });

  test('the pages fit a 390 px phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/app/about', '/app/user/signIn', '/app/no-such-page']) {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test('the splash shows before the first screen, and no redirect is decided under it (ACC-10)', async ({
    page,
  }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/app/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/app/calendar/5', { waitUntil: 'commit' });
    const splash = page.getByRole('status', { name: 'Loading Lodgehall' });
    await expect(splash).toBeVisible();
    await expect(page).toHaveURL(/\/app\/calendar\/5$/);
    release();
    await expect(heading(page, 'Sign In')).toBeVisible();
    await expect(splash).toHaveCount(0);
    await expect(page).toHaveURL(/\/app\/user\/signIn$/);
  });

  test('a visitor start-up makes no session call (AMB-03)', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) calls.push(request.url());
    });
    await page.goto('/app/about');
    await expect(heading(page, 'About Lodgehall')).toBeVisible();
    expect(calls).toEqual([]);
  });
});

test.describe('cookie banner (NAV-11, AMB-24)', () => {
  test('shows in red when cookies are blocked', async ({ browser }) => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'cookieEnabled', {
        configurable: true,
        get: () => false,
      });
      Object.defineProperty(Document.prototype, 'cookie', {
        configurable: true,
        get: () => '',
        set: () => undefined,
      });
    });
    const page = await context.newPage();
    await page.goto('/app/about');
    const banner = page.getByRole('alert').filter({ hasText: COOKIES_DISABLED_TEXT });
    await expect(banner).toBeVisible();
    await expect(banner).toHaveText(COOKIES_DISABLED_TEXT);
    const background = await banner.evaluate(
      (element) => getComputedStyle(element).backgroundColor,
    );
    const [red = 0, green = 0, blue = 0] = (background.match(/\d+/g) ?? []).map(Number);
    expect(red).toBeGreaterThan(150);
    expect(green).toBeLessThan(80);
    expect(blue).toBeLessThan(80);
    await context.close();
  });

  test('does not show when cookies work', async ({ page }) => {
    await page.goto('/app/about');
    await expect(heading(page, 'About Lodgehall')).toBeVisible();
    await expect(page.getByText(COOKIES_DISABLED_TEXT)).toHaveCount(0);
  });
});

test.describe('sign-in form', () => {
  test('submit is enabled only when both fields are filled in (VAL-08, SIGNIN-01)', async ({
    page,
  }) => {
    await page.goto('/app/user/signIn');
    const submit = signInSubmit(page);
    await expect(submit).toBeDisabled();
    await page.getByLabel('Username').fill('member');
    await expect(submit).toBeDisabled();
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-lodge');
    await expect(submit).toBeEnabled();
    await page.getByLabel('Username').fill('');
    await expect(submit).toBeDisabled();
  });

  test('links to forgot password and create account (SIGNIN-02)', async ({ page }) => {
    await page.goto('/app/user/signIn');
    await expect(page.getByRole('link', { name: FORGOT_PASSWORD_LINK })).toHaveAttribute(
      'href',
      '/app/forgot_password',
    );
    await expect(page.getByRole('link', { name: CREATE_ACCOUNT_LINK })).toHaveAttribute(
      'href',
      '/app/register',
    );
  });

  test('a refused sign-in shows the message under both fields (VAL-09, SIGNIN-05)', async ({
    page,
  }) => {
    await page.route(SESSION_API, (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', title: 'Unauthorized', status: 401 }),
      }),
    );
    await page.goto('/app/user/signIn');
    await fillSignIn(page, 'member', 'not-the-password');
    const requestSent = page.waitForRequest(
      (request) => request.url().endsWith('/session.json') && request.method() === 'POST',
    );
    await signInSubmit(page).click();
    const sent = await requestSent;
    const body = sent.postDataJSON() as {
      user: { username: string; password: string; public_key: string };
    };
    expect(body.user.username).toBe('member');
    expect(body.user.password).toBe('not-the-password');
    // Ed25519 SPKI is 44 bytes; the P-256 fallback is 91.
    expect([44, 91]).toContain(Buffer.from(body.user.public_key, 'base64').length);
    expect(sent.headers()['x-client-id']).toBe('web-app');
    expect(sent.headers()['x-client-version']).toMatch(/^\d+\.\d+\.\d+/);
    expect(sent.headers()['x-signature']).toBeUndefined();
    await expect(page.getByText(SIGN_IN_FAILED, { exact: true })).toHaveCount(2);
    await expect(page.getByLabel('Username')).toBeEnabled();
    await expect(page.getByLabel('Username')).toBeFocused();
    await expect(page).toHaveURL(/\/app\/user\/signIn$/);
  });

  test('no answer shows the Network Error dialog (ERR-01)', async ({ page }) => {
    await page.route(SESSION_API, (route) => route.abort('connectionrefused'));
    await page.goto('/app/user/signIn');
    await fillSignIn(page, 'member', 'correct-horse-lodge');
    await signInSubmit(page).click();
    const dialog = page.getByRole('dialog', { name: NETWORK_ERROR_TITLE });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(NETWORK_ERROR_TEXT);
    await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByLabel('Username')).toBeEnabled();
  });

  test('a 500 shows the Server Error dialog with the spec text (ERR-02)', async ({ page }) => {
    await page.route(SESSION_API, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.goto('/app/user/signIn');
    await fillSignIn(page, 'member', 'correct-horse-lodge');
    await signInSubmit(page).click();
    const dialog = page.getByRole('dialog', { name: SERVER_ERROR_TITLE });
    await expect(dialog).toBeVisible();
    const text = await dialog.locator('p').first().textContent();
    expect(text).toBe(SERVER_ERROR_TEXT);
  });
});

test.describe('accessibility (docs/architecture.md §8)', () => {
  for (const [name, path] of [
    ['About', '/app/about'],
    ['sign-in', '/app/user/signIn'],
    ['404', '/app/no-such-page'],
  ] as const) {
    test(`${name} has no serious or critical axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }
});
