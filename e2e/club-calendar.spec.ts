/// <reference lib="dom" />
import { expect, test, type Page, type Request } from '@playwright/test';
import { CLUB_TYPE_FILTER_LEGEND, NO_EVENTS } from '../common/messages.ts';
import type { ClubCalendarAnswer } from '../common/schemas/calendar-event.ts';
import type { SignedInAnswer } from '../common/schemas/session.ts';
import { MEMBER } from '../server/db/seed/personas.ts';
import { API, seriousAxeViolations, sidewaysOverflow, openAs } from './support.ts';

/**
 * A club's calendar as members meet it against the seeded server (issue 10, ROUTE-02, ROUTE-03,
 * CAL-06, CAL-08..10): the events of a club and the clubs below it, the type toggles, events
 * opening in the club's context, and the main calendar asked again after a club's. The clubs are
 * M's own, as the sign-in answer gives them: a district (mid-level) and a lodge (lowest level).
 */

interface MemberClubs {
  district: string;
  lodge: string;
}

function isClubListCall(request: Request, subdomain?: string): boolean {
  const url = new URL(request.url());
  return (
    request.method() === 'GET' &&
    url.pathname === `${API}/clubs/calendar_events.json` &&
    (subdomain === undefined || url.searchParams.get('subdomain') === subdomain)
  );
}

/** Opens the app as M and reads their clubs from the session's answer: the non-leaf one and a leaf one. */
async function signInAsMember(page: Page): Promise<MemberClubs> {
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' &&
      new URL(response.url()).pathname === `${API}/session.json`,
  );
  await openAs(page, MEMBER.username);
  const clubs = ((await (await answer).json()) as SignedInAnswer).data.user.clubs;
  const district = clubs.find((club) => !club.is_leaf)?.subdomain;
  const lodge = clubs.find((club) => club.is_leaf)?.subdomain;
  if (!district || !lodge) throw new Error('M should belong to a district and a lodge');
  return { district, lodge };
}

/** Opens a club's calendar and returns its first page as the server answered it. */
async function openClubCalendar(page: Page, subdomain: string): Promise<ClubCalendarAnswer> {
  const answer = page.waitForResponse((response) => isClubListCall(response.request(), subdomain));
  await page.goto(`/app/clubs/${subdomain}/calendar`);
  const body = (await (await answer).json()) as ClubCalendarAnswer;
  await expect(page.getByTestId('event-card').first()).toBeVisible();
  return body;
}

