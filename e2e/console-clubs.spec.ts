/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import {
  ADD_TOP_CLUB,
  CLOSE_CLUB,
  CLOSE_CLUB_EXPLAINED,
  CLUB_FORMAL_NAME,
  CLUB_NAME,
  CLUB_SUBDOMAIN,
  CONFIRM_CLOSE,
  CREATE_CLUB,
  CREATE_ORGANIZATION_BUTTON,
  NEW_CLUB_TITLE,
  NEW_ORGANIZATION_TITLE,
  RECOGNIZED_LABEL,
  closeClubQuestion,
  CLUB_DASHBOARD,
  CLUB_MEETINGS,
  CLUB_MEETINGS_LABEL,
  CLUB_SAVED,
  CLUBS_TITLE,
  CONSOLE_TITLE,
  OPEN_CLUBS,
  OPEN_ORGANIZATION,
  ORGANIZATION_SAVED,
  ORGANIZATION_TITLE,
  SAVE_CLUB,
  SAVE_ORGANIZATION,
  VIEW_CLUB_PAGE,
  colourTooLight,
  statusColourLabel,
  STATUS_TEXT,
} from '../common/messages.ts';
import { contrastRatio } from '../common/contrast.ts';
import { ADMIN, DEMO_CLUBS, SECRETARY } from '../server/db/seed/personas.ts';
import { fitsAPhone, heading, openAs, seriousAxeViolations, shootConsole } from './support.ts';

/**
 * The organisation's settings and the lodges in the Lodge Office (issue 23, D68) against the
 * seeded server: A changes how a status looks (a pale colour is refused in words first), and S,
 * secretary of Harmony Lodge No. 412, changes the lodge's meetings and reads them on the lodge's
 * page, whose Dashboard leads back to the lodge in the Lodge Office. Axe on every screen; at
 * 390 px nothing scrolls sideways.
 *
 * CONSOLE_SHOTS=/tmp/shots saves each screen at 390 and 1280 px for a person to look at.
 */

