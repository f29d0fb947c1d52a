/// <reference lib="dom" />
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Request } from '@playwright/test';
import {
  BACK_TO_CALENDAR,
  ADD_A_COMMENT,
  ADD_TO_MY_CALENDAR,
  ANNOUNCE,
  ATTENDEES_TITLE,
  CANCEL,
  CANCELLED_EVENT_TITLE,
  CONFIRM_DELETE_EVENT,
  DELETE_EVENT_BUTTON,
  EDIT_EVENT_LINK,
  ERROR_DELETING_CALENDAR_EVENT,
  ERROR_RETRIEVING_EVENT_ATTENDEES,
  EVENT_ANNOUNCED,
  NO_ATTENDEES,
  OK,
  POST_COMMENT,
  RSVP_ATTENDING,
  RSVP_GOING,
  RSVP_GUESTS_LABEL,
  RSVP_NOT_GOING,
  RSVP_QUESTION,
  RSVP_SAVED,
  SAVE_RSVP,
  SERVER_ERROR_TITLE,
  TRY_AGAIN,
  confirmAnnounceEvent,
  otherOrganizationsAttendees,
} from '../common/messages.ts';
import type {
  CalendarEventAnswer,
  CalendarListAnswer,
  EventAttendeeAnswer,
  EventAttendeesAnswer,
} from '../common/schemas/calendar-event.ts';
import { MEMBER, WEBMASTER } from '../server/db/seed/personas.ts';
import { icsFileName } from '../web/pages/calendar/event-download.ts';
import {
  API,
  apiSignIn,
  freshEvent,
  heading,
  seriousAxeViolations,
  sidewaysOverflow,
  openAs,
} from './support.ts';
import { eventOfAnotherOrganization } from './roster.ts';

/**
 * The event screen as members meet it on the seeded server (issue 10 "Browser"; ROUTE-03,
 * ROUTE-12, CAL-11..22, ERR-35, ERR-36, AMB-17, AMB-43, AMB-47, PERM-07, PERM-13, PERM-14).
 * A test that writes (an RSVP, a comment, Announce, Delete) does it on an event of its own,
 * made through the API by W for W's lodge and open to every member, so the tests run side by
 * side without touching the demo events the others read.
 */

/** The first event of M's My Events: a demo event with answers, only read. */
async function demoEvent(baseURL: string) {
  const member = await apiSignIn(baseURL, MEMBER.username);
  const list = await member.call<CalendarListAnswer>(
    'GET',
    '/calendar_events.json?group=my_events',
  );
  const event = list.data.calendar_events.find(
    (candidate) => candidate.event_attendance_counts.yes > 0,
  );
  if (!event) throw new Error('M’s My Events has no event with answers');
  return event;
}

function isCall(request: Request, method: string, path: string | RegExp): boolean {
  const pathname = new URL(request.url()).pathname;
  return (
    request.method() === method &&
    (typeof path === 'string' ? pathname === `${API}${path}` : path.test(pathname))
  );
}

function rsvpButton(page: Page) {
  return page.getByTestId('rsvp-button');
}

/** Opens the RSVP dialog, answers, saves, and waits until the dialog has closed. */
async function answer(page: Page, status: 'YES' | 'NO', guests = 0) {
  await rsvpButton(page).click();
  const dialog = page.getByRole('dialog', { name: RSVP_QUESTION });
  await expect(dialog).toBeVisible();
  await dialog
    .getByRole('radio', { name: status === 'YES' ? RSVP_GOING : RSVP_NOT_GOING, exact: true })
    .check();
  if (status === 'YES') {
    await dialog.getByLabel(RSVP_GUESTS_LABEL).selectOption(String(guests));
  } else {
    // AMB-43: Not Going has no guests to choose.
    await expect(dialog.getByLabel(RSVP_GUESTS_LABEL)).toHaveCount(0);
  }
  await dialog.getByRole('button', { name: SAVE_RSVP }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('rsvp-saved')).toHaveText(RSVP_SAVED);
}

