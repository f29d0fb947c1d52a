/// <reference lib="dom" />
import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import {
  CHAT,
  E_MAIL,
  ERROR_MAKING_FAVORITE,
  ERROR_REMOVING_FAVORITE,
  ERROR_TITLE,
  FAVORITE,
  LAST_CONTACTED,
  NOT_FOUND_TITLE,
  OK,
  PHONE_MOBILE,
} from '../common/messages.ts';
import type { PartyAnswer } from '../common/schemas/party.ts';
import type { User } from '../common/schemas/session.ts';
import { ADMIN, MEMBER, MEMBER2, WEBMASTER } from '../server/db/seed/personas.ts';
import { memberOfAnotherOrganization } from './roster.ts';
import {
  API,
  apiSignIn,
  heading,
  seriousAxeViolations,
  sidewaysOverflow,
  openAs,
} from './support.ts';

/**
 * The party page and the member's contact lists as members meet them on the seeded server
 * (issue 11 "Browser"; ROUTE-24, PARTY-01..08, DIR-16, DIR-17, ERR-18, ERR-19, AMB-36, AMB-48).
 * Each test that changes something does it as a persona no other test of this file reads:
 * W favourites and unfavourites M2; M2 calls and e-mails; the failures change nothing.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A persona's party id, as the session gives it. */
async function partyIdOf(baseURL: string, username: string): Promise<number> {
  const client = await apiSignIn(baseURL, username);
  const answer = await client.call<{ data: { user: User } }>('GET', '/session.json');
  return answer.data.user.party_id;
}

function isCall(request: Request, method: string, path: string): boolean {
  return request.method() === method && new URL(request.url()).pathname === `${API}${path}`;
}

/** A refusal as the server words one (the party is no longer visible, say). */
function refuse(route: Route) {
  return route.fulfill({
    status: 404,
    contentType: 'application/problem+json',
    body: JSON.stringify({
      type: 'https://lodgehall.org/problems/not-found',
      title: 'Not found.',
      status: 404,
    }),
  });
}

function favoriteToggle(page: Page) {
  return page.getByRole('switch', { name: FAVORITE, exact: true });
}

/**
 * Stands in for the phone's dialler and mail program: headless Chromium, once it has handed a
 * `tel:` or `mailto:` link to the system, takes no more input in that tab. A listener on
 * `window` runs after the app's own (React listens at its root), notes whether the app let the
 * link go ahead, and then stops the hand-over.
 */
async function catchContactLinks(page: Page) {
  await page.addInitScript(() => {
    const seen: boolean[] = [];
    Object.assign(window, { contactLinkTaps: seen });
    window.addEventListener('click', (event) => {
      const link = (event.target as Element | null)?.closest('a[href^="tel:"], a[href^="mailto:"]');
      if (!link) return;
      seen.push(!event.defaultPrevented);
      event.preventDefault();
    });
  });
}

/** For each tel: or mailto: tap so far, whether the app let the link go ahead. */
function contactLinkTaps(page: Page): Promise<boolean[]> {
  return page.evaluate(() => (window as unknown as { contactLinkTaps: boolean[] }).contactLinkTaps);
}

/** No serious axe finding at phone and desktop width, and nothing scrolls sideways at 390 px. */
async function expectAccessibleAtBothWidths(page: Page, ready: () => Promise<void>) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await ready();
    expect(await seriousAxeViolations(page), `${size.width} px`).toEqual([]);
    if (size === PHONE) expect(await sidewaysOverflow(page)).toBe(0);
  }
}

