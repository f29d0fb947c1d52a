/// <reference lib="dom" />
import { expect, test, type Page, type Request, type Response } from '@playwright/test';
import {
  CALENDAR_TITLE,
  MY_EVENTS,
  NEARBY_EVENTS,
  NEW_EVENT,
  NO_EVENTS,
  OTHER_EVENTS,
} from '../common/messages.ts';
import type { CalendarGroup, CalendarListAnswer } from '../common/schemas/calendar-event.ts';
import { DEMO_PASSWORD, MEMBER, WEBMASTER } from '../server/db/seed/personas.ts';
import {
  API,
  heading,
  openAs,
  seriousAxeViolations,
  sidewaysOverflow,
  signInAs,
} from './support.ts';

/**
 * The /calendar screen as members meet it against the seeded server (issue 10, §2 Calendar):
 * signing in lands on it, the three tabs with their events in day sections, the empty message,
 * New Event for a webmaster only, and when the list is asked for again (CAL-06, CAL-07).
 */

function isListCall(request: Request, group?: CalendarGroup): boolean {
  const url = new URL(request.url());
  return (
    request.method() === 'GET' &&
    url.pathname === `${API}/calendar_events.json` &&
    (group === undefined || url.searchParams.get('group') === group)
  );
}

function listResponse(page: Page, group: CalendarGroup): Promise<Response> {
  return page.waitForResponse((response) => isListCall(response.request(), group));
}

/** The day sections' dates in the page's order. */
function shownDays(page: Page): Promise<(string | null)[]> {
  return page
    .getByTestId('calendar-day')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-date')));
}

/** The distinct `local_start_date`s of an answer, each where it first comes. */
function answerDays(answer: CalendarListAnswer): string[] {
  return [...new Set(answer.data.calendar_events.map((event) => event.local_start_date))];
}

/** The page's day sections hold the answer's days, each day once (CAL-03). */
async function expectDaySections(page: Page, answer: CalendarListAnswer) {
  const days = answerDays(answer);
  expect(days.length).toBeGreaterThan(0);
  await expect(page.getByTestId('calendar-day').first()).toBeVisible();
  const shown = await shownDays(page);
  expect(new Set(shown).size).toBe(shown.length);
  expect([...shown].sort()).toEqual([...days].sort());
  // Every event sits under the heading of its own day.
  for (const event of answer.data.calendar_events.slice(0, 5)) {
    const card = page.locator(`[data-testid="event-card"][data-event-id="${event.id}"]`);
    await expect(card).toHaveCount(1);
    const day = page.locator(`[data-testid="calendar-day"][data-date="${event.local_start_date}"]`);
    await expect(day.locator(`[data-event-id="${event.id}"]`)).toHaveCount(1);
  }
}

test.describe('the calendar (CAL-01..07, SIGNIN-04)', () => {
  test('a member signs in, lands on My Events in day sections, and switches tabs (CAL-01..03)', async ({
    page,
  }) => {
    const listCalls: string[] = [];
    page.on('request', (request) => {
      if (isListCall(request)) listCalls.push(new URL(request.url()).search);
    });
    const mine = listResponse(page, 'my_events');
    await signInAs(page, MEMBER.username, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/app\/calendar$/);
    await expect(heading(page, CALENDAR_TITLE)).toBeVisible();
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText([MY_EVENTS, NEARBY_EVENTS, OTHER_EVENTS]);
    await expect(page.getByRole('tab', { name: MY_EVENTS })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expectDaySections(page, (await (await mine).json()) as CalendarListAnswer);
    // M is no lodge's webmaster (CAL-05).
    await expect(page.getByRole('link', { name: NEW_EVENT })).toHaveCount(0);

    const nearby = listResponse(page, 'nearby_events');
    await page.getByRole('tab', { name: NEARBY_EVENTS }).click();
    await expectDaySections(page, (await (await nearby).json()) as CalendarListAnswer);
    const other = listResponse(page, 'other_events');
    await page.getByRole('tab', { name: OTHER_EVENTS }).click();
    await expectDaySections(page, (await (await other).json()) as CalendarListAnswer);
    expect(listCalls).toEqual(['?group=my_events', '?group=nearby_events', '?group=other_events']);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  test('opening an event and coming back within 15 s asks for nothing; another tab is asked again (CAL-06, CAL-07)', async ({
    page,
  }) => {
    const listCalls: string[] = [];
    page.on('request', (request) => {
      if (isListCall(request)) listCalls.push(new URL(request.url()).search);
    });
    await openAs(page, MEMBER.username);
    const card = page.getByTestId('event-card').first();
    await expect(card).toBeVisible();
    const id = await card.getAttribute('data-event-id');
    await card.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/app/calendar/${id}$`));
    await page.goBack();
    await expect(page.getByTestId('event-card').first()).toBeVisible();
    expect(listCalls).toEqual(['?group=my_events']);

    // The tab changed: Nearby, then My Events again, each asked for (CAL-06).
    const nearby = listResponse(page, 'nearby_events');
    await page.getByRole('tab', { name: NEARBY_EVENTS }).click();
    await nearby;
    const mine = listResponse(page, 'my_events');
    await page.getByRole('tab', { name: MY_EVENTS }).click();
    await mine;
    expect(listCalls).toEqual(['?group=my_events', '?group=nearby_events', '?group=my_events']);
  });

  test('an empty tab shows the fixed message (CAL-04)', async ({ page }) => {
    await page.route(`**${API}/calendar_events.json?group=other_events*`, (route) =>
      route.fulfill({ json: { data: { calendar_events: [], next_cursor: null } } }),
    );
    await openAs(page, MEMBER.username);
    await expect(page.getByTestId('calendar-day').first()).toBeVisible();
    await page.getByRole('tab', { name: OTHER_EVENTS }).click();
    await expect(page.getByText(NO_EVENTS, { exact: true })).toBeVisible();
    await expect(page.getByTestId('calendar-day')).toHaveCount(0);
  });

  test('a webmaster sees New Event, which opens /calendar/new (CAL-05)', async ({ page }) => {
    await openAs(page, WEBMASTER.username);
    await expect(page).toHaveURL(/\/app\/calendar$/);
    const newEvent = page.getByRole('link', { name: NEW_EVENT });
    await expect(newEvent).toBeVisible();
    await expect(newEvent).toHaveAttribute('href', '/app/calendar/new');
  });

  test('reads at 390 px: tabs in one row, 44 px targets, nothing sideways, no serious axe finding', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAs(page, MEMBER.username);
    await expect(page.getByTestId('event-card').first()).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    const boxes = await page
      .getByRole('tab')
      .evaluateAll((nodes) =>
        nodes.map((node) => node.getBoundingClientRect().toJSON() as DOMRect),
      );
    expect(boxes).toHaveLength(3);
    for (const box of boxes) {
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.top).toBe(boxes[0]?.top);
    }
    const link = await page.getByTestId('event-card').first().getByRole('link').boundingBox();
    expect(link?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
