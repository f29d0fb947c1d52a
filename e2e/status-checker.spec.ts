/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import {
  CHECK_STATUS,
  MEMBER_NUMBER,
  NO_MATCHES,
  ORGANIZATION,
  STATUS_CHECKER_TITLE,
} from '../common/messages.ts';
import { DEMO_ORGANIZATION_NAME, MEMBER, MEMBER2 } from '../server/db/seed/personas.ts';
import { heading, seriousAxeViolations, sidewaysOverflow, openAs } from './support.ts';

/**
 * The status checker on the real server (ROUTE-28, STAT-01..04, VAL-44..46, AMB-07, PERM-02):
 * M checks M2's number in the demo organisation, a number nobody holds, and a number too short
 * for the organisation's rule (6 to 8 digits), which is never sent. Checks change nothing, so
 * the demo data is only read; each test uses a few of M's checks per 10 minutes (D48).
 */

const PATH = '/app/status_checker';

test.describe('status checker (ROUTE-28, STAT-01..04)', () => {
  test("M finds M2's status: a card in its colour with number, title, name, status and organisation", async ({
    page,
  }) => {
    await openAs(page, MEMBER.username, PATH);
    await expect(heading(page, STATUS_CHECKER_TITLE)).toBeVisible();
    await page.getByLabel(ORGANIZATION).selectOption({ label: DEMO_ORGANIZATION_NAME });
    await page.getByLabel(MEMBER_NUMBER).fill(MEMBER2.memberNumber);
    await page.getByRole('button', { name: CHECK_STATUS }).click();
    const card = page.getByTestId('status-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { name: 'Bill Harper' })).toBeVisible();
    await expect(card.getByTestId('status-number')).toHaveText(MEMBER2.memberNumber);
    await expect(card.getByTestId('status-title')).toHaveText('Master Mason');
    await expect(card.getByTestId('status-status')).toHaveText('Active');
    await expect(card.getByTestId('status-organization')).toHaveText(DEMO_ORGANIZATION_NAME);
    // The demo's colour for active standing.
    await expect(card).toHaveCSS('background-color', 'rgb(43, 138, 62)');
  });

  test('a number nobody holds says No Matches; letters never go in (STAT-04, VAL-46)', async ({
    page,
  }) => {
    await openAs(page, MEMBER.username, PATH);
    await page.getByLabel(ORGANIZATION).selectOption({ label: DEMO_ORGANIZATION_NAME });
    const number = page.getByLabel(MEMBER_NUMBER);
    await number.pressSequentially('99x99y9999');
    await expect(number).toHaveValue('99999999');
    await page.getByRole('button', { name: CHECK_STATUS }).click();
    await expect(page.getByText(NO_MATCHES)).toBeVisible();
    await expect(page.getByTestId('status-card')).toHaveCount(0);
  });

  test("the organisation's length rule stops a short number before it is sent (VAL-45)", async ({
    page,
  }) => {
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().includes('/member_status_validations')) sent += 1;
    });
    await openAs(page, MEMBER.username, PATH);
    await page.getByLabel(ORGANIZATION).selectOption({ label: DEMO_ORGANIZATION_NAME });
    await expect(page.getByText('Must be 6 to 8 digits.')).toBeVisible();
    await page.getByLabel(MEMBER_NUMBER).fill('123');
    await page.getByRole('button', { name: CHECK_STATUS }).click();
    await expect(page.getByLabel(MEMBER_NUMBER)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Must be 6 to 8 digits.')).toHaveCount(2);
    expect(sent).toBe(0);
  });

  for (const width of [390, 1280]) {
    test(`at ${width} px with a result: no serious axe findings, nothing off the side`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await openAs(page, MEMBER.username, PATH);
      await page.getByLabel(ORGANIZATION).selectOption({ label: DEMO_ORGANIZATION_NAME });
      await page.getByLabel(MEMBER_NUMBER).fill(MEMBER2.memberNumber);
      await page.getByRole('button', { name: CHECK_STATUS }).click();
      await expect(page.getByTestId('status-card')).toBeVisible();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    });
  }
});
