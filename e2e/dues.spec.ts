import { expect, test, type Page } from '@playwright/test';
import {
  BACK_TO_MY_ACCOUNT,
  CONFIRM_REMOVE_CARD,
  DUES_MOVED,
  DUES_REDIRECTING,
  NO_DUES,
  PAYMENT_INFORMATION,
  PAYMENT_RECEIVED,
} from '../common/messages.ts';
import { MEMBER } from '../server/db/seed/personas.ts';
import { duesMember } from './roster.ts';
import { heading, seriousAxeViolations, sidewaysOverflow, openAs } from './support.ts';

/*
 * Dues, the test-mode checkout and the saved card (issue 13, docs/decisions.md D50). Paying and
 * removing consume data, so each of those tests signs in as an ordinary demo member no other
 * spec uses, read from the e2e server's database (e2e/roster.ts duesMember): the payer owes this
 * year's dues and arrears and has no card; the card holder has a card. M is only looked at, never
 * paid for.
 */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

function duesSection(page: Page) {
  return page.getByTestId('dues-section');
}

async function expectAccessible(page: Page, include?: string) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    expect(await seriousAxeViolations(page, include)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
  }
}

test.describe('dues and payments (ACCT-09..17, DUES-01..04)', () => {
  test('pay dues in test mode: pay opens the checkout in a new tab, 4242 pays, the total drops and the card is kept as asked', async ({
    page,
    context,
  }, testInfo) => {
    await openAs(page, duesMember(testInfo, 'owes-this-year-and-arrears'), '/app/my_account');
    const dues = duesSection(page);
    const pay = dues.getByRole('link', { name: /^pay/ });
    await expect(pay).toHaveCount(1);
    await expect(pay).toHaveAttribute('target', '_blank');
    await expect(dues.getByText(/\$[1-9][\d,]*\.\d\d/).first()).toBeVisible();
    // Nothing saved yet: Payment Information shows nothing (ACCT-17).
    await expect(page.getByRole('heading', { name: PAYMENT_INFORMATION })).toHaveCount(0);

    const [checkout] = await Promise.all([context.waitForEvent('page'), pay.click()]);
    await checkout.waitForURL(/\/payments\/test-checkout\/[\w-]+$/);
    await expect(checkout.getByText('TEST MODE')).toBeVisible();
    await expect(checkout.getByText(/No real card is charged/)).toBeVisible();
    await expectAccessible(checkout);

    // A declined card first: the reason shows and nothing is paid.
    await checkout.getByLabel('Name on card').fill('Nora Spencer');
    await checkout.getByLabel('E-mail address').fill('nora@example.com');
    await checkout.getByLabel('Card number').fill('4000 0000 0000 0002');
    await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
    await checkout.getByRole('button', { name: /^Pay/ }).click();
    await expect(checkout.getByText(/declined/)).toBeVisible();

    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Save this card for next time').check();
    await checkout.getByRole('button', { name: /^Pay/ }).click();
    await checkout.waitForURL((url) => url.pathname === '/app/my_account');
    await expect(checkout.getByText(PAYMENT_RECEIVED)).toBeVisible();
    const after = duesSection(checkout);
    await expect(after.getByRole('link', { name: /^pay/ })).toHaveCount(0);
    await expect(after.getByText('$0.00')).toBeVisible();
    const card = checkout.getByTestId('payment-section');
    await expect(card.getByText('Visa XXXX-XXXX-XXXX-4242')).toBeVisible();
    await expect(card.getByText('Nora Spencer')).toBeVisible();
    await checkout.close();

    // The tab left behind reads the dues again when the member comes back to it. Headless
    // tabs never turn hidden, so the browser's own event on returning is sent by hand.
    await page.bringToFront();
    await page.evaluate(() =>
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true })),
    );
    await expect(dues.getByRole('link', { name: /^pay/ })).toHaveCount(0);
    await expect(dues.getByText('$0.00')).toBeVisible();
  });

  test('remove the saved card: Cancel keeps it, OK removes it (ACCT-16, AMB-17)', async ({
    page,
  }, testInfo) => {
    await openAs(page, duesMember(testInfo, 'has-card'), '/app/my_account');
    const card = page.getByTestId('payment-section');
    await expect(card.getByText(/XXXX-XXXX-XXXX-\d{4}/)).toBeVisible();
    await card.getByRole('button', { name: 'remove' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(CONFIRM_REMOVE_CARD)).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(card.getByText(/XXXX-XXXX-XXXX-\d{4}/)).toBeVisible();

    await card.getByRole('button', { name: 'remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect(card).toHaveCount(0);
    await page.reload();
    await expect(duesSection(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: PAYMENT_INFORMATION })).toHaveCount(0);
  });

  test("M's dues and card read well and pass axe at 390 and 1280 px", async ({ page }) => {
    await openAs(page, MEMBER.username, '/app/my_account');
    const dues = duesSection(page);
    await expect(dues.getByRole('link', { name: /^pay/ }).first()).toBeVisible();
    await expect(dues.getByText(NO_DUES)).toHaveCount(0);
    await expect(
      page.getByTestId('payment-section').getByText('XXXX-XXXX-XXXX-4242'),
    ).toBeVisible();
    await expectAccessible(page, '[data-testid="dues-section"]');
    await expectAccessible(page, '[data-testid="payment-section"]');
  });

  test('the redirect page keeps its texts and offers the way back when the address cannot be had (ROUTE-29, AMB-14)', async ({
    page,
  }) => {
    await openAs(page, MEMBER.username, '/app/dues_payments/999999');
    await expect(heading(page, DUES_MOVED)).toBeVisible();
    await expect(page.getByText(DUES_REDIRECTING)).toBeVisible();
    const back = page.getByRole('link', { name: BACK_TO_MY_ACCOUNT });
    await expect(back).toBeVisible();
    await expect(page.getByLabel('Redirecting')).toHaveCount(0);
    await expectAccessible(page);
    await back.click();
    await expect(page).toHaveURL(/\/app\/my_account$/);
  });
});
