import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLE_WEBMASTER } from '../../../common/constants.ts';
import {
  DOES_NOT_REPEAT,
  EDIT_REPEATING_MEETING,
  ENDS_AFTER_COUNT,
  EVENT_REPEATS,
  EVENT_START_DATE,
  EVENT_START_TIME,
  EXCEPT_IN_MONTHS,
  LOADING_NEXT_MEETINGS,
  NEW_RULE_REMAPS,
  NUMBER_OF_MEETINGS,
  RECURRENCE_PROBLEMS,
  SAVE_CHANGES,
  SCOPE_ALL,
  SCOPE_FOLLOWING,
  SCOPE_THIS,
  changingMeetings,
  enterMeetingCount,
} from '../../../common/messages.ts';
import type { CalendarEventDetail } from '../../../common/schemas/calendar-event.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { queryClient } from '../../http/client.ts';
import { fakeApi, respond, testCalendarEvent, testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { EditEventPage } from './EditEventPage.tsx';
import { NewEventPage } from './NewEventPage.tsx';

/**
 * The event form's Repeats section and the edit of a meeting of a series (issue 25, D80, D82),
 * against the API's answers at the fetch boundary: the choices worded from the start date, the
 * dark months, the preview's dates (asked after the member stops, with a spinner meanwhile) and
 * its 422 under the field, and the question which meetings an edit changes.
 */

const fetchMock = vi.fn<typeof fetch>();

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** Every call the screen made, with its JSON body. */
function sentCalls(): Sent[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.replace(/^.*\/api\/private\/mobile\/v1/, ''),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
    };
  });
}

const previewCalls = () =>
  sentCalls().filter((call) => call.path === '/calendar_events/recurrence_preview.json');

function previewAnswer(labels: string[], words = 'Every 2nd Tuesday of the month') {
  return respond(200, {
    data: {
      recurrence_description: words,
      rrule: 'FREQ=MONTHLY;BYDAY=2TU',
      occurrences: labels.map((label) => ({
        start_date_string: '01/13/2026',
        start_time_string: '7:30pm',
        label,
      })),
    },
  });
}

