/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import {
  CALENDAR_FEED_ADDRESS,
  CALENDAR_FEED_COPIED,
  CALENDAR_FEED_COPY,
  CALENDAR_FEED_MAKE,
  CALENDAR_FEED_NOT_SHOWN_AGAIN,
  CALENDAR_FEED_RENEW,
  CALENDAR_FEED_RENEW_TITLE,
  CALENDAR_FEED_SHOWN_ONCE,
  CALENDAR_FEED_TITLE,
  CALENDAR_FEED_TURN_OFF,
  CALENDAR_FEED_TURN_OFF_TITLE,
  OK,
} from '../common/messages.ts';
import { MEMBER2 } from '../server/db/seed/personas.ts';
import { seriousAxeViolations, sidewaysOverflow, openAs } from './support.ts';

/**
 * The member's calendar feed on /calendar (issue 10, decisions D30, D54) against the seeded
 * server: the private address shown once when made, Copy, gone when the screen is opened again,
 * a new address that replaces the old one (which then answers 404 to a calendar program, an
 * unsigned GET), and turning it off. M2 only, so no other test's calendar program loses its
 * address.
 */

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const FEED_URL = /^http:\/\/[^/]+\/feeds\/calendar\/[A-Za-z0-9_-]{43}\.ics$/;

function address(page: Page) {
  return page.getByRole('textbox', { name: CALENDAR_FEED_ADDRESS });
}

async function confirmDialog(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: OK }).click();
  await expect(dialog).toBeHidden();
}

/** What a calendar program gets at the address: no session, no signature. */
async function programFetchStatus(page: Page, url: string): Promise<number> {
  return (await page.request.get(url)).status();
}

test('the member’s private address: shown once, copied, replaced, turned off (D30, D54)', async ({
  page,
}) => {
  // Five states of the panel, a reload and two axe runs: longer than one screen's walk.
  test.slow();
  await openAs(page, MEMBER2.username);
  await expect(page.getByTestId('event-card').first()).toBeVisible();
  const open = page.getByRole('button', { name: CALENDAR_FEED_TITLE });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');

  // A fresh database: M2 has no address until they ask for one. A retry meets one made before,
  // whose address cannot be shown again: a new one is made in its place.
  const make = page.getByRole('button', { name: CALENDAR_FEED_MAKE });
  const renew = page.getByRole('button', { name: CALENDAR_FEED_RENEW });
  await expect(make.or(renew)).toBeVisible();
  if (await make.isVisible()) await make.click();
  else {
    await renew.click();
    await confirmDialog(page, CALENDAR_FEED_RENEW_TITLE);
  }
  await expect(address(page)).toHaveValue(FEED_URL);
  await expect(page.getByText(CALENDAR_FEED_SHOWN_ONCE)).toBeVisible();
  const first = await address(page).inputValue();
  expect(await programFetchStatus(page, first)).toBe(200);

  await page.getByRole('button', { name: CALENDAR_FEED_COPY }).click();
  await expect(page.getByTestId('calendar-feed-status')).toHaveText(CALENDAR_FEED_COPIED);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

  expect(await sidewaysOverflow(page)).toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Opened again after a reload, the panel knows the feed but no longer has its address.
  await page.reload();
  await page.getByRole('button', { name: CALENDAR_FEED_TITLE }).click();
  await expect(page.getByText(CALENDAR_FEED_NOT_SHOWN_AGAIN)).toBeVisible();
  await expect(address(page)).toHaveCount(0);
  expect(await page.locator('body').innerText()).not.toContain(first);
  expect(await programFetchStatus(page, first)).toBe(200);
  expect(await seriousAxeViolations(page)).toEqual([]);

  await renew.click();
  await confirmDialog(page, CALENDAR_FEED_RENEW_TITLE);
  await expect(address(page)).toHaveValue(FEED_URL);
  const second = await address(page).inputValue();
  expect(second).not.toBe(first);
  expect(await programFetchStatus(page, first)).toBe(404);
  expect(await programFetchStatus(page, second)).toBe(200);

  await page.getByRole('button', { name: CALENDAR_FEED_TURN_OFF }).click();
  await confirmDialog(page, CALENDAR_FEED_TURN_OFF_TITLE);
  await expect(make).toBeVisible();
  await expect(address(page)).toHaveCount(0);
  expect(await programFetchStatus(page, second)).toBe(404);
});

test('reads at 390 px with the panel open: nothing sideways, no serious axe finding', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, MEMBER2.username);
  await page.getByRole('button', { name: CALENDAR_FEED_TITLE }).click();
  await expect(
    page
      .getByRole('button', { name: CALENDAR_FEED_MAKE })
      .or(page.getByRole('button', { name: CALENDAR_FEED_RENEW })),
  ).toBeVisible();
  expect(await sidewaysOverflow(page)).toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
});
