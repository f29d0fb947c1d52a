/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import {
  BACK_TO_CLUB,
  CLUB_CALENDAR,
  CLUB_DASHBOARD,
  CLUB_HOME,
  CLUB_POSTS,
  ERROR_MAKING_FAVORITE,
  MEMBER_OF_CLUB_NOTE,
  NOT_FOUND_TITLE,
  favoriteClubLabel,
} from '../common/messages.ts';
import type { Club, ClubListAnswer, FavoriteClub } from '../common/schemas/club.ts';
import { DEMO_CLUBS, MEMBER, MEMBER2, WEBMASTER } from '../server/db/seed/personas.ts';
import {
  API,
  apiSignIn,
  heading,
  seriousAxeViolations,
  sidewaysOverflow,
  openAs,
} from './support.ts';
import { clubOfAnotherOrganization } from './roster.ts';

/**
 * The club home as members meet it against the seeded server (issue 11, ROUTE-01, CLUB-01..18):
 * the webmaster's Dashboard, the favourite switch that reverts, the group and member club
 * cards, the officers, the phone shortcuts, and the 404 page for an unknown club.
 */

/** Opens a club's home, in the running app or, given `as`, as the app's first screen (D60). */
async function openClub(page: Page, subdomain: string, as?: string): Promise<Club> {
  const answer = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `${API}/clubs/by_subdomain.json` &&
      new URL(response.url()).searchParams.get('subdomain') === subdomain,
  );
  if (as) await openAs(page, as, `/app/clubs/${subdomain}`);
  else await page.goto(`/app/clubs/${subdomain}`);
  const club = ((await (await answer).json()) as { data: { club: Club } }).data.club;
  await expect(heading(page, club.name)).toBeVisible();
  return club;
}

function favoriteSwitch(page: Page, club: Pick<Club, 'name'>) {
  return page.getByRole('switch', { name: favoriteClubLabel(club.name) });
}