test.describe('the event screen (CAL-11..22)', () => {
  test('a member opens an event from /calendar: its details, RSVP, attendees and comments show (ROUTE-12, CAL-11)', async ({
    page,
  }) => {
    await openAs(page, MEMBER.username);
    const card = page.getByTestId('event-card').first();
    await expect(card).toBeVisible();
    const id = await card.getAttribute('data-event-id');
    const name = (await card.getByRole('link').textContent()) ?? '';
    const detail = page.waitForResponse(
      (response) =>
        isCall(response.request(), 'GET', `/calendar_events/${id}.json`) && response.ok(),
    );
    await card.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/app/calendar/${id}$`));
    const event = ((await (await detail).json()) as CalendarEventAnswer).data.calendar_event;
    await expect(heading(page, name)).toBeVisible();
    await expect(page.getByTestId('event-when')).toHaveText(
      event.local_start_date_time_with_duration,
    );
    await expect(page.getByTestId('event-detail')).toContainText(event.club.name);
    await expect(rsvpButton(page)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: ATTENDEES_TITLE })).toBeVisible();
    await expect(page.getByTestId('comments-section')).toBeVisible();
    // M is no webmaster of the event's lodge (PERM-07, PERM-13).
    await expect(page.getByRole('button', { name: ANNOUNCE })).toHaveCount(0);
    await expect(page.getByRole('link', { name: EDIT_EVENT_LINK })).toHaveCount(0);
    await expect(page.getByRole('button', { name: DELETE_EVENT_BUTTON })).toHaveCount(0);
  });

  test('RSVP: Going with +2 guests, then Not Going by a PUT; the event is fetched again and the counts follow (CAL-12..18, AMB-43, AMB-47)', async ({
    page,
    baseURL,
  }) => {
    const event = await freshEvent(baseURL ?? '');
    const calls: string[] = [];
    page.on('request', (request) => {
      const pathname = new URL(request.url()).pathname.replace(API, '');
      if (
        pathname.startsWith('/event_attendees') ||
        pathname === `/calendar_events/${event.id}.json`
      )
        calls.push(`${request.method()} ${pathname}`);
      if (pathname === '/calendar_events.json') calls.push(`GET list`);
    });
    // The page's clock stands still (timers still run), so the list never grows stale on its
    // own: a list call after Back can come only from the forced refresh (AMB-47).
    await page.clock.setFixedTime(new Date());
    // Signed in on /calendar first, then into the event within the app: the list is loaded.
    await openAs(page, MEMBER.username, '/app/calendar');
    await expect(page.getByTestId('event-card').first()).toBeVisible();
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/app/calendar/${event.id}`);
    await expect(heading(page, event.name)).toBeVisible();
    await expect(rsvpButton(page)).toHaveText(RSVP_ATTENDING);
    await expect(page.getByTestId('attendance-counts')).toContainText('0 going, 0 not going');

    // The chooser offers 0..9 only, at 0 to begin with (CAL-18, AMB-43).
    await rsvpButton(page).click();
    const dialog = page.getByRole('dialog', { name: RSVP_QUESTION });
    const guests = dialog.getByLabel(RSVP_GUESTS_LABEL);
    await expect(guests).toHaveValue('0');
    expect(await guests.locator('option').allTextContents()).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
    await dialog.getByRole('button', { name: CANCEL }).click();
    await expect(dialog).toHaveCount(0);
    await expect(rsvpButton(page)).toBeFocused();

    calls.length = 0;
    const created = page.waitForResponse((response) =>
      isCall(response.request(), 'POST', '/event_attendees.json'),
    );
    await answer(page, 'YES', 2);
    const post = await created;
    const rsvpId = ((await post.json()) as EventAttendeeAnswer).data.event_attendee.id;
    expect(post.request().postDataJSON()).toEqual({
      calendar_event_id: event.id,
      status: 'YES',
      guests: 2,
    });
    // CAL-13: the button says Going and the guests.
    await expect(rsvpButton(page)).toContainText(RSVP_GOING);
    await expect(rsvpButton(page)).toContainText('+2 guests');
    await expect(page.getByTestId('attendance-counts')).toContainText(
      '1 going, 0 not going, 2 guests',
    );
    // CAL-15, CAL-17: the POST, then the event fetched again.
    expect(calls.slice(0, 2)).toEqual([
      'POST /event_attendees.json',
      `GET /calendar_events/${event.id}.json`,
    ]);
    // CAL-19: the member is among those who answered.
    const mine = page.getByTestId('attendee').filter({ hasText: MEMBER.lastName });
    await expect(mine).toContainText(`${RSVP_GOING} +2 guests`);

    // CAL-16: the next answer changes the same RSVP by its id.
    calls.length = 0;
    const changed = page.waitForRequest((request) =>
      isCall(request, 'PUT', `/event_attendees/${rsvpId}.json`),
    );
    await answer(page, 'NO');
    expect((await changed).postDataJSON()).toEqual({ status: 'NO', guests: 0 });
    expect(calls.slice(0, 2)).toEqual([
      `PUT /event_attendees/${rsvpId}.json`,
      `GET /calendar_events/${event.id}.json`,
    ]);
    await expect(rsvpButton(page)).toHaveText(RSVP_NOT_GOING);
    await expect(page.getByTestId('attendance-counts')).toContainText(
      '0 going, 1 not going, 0 guests',
    );
    await expect(mine).toContainText(RSVP_NOT_GOING);

    // AMB-47: after an RSVP the calendar list is asked for again, though under 15 s old.
    calls.length = 0;
    const list = page.waitForRequest((request) => isCall(request, 'GET', '/calendar_events.json'));
    await page.getByRole('link', { name: /^Back to/ }).click();
    await list;
    await expect(page.getByTestId('event-card').first()).toBeVisible();
  });

  test('a member’s comment on an event shows, and its author gets a notice; Delete is gone once a comment exists (CAL-20, PERM-14)', async ({
    page,
    browser,
    baseURL,
  }) => {
    const event = await freshEvent(baseURL ?? '');
    const noticesOfW = async () => {
      const answer = await event.webmaster.request('GET', `/calendar_events/${event.id}.json`);
      expect(answer.status).toBe(200);
      const header = answer.headers.get('x-user-metadata') ?? '';
      const metadata = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as {
        unseen_notice_count: number | null;
      };
      return metadata.unseen_notice_count ?? 0;
    };
    const before = await noticesOfW();

    await openAs(page, MEMBER.username, `/app/calendar/${event.id}`);
    const section = page.getByTestId('comments-section');
    await expect(section.getByRole('heading', { level: 2 })).toHaveText('Comments (0)');
    const text = `See you there ${crypto.randomUUID().slice(0, 8)}`;
    await section.getByLabel(ADD_A_COMMENT).fill(text);
    await section.getByRole('button', { name: POST_COMMENT }).click();
    await expect(
      section.getByTestId('comment-text').getByText(text, { exact: true }),
    ).toBeVisible();
    await expect(section.getByRole('heading', { level: 2 })).toHaveText('Comments (1)');
    expect(await noticesOfW()).toBe(before + 1);

    // W may edit the event, but with a comment in it no longer delete it (PERM-14).
    const context = await browser.newContext();
    const webmaster = await context.newPage();
    await openAs(webmaster, WEBMASTER.username, `/app/calendar/${event.id}`);
    await expect(webmaster.getByRole('link', { name: EDIT_EVENT_LINK })).toHaveAttribute(
      'href',
      `/app/calendar/${event.id}/edit`,
    );
    await expect(webmaster.getByRole('button', { name: DELETE_EVENT_BUTTON })).toHaveCount(0);
    await context.close();
  });

  test('a failed attendee load says ERR-36, and Try again brings the list (CAL-19, ERR-36)', async ({
    page,
    baseURL,
  }) => {
    const event = await demoEvent(baseURL ?? '');
    const attendeesPath = `**${API}/calendar_events/${event.id}/attendees`;
    await page.route(attendeesPath, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: 'about:blank', title: 'Internal Server Error', status: 500 }),
      }),
    );
    await openAs(page, MEMBER.username, `/app/calendar/${event.id}`);
    const attendees = page.getByTestId('event-attendees');
    await expect(
      attendees.getByText(ERROR_RETRIEVING_EVENT_ATTENDEES, { exact: true }),
    ).toBeVisible();
    // The rest of the event is there all the same.
    await expect(heading(page, event.name)).toBeVisible();
    await expect(page.getByRole('dialog', { name: SERVER_ERROR_TITLE })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: OK }).click();

    await page.unroute(attendeesPath);
    await attendees.getByRole('button', { name: TRY_AGAIN }).click();
    await expect(attendees.getByTestId('attendee').first()).toBeVisible();
    await expect(attendees.getByText(ERROR_RETRIEVING_EVENT_ATTENDEES)).toHaveCount(0);
  });

  test('another organisation’s attendees are one line with their number, not names (CAL-19, D37, D53)', async ({
    page,
  }) => {
    const id = eventOfAnotherOrganization();
    const answer = page.waitForResponse(
      (response) =>
        isCall(response.request(), 'GET', `/calendar_events/${id}/attendees`) && response.ok(),
    );
    await openAs(page, MEMBER.username, `/app/calendar/${id}`);
    const list = ((await (await answer).json()) as EventAttendeesAnswer).data;
    expect(list.hidden_attendee_count).toBeGreaterThan(0);
    const attendees = page.getByTestId('event-attendees');
    await expect(attendees.getByTestId('hidden-attendees')).toHaveText(
      otherOrganizationsAttendees(list.hidden_attendee_count, list.event_attendees.length > 0),
    );
    await expect(attendees.getByTestId('attendee')).toHaveCount(list.event_attendees.length);
    await expect(attendees.getByText(NO_ATTENDEES)).toHaveCount(0);
  });

  test('Announce shows to the lodge’s webmaster while the event is unannounced, never to a member (CAL-21, PERM-07)', async ({
    page,
    browser,
    baseURL,
  }) => {
    const event = await freshEvent(baseURL ?? '');
    const context = await browser.newContext();
    const member = await context.newPage();
    await openAs(member, MEMBER.username, `/app/calendar/${event.id}`);
    await expect(heading(member, event.name)).toBeVisible();
    await expect(member.getByRole('button', { name: ANNOUNCE })).toHaveCount(0);
    await context.close();

    await openAs(page, WEBMASTER.username, `/app/calendar/${event.id}`);
    const announced = page.waitForResponse((response) =>
      isCall(response.request(), 'POST', `/calendar_events/${event.id}/announce.json`),
    );
    await page.getByRole('button', { name: ANNOUNCE }).click();
    // It mails the whole lodge, so it asks first; Cancel sends nothing.
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(confirmAnnounceEvent(event.lodge));
    await dialog.getByRole('button', { name: CANCEL }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: ANNOUNCE }).click();
    await dialog.getByRole('button', { name: OK }).click();
    expect((await announced).status()).toBe(200);
    await expect(page.getByTestId('event-announced')).toHaveText(EVENT_ANNOUNCED);
    await expect(page.getByRole('button', { name: ANNOUNCE })).toHaveCount(0);
    await page.reload();
    await expect(heading(page, event.name)).toBeVisible();
    await expect(rsvpButton(page)).toBeVisible();
    await expect(page.getByRole('button', { name: ANNOUNCE })).toHaveCount(0);
  });

  test('Delete asks first, then lands on /calendar and the event is gone; a refused delete says ERR-35 (CAL-22, AMB-17, ERR-35)', async ({
    page,
    baseURL,
  }) => {
    const event = await freshEvent(baseURL ?? '', false);
    await openAs(page, WEBMASTER.username, `/app/calendar/${event.id}`);
    const remove = page.getByRole('button', { name: DELETE_EVENT_BUTTON });
    const dialog = page.getByRole('dialog');

    // Cancel keeps it.
    await remove.click();
    await expect(dialog).toContainText(CONFIRM_DELETE_EVENT);
    await dialog.getByRole('button', { name: CANCEL }).click();
    await expect(dialog).toHaveCount(0);
    await expect(heading(page, event.name)).toBeVisible();

    // A refusal (someone commented meanwhile, say) gives the fixed text and keeps the event.
    const deletePath = `**${API}/calendar_events/${event.id}`;
    await page.route(deletePath, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 403,
            contentType: 'application/problem+json',
            body: JSON.stringify({ type: 'about:blank', title: 'Forbidden', status: 403 }),
          })
        : route.fallback(),
    );
    await remove.click();
    await dialog.getByRole('button', { name: OK }).click();
    await expect(dialog).toContainText(ERROR_DELETING_CALENDAR_EVENT);
    await dialog.getByRole('button', { name: OK }).click();
    await expect(heading(page, event.name)).toBeVisible();
    await page.unroute(deletePath);

    const deleted = page.waitForResponse((response) =>
      isCall(response.request(), 'DELETE', `/calendar_events/${event.id}`),
    );
    await remove.click();
    await dialog.getByRole('button', { name: OK }).click();
    expect((await deleted).status()).toBe(204);
    await expect(page).toHaveURL(/\/app\/calendar$/);
    await expect(page.getByTestId('event-card').first()).toBeVisible();
    await expect(
      page.locator(`[data-testid="event-card"][data-event-id="${event.id}"]`),
    ).toHaveCount(0);
    // Back does not lead to the deleted event; opening its link says it was cancelled (D81).
    const gone = await event.webmaster.request('GET', `/calendar_events/${event.id}.json`);
    expect(gone.status).toBe(410);
    await page.goto(`/app/calendar/${event.id}`);
    await expect(heading(page, CANCELLED_EVENT_TITLE)).toBeVisible();
  });

  test('inside a club, an event opens at /clubs/{club}/calendar/{id}, the same screen, and Back leads to the club’s calendar (ROUTE-03)', async ({
    page,
    baseURL,
  }) => {
    const { club } = await demoEvent(baseURL ?? '');
    const clubPath = `/app/clubs/${club.subdomain}/calendar`;
    await openAs(page, MEMBER.username, clubPath);
    const card = page.getByTestId('event-card').first();
    await expect(card).toBeVisible();
    const id = await card.getAttribute('data-event-id');
    const name = (await card.getByRole('link').textContent()) ?? '';
    await card.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`${clubPath}/${id}$`));
    await expect(heading(page, name)).toBeVisible();
    await expect(rsvpButton(page)).toBeVisible();
    const back = page.getByRole('link', { name: /^Back to / });
    await expect(back).toHaveAttribute('href', clubPath);
    // The same event at its main address.
    const shown = await page.getByTestId('event-when').textContent();
    await page.goto(`/app/calendar/${id}`);
    await expect(heading(page, name)).toBeVisible();
    await expect(page.getByTestId('event-when')).toHaveText(shown ?? '');
    await expect(page.getByRole('link', { name: BACK_TO_CALENDAR })).toHaveAttribute(
      'href',
      '/app/calendar',
    );
  });

  test('reads at 390 px with no serious axe finding, the RSVP dialog too; Add to my calendar downloads the event', async ({
    page,
    baseURL,
  }) => {
    const event = await demoEvent(baseURL ?? '');
    await page.setViewportSize({ width: 390, height: 844 });
    await openAs(page, MEMBER.username, `/app/calendar/${event.id}`);
    await expect(page.getByTestId('attendee').first()).toBeVisible();
    await expect(
      page.getByTestId('comments-section').getByRole('heading', { level: 2 }),
    ).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    const box = await rsvpButton(page).boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await rsvpButton(page).click();
    await expect(page.getByRole('dialog', { name: RSVP_QUESTION })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: RSVP_QUESTION })).toHaveCount(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: ADD_TO_MY_CALENDAR }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(icsFileName(event.name, event.id));
    const text = readFileSync(await file.path(), 'utf8');
    expect(text).toMatch(/^BEGIN:VCALENDAR/);
    // A meeting of a series downloads as its series (D80): one VEVENT with the rule.
    expect(text).toContain(
      event.series_id === null
        ? `calendar-event-${event.id}@`
        : `calendar-event-series-${event.series_id}@`,
    );
  });
});
