/// <reference lib="dom" />
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type TestInfo } from '@playwright/test';
import { displayName } from '../common/display-name.ts';
import {
  AUDIT_TITLE,
  DUES_TITLE,
  OPEN_AUDIT,
  OPEN_DUES,
  PAYMENT_SAVED,
  SAVE_PAYMENT,
  recordPaymentFor,
} from '../common/messages.ts';
import { DEMO_CLUBS, PERSONAS, SECRETARY } from '../server/db/seed/personas.ts';
import { fitsAPhone, heading, openAs, seriousAxeViolations, shootConsole } from './support.ts';

/**
 * Dues in the Lodge Office (issue 23, D70) and the history of changes (D71) against the seeded
 * server: S records cash for a member of Harmony Lodge who owes, sees the member's dues drop,
 * the member's own My Account shows nothing left to pay, and the history shows the payment.
 * Axe on each screen and the dialog; at 390 px the page never scrolls sideways.
 *
 * CONSOLE_SHOTS=/tmp/shots saves each screen at 390 and 1280 px for a person to look at.
 */

interface Payer {
  username: string;
  name: string;
}

/**
 * A member of Harmony Lodge with an account, no persona, who owes this year there and has dues
 * nowhere else: no other spec signs in as them. Each worker and retry takes another (the demo
 * has some ten; only two owe earlier years too, too few for two workers and a retry).
 */
function harmonyPayer(testInfo: TestInfo): Payer {
  const dataDir = process.env.LODGEHALL_E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('LODGEHALL_E2E_DATA_DIR is not set (see e2e/playwright.config.ts).');
  const db = new Database(path.join(dataDir, 'lodgehall.sqlite'), { readonly: true });
  try {
    const year = new Date().getFullYear();
    const rows = db
      .prepare(
        `select u.username, p.first_name, p.middle_name, p.last_name, p.suffix, p.preferred_name
           from users u
           join parties p on p.id = u.party_id
           join memberships m on m.party_id = p.id and m.left_at is null
           join clubs c on c.id = m.club_id and c.subdomain = ?
          where u.is_admin = 0
            and u.username not in (${PERSONAS.map(() => '?').join(', ')})
            and exists (select 1 from dues d where d.party_id = p.id and d.club_id = c.id
                          and d.paid_at is null and d.year = ?)
            and (select count(distinct d.club_id) from dues d where d.party_id = p.id) = 1
          order by u.id
          limit 20`,
      )
      .all(DEMO_CLUBS.L1, ...PERSONAS.map((persona) => persona.username), year) as ({
      username: string;
    } & Parameters<typeof displayName>[0])[];
    // parallelIndex, not workerIndex: every worker Playwright starts afresh (after a failure, or
    // for another file's options) gets a new workerIndex, which ran past the few who qualify.
    const row = rows[testInfo.parallelIndex * 3 + testInfo.retry];
    if (!row) throw new Error('The demo has too few members of Harmony Lodge who owe.');
    return { username: row.username, name: displayName(row) };
  } finally {
    db.close();
  }
}

test.describe('dues in the Lodge Office (issue 23)', () => {
  test('S records cash for a member who owes; their dues drop, in the console and in My Account', async ({
    page,
    browser,
  }, testInfo) => {
    const payer = harmonyPayer(testInfo);
    await openAs(page, SECRETARY.username, '/app/admin');
    await page.getByRole('link', { name: OPEN_DUES }).click();
    await expect(heading(page, DUES_TITLE)).toBeVisible();
    await expect(page.getByTestId('dues-row').first()).toBeVisible();
    await page.getByTestId('dues-show').selectOption('owes');
    await expect(page).toHaveURL(/show=owes/);
    await expect(page.getByTestId('dues-loading')).toHaveCount(0);
    await expect(page.getByTestId('dues-row').first()).toBeVisible();
    const row = page.getByTestId('dues-row').filter({ hasText: payer.name });
    // A lodge of hundreds is read a hundred at a time.
    while ((await row.count()) === 0) {
      await page.getByRole('button', { name: 'Load More' }).click();
    }
    const owedBefore = await row.getByTestId('dues-owes').textContent();
    expect(owedBefore).toMatch(/^\$[1-9]/);
    expect(await seriousAxeViolations(page), 'dues').toEqual([]);
    await fitsAPhone(page);
    await shootConsole(page, 'dues-1-report');

    await row.getByRole('button', { name: recordPaymentFor(payer.name) }).click();
    const dialog = page.getByRole('dialog', { name: recordPaymentFor(payer.name) });
    await expect(dialog.getByTestId('payment-form')).toBeVisible();
    expect(await seriousAxeViolations(page), 'record payment').toEqual([]);
    await shootConsole(page, 'dues-2-dialog');
    // Cash, today, every year owed (all are ticked at first).
    await dialog.getByTestId('payment-note').fill('Paid at the stated meeting');
    await dialog.getByRole('button', { name: SAVE_PAYMENT }).click();
    await expect(dialog.getByTestId('payment-saved')).toHaveText(PAYMENT_SAVED);
    await expect(dialog.getByTestId('nothing-to-pay')).toBeVisible();
    await expect(dialog.getByTestId('payment')).toContainText('Paid at the stated meeting');
    await page.keyboard.press('Escape');
    // Paid in full: no longer among those who owe.
    await expect(row).toHaveCount(0);

    // The member's own My Account: nothing left to pay at the lodge.
    const context = await browser.newContext();
    const memberPage = await context.newPage();
    try {
      await openAs(memberPage, payer.username, '/app/my_account');
      const dues = memberPage.getByTestId('dues-section');
      await expect(dues).toBeVisible();
      await expect(dues.getByRole('link', { name: /^pay/ })).toHaveCount(0);
    } finally {
      await context.close();
    }

    // The history shows the payment, in words.
    await page.goto('/app/admin');
    await page.getByRole('link', { name: OPEN_AUDIT }).click();
    await expect(heading(page, AUDIT_TITLE)).toBeVisible();
    await page.getByTestId('audit-kind').selectOption('dues.payment_recorded');
    const entry = page.getByTestId('audit-row').filter({ hasText: payer.name }).first();
    await expect(entry).toContainText('Payment recorded');
    await expect(entry.getByTestId('audit-changes')).toContainText('method: cash');
    expect(await seriousAxeViolations(page), 'history').toEqual([]);
    await fitsAPhone(page);
    await shootConsole(page, 'dues-3-history');
  });
});
