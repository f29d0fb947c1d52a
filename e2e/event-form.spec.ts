/// <reference lib="dom" />
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type Request, type Response } from '@playwright/test';
import { ACCESS_LABELS, ROLE_WEBMASTER } from '../common/constants.ts';
import { TIME_ZONE_LABELS } from '../common/event-time.ts';
import {
  ALLOWS_COMMENTS,
  CANCEL,
  CANT_BE_BLANK,
  CREATE_EVENT,
  EDIT_CALENDAR_EVENT,
  END_BEFORE_START,
  ERROR_CREATING_CALENDAR_EVENT,
  ERROR_UPDATING_CALENDAR_EVENT,
  EVENT_DESCRIPTION,
  EVENT_END_DATE,
  EVENT_END_TIME,
  EVENT_LOCATION,
  EVENT_NAME,
  EVENT_REPEATS,
  EVENT_START_DATE,
  EVENT_START_TIME,
  EVENT_TIME_ZONE,
  MAY_NOT_EDIT_EVENT_TITLE,
  NEW_CALENDAR_EVENT,
  NEW_EVENT,
  NO_LODGE_FOR_EVENTS_TITLE,
  OK,
  PHOTOS,
  POST_AS,
  SAVE_CHANGES,
  SAVING_EVENT,
  VISIBILITY,
} from '../common/messages.ts';
import type { CalendarEventDetail } from '../common/schemas/calendar-event.ts';
import type { UserClub } from '../common/schemas/session.ts';
import { MEMBER, WEBMASTER } from '../server/db/seed/personas.ts';
import {
  API,
  axeViolations,
  freshEvent,
  heading,
  seriousAxeViolations,
  sidewaysOverflow,
  openAs,
} from './support.ts';

/**
 * The event form as webmasters use it against the real server (issue 10: ROUTE-11, ROUTE-13,
 * EVF-01..EVF-23, VAL-27, VAL-28, ERR-39, ERR-40, CONST-09, CONST-10, CONST-15..18, AMB-08,
 * AMB-32, AMB-40, AMB-47, PERM-06, CAL-05): what it offers, the live date and time rules, what
 * it sends, what it shows when the server refuses, and who gets no form.
 */

const L2_NAME = 'Olentangy Lodge No. 614';
const PHOTO = fileURLToPath(new URL('./fixtures/lodge-hall.png', import.meta.url));

interface EventAnswer {
  data: { calendar_event: CalendarEventDetail };
}
interface SentEvent {
  calendar_event: Record<string, unknown>;
}

