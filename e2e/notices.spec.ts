/// <reference lib="dom" />
import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { NO_NOTICES, NOTICES_TITLE } from '../common/messages.ts';
import { DEMO_CLUBS, MEMBER2, PERSONAS } from '../server/db/seed/personas.ts';
import {
  apiSignIn,
  heading,
  seriousAxeViolations,
  sidewaysOverflow,
  openAs,
  type ApiClient,
} from './support.ts';

/**
 * The notices list and the read flow on the real server (ROUTE-30, NOTE-01..11, AMB-29,
 * AMB-30). Notices are used up by opening them, and other specs write notices to the personas
 * as they go, so each test makes its own: a lodge-mate of M2's with no persona role posts
 * through the API, M2 comments on it, and that member opens the notice in the browser.
 */

interface PostAnswer {
  data: { post: { id: number } };
}

interface CommentContainerAnswer {
  data: { comment_container: { comments: { id: number; comment: string }[] } };
}

/** A member of M2's lodge who is no persona, different for each worker and each retry. */
function lodgeMateOfM2(testInfo: TestInfo, slot: number): string {
  const dataDir = process.env.LODGEHALL_E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('LODGEHALL_E2E_DATA_DIR is not set (see e2e/playwright.config.ts).');
  const db = new Database(path.join(dataDir, 'lodgehall.sqlite'), { readonly: true });
  try {
    const personas = PERSONAS.map((p) => p.username);
    const rows = db
      .prepare(
        `select distinct u.username as username
           from users u
           join parties p on p.id = u.party_id and p.left_at is null
           join memberships m on m.party_id = u.party_id and m.left_at is null
           join clubs c on c.id = m.club_id and c.subdomain = ?
          where u.username not in (${personas.map(() => '?').join(', ')})
          order by u.id
          limit 200`,
      )
      .all(DEMO_CLUBS.L1, ...personas) as { username: string }[];
    const index = (testInfo.parallelIndex * 20 + testInfo.retry * 4 + slot) % rows.length;
    const row = rows[index];
    if (!row) throw new Error('M2 has no lodge-mate without a persona role');
    return row.username;
  } finally {
    db.close();
  }
}

/** `recipient` posts to their lodge and M2 comments: the recipient gets a fresh, unread notice. */
async function freshCommentNotice(baseURL: string, recipient: ApiClient) {
  const words = `Notices test ${crypto.randomUUID()}`;
  const post = await recipient.call<PostAnswer>('POST', '/posts', {
    post: {
      subject: null,
      post_as: 'MEMBER',
      access: String(recipient.lodgeId),
      new_body: `<p>${words}</p>`,
      allows_comments: true,
    },
  });
  const postId = post.data.post.id;
  const commenter = await apiSignIn(baseURL, MEMBER2.username);
  const postAnswer = await commenter.call<{
    data: { post: { comment_container: { id: number } } };
  }>('GET', `/posts/${postId}.json`);
  const comment = `A comment to be noticed ${crypto.randomUUID()}`;
  const container = await commenter.call<CommentContainerAnswer>('POST', '/comments', {
    comment: {
      comment_container_id: postAnswer.data.post.comment_container.id,
      parent_id: null,
      comment,
    },
  });
  const made = container.data.comment_container.comments.find((c) => c.comment === comment);
  if (!made) throw new Error('the comment is not in its container');
  return { postId, commentId: made.id, comment };
}

function noticesBadge(page: Page) {
  return page.getByTestId('notices-badge');
}

async function badgeCount(page: Page): Promise<number> {
  const badge = noticesBadge(page);
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.first().textContent())?.trim() ?? '0');
}

test.describe('notices (ROUTE-30, NOTE-01..11, AMB-29)', () => {
  test('opening an unread comment notice lowers the badge by one and scrolls to the comment on its post (NOTE-06, NOTE-07, NOTE-10, AMB-29)', async ({
    page,
    baseURL,
  }, testInfo) => {
    const username = lodgeMateOfM2(testInfo, 0);
    const recipient = await apiSignIn(baseURL ?? '', username);
    const { postId, commentId } = await freshCommentNotice(baseURL ?? '', recipient);

    await openAs(page, username, '/app/notices');
    await expect(heading(page, NOTICES_TITLE)).toBeVisible();
    const row = page.getByTestId('notice-row').first();
    await expect(row).toHaveAttribute('data-unread', 'true');
    await expect(row.getByTestId('notice-message')).toContainText('commented on your post');
    await expect(row.getByTestId('notice-time')).toHaveText(/ago$/);
    await expect(noticesBadge(page)).toBeVisible();
    const before = await badgeCount(page);
    expect(before).toBeGreaterThan(0);

    await row.click();
    await expect(page).toHaveURL(new RegExp(`/app/news/${postId}$`));
    // From one unread notice the badge goes away rather than saying 0.
    await expect.poll(() => badgeCount(page)).toBe(before - 1);
    const target = page.locator(`#comment-${commentId}`);
    await expect(target).toBeInViewport();
    await expect(target).toHaveAttribute('data-highlighted', 'true');
    await expect(target).toBeFocused();

    // Back on the list the notice reads as read, and opening it again changes nothing (AMB-29).
    await page.goto('/app/notices');
    const again = page.getByTestId('notice-row').first();
    await expect(again).not.toHaveAttribute('data-unread', 'true');
    await again.click();
    await expect(page).toHaveURL(new RegExp(`/app/news/${postId}$`));
    await expect(page.locator(`#comment-${commentId}`)).toBeInViewport();
    expect(await badgeCount(page)).toBe(before - 1);
  });

  for (const width of [390, 1280]) {
    test(`the list at ${width} px: no serious axe findings, nothing off the side`, async ({
      page,
      baseURL,
    }, testInfo) => {
      const username = lodgeMateOfM2(testInfo, width === 390 ? 1 : 2);
      const recipient = await apiSignIn(baseURL ?? '', username);
      await freshCommentNotice(baseURL ?? '', recipient);
      await page.setViewportSize({ width, height: 900 });
      await openAs(page, username, '/app/notices');
      await expect(page.getByTestId('notice-row').first()).toBeVisible();
      await expect(page.getByText(NO_NOTICES)).toHaveCount(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    });
  }
});
