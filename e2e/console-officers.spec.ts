/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import {
  ADD_POSITION,
  appointTo,
  CHOOSE_MEMBER,
  COUNT_INVITATIONS,
  DUTIES_TITLE,
  FIND_MEMBER,
  INVITATIONS_TITLE,
  OFFICERS_TITLE,
  OPEN_INVITATIONS,
  OPEN_OFFICERS,
  POSITION_TITLE,
  SAVE_APPOINTMENT,
} from '../common/messages.ts';
import { MEMBER, MEMBER2, SECRETARY } from '../server/db/seed/personas.ts';
import {
  apiSignIn,
  fitsAPhone,
  heading,
  openAs,
  seriousAxeViolations,
  shootConsole,
} from './support.ts';

/**
 * The Lodge Office's officers, invitations and duties in the browser (issue 23, D69) against
 * the seeded server: S, secretary of Harmony Lodge No. 412, adds an office, appoints M from the
 * roster and finds him under that office on the lodge's page; S counts the invitations and
 * opens M2's duties. Axe on every new screen; at 390 px nothing scrolls sideways.
 *
 * CONSOLE_SHOTS=/tmp/shots saves each screen at 390 and 1280 px for a person to look at.
 */

test.describe('the Lodge Office: officers, invitations and duties (issue 23)', () => {
  test('S adds an office, appoints M from the roster, and sees him on the lodge’s page', async ({
    page,
  }) => {
    const title = `Almoner ${Date.now() % 100_000}`;
    await openAs(page, SECRETARY.username, '/app/admin');
    await page.getByRole('link', { name: OPEN_OFFICERS }).click();
    await expect(heading(page, OFFICERS_TITLE)).toBeVisible();
    await expect(page.getByTestId('officers')).toBeVisible();
    expect(await seriousAxeViolations(page), 'officers').toEqual([]);
    await fitsAPhone(page);
    await shootConsole(page, 'officers');

    await page.getByLabel(POSITION_TITLE).fill(title);
    await page.getByRole('button', { name: ADD_POSITION }).click();
    const card = page.getByRole('region', { name: title });
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: appointTo(title) }).click();
    const form = page.getByRole('form', { name: appointTo(title) });
    await form.getByLabel(FIND_MEMBER).fill(MEMBER.memberNumber);
    const choices = form.getByRole('radiogroup', { name: CHOOSE_MEMBER });
    await choices.getByRole('radio', { name: /Daniel Thomas Whitfield/ }).check();
    expect(await seriousAxeViolations(page), 'appoint form').toEqual([]);
    await shootConsole(page, 'officers-appoint');
    await form.getByRole('button', { name: SAVE_APPOINTMENT }).click();
    await expect(form).toBeHidden();
    await expect(card.getByText('Daniel Thomas Whitfield', { exact: true })).toBeVisible();

    await page.goto('/app/clubs/harmony412');
    const officers = page.getByTestId('club-officers');
    await expect(officers.getByText(title, { exact: true })).toBeVisible();
    const entry = officers.locator('div', { has: page.getByText(title, { exact: true }) });
    await expect(entry.getByText('Daniel Thomas Whitfield')).toBeVisible();
  });

  test('S counts the invitations of the lodge before sending any', async ({ page }) => {
    await openAs(page, SECRETARY.username, '/app/admin');
    await page.getByRole('link', { name: OPEN_INVITATIONS }).click();
    await expect(heading(page, INVITATIONS_TITLE)).toBeVisible();
    expect(await seriousAxeViolations(page), 'invitations').toEqual([]);
    await page.getByRole('button', { name: COUNT_INVITATIONS }).click();
    await expect(page.getByTestId('invitation-counts')).toBeVisible();
    expect(await seriousAxeViolations(page), 'invitation counts').toEqual([]);
    await fitsAPhone(page);
    await shootConsole(page, 'invitations');
  });

  test('S sees M2’s duties on the record, with the member’s lodges', async ({ page, baseURL }) => {
    const secretary = await apiSignIn(baseURL ?? '', SECRETARY.username);
    const scope = await secretary.request('GET', '/admin/scope.json');
    const organizationId = (scope.json as { data: { organizations: { id: number }[] } }).data
      .organizations[0]?.id;
    const found = await secretary.request(
      'GET',
      `/admin/members.json?organization_id=${organizationId}&q=${MEMBER2.memberNumber}`,
    );
    const partyId = (found.json as { data: { members: { party_id: number }[] } }).data.members[0]
      ?.party_id;
    await openAs(
      page,
      SECRETARY.username,
      `/app/admin/members/${partyId}?organization_id=${organizationId}`,
    );
    const duties = page.getByRole('region', { name: DUTIES_TITLE, exact: true });
    await expect(duties).toBeVisible();
    await expect(duties.getByRole('checkbox', { name: 'Webmaster' })).not.toBeChecked();
    expect(await seriousAxeViolations(page), 'member record with duties').toEqual([]);
    await fitsAPhone(page);
    await shootConsole(page, 'member-duties');
  });
});
