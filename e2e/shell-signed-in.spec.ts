/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import {
  COOKIES_DISABLED_TEXT,
  MY_MEMBERSHIPS,
  NAV_CALENDAR,
  NAV_DIRECTORY,
  NAV_POSTS,
  NAV_STATUS_CHECKER,
  NAV_SUPPORT,
  NOT_FOUND_TEXT,
  NOT_FOUND_TITLE,
  SIGN_OUT_LINK,
} from '../common/messages.ts';
import { DEMO_PASSWORD, MEMBER, MEMBER2 } from '../server/db/seed/personas.ts';
import {
  accountLink,
  API,
  heading,
  sidewaysOverflow,
  openAs,
  signInAs,
  userMetadata,
  seriousAxeViolations,
} from './support.ts';

/**
 * The signed-in shell as a member meets it against the real server: the top bar with the
 * badges of real unseen counts, the menus, My Memberships, the phone drawer, the 404 page and
 * the cookie banner while signed in, and a second member who never sees the first one's data.
 */

interface MembershipGroupsAnswer {
  data: {
    club_membership_groups: {
      name: string;
      group_names: string[];
      groups: Record<string, { club_name: string; club_subdomain: string }[]>;
    }[];
  };
}

const MENU = [NAV_POSTS, NAV_CALENDAR, NAV_DIRECTORY, NAV_STATUS_CHECKER, NAV_SUPPORT];
const MENU_PATHS = ['/app/news', '/app/calendar', '/app/directory', '/app/status_checker'];

function badge(page: Page, which: 'chats' | 'notices') {
  return page.getByTestId(`${which}-badge`);
}

test.describe('the signed-in top bar', () => {
  test('shows the logo, the avatar and first name, and badges with the real unseen counts (NAV-02..05, META-01..03, META-05)', async ({
    page,
  }) => {
    const memberships = page.waitForResponse((response) =>
      response.url().endsWith('/club_membership_groups.json'),
    );
    await openAs(page, MEMBER.username);
    const counts = userMetadata(await memberships);
    expect(counts).not.toBeNull();
    // Persona M has unread notices and unseen chat messages in the demo data.
    expect(counts?.unseen_notice_count).toBeGreaterThan(0);
    expect(counts?.unseen_chat_messages_count).toBeGreaterThan(0);

    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: /Lodgehall/ })).toBeVisible();
    await expect(accountLink(page)).toContainText(MEMBER.firstName);
    await expect(accountLink(page).getByTestId('member-avatar')).toHaveText('DW');

    const chatsText = String(counts?.unseen_chat_messages_count);
    const noticesText = String(counts?.unseen_notice_count);
    await expect(badge(page, 'chats')).toHaveText(chatsText);
    await expect(badge(page, 'notices')).toHaveText(noticesText);
    const red = await badge(page, 'chats').evaluate((el) => getComputedStyle(el).backgroundColor);
    const [r = 0, g = 0, b = 0] = (red.match(/\d+/g) ?? []).map(Number);
    expect(r).toBeGreaterThan(150);
    expect(g + b).toBeLessThan(140);
    await expect(banner.getByRole('link', { name: `Chats, ${chatsText} unseen` })).toBeVisible();

    await banner.getByRole('link', { name: /^Chats/ }).click();
    await expect(page).toHaveURL(/\/app\/chats$/);
    await banner.getByRole('link', { name: /^Notices/ }).click();
    await expect(page).toHaveURL(/\/app\/notices$/);
    await accountLink(page).click();
    await expect(page).toHaveURL(/\/app\/my_account$/);
    await expect(heading(page, 'My Account')).toBeVisible();
  });

  test('a badge is hidden at 0 or null, a wider pill above 9, and 99+ beyond 99 (NAV-06, AMB-25, META-01)', async ({
    page,
  }) => {
    let metadata: {
      unseen_notice_count: number | null;
      unseen_chat_messages_count: number | null;
    } = { unseen_notice_count: 4, unseen_chat_messages_count: 3 };
    await page.route(`**${API}/**`, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: {
          ...response.headers(),
          'x-user-metadata': Buffer.from(JSON.stringify(metadata)).toString('base64'),
        },
      });
    });
    await openAs(page, MEMBER.username);
    await expect(badge(page, 'notices')).toHaveText('4');
    await expect(badge(page, 'chats')).toHaveText('3');
    const narrow = (await badge(page, 'chats').boundingBox())?.width ?? 0;

    metadata = { unseen_notice_count: 9, unseen_chat_messages_count: 12 };
    await page.reload();
    await expect(badge(page, 'chats')).toHaveText('12');
    await expect(badge(page, 'notices')).toHaveText('9');
    const wide = (await badge(page, 'chats').boundingBox())?.width ?? 0;
    const nine = (await badge(page, 'notices').boundingBox())?.width ?? 0;
    expect(wide).toBeGreaterThan(nine + 6);
    expect(nine).toBeCloseTo(narrow, 0);

    metadata = { unseen_notice_count: 150, unseen_chat_messages_count: 0 };
    await page.reload();
    await expect(badge(page, 'notices')).toHaveText('99+');
    await expect(badge(page, 'chats')).toHaveCount(0);

    metadata = { unseen_notice_count: null, unseen_chat_messages_count: null };
    await page.reload();
    await expect(accountLink(page)).toBeVisible();
    await expect(badge(page, 'notices')).toHaveCount(0);
    await expect(badge(page, 'chats')).toHaveCount(0);
    // Calls still in flight (My Memberships) must not outlive the test inside the route handler.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});