test.describe('the party page (PARTY-01..08)', () => {
  test('M opens M2 by address: name, avatar, Mobile as (xxx) xxx-xxxx, E-Mail, Last contacted, Chat (ROUTE-24, PARTY-05)', async ({
    page,
    baseURL,
  }) => {
    const m2 = await partyIdOf(baseURL ?? '', MEMBER2.username);
    const loaded = page.waitForResponse(
      (response) => isCall(response.request(), 'GET', `/parties/${m2}`) && response.ok(),
    );
    await openAs(page, MEMBER.username, `/app/parties/${m2}`);
    const party = ((await (await loaded).json()) as PartyAnswer).data.party;
    await expect(heading(page, 'Bill Harper')).toBeVisible();
    await expect(page.getByTestId('party-detail').getByTestId('member-avatar')).toBeVisible();
    const mobile = page.getByRole('link', { name: `${PHONE_MOBILE} (614) 555-0187` });
    await expect(mobile).toHaveAttribute('href', `tel:${MEMBER2.cellPhone}`);
    await expect(page.getByRole('link', { name: `${E_MAIL} ${MEMBER2.email}` })).toHaveAttribute(
      'href',
      `mailto:${MEMBER2.email}`,
    );
    // The demo: M chatted with M2 25 minutes before the data was made (PARTY-04).
    expect(party.user_recent_contact?.contact_type).toBe('chat');
    await expect(page.getByTestId('last-contacted')).toHaveText(
      new RegExp(`^${LAST_CONTACTED} \\d{1,2}/\\d{1,2}/\\d{4} - \\d{1,2}:\\d{2} [AP]M$`),
    );
    // M keeps M2 as a favourite in the demo (PARTY-02).
    await expect(favoriteToggle(page)).toBeChecked();
    // PARTY-05: another member's page offers Chat (e2e/chat-list.spec.ts follows it).
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: CHAT, exact: true })).toBeVisible();
    // AMB-36: M2's lodge is M's too: on, and not to be turned off.
    const lodge = page.getByRole('switch', { name: /^Favorite: Harmony Lodge/ });
    await expect(lodge).toBeChecked();
    await expect(lodge).toBeDisabled();
    await expectAccessibleAtBothWidths(page, () =>
      expect(heading(page, 'Bill Harper')).toBeVisible(),
    );
  });

  test('an unknown party, and a member of another organisation, are the 404 page (D37)', async ({
    page,
  }) => {
    const stranger = memberOfAnotherOrganization();
    await openAs(page, MEMBER.username, `/app/parties/${stranger}`);
    await expect(heading(page, NOT_FOUND_TITLE)).toBeVisible();
    await page.goto('/app/parties/987654321');
    await expect(heading(page, NOT_FOUND_TITLE)).toBeVisible();
  });

  test('W favourites M2, finds him under Members › Favorite, opens him from there and unfavourites him (PARTY-03, DIR-17)', async ({
    page,
    baseURL,
  }) => {
    const m2 = await partyIdOf(baseURL ?? '', MEMBER2.username);
    // Whatever the demo drew for W, M2 starts as no favourite.
    const w = await apiSignIn(baseURL ?? '', WEBMASTER.username);
    await w.call('DELETE', `/user_favorite_contacts/${m2}`);

    await openAs(page, WEBMASTER.username, `/app/parties/${m2}`);
    await expect(heading(page, 'Bill Harper')).toBeVisible();
    await expect(favoriteToggle(page)).not.toBeChecked();
    const made = page.waitForResponse((response) =>
      isCall(response.request(), 'POST', '/user_favorite_contacts'),
    );
    await favoriteToggle(page).click();
    const post = await made;
    expect(post.status()).toBe(200);
    expect(post.request().postDataJSON()).toEqual({ user_favorite_contact: { party_id: m2 } });
    await expect(favoriteToggle(page)).toBeChecked();

    await page.goto('/app/parties/favorite');
    const row = page.getByTestId('favorite-contacts').getByRole('link', { name: /Bill Harper/ });
    await expect(row).toBeVisible();
    await expectAccessibleAtBothWidths(page, () => expect(row).toBeVisible());
    await row.click();
    await expect(page).toHaveURL(new RegExp(`/app/parties/${m2}$`));
    await expect(favoriteToggle(page)).toBeChecked();

    const removed = page.waitForResponse((response) =>
      isCall(response.request(), 'DELETE', `/user_favorite_contacts/${m2}`),
    );
    await favoriteToggle(page).click();
    expect((await removed).status()).toBe(204);
    await expect(favoriteToggle(page)).not.toBeChecked();
    await page.goto('/app/parties/favorite');
    // W may have other favourites, or now none.
    await expect(
      page.getByTestId('favorite-contacts').or(page.getByTestId('favorite-contacts-empty')),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /Bill Harper/ })).toHaveCount(0);
  });

  test('a refused favourite says Error making favorite. and the toggle goes back (ERR-18, AMB-48)', async ({
    page,
    baseURL,
  }) => {
    const m2 = await partyIdOf(baseURL ?? '', MEMBER2.username);
    await page.route(`**${API}/user_favorite_contacts`, refuse);

    // A does not keep M2 as a favourite; the POST is refused.
    await openAs(page, ADMIN.username, `/app/parties/${m2}`);
    await expect(favoriteToggle(page)).not.toBeChecked();
    await favoriteToggle(page).click();
    const dialog = page.getByRole('dialog', { name: ERROR_TITLE });
    await expect(dialog).toContainText(ERROR_MAKING_FAVORITE);
    await expect(favoriteToggle(page)).not.toBeChecked();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: OK }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('a refused removal says Error removing favorite. and the toggle stays on (ERR-19, AMB-48)', async ({
    page,
    baseURL,
  }) => {
    const m2 = await partyIdOf(baseURL ?? '', MEMBER2.username);
    await page.route(`**${API}/user_favorite_contacts/*`, refuse);
    // M keeps M2 as a favourite in the demo.
    await openAs(page, MEMBER.username, `/app/parties/${m2}`);
    await expect(favoriteToggle(page)).toBeChecked();
    await favoriteToggle(page).click();
    await expect(page.getByRole('dialog', { name: ERROR_TITLE })).toContainText(
      ERROR_REMOVING_FAVORITE,
    );
    await expect(favoriteToggle(page)).toBeChecked();
  });

  test('a club switch that fails goes back and says so (AMB-36, AMB-48)', async ({
    page,
    baseURL,
  }) => {
    const w = await partyIdOf(baseURL ?? '', WEBMASTER.username);
    await page.route(`**${API}/favorite_clubs.json`, refuse);
    await openAs(page, MEMBER.username, `/app/parties/${w}`);
    const lodge = page.getByRole('switch', { name: /^Favorite: Olentangy Lodge/ });
    await expect(lodge).not.toBeChecked();
    await expect(lodge).toBeEnabled();
    await lodge.click();
    await expect(page.getByRole('dialog', { name: ERROR_TITLE })).toContainText(
      ERROR_MAKING_FAVORITE,
    );
    await expect(lodge).not.toBeChecked();
    // The club's own page is a link away (AMB-36).
    await expect(page.getByRole('link', { name: /^Olentangy Lodge/ })).toHaveAttribute(
      'href',
      '/app/clubs/olentangy614',
    );
  });
});

