/// <reference lib="dom" />
import crypto from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import {
  ANNOUNCEMENT_MAIL_LABEL,
  ANNOUNCEMENT_MAIL_OFF,
  BACK_TO_CALENDAR,
  CANCELLED_EVENT_TITLE,
  MAIL_SETTINGS_SAVED,
  REMINDER_3_DAYS,
  SAVE_MAIL_SETTINGS,
  UNSUBSCRIBE_ANNOUNCEMENT_MAIL,
  UNSUBSCRIBE_BUTTON,
  UNSUBSCRIBE_DONE,
  UNSUBSCRIBE_LINK_INVALID,
  UNSUBSCRIBE_TITLE,
} from '../common/messages.ts';
import type { MailSettingsAnswer } from '../common/schemas/mail-settings.ts';
import { unsubscribeKeyOf, unsubscribeToken } from '../server/auth/unsubscribe-tokens.ts';
import { MEMBER, MEMBER2 } from '../server/db/seed/personas.ts';
import {
  apiSignIn,
  fitsAPhone,
  freshEvent,
  heading,
  openAs,
  seriousAxeViolations,
  shootConsole,
} from './support.ts';

/**
 * What members are told and how they choose (issue 25, D81), in Chromium against the built
 * server: the unsubscribe page a visitor opens from an e-mail's link, a mail program's one-click
 * POST, a tampered link; the cancelled event's page a member reaches from an old link; and the
 * E-mail and reminders section of My Account.
 */

/**
 * The link an e-mail to `partyId` would carry, made as the server makes it: from the app key
 * the server keeps in its database (read as an operator could, from the e2e data folder).
 */
function unsubscribePath(partyId: number, topic: 'announcement_mail' | 'event_reminder'): string {
  const dataDir = process.env.LODGEHALL_E2E_DATA_DIR;
  if (!dataDir)
    throw new Error('LODGEHALL_E2E_DATA_DIR is not set (see e2e/playwright.config.ts).');
  const db = new Database(path.join(dataDir, 'lodgehall.sqlite'), { readonly: true });
  try {
    const row = db.prepare("select private_key from app_keys where name = 'app'").get() as
      { private_key: string } | undefined;
    if (!row) throw new Error('the server has made no app key yet');
    const key = unsubscribeKeyOf(
      crypto.createPrivateKey({
        key: Buffer.from(row.private_key, 'base64'),
        format: 'der',
        type: 'pkcs8',
      }),
    );
    return `/app/unsubscribe?token=${unsubscribeToken(key, partyId, topic)}`;
  } finally {
    db.close();
  }
}

async function partyIdOf(client: Awaited<ReturnType<typeof apiSignIn>>): Promise<number> {
  const answer = await client.call<{ data: { user: { party: { id: number } } } }>(
    'GET',
    '/session.json',
  );
  return answer.data.user.party.id;
}