test.describe('menus and My Memberships', () => {
  test('the top bar and the left column hold the same menu; My Memberships is grouped by group name (NAV-07..10)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const memberships = page.waitForResponse((response) =>
      response.url().endsWith('/club_membership_groups.json'),
    );
    await openAs(page, MEMBER.username);
    const answer = (await (await memberships).json()) as MembershipGroupsAnswer;

    for (const name of ['Main menu', 'Menu']) {
      const menu = page.getByRole('navigation', { name, exact: true });
      await expect(menu.getByRole('link')).toHaveText(MENU.map((item) => new RegExp(item)));
      for (const [index, path] of MENU_PATHS.entries()) {
        await expect(menu.getByRole('link').nth(index)).toHaveAttribute('href', path);
      }
      const support = menu.getByRole('link', { name: /Support/ });
      await expect(support).toHaveAttribute('target', '_blank');
      await expect(support).toHaveAttribute('rel', /noopener/);
      await expect(support).toHaveAttribute('href', /^https:\/\//);
    }
    await page
      .getByRole('navigation', { name: 'Menu', exact: true })
      .getByRole('link', { name: NAV_DIRECTORY })
      .click();
    await expect(page).toHaveURL(/\/app\/directory$/);

    // NAV-09: one heading per group name, with its clubs under it, in the server's order.
    const column = page.getByRole('complementary', { name: MY_MEMBERSHIPS });
    await expect(column.getByRole('heading', { name: MY_MEMBERSHIPS })).toBeVisible();
    const expected = answer.data.club_membership_groups.flatMap((organization) =>
      organization.group_names
        .filter((group) => (organization.groups[group] ?? []).length > 0)
        .map((group) => ({ group, clubs: organization.groups[group] ?? [] })),
    );
    expect(expected.length).toBeGreaterThan(0);
    const groups = column.getByTestId('membership-group');
    await expect(groups).toHaveCount(expected.length);
    for (const [index, { group, clubs }] of expected.entries()) {
      const shown = groups.nth(index);
      await expect(shown.getByRole('heading', { level: 3 })).toHaveText(group);
      await expect(shown.getByRole('link')).toHaveText(clubs.map((club) => club.club_name));
    }

    // NAV-10: a club leads to its page.
    const first = expected[0]?.clubs[0];
    await column.getByRole('link', { name: first?.club_name }).first().click();
    await expect(page).toHaveURL(new RegExp(`/app/clubs/${first?.club_subdomain}$`));
  });

  test('on a phone the menus fold into a drawer, and nothing scrolls sideways', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAs(page, MEMBER.username);
    await expect(page.getByRole('navigation', { name: 'Menu', exact: true })).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: MY_MEMBERSHIPS })).toHaveCount(0);
    await expect(accountLink(page)).toContainText(MEMBER.firstName);
    for (const target of [
      page.getByRole('button', { name: /Menu/ }),
      page.getByRole('banner').getByRole('link', { name: /^Chats/ }),
      page.getByRole('banner').getByRole('link', { name: /^Notices/ }),
      accountLink(page),
    ]) {
      const box = await target.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    }
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: /Menu/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link')).toContainText(MENU);
    await expect(drawer.getByRole('heading', { name: MY_MEMBERSHIPS })).toBeVisible();
    await drawer.getByRole('link', { name: NAV_STATUS_CHECKER }).click();
    await expect(page).toHaveURL(/\/app\/status_checker$/);
    await expect(drawer).toHaveCount(0);
  });
});

test.describe('other states while signed in', () => {
  test('an unknown path shows the 404 page inside the shell (ACC-09), and the shell passes axe', async ({
    page,
  }) => {
    await openAs(page, MEMBER.username, '/app/no-such-page');
    await expect(heading(page, NOT_FOUND_TITLE)).toBeVisible();
    await expect(page.getByText(NOT_FOUND_TEXT, { exact: true })).toBeVisible();
    await expect(accountLink(page)).toBeVisible();
    await expect(page).toHaveURL(/\/app\/no-such-page$/);

    await page.goto('/app/my_account');
    await expect(heading(page, 'My Account')).toBeVisible();
    await expect(page.getByRole('complementary').getByRole('link').first()).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('the red cookie banner shows above the signed-in shell when cookies are blocked (NAV-11)', async ({
    page,
  }) => {
    await openAs(page, MEMBER.username);
    await expect(page.getByText(COOKIES_DISABLED_TEXT)).toHaveCount(0);
    // Scripts can no longer see or set cookies; the browser still sends the session's.
    await page.addInitScript(() => {
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
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: COOKIES_DISABLED_TEXT })).toBeVisible();
    await expect(accountLink(page)).toBeVisible();
  });

  test('after sign-out, the next member never sees the first one’s data (SESS-07)', async ({
    page,
  }) => {
    await signInAs(page, MEMBER.username, DEMO_PASSWORD);
    await expect(page.getByRole('complementary').getByRole('link').first()).toBeVisible();
    await accountLink(page).click();
    await page.getByRole('button', { name: SIGN_OUT_LINK }).click();
    await expect(page).toHaveURL(/\/app\/user\/signIn$/);

    // From here on, record whether M's name shows at any moment.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenNames: string[] }).seenNames = seen;
      const check = () => {
        const text = document.body.innerText;
        for (const name of ['Daniel', 'Whitfield']) if (text.includes(name)) seen.push(name);
      };
      new MutationObserver(check).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await page.getByLabel('Username').fill(MEMBER2.username);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await expect(accountLink(page)).toContainText(MEMBER2.firstName);
    await expect(page.getByRole('complementary').getByRole('link').first()).toBeVisible();
    await accountLink(page).click();
    await expect(page.getByText(MEMBER2.preferredName ?? MEMBER2.firstName)).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { seenNames: string[] }).seenNames),
    ).toEqual([]);
  });
});
