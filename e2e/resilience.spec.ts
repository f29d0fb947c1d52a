/// <reference lib="dom" />
import { expect, test, type Page, type Route } from '@playwright/test';
import { REQUEST_TIMEOUT_MS } from '../common/constants.ts';
import {
  NETWORK_ERROR_TEXT,
  NETWORK_ERROR_TITLE,
  OK,
  POSTS_LOAD_FAILED,
  TRY_AGAIN,
} from '../common/messages.ts';
import { DEMO_PASSWORD, MEMBER } from '../server/db/seed/personas.ts';
import { API, signInAs } from './support.ts';

/**
 * When the network goes (issue 8 §5, ERR-01, ERR-60, AMB-15): a call that gets no answer ends
 * within REQUEST_TIMEOUT_MS in the Network Error dialog and the screen's Try again, and Try
 * again works once the network is back. The browser's clock is Playwright's, so the test moves
 * it forward instead of waiting twenty seconds; the client's timer runs on that clock.
 */

/** Holds every call to `url` unanswered, as a dead network would, until `restore`. */
async function noAnswer(page: Page, url: string) {
  const held: Route[] = [];
  let heldAt = 0;
  await page.route(url, (route) => {
    held.push(route);
    heldAt = Date.now();
  });
  return {
    held,
    /**
     * Real milliseconds since the last call was held: the page's installed clock runs on as the
     * test does, and under load the test's own steps take seconds of it.
     */
    sinceHeld: () => Date.now() - heldAt,
    /** The network is back: calls go through again; the held ones are let go. */
    async restore() {
      // The page gave the held calls up; their routes must not outlive the test (2ef64c8).
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    },
  };
}

async function dismissNetworkError(page: Page) {
  const dialog = page.getByRole('dialog', { name: NETWORK_ERROR_TITLE });
  await expect(dialog).toContainText(NETWORK_ERROR_TEXT);
  await dialog.getByRole('button', { name: OK }).click();
  await expect(dialog).toHaveCount(0);
}

test.describe('a call that gets no answer (issue 8 §5, ERR-01, ERR-60)', () => {
  test('the post screen stops "Loading the post…" with the Network Error and Try again, which shows the post once the network is back', async ({
    page,
  }) => {
    await page.clock.install();
    await signInAs(page, MEMBER.username, DEMO_PASSWORD);
    await page.goto('/app/news');
    const postId = await page.getByTestId('post-card').first().getAttribute('data-post-id');
    expect(postId).toMatch(/^\d+$/);

    const network = await noAnswer(page, `**${API}/posts/${postId}.json`);
    await page.goto(`/app/news/${postId}`);
    await expect(page.getByTestId('post-loading')).toBeVisible();
    await expect.poll(() => network.held.length).toBe(1);

    // Short of the bound the screen still waits; at the bound it gives up. The margin is the
    // time the test's own steps may take on a loaded machine while the clock runs on.
    const margin = 5_000;
    await page.clock.fastForward(Math.max(0, REQUEST_TIMEOUT_MS - margin - network.sinceHeld()));
    await expect(page.getByTestId('post-loading')).toBeVisible();
    await page.clock.fastForward(margin);
    await dismissNetworkError(page);
    const failed = page.getByTestId('post-load-failed');
    await expect(failed).toBeVisible();
    await expect(page.getByTestId('post-loading')).toHaveCount(0);

    await network.restore();
    await failed.getByRole('button', { name: TRY_AGAIN }).click();
    await expect(page.getByTestId('post-detail')).toHaveAttribute('data-post-id', postId ?? '');
  });

  test('the news list shows its failure and Try again, which loads the posts once the network is back', async ({
    page,
  }) => {
    await page.clock.install();
    await signInAs(page, MEMBER.username, DEMO_PASSWORD);
    const network = await noAnswer(page, `**${API}/posts.json?*`);
    await page.goto('/app/news');
    await expect(page.getByTestId('posts-loading')).toBeVisible();
    await expect.poll(() => network.held.length).toBeGreaterThan(0);

    await page.clock.fastForward(REQUEST_TIMEOUT_MS);
    await dismissNetworkError(page);
    const alert = page.getByRole('alert').filter({ hasText: POSTS_LOAD_FAILED });
    await expect(alert).toBeVisible();

    await network.restore();
    await alert.getByRole('button', { name: TRY_AGAIN }).click();
    await expect(page.getByTestId('post-card').first()).toBeVisible();
  });
});
