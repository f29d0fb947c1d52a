/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import {
  CANCEL_MEETING,
  CANCEL_MEETING_TITLE,
  CHANGE_REMINDERS,
  CREATE_EVENT,
  EDIT_REPEATING_MEETING,
  EVENT_DESCRIPTION,
  EVENT_LOCATION,
  EVENT_NAME,
  EVENT_REPEATS,
  EVENT_START_DATE,
  EVENT_START_TIME,
  EXCEPT_IN_MONTHS,
  MAIL_SETTINGS_ANCHOR,
  MAIL_SETTINGS_SAVED,
  MEETING_CANCELLED_TITLE,
  OK,
  REMINDER_3_DAYS,
  reminderHint,
  RSVP_GOING,
  RSVP_QUESTION,
  RSVP_SAVED,
  SAVE_CHANGES,
  SAVE_MAIL_SETTINGS,
  SAVE_RSVP,
  SCOPE_ALL,
  SCOPE_THIS,
} from '../common/messages.ts';
import type { CalendarEventAnswer, ClubCalendarAnswer } from '../common/schemas/calendar-event.ts';
import { MEMBER, SECRETARY, WEBMASTER } from '../server/db/seed/personas.ts';
import {
  API,
  apiSignIn,
  fitsAPhone,
  heading,
  openAs,
  seriousAxeViolations,
  shootConsole,
} from './support.ts';

/**
 * Issue 25's browser journey: a webmaster creates "every 2nd Tuesday, except July and August",
 * sees the next dates before saving, saves, and cancels one meeting; a member answers Going to
 * the next one and sets the reminder three days before. Axe on each screen; the screens at 390 and 1280 px for a person to look at
 * (CONSOLE_SHOTS=<folder>, e2e/support.ts shootConsole).
 */

const RULE = 'Every 2nd Tuesday of the month, except July and August';
const DAY_MS = 86_400_000;

/** The 2nd Tuesday of a month (UTC calendar), as a Date at midnight UTC. */
function secondTuesday(year: number, month: number): Date {
  const first = new Date(Date.UTC(year, month, 1));
  const toTuesday = (2 - first.getUTCDay() + 7) % 7;
  return new Date(Date.UTC(year, month, 1 + toTuesday + 7));
}

/** The next 2nd Tuesdays, not in July or August, from a week ahead: what the rule must give. */
function nextSecondTuesdays(count: number): Date[] {
  const from = Date.now() + 7 * DAY_MS;
  const dates: Date[] = [];
  const cursor = new Date(from);
  let year = cursor.getUTCFullYear();
  let month = cursor.getUTCMonth();
  while (dates.length < count) {
    const date = secondTuesday(year, month);
    if (date.getTime() >= from && month !== 6 && month !== 7) dates.push(date);
    month += 1;
    if (month === 12) {
      month = 0;
      year += 1;
    }
  }
  return dates;
}