test.describe('Members › Recent (DIR-16)', () => {
  test('M2 calls M and e-mails W from their pages; both show under Recent, the latest first', async ({
    page,
    baseURL,
  }) => {
    const [m, w] = await Promise.all([
      partyIdOf(baseURL ?? '', MEMBER.username),
      partyIdOf(baseURL ?? '', WEBMASTER.username),
    ]);
    await catchContactLinks(page);
    await openAs(page, MEMBER2.username, `/app/parties/${m}`);
    await expect(heading(page, 'Daniel Thomas Whitfield')).toBeVisible();
    const called = page.waitForResponse((response) =>
      isCall(response.request(), 'POST', '/user_recent_contacts.json'),
    );
    await page.getByRole('link', { name: `${PHONE_MOBILE} (614) 555-0142` }).click();
    const call = await called;
    expect(call.status()).toBe(200);
    expect(call.request().postDataJSON()).toEqual({
      user_recent_contact: { party_id: m, contact_type: 'CellPhone' },
    });
    // The call went ahead at once, and the page now says when M was last contacted.
    expect(await contactLinkTaps(page)).toEqual([true]);
    await expect(page.getByTestId('last-contacted')).toContainText(LAST_CONTACTED);

    await page.goto(`/app/parties/${w}`);
    await expect(heading(page, 'Raymond Earl Kowalski')).toBeVisible();
    const mailed = page.waitForResponse((response) =>
      isCall(response.request(), 'POST', '/user_recent_contacts.json'),
    );
    await page.getByRole('link', { name: `${E_MAIL} ${WEBMASTER.email}` }).click();
    expect((await mailed).request().postDataJSON()).toEqual({
      user_recent_contact: { party_id: w, contact_type: 'email' },
    });
    expect(await contactLinkTaps(page)).toEqual([true]);

    await page.goto('/app/parties/recent');
    const list = page.getByTestId('recent-contacts');
    await expect(list).toBeVisible();
    const rows = list.getByRole('link');
    await expect(rows.nth(0)).toContainText('Raymond Earl Kowalski');
    await expect(rows.nth(1)).toContainText('Daniel Thomas Whitfield');
    await expect(rows.nth(0)).toContainText(LAST_CONTACTED);
    await expectAccessibleAtBothWidths(page, () => expect(list).toBeVisible());
    await rows.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/app/parties/${m}$`));
  });
});
