/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import {
  BY_CITY,
  BY_NAME,
  DIRECTORY_LODGES,
  LODGE_SEARCH_LABEL,
  NO_MATCHES,
  SEARCH_TO_NARROW,
} from '../common/messages.ts';
import { DEMO_CLUBS, MEMBER } from '../server/db/seed/personas.ts';
import { API, heading, seriousAxeViolations, sidewaysOverflow, openAs } from './support.ts';

/**
 * The directory's Lodges tabs against the seeded server (issue 11, DIR-05..12, SRCH-12): the
 * member's favourite lodges first, browsing by city, searching by name, each row opening the
 * lodge's home.
 */

async function openLodges(page: Page) {
  await openAs(page, MEMBER.username, '/app/directory');
  await page.getByRole('tab', { name: DIRECTORY_LODGES }).click();
}

test.describe('the Lodges tabs of the directory (DIR-05..12)', () => {
  test("Favorite is the Lodges default and lists the member's own lodge (DIR-05, DIR-11, DIR-12)", async ({
    page,
  }) => {
    await openLodges(page);
    const list = page.getByTestId('favorite-lodges');
    const own = list.getByRole('link', { name: /Harmony Lodge No\. 412/ });
    await expect(own).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await own.click();
    await expect(page).toHaveURL(new RegExp(`/app/clubs/${DEMO_CLUBS.L1}$`));
  });

  test('By City lists the lodges under city headings in order, and a row opens the lodge (DIR-09, DIR-10, DIR-12)', async ({
    page,
  }) => {
    await openLodges(page);
    const answer = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === `${API}/clubs.json` &&
        new URL(response.url()).searchParams.get('by_city') === 'true',
    );
    await page.getByRole('tab', { name: BY_CITY }).click();
    expect((await answer).status()).toBe(200);
    const cities = page.getByTestId('lodge-city');
    await expect(cities.first()).toBeVisible();
    const headings = await cities.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.length).toBeGreaterThan(10);
    expect(headings).toEqual(
      [...headings].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    const columbus = page.getByRole('region', { name: 'Columbus' });
    await columbus.getByRole('link', { name: /Harmony Lodge No\. 412/ }).click();
    await expect(page).toHaveURL(new RegExp(`/app/clubs/${DEMO_CLUBS.L1}$`));
  });

  test('By Name searches from 2 characters, cleaned, and a result opens the lodge (DIR-06..08, SRCH-12)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openLodges(page);
    await page.getByRole('tab', { name: BY_NAME }).click();
    await expect(page.getByText(SEARCH_TO_NARROW)).toBeVisible();
    const box = page.getByRole('searchbox', { name: LODGE_SEARCH_LABEL });
    const sent = page.waitForRequest(
      (request) => new URL(request.url()).pathname === `${API}/clubs.json`,
    );
    await box.fill(' harm/\\ ');
    expect(new URL((await sent).url()).searchParams.get('search_text')).toBe('harm');
    const results = page.getByTestId('lodge-search-results');
    const harmony = results.getByRole('link', { name: /Harmony Lodge No\. 412/ });
    await expect(harmony).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await box.fill('zzzz');
    await expect(page.getByText(NO_MATCHES, { exact: true })).toBeVisible();
    await box.fill('harmony');
    await harmony.click();
    await expect(page).toHaveURL(new RegExp(`/app/clubs/${DEMO_CLUBS.L1}$`));
    await expect(heading(page, /Harmony Lodge No\. 412/)).toBeVisible();
  });
});