/** Moves inside the running app, as a link would, so its cache stays (not a page load). */
async function goInApp(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

function card(page: Page, id: number) {
  return page.locator(`[data-testid="event-card"][data-event-id="${id}"]`);
}

function toggles(page: Page) {
  return page.getByRole('group', { name: CLUB_TYPE_FILTER_LEGEND });
}

function typeBox(page: Page, type: string) {
  return toggles(page).getByRole('checkbox', { name: type, exact: true });
}

/** The toggle as a member sees and taps it: its label (the checkbox itself is hidden). */
function typeChip(page: Page, type: string) {
  return toggles(page).getByText(type, { exact: true });
}

test.describe('a club’s calendar (ROUTE-02, ROUTE-03, CAL-08..10)', () => {
  test('a mid-level club: its type and the lower ones on, the higher one off; the page passes axe (CAL-08, CAL-03)', async ({
    page,
  }) => {
    const { district } = await signInAsMember(page);
    const answer = await openClubCalendar(page, district);
    const { club_hierarchy: hierarchy, type_names: typeNames } = answer.data;
    // A district is below the grand lodge and above the lodges.
    expect(hierarchy).toHaveLength(3);
    expect(typeNames).toEqual(hierarchy.slice(1));
    const group = toggles(page);
    await expect(group).toBeVisible();
    const boxes = group.getByRole('checkbox');
    await expect(boxes).toHaveCount(typeNames.length);
    for (const type of typeNames) {
      await expect(typeBox(page, type)).toBeChecked();
    }
    // The higher type is not on: no toggle, and none of its events.
    await expect(page.getByRole('checkbox', { name: hierarchy[0], exact: true })).toHaveCount(0);
    expect(
      answer.data.calendar_events.filter((event) => event.club.type_name === hierarchy[0]),
    ).toEqual([]);
    // Day sections (ROUTE-02).
    await expect(page.getByTestId('calendar-day').first()).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('a lodge at the lowest level shows no toggles (CAL-09)', async ({ page }) => {
    const { lodge } = await signInAsMember(page);
    const answer = await openClubCalendar(page, lodge);
    expect(answer.data.type_names).toHaveLength(1);
    await expect(toggles(page)).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
  });

  test('turning a type off hides its events, and on shows them again (CAL-10, CAL-04)', async ({
    page,
  }) => {
    const { district } = await signInAsMember(page);
    const answer = await openClubCalendar(page, district);
    const [districtType, lodgeType] = answer.data.type_names;
    if (!districtType || !lodgeType) throw new Error('a district has two types');
    const events = answer.data.calendar_events;
    const lodgeEvents = events.filter((event) => event.club.type_name === lodgeType);
    const districtEvents = events.filter((event) => event.club.type_name === districtType);
    expect(lodgeEvents.length).toBeGreaterThan(0);

    await typeChip(page, districtType).click();
    await expect(typeBox(page, districtType)).not.toBeChecked();
    for (const event of districtEvents) await expect(card(page, event.id)).toHaveCount(0);
    for (const event of lodgeEvents.slice(0, 5)) await expect(card(page, event.id)).toHaveCount(1);

    // With the keyboard, as a member without a mouse would.
    await typeBox(page, lodgeType).focus();
    await page.keyboard.press('Space');
    await expect(typeBox(page, lodgeType)).not.toBeChecked();
    await expect(page.getByText(NO_EVENTS, { exact: true })).toBeVisible();
    await expect(page.getByTestId('event-card')).toHaveCount(0);

    await typeChip(page, lodgeType).click();
    await expect(typeBox(page, lodgeType)).toBeChecked();
    for (const event of lodgeEvents.slice(0, 5)) await expect(card(page, event.id)).toHaveCount(1);
    for (const event of districtEvents) await expect(card(page, event.id)).toHaveCount(0);
  });

  test('an empty club calendar shows the fixed message (CAL-04)', async ({ page }) => {
    const { lodge } = await signInAsMember(page);
    await page.route(`**${API}/clubs/calendar_events.json?*`, (route) =>
      route.fulfill({
        json: {
          data: {
            calendar_events: [],
            next_cursor: null,
            club_hierarchy: ['Grand Lodge', 'District', 'Lodge'],
            type_names: ['Lodge'],
            club: { id: 1, name: 'Harmony Lodge', subdomain: lodge, type_name: 'Lodge' },
          },
        },
      }),
    );
    await page.goto(`/app/clubs/${lodge}/calendar`);
    await expect(page.getByText(NO_EVENTS, { exact: true })).toBeVisible();
    await expect(page.getByTestId('calendar-day')).toHaveCount(0);
  });

  test('an event opens in the club’s context, /clubs/{club}/calendar/{id} (ROUTE-03)', async ({
    page,
  }) => {
    const { district } = await signInAsMember(page);
    const answer = await openClubCalendar(page, district);
    const first = answer.data.calendar_events[0];
    if (!first) throw new Error('the district has events');
    await card(page, first.id).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/app/clubs/${district}/calendar/${first.id}$`));
  });

  test('going to a club’s calendar and back to /calendar asks for each list again (CAL-06, AMB-47)', async ({
    page,
  }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() !== 'GET') return;
      if (url.pathname === `${API}/calendar_events.json`) {
        calls.push(`main:${url.searchParams.get('group')}`);
      } else if (isClubListCall(request)) {
        calls.push(`club:${url.searchParams.get('subdomain')}`);
      }
    });
    const { district } = await signInAsMember(page);
    await expect(page.getByTestId('event-card').first()).toBeVisible();
    expect(calls).toEqual(['main:my_events']);

    const club = page.waitForResponse((response) => isClubListCall(response.request(), district));
    await goInApp(page, `/app/clubs/${district}/calendar`);
    await club;
    await expect(toggles(page)).toBeVisible();

    // Back within 15 s: the main calendar is another entity, so it is asked again.
    const main = page.waitForResponse(
      (response) => new URL(response.url()).pathname === `${API}/calendar_events.json`,
    );
    await page.goBack();
    await expect(page).toHaveURL(/\/app\/calendar$/);
    await main;
    await expect(page.getByTestId('event-card').first()).toBeVisible();
    expect(calls).toEqual(['main:my_events', `club:${district}`, 'main:my_events']);
  });

  test('reads at 390 px: nothing sideways, 44 px toggles, no serious axe finding', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { district } = await signInAsMember(page);
    await openClubCalendar(page, district);
    expect(await sidewaysOverflow(page)).toBe(0);
    const heights = await toggles(page)
      .locator('label')
      .evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(1);
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(44);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