const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}(\\s*\\*)?$`));

async function noSeriousAxe(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

test('a webmaster creates “every 2nd Tuesday except July and August”, sees the dates, saves and cancels one; a member answers Going to the next and sets a reminder', async ({
  page,
  browser,
  baseURL,
}) => {
  const dates = nextSecondTuesdays(7);
  const first = dates[0] as Date;
  const name = `Stated Communication ${crypto.randomUUID().slice(0, 6)}`;

  await openAs(page, WEBMASTER.username, '/app/calendar/new');
  await field(page, EVENT_NAME).fill(name);
  await field(page, EVENT_START_DATE).fill(first.toISOString().slice(0, 10));
  await field(page, EVENT_START_TIME).selectOption('7:30pm');
  await page.getByRole('textbox', { name: EVENT_DESCRIPTION }).click();
  await page.keyboard.type('Dinner at six, the meeting at half past seven.');

  // The choices are worded from the start date: its 2nd Tuesday.
  const repeats = page.getByRole('combobox', { name: new RegExp(`^${EVENT_REPEATS}`) });
  await repeats.selectOption({ label: 'Every 2nd Tuesday of the month' });
  const months = page.getByRole('group', { name: EXCEPT_IN_MONTHS });
  await months.getByRole('checkbox', { name: 'July' }).check();
  const previewed = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `${API}/calendar_events/recurrence_preview.json` &&
      (response.request().postDataJSON() as { recurrence: { skip_months: number[] } }).recurrence
        .skip_months.length === 2,
  );
  await months.getByRole('checkbox', { name: 'August' }).check();
  expect((await previewed).status()).toBe(200);

  const preview = page.getByTestId('repeat-preview');
  await expect(preview.getByTestId('repeat-words')).toHaveText(RULE);
  // The server's six dates are the 2nd Tuesdays this test works out on its own, none in
  // July or August, each at 7:30pm.
  await expect(preview.getByRole('listitem')).toHaveText(
    dates.slice(0, 6).map((date) => `${longDate(date)} 7:30pm`),
  );
  await noSeriousAxe(page);
  await fitsAPhone(page);
  await shootConsole(page, 'recurring-form');

  const created = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === `${API}/calendar_events`,
  );
  await page.getByRole('button', { name: CREATE_EVENT }).click();
  const answer = (await (await created).json()) as CalendarEventAnswer;
  const firstMeeting = answer.data.calendar_event;
  expect(firstMeeting.series_id).not.toBeNull();
  await expect(page).toHaveURL(new RegExp(`/app/calendar/${firstMeeting.id}$`));
  await expect(heading(page, name)).toBeVisible();
  await expect(page.getByTestId('event-repeats')).toHaveText(RULE);

  // Cancel the first meeting: it asks, then the page says it is cancelled, with no RSVP.
  await page.getByRole('button', { name: CANCEL_MEETING }).click();
  const confirm = page.getByRole('dialog', { name: CANCEL_MEETING_TITLE });
  const cancelled = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `${API}/calendar_events/${firstMeeting.id}/cancel.json`,
  );
  await confirm.getByRole('button', { name: OK }).click();
  expect((await cancelled).status()).toBe(200);
  await expect(page.getByTestId('meeting-cancelled')).toContainText(MEETING_CANCELLED_TITLE);
  await expect(page.getByTestId('rsvp-button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: CANCEL_MEETING })).toHaveCount(0);
  await noSeriousAxe(page);
  await fitsAPhone(page);
  await shootConsole(page, 'recurring-cancelled');

  // The lodge's calendar now starts the series at its second meeting: the member's next one.
  const member = await apiSignIn(baseURL ?? '', MEMBER.username);
  let next: { id: number; start_date_string: string } | undefined;
  let cursor: string | null = null;
  for (let page = 0; page < 20 && !next; page += 1) {
    const query = new URLSearchParams({ subdomain: firstMeeting.club.subdomain });
    if (cursor) query.set('cursor', cursor);
    const list = await member.call<ClubCalendarAnswer>(
      'GET',
      `/clubs/calendar_events.json?${query.toString()}`,
    );
    next = list.data.calendar_events.find((event) => event.series_id === firstMeeting.series_id);
    cursor = list.data.next_cursor;
    if (!cursor) break;
  }
  expect(next?.start_date_string).toBe(
    (dates[1] as Date).toISOString().replace(/^(\d{4})-(\d{2})-(\d{2}).*$/, '$2/$3/$1'),
  );

  // Editing a meeting of the series asks first which meetings; "All meetings" shows the rule.
  await page.goto(`/app/calendar/${next?.id}/edit`);
  const which = page.getByRole('dialog', { name: EDIT_REPEATING_MEETING });
  await expect(which.getByRole('button', { name: new RegExp(`^${SCOPE_THIS}`) })).toBeFocused();
  await noSeriousAxe(page);
  await shootConsole(page, 'recurring-edit-scope');
  await which.getByRole('button', { name: new RegExp(`^${SCOPE_ALL}`) }).click();
  await expect(page.getByTestId('edit-scope')).toContainText(SCOPE_ALL);
  await expect(repeats).toHaveValue('monthly_by_weekday');
  await expect(months.getByRole('checkbox', { name: 'July' })).toBeChecked();
  await expect(months.getByRole('checkbox', { name: 'August' })).toBeChecked();
  await expect(page.getByTestId('repeat-words')).toHaveText(RULE);
  // A new place for every meeting: the rule, unchanged, is not sent again.
  await field(page, EVENT_LOCATION).fill('Lodge hall, upstairs');
  const edited = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' &&
      new URL(response.url()).pathname === `${API}/calendar_events/${next?.id}.json`,
  );
  await page.getByRole('button', { name: SAVE_CHANGES }).click();
  const put = await edited;
  expect(put.status()).toBe(200);
  const sent = put.request().postDataJSON() as {
    scope: string;
    calendar_event: Record<string, unknown>;
  };
  expect(sent.scope).toBe('all');
  expect(sent.calendar_event).not.toHaveProperty('recurrence');
  await expect(page).toHaveURL(new RegExp(`/app/calendar/${next?.id}$`));
  await expect(page.getByText('Lodge hall, upstairs')).toBeVisible();

  // A context of the member's own (axe needs a page of a context, not browser.newPage()).
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  try {
    await openAs(memberPage, SECRETARY.username, `/app/calendar/${next?.id}`);
    await expect(heading(memberPage, name)).toBeVisible();
    await expect(memberPage.getByTestId('event-repeats')).toHaveText(RULE);
    await expect(memberPage.getByTestId('meeting-cancelled')).toHaveCount(0);
    await expect(memberPage.getByText('Lodge hall, upstairs')).toBeVisible();
    await memberPage.getByTestId('rsvp-button').click();
    const dialog = memberPage.getByRole('dialog', { name: RSVP_QUESTION });
    await dialog.getByRole('radio', { name: RSVP_GOING, exact: true }).check();
    const saved = memberPage.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === `${API}/event_attendees.json`,
    );
    await dialog.getByRole('button', { name: SAVE_RSVP }).click();
    const rsvp = (await (await saved).json()) as {
      data: { event_attendee: { status: string } };
    };
    expect(rsvp.data.event_attendee.status).toBe('YES');
    await expect(memberPage.getByTestId('rsvp-saved')).toHaveText(RSVP_SAVED);
    await expect(memberPage.getByTestId('rsvp-button')).toContainText(RSVP_GOING);
    await noSeriousAxe(memberPage);
    await fitsAPhone(memberPage);
    await shootConsole(memberPage, 'recurring-rsvp');

    // Going: the page says when the reminder comes, and the member sets it to three days.
    const reminder = memberPage.getByTestId('rsvp-reminder');
    await expect(reminder).toContainText(reminderHint('1_day'));
    await reminder.getByRole('link', { name: CHANGE_REMINDERS }).click();
    await expect(memberPage).toHaveURL(new RegExp(`/app/my_account#${MAIL_SETTINGS_ANCHOR}$`));
    const settings = memberPage.getByTestId('mail-settings-section');
    await expect(settings).toBeInViewport();
    await settings.getByRole('radio', { name: REMINDER_3_DAYS }).check();
    await settings.getByRole('button', { name: SAVE_MAIL_SETTINGS }).click();
    await expect(settings.getByText(MAIL_SETTINGS_SAVED)).toBeVisible();
    await memberPage.goBack();
    await expect(memberPage.getByTestId('rsvp-reminder')).toContainText(reminderHint('3_days'));
  } finally {
    await memberContext.close();
    // The secretary's reminders back to the default for the other tests.
    const secretary = await apiSignIn(baseURL ?? '', SECRETARY.username);
    await secretary.call('PUT', '/mail_settings.json', {
      mail_settings: { event_reminder: '1_day' },
    });
  }
});