test.describe('the unsubscribe link (RFC 8058, D81)', () => {
  test('a visitor sees what will change, stops it with one button, and a bad link says so', async ({
    page,
    baseURL,
  }) => {
    const member = await apiSignIn(baseURL ?? '', MEMBER2.username);
    const partyId = await partyIdOf(member);
    await member.call('PUT', '/mail_settings.json', { mail_settings: { announcement_mail: true } });
    const link = unsubscribePath(partyId, 'announcement_mail');

    await page.goto(link);
    await expect(heading(page, UNSUBSCRIBE_TITLE)).toBeVisible();
    await expect(page.getByText(UNSUBSCRIBE_ANNOUNCEMENT_MAIL)).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await fitsAPhone(page);
    await shootConsole(page, 'unsubscribe');
    // Opening the page changed nothing.
    const before = await member.call<MailSettingsAnswer>('GET', '/mail_settings.json');
    expect(before.data.mail_settings.announcement_mail).toBe(true);

    await page.getByRole('button', { name: UNSUBSCRIBE_BUTTON }).click();
    await expect(page.getByRole('status').filter({ hasText: UNSUBSCRIBE_DONE })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shootConsole(page, 'unsubscribe-done');
    const after = await member.call<MailSettingsAnswer>('GET', '/mail_settings.json');
    expect(after.data.mail_settings.announcement_mail).toBe(false);

    const last = link.at(-1) === 'A' ? 'B' : 'A';
    await page.goto(`${link.slice(0, -1)}${last}`);
    await expect(page.getByRole('alert')).toContainText(UNSUBSCRIBE_LINK_INVALID);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shootConsole(page, 'unsubscribe-invalid');

    await member.call('PUT', '/mail_settings.json', { mail_settings: { announcement_mail: true } });
  });

  test('a mail program’s one-click POST turns the reminder off with no page', async ({
    request,
    baseURL,
  }) => {
    const member = await apiSignIn(baseURL ?? '', MEMBER2.username);
    const link = unsubscribePath(await partyIdOf(member), 'event_reminder');
    const response = await request.post(link, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    });
    expect(response.status()).toBe(200);
    const settings = await member.call<MailSettingsAnswer>('GET', '/mail_settings.json');
    expect(settings.data.mail_settings.event_reminder).toBe('off');
    await member.call('PUT', '/mail_settings.json', { mail_settings: { event_reminder: '1_day' } });
  });
});

test('a deleted event’s link says it was cancelled, and the way back leads to the calendar (D81)', async ({
  page,
  baseURL,
}) => {
  const event = await freshEvent(baseURL ?? '', false);
  const member = await apiSignIn(baseURL ?? '', MEMBER.username);
  await member.call('POST', '/event_attendees.json', {
    calendar_event_id: event.id,
    status: 'YES',
    guests: 0,
  });
  await event.webmaster.call('DELETE', `/calendar_events/${event.id}`);

  await openAs(page, MEMBER.username, `/app/calendar/${event.id}`);
  await expect(heading(page, CANCELLED_EVENT_TITLE)).toBeVisible();
  await expect(page.getByTestId('event-cancelled')).toContainText(event.name);
  await expect(page.getByTestId('event-cancelled')).toContainText(event.lodge);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await fitsAPhone(page);
  await shootConsole(page, 'event-cancelled');
  await page.getByRole('link', { name: BACK_TO_CALENDAR }).click();
  await expect(page).toHaveURL(/\/app\/calendar$/);
});

test('My Account’s E-mail and reminders: a member changes two choices and saves them (D81)', async ({
  page,
  baseURL,
}) => {
  // M here, M2 in the unsubscribe tests: the tests run in parallel.
  const member = await apiSignIn(baseURL ?? '', MEMBER.username);
  await openAs(page, MEMBER.username, '/app/my_account');
  const section = page.getByTestId('mail-settings-section');
  await section.scrollIntoViewIfNeeded();
  await section
    .getByRole('radiogroup', { name: ANNOUNCEMENT_MAIL_LABEL })
    .getByRole('radio', { name: ANNOUNCEMENT_MAIL_OFF })
    .check();
  await section.getByRole('radio', { name: REMINDER_3_DAYS }).check();
  await section.getByRole('button', { name: SAVE_MAIL_SETTINGS }).click();
  await expect(section.getByText(MAIL_SETTINGS_SAVED)).toBeVisible();
  expect(await seriousAxeViolations(page, '[data-testid="mail-settings-section"]')).toEqual([]);
  await fitsAPhone(page);
  const settings = await member.call<MailSettingsAnswer>('GET', '/mail_settings.json');
  expect(settings.data.mail_settings).toMatchObject({
    announcement_mail: false,
    event_reminder: '3_days',
  });
  // The section alone as well: My Account is long, and it is the last part.
  const shots = process.env.CONSOLE_SHOTS;
  for (const width of shots ? [390, 1280] : []) {
    await page.setViewportSize({ width, height: 900 });
    await section.screenshot({ path: `${shots}/mail-settings-section-${width}.png` });
  }
  await member.call('PUT', '/mail_settings.json', {
    mail_settings: { announcement_mail: true, event_reminder: '1_day' },
  });
});