test.describe('the club home (ROUTE-01, CLUB-01..18)', () => {
  test('a webmaster sees the Dashboard of their lodge and not of another; the page passes axe at 1280 and 390 px (CLUB-13, AMB-05)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const own = await openClub(page, DEMO_CLUBS.L2, WEBMASTER.username);
    const dashboard = page.getByRole('link', { name: new RegExp(`^${CLUB_DASHBOARD}`) });
    await expect(dashboard).toBeVisible();
    await expect(dashboard).toHaveAttribute('href', own.links.dashboard ?? 'missing');
    await expect(dashboard).toHaveAttribute('target', '_blank');
    await expect(dashboard).toHaveAttribute('rel', /noopener/);
    // The left column: the emblem and the links (CLUB-12, CLUB-13).
    const left = page.getByTestId('club-left');
    await expect(left.getByTestId('club-avatar')).toBeVisible();
    await expect(left.getByRole('link', { name: CLUB_CALENDAR, exact: true })).toBeVisible();
    await expect(left.getByTestId('club-files')).toHaveAttribute('target', '_blank');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await openClub(page, DEMO_CLUBS.L1);
    await expect(page.getByTestId('club-files')).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`^${CLUB_DASHBOARD}`) })).toHaveCount(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('club-shortcuts')).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('at phone width, Home, Calendar and Posts lead to the club’s pages, which lead back (CLUB-02)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const club = await openClub(page, DEMO_CLUBS.L1, MEMBER.username);
    const shortcuts = page.getByTestId('club-shortcuts');
    await shortcuts.getByRole('link', { name: CLUB_CALENDAR }).click();
    await expect(page).toHaveURL(new RegExp(`/app/clubs/${DEMO_CLUBS.L1}/calendar$`));
    await page.getByRole('link', { name: BACK_TO_CLUB(club.name) }).click();
    await expect(page).toHaveURL(new RegExp(`/app/clubs/${DEMO_CLUBS.L1}$`));
    await shortcuts.getByRole('link', { name: CLUB_POSTS }).click();
    await expect(page).toHaveURL(new RegExp(`/app/clubs/${DEMO_CLUBS.L1}/news$`));
    await page.getByRole('link', { name: BACK_TO_CLUB(club.name) }).click();
    await shortcuts.getByRole('link', { name: CLUB_HOME }).click();
    await expect(page).toHaveURL(new RegExp(`/app/clubs/${DEMO_CLUBS.L1}$`));
    await expect(heading(page, club.name)).toBeVisible();
  });

  test("a member's own lodge: the switch is on and cannot be turned off, with a note (CLUB-07)", async ({
    page,
  }) => {
    const club = await openClub(page, DEMO_CLUBS.L1, MEMBER.username);
    await expect(favoriteSwitch(page, club)).toBeChecked();
    await expect(favoriteSwitch(page, club)).toBeDisabled();
    await expect(page.getByText(MEMBER_OF_CLUB_NOTE)).toBeVisible();
  });

  test('the favourite switch goes back when following fails, and stays on when it works (CLUB-06, AMB-48)', async ({
    page,
    baseURL,
  }) => {
    // A lodge M2 neither belongs to nor follows; M2's follow is undone at the end.
    const member2 = await apiSignIn(baseURL ?? '', MEMBER2.username);
    const favorites = (
      await member2.call<{ data: { favorite_clubs: FavoriteClub[] } }>(
        'GET',
        '/favorite_clubs.json',
      )
    ).data.favorite_clubs.map((entry) => entry.club_id);
    const all = (await member2.call<{ data: ClubListAnswer }>('GET', '/clubs.json?by_city=true'))
      .data.clubs;
    const lodge = all.find((club) => club.type_name === 'Lodge' && !favorites.includes(club.id));
    if (!lodge) throw new Error('M2 has a lodge to follow');

    try {
      await openAs(page, MEMBER2.username);
      // The failure is held until the switch has been seen to move (CLUB-06: at once).
      let fail = () => {};
      const failing = new Promise<void>((resolve) => (fail = resolve));
      await page.route(`**${API}/favorite_clubs.json`, async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        await failing;
        return route.fulfill({
          status: 500,
          contentType: 'application/problem+json',
          body: JSON.stringify({ type: 'x/internal-server-error', title: 'Boom', status: 500 }),
        });
      });
      const club = await openClub(page, lodge.subdomain);
      const toggle = favoriteSwitch(page, club);
      await expect(toggle).not.toBeChecked();
      await toggle.click();
      await expect(toggle).toBeChecked();
      fail();
      // The Server Error dialog first (ERR-02), then the switch's own words (AMB-48).
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(page.getByRole('dialog').getByText(ERROR_MAKING_FAVORITE)).toBeVisible();
      await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
      await expect(toggle).not.toBeChecked();

      await page.unroute(`**${API}/favorite_clubs.json`);
      const saved = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' && response.url().endsWith('/favorite_clubs.json'),
      );
      await toggle.click();
      await expect(toggle).toBeChecked();
      expect((await saved).status()).toBe(200);
      await page.reload();
      await expect(favoriteSwitch(page, club)).toBeChecked();
    } finally {
      await member2.request('DELETE', `/favorite_clubs/${lodge.id}`);
    }
  });

  test('the parent group and member clubs are cards that open the club (CLUB-11, CLUB-18)', async ({
    page,
  }) => {
    const lodge = await openClub(page, DEMO_CLUBS.L1, MEMBER.username);
    const group = lodge.group;
    if (!group) throw new Error('L1 belongs to a district');
    await page.getByTestId('club-group').getByRole('link', { name: group.name }).click();
    await expect(page).toHaveURL(new RegExp(`/app/clubs/${group.subdomain}$`));
    await expect(heading(page, group.name)).toBeVisible();
    const members = page.getByTestId('club-groupies');
    await expect(members.getByTestId('club-card')).toHaveCount(group.groupies.length);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The whole card leads to the club, not only its name.
    const card = members.getByTestId('club-card').filter({ hasText: lodge.name });
    await card.click({ position: { x: 12, y: 12 } });
    await expect(page).toHaveURL(new RegExp(`/app/clubs/${DEMO_CLUBS.L1}$`));
  });

  test('an officer with a party id opens their page; one without is plain text (CLUB-16, CLUB-17)', async ({
    page,
  }) => {
    const club = await openClub(page, DEMO_CLUBS.L1, MEMBER.username);
    const officers = club.current_officer_positions.flatMap(
      (position) => position.current_officers,
    );
    const linked = officers.find((officer) => officer.party_id !== null);
    const plain = officers.find((officer) => officer.party_id === null);
    if (!linked || !plain) throw new Error('L1 has officers with and without a party');
    const list = page.getByTestId('club-officers');
    await expect(list.getByText(plain.full_name)).toBeVisible();
    await expect(list.getByRole('link', { name: plain.full_name })).toHaveCount(0);
    await list.getByRole('link', { name: linked.full_name }).first().click();
    await expect(page).toHaveURL(new RegExp(`/app/parties/${linked.party_id}$`));
  });

  test('an unknown club is the 404 page (AMB-44)', async ({ page }) => {
    await openAs(page, MEMBER.username, '/app/clubs/nosuchlodge');
    await expect(heading(page, NOT_FOUND_TITLE)).toBeVisible();
  });

  test("another organisation's club is the 404 page on its home, calendar and news alike (D53)", async ({
    page,
  }) => {
    const subdomain = clubOfAnotherOrganization();
    await openAs(page, MEMBER.username);
    for (const path of [
      `/app/clubs/${subdomain}`,
      `/app/clubs/${subdomain}/calendar`,
      `/app/clubs/${subdomain}/news`,
    ]) {
      await page.goto(path);
      await expect(heading(page, NOT_FOUND_TITLE), path).toBeVisible();
    }
  });
});