/** A field by its label; a required field's label ends in Mantine's asterisk. */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}(\\s*\\*)?$`));
const startDate = (page: Page) => field(page, EVENT_START_DATE);
const startTime = (page: Page) => field(page, EVENT_START_TIME);
const endDate = (page: Page) => field(page, EVENT_END_DATE);
const endTime = (page: Page) => field(page, EVENT_END_TIME);
const description = (page: Page) => page.getByRole('textbox', { name: EVENT_DESCRIPTION });

const isEventWrite = (request: Request) =>
  (request.method() === 'POST' && new URL(request.url()).pathname === `${API}/calendar_events`) ||
  (request.method() === 'PUT' &&
    /\/calendar_events\/\d+\.json$/.test(new URL(request.url()).pathname));

/** Opens the app as W and gives back the session's clubs (GET /session.json at start-up), as the form reads them. */
async function signInAsWebmaster(page: Page, at = '/app/calendar/new'): Promise<UserClub[]> {
  const session = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' && response.url().endsWith(`${API}/session.json`),
  );
  await openAs(page, WEBMASTER.username, at);
  const answer = (await (await session).json()) as { data: { user: { clubs: UserClub[] } } };
  return answer.data.user.clubs;
}

async function openNewEvent(page: Page) {
  await expect(heading(page, NEW_CALENDAR_EVENT)).toBeVisible();
  await expect(description(page)).toBeVisible();
}

/** The dates as the form holds them (the date inputs give ISO dates). */
async function times(page: Page) {
  return {
    startDate: await startDate(page).inputValue(),
    startTime: await startTime(page).inputValue(),
    endDate: await endDate(page).inputValue(),
    endTime: await endTime(page).inputValue(),
  };
}

/** Fills the required fields with a good event. */
async function fillEvent(page: Page, name: string) {
  await field(page, EVENT_NAME).fill(name);
  await startDate(page).fill('2027-05-15');
  await startTime(page).selectOption('7:00pm');
  await description(page).click();
  await page.keyboard.type('Dinner at six, then the degree work.');
}

function saved(response: Response) {
  return response.json() as Promise<EventAnswer>;
}

test.describe('the New Calendar Event form', () => {
  test('W creates an event with a photo, lands on it, and the edit form shows it as saved; an edit saves without club_id (EVF-01, EVF-04, EVF-19..22, ROUTE-11, ROUTE-13, CAL-05, PERM-06)', async ({
    page,
  }) => {
    const clubs = await signInAsWebmaster(page, '/app/calendar');
    const l2 = clubs.find((club) => club.name === L2_NAME);
    expect(l2?.club_member_role_names).toContain(ROLE_WEBMASTER);
    // CAL-05: New Event leads here.
    await page.getByRole('link', { name: NEW_EVENT }).click();
    await openNewEvent(page);
    await expect(page).toHaveURL(/\/app\/calendar\/new$/);

    const name = `Ladies Night ${Date.now()}`;
    await fillEvent(page, name);
    await endTime(page).selectOption('9:30pm');
    await page.locator('input[type="file"]').setInputFiles(PHOTO);
    await expect(page.getByRole('img', { name: 'lodge-hall.png' })).toBeVisible();

    const sent = page.waitForRequest(isEventWrite);
    const answered = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === `${API}/calendar_events`,
    );
    await page.getByRole('button', { name: CREATE_EVENT }).click();
    const body = (await sent).postDataJSON() as SentEvent;
    const response = await answered;
    expect(response.status(), await response.text()).toBe(200);
    const event = (await saved(response)).data.calendar_event;

    // EVF-21: every field, times as labels (EVF-19), in the lodge's own zone.
    expect(Object.keys(body.calendar_event).sort()).toEqual(
      [
        'club_id',
        'name',
        'location',
        'new_description',
        'access',
        'start_date_string',
        'start_time_string',
        'end_date_string',
        'end_time_string',
        'time_zone_id',
        'allows_comments',
        'photos_attributes',
      ].sort(),
    );
    expect(body.calendar_event).toMatchObject({
      club_id: l2?.id,
      name,
      start_date_string: '05/15/2027',
      start_time_string: '7:00pm',
      end_date_string: '05/15/2027',
      end_time_string: '9:30pm',
      time_zone_id: l2?.time_zone_id ?? 1,
      access: 'PUBLIC',
      allows_comments: true,
    });
    expect(event).toMatchObject({
      name,
      start_time_string: '7:00pm',
      end_time_string: '9:30pm',
      time_zone_id: l2?.time_zone_id ?? 1,
      location: l2?.full_address ?? null,
    });
    expect(event.club.id).toBe(l2?.id);
    expect(event.photos).toHaveLength(1);
    // The event's own page (built by its own screen).
    await expect(page).toHaveURL(new RegExp(`/app/calendar/${event.id}$`));

    // ROUTE-13, EVF-20: the edit load fills the form; EVF-04: the lodge is shown, not chosen.
    const loaded = page.waitForResponse((r) =>
      r.url().endsWith(`/calendar_events/${event.id}/edit.json`),
    );
    await page.goto(`/app/calendar/${event.id}/edit`);
    expect((await loaded).status()).toBe(200);
    await expect(heading(page, EDIT_CALENDAR_EVENT)).toBeVisible();
    await expect(field(page, EVENT_NAME)).toHaveValue(name);
    await expect(startDate(page)).toHaveValue('2027-05-15');
    await expect(startTime(page)).toHaveValue('7:00pm');
    await expect(endTime(page)).toHaveValue('9:30pm');
    await expect(page.getByRole('img', { name: 'photo 1' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: POST_AS })).toHaveCount(0);
    await expect(page.getByTestId('event-lodge')).toContainText(event.club.type_name);
    await expect(page.getByTestId('event-lodge')).toContainText(L2_NAME);

    // EVF-22: a change goes by PUT, without club_id; the end keeps its length (EVF-13).
    await startTime(page).selectOption('1:30pm');
    await expect(endTime(page)).toHaveValue('4:00pm');
    const put = page.waitForRequest(isEventWrite);
    const putAnswer = page.waitForResponse((r) => r.request().method() === 'PUT');
    await page.getByRole('button', { name: SAVE_CHANGES }).click();
    const putBody = (await put).postDataJSON() as SentEvent;
    expect(putBody.calendar_event).not.toHaveProperty('club_id');
    expect(putBody.calendar_event).toMatchObject({
      start_time_string: '1:30pm',
      end_time_string: '4:00pm',
      photos_attributes: [{ id: event.photos[0]?.id }],
    });
    expect((await putAnswer).status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/app/calendar/${event.id}$`));

    // EVF-20: an event saved at 1:30pm opens with 1:30pm selected.
    await page.goto(`/app/calendar/${event.id}/edit`);
    await expect(startTime(page)).toHaveValue('1:30pm');
    await expect(startTime(page).locator('option:checked')).toHaveText('1:30pm');
  });

  test('shows every field in order with the defaults of W’s lodge (EVF-01, EVF-02, EVF-05..09, EVF-16..18, CONST-09, CONST-10, CONST-15..18, AMB-32)', async ({
    page,
  }) => {
    const clubs = await signInAsWebmaster(page);
    await openNewEvent(page);
    const lodges = clubs.filter((club) => club.club_member_role_names.includes(ROLE_WEBMASTER));
    const first = lodges[0];

    // EVF-02: the fields, in order.
    const labels = [
      POST_AS,
      EVENT_NAME,
      EVENT_START_DATE,
      EVENT_START_TIME,
      EVENT_END_DATE,
      EVENT_END_TIME,
      EVENT_TIME_ZONE,
      EVENT_REPEATS,
      EVENT_LOCATION,
      EVENT_DESCRIPTION,
      PHOTOS,
      VISIBILITY,
      ALLOWS_COMMENTS,
    ];
    const tops: number[] = [];
    for (const label of labels) {
      const target =
        label === EVENT_DESCRIPTION
          ? description(page)
          : label === PHOTOS
            ? page.getByRole('group', { name: PHOTOS })
            : field(page, label);
      await expect(target, label).toBeVisible();
      tops.push((await target.boundingBox())?.y ?? -1);
    }
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);

    // EVF-03, EVF-05..09: W's webmaster lodges; the first, its address and zone, PUBLIC, comments.
    expect(await field(page, POST_AS).locator('option').allTextContents()).toEqual(
      lodges.map((club) => club.name),
    );
    await expect(field(page, POST_AS)).toHaveValue(String(first?.id));
    await expect(field(page, EVENT_LOCATION)).toHaveValue(first?.full_address ?? '');
    await expect(field(page, EVENT_TIME_ZONE)).toHaveValue(String(first?.time_zone_id ?? 1));
    await expect(field(page, VISIBILITY)).toHaveValue('PUBLIC');
    await expect(field(page, VISIBILITY).locator('option:checked')).toHaveText(
      ACCESS_LABELS.PUBLIC,
    );
    await expect(page.getByRole('checkbox', { name: ALLOWS_COMMENTS })).toBeChecked();

    // EVF-16, CONST-10: 48 times, 12:00am to 11:30pm, in both selects.
    for (const select of [startTime(page), endTime(page)]) {
      const slots = await select.locator('option:not([value=""])').allTextContents();
      expect(slots).toHaveLength(48);
      expect(slots[0]).toBe('12:00am');
      expect(slots[1]).toBe('12:30am');
      expect(slots.at(-1)).toBe('11:30pm');
    }
    // EVF-17, AMB-32: the eight zones in id order.
    const zones = field(page, EVENT_TIME_ZONE).locator('option');
    expect(await zones.allTextContents()).toEqual(Object.values(TIME_ZONE_LABELS));
    expect(
      await zones.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    // EVF-18, CONST-18.
    expect(await field(page, VISIBILITY).locator('option').allTextContents()).toEqual([
      ACCESS_LABELS.PUBLIC,
      ACCESS_LABELS.MEMBER,
      ACCESS_LABELS.CLUB,
    ]);
    expect(await sidewaysOverflow(page)).toBe(0);
  });

  test('Post As lists only webmaster lodges and re-defaults Location and Time Zone unless edited (EVF-03, EVF-07, AMB-08)', async ({
    page,
  }) => {
    // The demo's W looks after one lodge; this member's session is given two more lodges, one
    // looked after (Pacific) and one only belonged to, as the checklist's case has it.
    await page.route(`**${API}/session.json`, async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as { data: { user: { clubs: UserClub[] } } };
      answer.data.user.clubs = [
        {
          id: 900001,
          name: 'Pacific Lodge No. 1',
          subdomain: 'pacific1',
          is_leaf: true,
          club_member_role_names: ['user', ROLE_WEBMASTER],
          full_address: '1 Harbor Way, Eureka, CA 95501',
          time_zone_id: 4,
        },
        {
          id: 900002,
          name: 'Member Only Lodge No. 2',
          subdomain: 'memberonly2',
          is_leaf: true,
          club_member_role_names: ['user'],
          full_address: '2 Elm St, Dayton, OH 45402',
          time_zone_id: 1,
        },
        ...answer.data.user.clubs,
      ];
      await route.fulfill({ response, json: answer });
    });
    const clubs = await signInAsWebmaster(page);
    await openNewEvent(page);
    const l2 = clubs.find((club) => club.name === L2_NAME);

    const postAs = field(page, POST_AS);
    expect(await postAs.locator('option').allTextContents()).toEqual([
      'Pacific Lodge No. 1',
      L2_NAME,
    ]);
    // EVF-07: the first lodge's zone 4 preselects Pacific.
    await expect(field(page, EVENT_TIME_ZONE)).toHaveValue('4');
    await expect(field(page, EVENT_LOCATION)).toHaveValue('1 Harbor Way, Eureka, CA 95501');

    // AMB-08: another lodge brings its own address and zone...
    await postAs.selectOption({ label: L2_NAME });
    await expect(field(page, EVENT_LOCATION)).toHaveValue(l2?.full_address ?? '');
    await expect(field(page, EVENT_TIME_ZONE)).toHaveValue(String(l2?.time_zone_id ?? 1));
    // ...but not over what the member changed by hand.
    await field(page, EVENT_LOCATION).fill('The lodge picnic grove');
    await postAs.selectOption({ label: 'Pacific Lodge No. 1' });
    await expect(field(page, EVENT_LOCATION)).toHaveValue('The lodge picnic grove');
    await expect(field(page, EVENT_TIME_ZONE)).toHaveValue('4');
    await field(page, EVENT_TIME_ZONE).selectOption({ label: TIME_ZONE_LABELS[7] });
    await postAs.selectOption({ label: L2_NAME });
    await expect(field(page, EVENT_TIME_ZONE)).toHaveValue('7');
  });

  test('moves the end with the start as the checklist’s examples say (EVF-10..EVF-15, CONST-09)', async ({
    page,
  }) => {
    await signInAsWebmaster(page);
    await openNewEvent(page);
    // EVF-10: with End Date empty, Start 05/10 makes End 05/10.
    await startDate(page).fill('2027-05-10');
    await expect(endDate(page)).toHaveValue('2027-05-10');
    // EVF-11: Start 05/10, End 05/12; Start 05/20 makes End 05/22.
    await endDate(page).fill('2027-05-12');
    await startDate(page).fill('2027-05-20');
    await expect(endDate(page)).toHaveValue('2027-05-22');
    // EVF-12: End 05/08, before the start, moves the start to 05/08.
    await startDate(page).fill('2027-05-10');
    await endDate(page).fill('2027-05-08');
    await expect(startDate(page)).toHaveValue('2027-05-08');
    await expect(endDate(page)).toHaveValue('2027-05-08');

    // EVF-14, CONST-09: no end time; Start 1:00pm makes End 2:00pm.
    expect((await times(page)).endTime).toBe('');
    await startTime(page).selectOption('1:00pm');
    await expect(endTime(page)).toHaveValue('2:00pm');
    // EVF-13: 1:00pm to 3:00pm; Start 2:00pm makes End 4:00pm.
    await endTime(page).selectOption('3:00pm');
    await startTime(page).selectOption('2:00pm');
    await expect(endTime(page)).toHaveValue('4:00pm');
    // EVF-15: an hour from 11:30pm ends at 12:30am (and on the next day).
    await endTime(page).selectOption('3:00pm');
    await startTime(page).selectOption('2:00pm');
    await expect(endTime(page)).toHaveValue('3:00pm');
    await startTime(page).selectOption('11:30pm');
    await expect(endTime(page)).toHaveValue('12:30am');
    expect(await times(page)).toEqual({
      startDate: '2027-05-08',
      startTime: '11:30pm',
      endDate: '2027-05-09',
      endTime: '12:30am',
    });
  });

  test('VAL-27: each required field left empty blocks the save with its error, and nothing is sent (EVF-23)', async ({
    page,
  }) => {
    await signInAsWebmaster(page);
    const writes: Request[] = [];
    page.on('request', (request) => {
      if (isEventWrite(request)) writes.push(request);
    });
    await openNewEvent(page);
    const create = page.getByRole('button', { name: CREATE_EVENT });

    // Nothing filled: every required field says so and Name has the focus.
    await create.click();
    await expect(page.getByText(CANT_BE_BLANK)).toHaveCount(4);
    await expect(field(page, EVENT_NAME)).toBeFocused();
    await expect(field(page, EVENT_NAME)).toHaveAttribute('aria-invalid', 'true');

    // One at a time: each empty field alone blocks the save.
    await fillEvent(page, 'Stated Communication');
    await field(page, EVENT_NAME).fill('   ');
    await create.click();
    await expect(page.getByText(CANT_BE_BLANK)).toHaveCount(1);
    await expect(field(page, EVENT_NAME)).toBeFocused();
    await field(page, EVENT_NAME).fill('Stated Communication');

    await startDate(page).fill('');
    await create.click();
    await expect(page.getByText(CANT_BE_BLANK)).toHaveCount(1);
    await expect(startDate(page)).toHaveAttribute('aria-invalid', 'true');
    await startDate(page).fill('2027-05-15');
    await expect(page.getByText(CANT_BE_BLANK)).toHaveCount(0);

    await description(page).click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await create.click();
    await expect(page.getByText(CANT_BE_BLANK)).toHaveCount(1);
    await expect(description(page)).toHaveAttribute('aria-invalid', 'true');
    expect(writes).toHaveLength(0);
  });

  test('VAL-27: an event with no start time is not sent (EVF-23)', async ({ page }) => {
    await signInAsWebmaster(page);
    const writes: Request[] = [];
    page.on('request', (request) => {
      if (isEventWrite(request)) writes.push(request);
    });
    await openNewEvent(page);
    await field(page, EVENT_NAME).fill('Fish Fry');
    await startDate(page).fill('2027-06-01');
    await description(page).click();
    await page.keyboard.type('Bring a friend.');
    await page.getByRole('button', { name: CREATE_EVENT }).click();
    await expect(page.getByText(CANT_BE_BLANK)).toHaveCount(1);
    await expect(startTime(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(startTime(page)).toBeFocused();
    expect(writes).toHaveLength(0);
  });

  test('the server’s end-before-start refusal shows under both end fields (AMB-40)', async ({
    page,
  }) => {
    await signInAsWebmaster(page);
    await openNewEvent(page);
    await fillEvent(page, 'Past Masters Night');
    await startTime(page).selectOption('3:00pm');
    await endTime(page).selectOption('1:00pm');
    const refused = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.getByRole('button', { name: CREATE_EVENT }).click();
    expect((await refused).status()).toBe(422);
    await expect(page.getByText(END_BEFORE_START)).toHaveCount(2);
    await expect(endDate(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(endTime(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(endDate(page)).toBeFocused();
    await expect(page).toHaveURL(/\/app\/calendar\/new$/);
    // Fixed, it saves.
    await endTime(page).selectOption('5:00pm');
    await expect(page.getByText(END_BEFORE_START)).toHaveCount(0);
    const accepted = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.getByRole('button', { name: CREATE_EVENT }).click();
    expect((await accepted).status()).toBe(200);
    await expect(page).toHaveURL(/\/app\/calendar\/\d+$/);
  });

  test('while saving the form is disabled; a failed create shows ERR-39 and can try again (EVF-23, §4 Forms)', async ({
    page,
  }) => {
    await signInAsWebmaster(page);
    // The answer waits until the test has seen the form while it is saving.
    let answer: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route(`**${API}/calendar_events`, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await released;
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
    });
    await openNewEvent(page);
    await fillEvent(page, 'Lodge Breakfast');
    await page.getByRole('button', { name: CREATE_EVENT }).click();
    await expect(page.getByRole('status').filter({ hasText: SAVING_EVENT })).toBeVisible();
    await expect(field(page, EVENT_NAME)).toBeDisabled();
    await expect(startTime(page)).toBeDisabled();
    await expect(page.getByRole('button', { name: CANCEL })).toBeDisabled();
    answer();
    // The Server Error dialog comes first (ERR-02); the form keeps the fallback.
    await page.getByRole('dialog').getByRole('button', { name: OK }).click();
    await expect(page.getByTestId('base-errors')).toHaveText(ERROR_CREATING_CALENDAR_EVENT);
    await expect(page.getByRole('button', { name: CREATE_EVENT })).toBeEnabled();
    await expect(field(page, EVENT_NAME)).toHaveValue('Lodge Breakfast');
  });

  test('Cancel goes back and sends nothing', async ({ page }) => {
    await signInAsWebmaster(page, '/app/calendar');
    const writes: Request[] = [];
    page.on('request', (request) => {
      if (isEventWrite(request)) writes.push(request);
    });
    await page.getByRole('link', { name: NEW_EVENT }).click();
    await openNewEvent(page);
    await fillEvent(page, 'Not this one');
    await page.getByRole('button', { name: CANCEL }).click();
    await expect(page).toHaveURL(/\/app\/calendar$/);
    expect(writes).toHaveLength(0);
  });

  test('a member who looks after no lodge reads why there is no form (PERM-06, CAL-05)', async ({
    page,
  }) => {
    await openAs(page, MEMBER.username, '/app/calendar/new');
    await expect(heading(page, NEW_CALENDAR_EVENT)).toBeVisible();
    await expect(page.getByText(NO_LODGE_FOR_EVENTS_TITLE)).toBeVisible();
    await expect(page.getByRole('button', { name: CREATE_EVENT })).toHaveCount(0);
    await expect(field(page, EVENT_NAME)).toHaveCount(0);
    expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    test(`axe finds nothing on the new and edit forms, errors shown, at ${viewport.width} px`, async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize(viewport);
      await signInAsWebmaster(page);
      await openNewEvent(page);
      await page.getByRole('button', { name: CREATE_EVENT }).click();
      await expect(page.getByText(CANT_BE_BLANK).first()).toBeVisible();
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(await axeViolations(page), 'new').toEqual([]);

      const { id } = await freshEvent(baseURL ?? '');
      await page.goto(`/app/calendar/${id}/edit`);
      await expect(page.getByTestId('event-lodge')).toBeVisible();
      await expect(description(page)).toBeVisible();
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(await axeViolations(page), 'edit').toEqual([]);
    });
  }
});

test.describe('the Edit Calendar Event form', () => {
  test('a failed update shows ERR-40 and keeps the member’s changes (EVF-23)', async ({
    page,
    baseURL,
  }) => {
    await signInAsWebmaster(page, '/app/calendar');
    const { id } = await freshEvent(baseURL ?? '');
    await page.route(`**${API}/calendar_events/${id}.json`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
        : route.fallback(),
    );
    await page.goto(`/app/calendar/${id}/edit`);
    await expect(heading(page, EDIT_CALENDAR_EVENT)).toBeVisible();
    await expect(field(page, EVENT_NAME)).not.toHaveValue('');
    await field(page, EVENT_NAME).fill('Renamed by W');
    await page.getByRole('button', { name: SAVE_CHANGES }).click();
    await page.getByRole('dialog').getByRole('button', { name: OK }).click();
    await expect(page.getByTestId('base-errors')).toHaveText(ERROR_UPDATING_CALENDAR_EVENT);
    await expect(field(page, EVENT_NAME)).toHaveValue('Renamed by W');
    expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  });

  test('a member who may not change the event is told so, with no form (403)', async ({
    page,
    baseURL,
  }) => {
    const { id } = await freshEvent(baseURL ?? '');
    await openAs(page, MEMBER.username, '/app/calendar');
    const refused = page.waitForResponse((r) => r.url().endsWith(`/${id}/edit.json`));
    await page.goto(`/app/calendar/${id}/edit`);
    expect((await refused).status()).toBe(403);
    await expect(heading(page, EDIT_CALENDAR_EVENT)).toBeVisible();
    await expect(page.getByText(MAY_NOT_EDIT_EVENT_TITLE)).toBeVisible();
    await expect(field(page, EVENT_NAME)).toHaveCount(0);
  });
});