const TUESDAYS = [
  'Tuesday, January 13, 2026 7:30pm',
  'Tuesday, February 10, 2026 7:30pm',
  'Tuesday, March 10, 2026 7:30pm',
];

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/calendar', element: <p>The calendar</p> },
      { path: '/calendar/new', element: <NewEventPage /> },
      { path: '/calendar/:id', element: <p>The meeting</p> },
      { path: '/calendar/:id/edit', element: <EditEventPage /> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const repeatsSelect = () =>
  screen.getByRole('combobox', { name: new RegExp(`^${EVENT_REPEATS}`) }) as HTMLSelectElement;
const optionLabels = (select: HTMLSelectElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

function setStart(isoDate: string, time = '7:30pm') {
  fireEvent.change(screen.getByLabelText(new RegExp(`^${EVENT_START_DATE}`)), {
    target: { value: isoDate },
  });
  fireEvent.change(screen.getByRole('combobox', { name: new RegExp(`^${EVENT_START_TIME}`) }), {
    target: { value: time },
  });
}

/** The error text the field points at through aria-describedby, if any. */
function describedBy(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

beforeEach(() => {
  queryClient.clear();
  const user = testUser();
  resetSessionForTests({
    status: 'signedIn',
    user: {
      ...user,
      clubs: user.clubs.map((club) => ({
        ...club,
        club_member_role_names: [...club.club_member_role_names, ROLE_WEBMASTER],
      })),
    },
  });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the new event form’s Repeats', () => {
  it('words every choice from the start date, with “last” only in the month’s last week', () => {
    fetchMock.mockImplementation(fakeApi({}));
    renderAt('/calendar/new');
    // No start date yet: only "Does not repeat".
    expect(optionLabels(repeatsSelect())).toEqual([DOES_NOT_REPEAT]);

    setStart('2026-01-13');
    expect(optionLabels(repeatsSelect())).toEqual([
      DOES_NOT_REPEAT,
      'Every Tuesday',
      'Every other Tuesday',
      'Every 3 weeks on Tuesday',
      'Every 2nd Tuesday of the month',
      'Every month on the 13th',
      'Every year on January 13',
    ]);

    // January 27 is the 4th Tuesday and also the last.
    setStart('2026-01-27');
    expect(optionLabels(repeatsSelect())).toEqual(
      expect.arrayContaining(['Every 4th Tuesday of the month', 'Every last Tuesday of the month']),
    );

    // A 5th Tuesday is only ever the last; a chosen "4th" follows the date to "last".
    fireEvent.change(repeatsSelect(), { target: { value: 'monthly_by_weekday' } });
    setStart('2026-03-31');
    const labels = optionLabels(repeatsSelect());
    expect(labels).toContain('Every last Tuesday of the month');
    expect(labels.some((label) => /5th|4th/.test(label ?? ''))).toBe(false);
    expect(repeatsSelect().value).toBe('monthly_last_weekday');
  });

  it('asks the preview once the member stops, shows a spinner meanwhile, then the rule in words and the dates', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation((input, init) => {
      if (String(input).endsWith('/recurrence_preview.json')) {
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      }
      return fakeApi({})(input, init);
    });
    renderAt('/calendar/new');
    setStart('2026-01-13');
    fireEvent.change(repeatsSelect(), { target: { value: 'monthly_by_weekday' } });

    const months = screen.getByRole('group', { name: EXCEPT_IN_MONTHS });
    expect(within(months).getAllByRole('checkbox')).toHaveLength(12);
    fireEvent.click(within(months).getByRole('checkbox', { name: 'July' }));
    fireEvent.click(within(months).getByRole('checkbox', { name: 'August' }));

    // The words are the form's own, at once; the dates wait for the server.
    expect(screen.getByTestId('repeat-words').textContent).toBe(
      'Every 2nd Tuesday of the month, except July and August',
    );
    expect(screen.getByText(LOADING_NEXT_MEETINGS)).toBeTruthy();
    await waitFor(() => expect(previewCalls()).toHaveLength(1));
    // The checks in a row made one request, with the last state.
    expect(previewCalls()[0]?.body).toEqual({
      start_date_string: '01/13/2026',
      start_time_string: '7:30pm',
      time_zone_id: 1,
      recurrence: {
        frequency: 'monthly_by_weekday',
        interval: 1,
        skip_months: [7, 8],
        ends: { kind: 'never' },
      },
    });
    await act(async () => answer(previewAnswer(TUESDAYS)));
    const preview = screen.getByTestId('repeat-preview');
    await waitFor(() =>
      expect(
        within(preview)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(TUESDAYS),
    );
    expect(screen.queryByText(LOADING_NEXT_MEETINGS)).toBeNull();
  });

  it('shows the preview’s 422 under Repeats, and the count’s own check before asking', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'POST /calendar_events/recurrence_preview.json': respond(422, {
          type: 'https://lodgehall.org/problems/unprocessable-entity-error',
          status: 422,
          errors: { recurrence: [RECURRENCE_PROBLEMS.skips_every_month] },
        }),
      }),
    );
    renderAt('/calendar/new');
    setStart('2026-01-13');
    fireEvent.change(repeatsSelect(), { target: { value: 'weekly' } });
    await waitFor(() =>
      expect(describedBy(repeatsSelect())).toContain(RECURRENCE_PROBLEMS.skips_every_month),
    );
    expect(repeatsSelect().getAttribute('aria-invalid')).toBe('true');

    // A count out of range is the form's to say; the preview is not asked for it.
    const asked = previewCalls().length;
    fireEvent.click(screen.getByRole('radio', { name: ENDS_AFTER_COUNT }));
    fireEvent.change(screen.getByRole('textbox', { name: NUMBER_OF_MEETINGS }), {
      target: { value: '600' },
    });
    fireEvent.submit(repeatsSelect().closest('form') as HTMLFormElement);
    await waitFor(() => expect(describedBy(repeatsSelect())).toContain(enterMeetingCount(520)));
    expect(previewCalls()).toHaveLength(asked);
  });
});

/** A meeting of a series as edit.json answers it. */
function seriesMeeting(overrides: Partial<CalendarEventDetail> = {}): CalendarEventDetail {
  return {
    ...testCalendarEvent(7, {
      name: 'Stated Communication',
      local_start_date: '01/13/2026',
      series_id: 3,
      recurrence: {
        frequency: 'monthly_by_weekday',
        interval: 1,
        week_of_month: 2,
        skip_months: [7, 8],
        ends: { kind: 'never' },
      },
      recurrence_description: 'Every 2nd Tuesday of the month, except July and August',
      abilities: { edit: true, delete: true, announce: true, cancel: true },
    }),
    calendar_event_description: { id: 7, body: '<p>Dinner at six.</p>' },
    ...overrides,
  };
}

