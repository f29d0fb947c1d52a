import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  AVATAR_PREVIEW_ALT,
  AVATAR_SECTION,
  CANCEL_AVATAR,
  CONFIRM_REMOVE_AVATAR,
  REMOVE_AVATAR,
  SAVE_AVATAR,
  SET_AVATAR,
  STATUS_ACCESS_LINK,
  STATUS_ACCESS_SECTION,
} from '../common/messages.ts';
import { MEMBER, PERSONAS } from '../server/db/seed/personas.ts';
import { accountLink, API, seriousAxeViolations, sidewaysOverflow, openAs } from './support.ts';

/**
 * My Account's avatar and status checker access (§2 My Account, §4 Avatar; ACCT-01..05,
 * ACCT-08, AMB-17, AMB-35) against the real server. The avatar test changes a member's
 * picture, so it signs in as a demo member with an account who is none of the personas other
 * specs read (their avatars are checked elsewhere), picked per worker and retry.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const picture = fileURLToPath(new URL('./fixtures/lodge-hall.png', import.meta.url));

/**
 * A current, non-persona demo member with an account and no avatar, from the e2e database.
 * The oldest ids are the seeded members: accounts other specs register during the run (and
 * change the password of) come last, so they are never picked.
 */
function memberWithoutAvatar(testInfo: TestInfo): string {
  const dataDir = process.env.LODGEHALL_E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('LODGEHALL_E2E_DATA_DIR is not set (see e2e/playwright.config.ts).');
  const db = new Database(path.join(dataDir, 'lodgehall.sqlite'), { readonly: true });
  try {
    const personas = PERSONAS.map((persona) => persona.username);
    const rows = db
      .prepare(
        `select u.username from users u
           join parties p on p.id = u.party_id
          where p.left_at is null and p.avatar_key is null
            and exists (select 1 from memberships m where m.party_id = p.id and m.left_at is null)
            and u.username not in (${personas.map(() => '?').join(', ')})
          order by u.id
          limit 20`,
      )
      .all(...personas) as { username: string }[];
    const row = rows[testInfo.parallelIndex * 2 + testInfo.retry];
    if (!row) throw new Error('The demo data has no member left for the avatar test.');
    return row.username;
  } finally {
    db.close();
  }
}

function avatarSection(page: Page) {
  return page.getByTestId('avatar-section');
}

test.describe('My Account (ROUTE-25)', () => {
  test('ACCT-01..05: set an avatar with a preview, cancel without a call, save, see it in the top bar, remove it after a confirmation', async ({
    page,
  }, testInfo) => {
    const username = memberWithoutAvatar(testInfo);
    const avatarCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(`${API}/party_avatar`)) avatarCalls.push(request.method());
    });
    await openAs(page, username, '/app/my_account');
    const section = avatarSection(page);
    await expect(section.getByRole('heading', { name: AVATAR_SECTION })).toBeVisible();
    const initials = (await accountLink(page).getByTestId('member-avatar').textContent()) ?? '';
    expect(initials).toMatch(/^[A-Z]{1,2}$/);
    await expect(section.getByTestId('member-avatar')).toHaveText(initials);
    await expect(section.getByRole('button', { name: REMOVE_AVATAR })).toHaveCount(0);

    // ACCT-02, ACCT-03: the preview, then cancel, and nothing was sent.
    const input = section.locator('input[type="file"]');
    await expect(input).not.toHaveAttribute('multiple', /.*/);
    await input.setInputFiles(picture);
    await expect(section.getByAltText(AVATAR_PREVIEW_ALT)).toBeVisible();
    await section.getByRole('button', { name: CANCEL_AVATAR }).click();
    await expect(section.getByAltText(AVATAR_PREVIEW_ALT)).toHaveCount(0);
    await expect(section.getByRole('button', { name: SET_AVATAR })).toBeVisible();
    expect(avatarCalls).toEqual([]);

    // ACCT-04: save sends the picture; the answer's avatar shows here and in the top bar.
    await input.setInputFiles(picture);
    await expect(section.getByAltText(AVATAR_PREVIEW_ALT)).toBeVisible();
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith(`${API}/party_avatar`) && response.request().method() === 'PUT',
    );
    await section.getByRole('button', { name: SAVE_AVATAR }).click();
    const answer = (await (await saved).json()) as { data: { avatar: { medium_url: string } } };
    const url = answer.data.avatar.medium_url;
    expect(url).toMatch(/^\/media\/avatars\/[0-9a-f]{32}-medium\.png$/);
    await expect(section.getByTestId('member-avatar')).toHaveAttribute('src', url);
    await expect(accountLink(page).getByTestId('member-avatar')).toHaveAttribute('src', url);
    // The picture really loads: square, as the server cropped it.
    await expect
      .poll(() =>
        section
          .getByTestId('member-avatar')
          .evaluate((image) => [
            (image as HTMLImageElement).naturalWidth,
            (image as HTMLImageElement).naturalHeight,
          ]),
      )
      .toEqual([64, 64]);
    expect(avatarCalls).toEqual(['PUT']);

    // It is the member's avatar from now on: a reload shows it from the session.
    await page.reload();
    await expect(accountLink(page).getByTestId('member-avatar')).toHaveAttribute('src', url);

    // ACCT-05, AMB-17: remove asks first; Cancel keeps it, OK removes it.
    await section.getByRole('button', { name: REMOVE_AVATAR }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(CONFIRM_REMOVE_AVATAR)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    expect(avatarCalls).toEqual(['PUT']);
    await section.getByRole('button', { name: REMOVE_AVATAR }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect(section.getByTestId('member-avatar')).toHaveText(initials);
    await expect(accountLink(page).getByTestId('member-avatar')).toHaveText(initials);
    expect(avatarCalls).toEqual(['PUT', 'DELETE']);
    expect((await page.request.get(url)).status()).toBe(404);
  });

  test('ACCT-08, AMB-35: the status checker access section links to the checker', async ({
    page,
  }) => {
    await openAs(page, MEMBER.username, '/app/my_account');
    const section = page.getByTestId('status-access-section');
    await expect(section.getByRole('heading', { name: STATUS_ACCESS_SECTION })).toBeVisible();
    await section.getByRole('link', { name: STATUS_ACCESS_LINK }).click();
    await expect(page).toHaveURL(/\/app\/status_checker$/);
  });

  for (const [name, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    test(`axe finds nothing serious on /my_account at ${name} px, and nothing runs off the side`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await openAs(page, MEMBER.username, '/app/my_account');
      await expect(avatarSection(page)).toBeVisible();
      await expect(page.getByTestId('status-access-section')).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBe(0);
    });
  }
});