test.describe('the organisation and its lodges in the Lodge Office (issue 23, D68)', () => {
  test('A changes how a status looks; a colour too pale to see is refused in words', async ({
    page,
  }) => {
    await openAs(page, ADMIN.username, '/app/admin');
    await expect(heading(page, CONSOLE_TITLE)).toBeVisible();
    await page.getByRole('link', { name: OPEN_ORGANIZATION }).first().click();
    await expect(heading(page, ORGANIZATION_TITLE)).toBeVisible();
    expect(await seriousAxeViolations(page), 'organisation').toEqual([]);
    await fitsAPhone(page);
    await shootConsole(page, 'clubs-1-organisation');

    // Deceased: no other test reads its colour, and it is put back at the end.
    const colour = page.getByLabel(statusColourLabel(STATUS_TEXT.deceased));
    const before = await colour.inputValue();
    await colour.fill('#fff3bf');
    await page.getByRole('button', { name: SAVE_ORGANIZATION }).click();
    await expect(page.getByText(colourTooLight(contrastRatio('#fff3bf', '#ffffff')))).toBeVisible();
    expect(await seriousAxeViolations(page), 'organisation with an error').toEqual([]);

    await colour.fill('#5f3dc4');
    await page.getByRole('button', { name: SAVE_ORGANIZATION }).click();
    await expect(page.getByTestId('organization-saved')).toHaveText(ORGANIZATION_SAVED);
    await page.reload();
    await expect(page.getByLabel(statusColourLabel(STATUS_TEXT.deceased))).toHaveValue('#5f3dc4');

    await page.getByLabel(statusColourLabel(STATUS_TEXT.deceased)).fill(before);
    await page.getByRole('button', { name: SAVE_ORGANIZATION }).click();
    await expect(page.getByTestId('organization-saved')).toBeVisible();
  });

  test("S changes the lodge's meetings and reads them on the lodge's page; its Dashboard leads back", async ({
    page,
  }) => {
    const meetings = `Second Tuesday of the month at 7:30 pm (${Date.now()})`;
    await openAs(page, SECRETARY.username, '/app/admin');
    await page.getByRole('link', { name: OPEN_CLUBS }).click();
    await expect(heading(page, CLUBS_TITLE)).toBeVisible();
    const harmony = page.getByTestId(`club-node-${DEMO_CLUBS.L1}`);
    await expect(harmony).toBeVisible();
    expect(await seriousAxeViolations(page), 'lodges').toEqual([]);
    await fitsAPhone(page);
    await shootConsole(page, 'clubs-2-tree');

    await harmony.getByRole('link', { name: /^Change / }).click();
    const field = page.getByLabel(CLUB_MEETINGS_LABEL, { exact: true });
    await expect(field).toBeVisible();
    expect(await seriousAxeViolations(page), 'lodge form').toEqual([]);
    await fitsAPhone(page);
    await shootConsole(page, 'clubs-3-form');
    await field.fill(meetings);
    await page.getByRole('button', { name: SAVE_CLUB }).click();
    await expect(page.getByTestId('club-saved')).toContainText(CLUB_SAVED);

    await page.getByTestId('club-saved').getByRole('link', { name: VIEW_CLUB_PAGE }).click();
    await expect(page).toHaveURL(new RegExp(`/app/clubs/${DEMO_CLUBS.L1}$`));
    const shown = page.getByTestId('club-meetings');
    await expect(shown).toContainText(CLUB_MEETINGS);
    await expect(shown).toContainText(meetings);

    await page.getByRole('link', { name: new RegExp(`^${CLUB_DASHBOARD}`) }).click();
    await expect(page).toHaveURL(/\/app\/admin\/clubs\/\d+$/);
    await expect(page.getByLabel(CLUB_MEETINGS_LABEL, { exact: true })).toHaveValue(meetings);
  });

  test('A creates an organisation, adds its first lodge and closes it after a question in plain words', async ({
    page,
  }) => {
    const n = Date.now();
    await openAs(page, ADMIN.username, '/app/admin/organizations/new');
    await expect(heading(page, NEW_ORGANIZATION_TITLE)).toBeVisible();
    expect(await seriousAxeViolations(page), 'new organisation').toEqual([]);
    await page.getByTestId('organization-name').fill(`Order of the Test ${n}`);
    // Not in the status checker's list, which other tests read.
    await page.getByLabel(RECOGNIZED_LABEL).uncheck();
    await page.getByRole('button', { name: CREATE_ORGANIZATION_BUTTON }).click();
    await expect(heading(page, ORGANIZATION_TITLE)).toBeVisible();
    const organizationId = new URL(page.url()).searchParams.get('organization_id');
    expect(organizationId).toMatch(/^\d+$/);

    await page.goto(`/app/admin/clubs?organization_id=${organizationId}`);
    await expect(page.getByTestId('clubs-empty')).toBeVisible();
    await page.getByRole('link', { name: ADD_TOP_CLUB }).click();
    await expect(heading(page, NEW_CLUB_TITLE)).toBeVisible();
    expect(await seriousAxeViolations(page), 'new club').toEqual([]);
    await page.getByLabel(CLUB_NAME, { exact: true }).fill(`Test Grand Lodge ${n}`);
    await page.getByLabel(CLUB_FORMAL_NAME).fill(`The Test Grand Lodge ${n}`);
    await page.getByLabel(CLUB_SUBDOMAIN).fill(`testgl${n}`);
    await page.getByRole('button', { name: CREATE_CLUB }).click();
    await expect(heading(page, `Test Grand Lodge ${n}`)).toBeVisible();

    await page.getByRole('button', { name: CLOSE_CLUB }).click();
    const dialog = page.getByRole('dialog', { name: closeClubQuestion(`Test Grand Lodge ${n}`) });
    await expect(dialog).toContainText(CLOSE_CLUB_EXPLAINED);
    // Axe reads colours: only once the dialog has faded in.
    await expect(dialog).toHaveCSS('opacity', '1');
    expect(await seriousAxeViolations(page), 'close question').toEqual([]);
    await shootConsole(page, 'clubs-4-close');
    await dialog.getByRole('button', { name: CONFIRM_CLOSE }).click();
    await expect(page.getByTestId('club-closed')).toBeVisible();
    await expect(page.getByRole('button', { name: CLOSE_CLUB })).toHaveCount(0);
  });
});