function serveMeeting() {
  const meeting = seriesMeeting();
  fetchMock.mockImplementation(
    fakeApi({
      'GET /calendar_events/7/edit.json': respond(200, { data: { calendar_event: meeting } }),
      'PUT /calendar_events/7.json': respond(200, { data: { calendar_event: meeting } }),
      'POST /calendar_events/recurrence_preview.json': previewAnswer(TUESDAYS),
    }),
  );
}

const savedRequest = () => sentCalls().find((call) => call.method === 'PUT')?.body;

describe('editing a meeting of a series (D82)', () => {
  it('asks which meetings first, with focus on the first choice; “this meeting” hides the rule and sends no rule', async () => {
    serveMeeting();
    renderAt('/calendar/7/edit');
    const dialog = await screen.findByRole('dialog', { name: EDIT_REPEATING_MEETING });
    const choices = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(choices).toEqual(
      expect.arrayContaining([
        expect.stringContaining(SCOPE_THIS),
        expect.stringContaining(SCOPE_FOLLOWING),
        expect.stringContaining(SCOPE_ALL),
      ]),
    );
    const first = within(dialog).getByRole('button', { name: new RegExp(`^${SCOPE_THIS}`) });
    await waitFor(() => expect(document.activeElement).toBe(first));

    fireEvent.click(first);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('edit-scope').textContent).toContain(changingMeetings(SCOPE_THIS));
    expect(screen.queryByTestId('event-repeats')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: SAVE_CHANGES }));
    await waitFor(() => expect(savedRequest()).toBeDefined());
    expect(savedRequest()).toMatchObject({ scope: 'this' });
    expect(savedRequest()).not.toHaveProperty('calendar_event.recurrence');
  });

  it('“all meetings” shows the series’ rule, with no “Does not repeat”; an unchanged rule is not sent', async () => {
    serveMeeting();
    renderAt('/calendar/7/edit');
    const dialog = await screen.findByRole('dialog', { name: EDIT_REPEATING_MEETING });
    fireEvent.click(within(dialog).getByRole('button', { name: new RegExp(`^${SCOPE_ALL}`) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(repeatsSelect().value).toBe('monthly_by_weekday');
    // A series always repeats: no "Does not repeat".
    expect(optionLabels(repeatsSelect())).not.toContain(DOES_NOT_REPEAT);
    const months = screen.getByRole('group', { name: EXCEPT_IN_MONTHS });
    const checked = within(months)
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked);
    expect(within(months).getByRole('checkbox', { name: 'July' })).toHaveProperty('checked', true);
    expect(within(months).getByRole('checkbox', { name: 'August' })).toHaveProperty(
      'checked',
      true,
    );
    expect(checked).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: SAVE_CHANGES }));
    await waitFor(() => expect(savedRequest()).toBeDefined());
    expect(savedRequest()).toMatchObject({ scope: 'all' });
    expect(savedRequest()).not.toHaveProperty('calendar_event.recurrence');
  });

  it('sends a changed rule with the scope chosen, and can choose again', async () => {
    serveMeeting();
    renderAt('/calendar/7/edit');
    let dialog = await screen.findByRole('dialog', { name: EDIT_REPEATING_MEETING });
    fireEvent.click(within(dialog).getByRole('button', { name: new RegExp(`^${SCOPE_THIS}`) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /Change which meetings/ }));
    dialog = await screen.findByRole('dialog', { name: EDIT_REPEATING_MEETING });
    fireEvent.click(
      within(dialog).getByRole('button', { name: new RegExp(`^${SCOPE_FOLLOWING}`) }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const months = screen.getByRole('group', { name: EXCEPT_IN_MONTHS });
    expect(screen.queryByText(NEW_RULE_REMAPS)).toBeNull();
    fireEvent.click(within(months).getByRole('checkbox', { name: 'December' }));
    // D80: a new rule keeps only the meetings on dates it still holds; the form says so.
    expect(screen.getByText(NEW_RULE_REMAPS)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: SAVE_CHANGES }));
    await waitFor(() => expect(savedRequest()).toBeDefined());
    expect(savedRequest()).toMatchObject({
      scope: 'following',
      calendar_event: {
        recurrence: {
          frequency: 'monthly_by_weekday',
          interval: 1,
          skip_months: [7, 8, 12],
          ends: { kind: 'never' },
        },
      },
    });
  });
});
