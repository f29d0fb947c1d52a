import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CANCEL_MEETING,
  CANCEL_MEETING_TITLE,
  DELETE_EVENT_BUTTON,
  DELETE_REPEATING_MEETING,
  EVENT_REPEATS,
  MEETING_CANCELLED_TITLE,
  OK,
  SCOPE_ALL,
  SCOPE_THIS,
  YOUR_ANSWER,
} from '../../../common/messages.ts';
import type { CalendarEventDetail } from '../../../common/schemas/calendar-event.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { OkDialogHost } from '../../components/OkDialog.tsx';
import { queryClient } from '../../http/client.ts';
import { fakeApi, respond, testCalendarEvent, testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { EventCard } from './EventCard.tsx';
import { EventDetailPage } from './EventDetailPage.tsx';

/**
 * A meeting of a series on its page (issue 25, D80, D82): the rule in words, Cancel this
 * meeting with its confirmation and the cancelled page (a notice at the top, no RSVP), and
 * Delete asking which meetings.
 */

const fetchMock = vi.fn<typeof fetch>();
const RULE = 'Every 2nd Tuesday of the month, except July and August';

function meeting(overrides: Partial<CalendarEventDetail> = {}): CalendarEventDetail {
  return {
    ...testCalendarEvent(7, {
      name: 'Stated Communication',
      allows_comments: false,
      series_id: 3,
      recurrence: {
        frequency: 'monthly_by_weekday',
        interval: 1,
        week_of_month: 2,
        skip_months: [7, 8],
        ends: { kind: 'never' },
      },
      recurrence_description: RULE,
      abilities: { edit: true, delete: true, announce: false, cancel: true },
    }),
    calendar_event_description: { id: 7, body: '<p>Dinner at six.</p>' },
    ...overrides,
  };
}

const answer = (event: CalendarEventDetail) => respond(200, { data: { calendar_event: event } });

function serve(routes: Record<string, Response | (() => Response)> = {}) {
  fetchMock.mockImplementation(
    fakeApi({
      'GET /calendar_events/7.json': answer(meeting()),
      'GET /calendar_events/7/attendees': respond(200, {
        data: { event_attendees: [], hidden_attendee_count: 0 },
      }),
      'GET /comment_containers/1007.json': respond(200, {
        data: {
          comment_container: { id: 1007, comment_count: 0, allows_comments: false, comments: [] },
        },
      }),
      ...routes,
    }),
  );
}

const calls = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET').toUpperCase() === method)
    .map(([input]) => String(input).replace(/^.*\/api\/private\/mobile\/v1/, ''));

function renderMeeting() {
  const router = createMemoryRouter(
    [
      { path: '/calendar', element: <p>The calendar</p> },
      { path: '/calendar/:id', element: <EventDetailPage /> },
    ],
    { initialEntries: ['/calendar/7'] },
  );
  renderWithProviders(
    <>
      <RouterProvider router={router} />
      <OkDialogHost />
    </>,
  );
  return router;
}

beforeEach(() => {
  clearOkDialogs();
  queryClient.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  resetSessionForTests({ status: 'signedIn', user: testUser() });
});

afterEach(() => {
  act(() => clearOkDialogs());
  vi.unstubAllGlobals();
});

describe('a meeting of a series on its page', () => {
  it('shows the rule in words; Cancel this meeting asks, cancels, and the page says so without the RSVP', async () => {
    let cancelled = false;
    serve({
      'GET /calendar_events/7.json': () => answer(meeting({ cancelled })),
      'POST /calendar_events/7/cancel.json': () => {
        cancelled = true;
        return answer(
          meeting({ cancelled: true, abilities: { ...meeting().abilities, cancel: false } }),
        );
      },
    });
    renderMeeting();
    expect((await screen.findByTestId('event-repeats')).textContent).toBe(RULE);
    expect(screen.getByText(EVENT_REPEATS)).toBeTruthy();
    expect(screen.getByRole('heading', { name: YOUR_ANSWER })).toBeTruthy();
    expect(screen.queryByTestId('meeting-cancelled')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: CANCEL_MEETING }));
    const confirm = await screen.findByRole('dialog', { name: CANCEL_MEETING_TITLE });
    expect(calls('POST')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: OK }));

    const notice = await screen.findByTestId('meeting-cancelled');
    expect(notice.textContent).toContain(MEETING_CANCELLED_TITLE);
    expect(calls('POST')).toEqual(['/calendar_events/7/cancel.json']);
    expect(screen.queryByRole('heading', { name: YOUR_ANSWER })).toBeNull();
    expect(screen.queryByRole('button', { name: CANCEL_MEETING })).toBeNull();
    expect(screen.queryByRole('link', { name: /Edit/ })).toBeNull();
  });

  it('Delete asks which meetings, sends that scope and goes to the calendar', async () => {
    serve({ 'DELETE /calendar_events/7': respond(204, null) });
    const router = renderMeeting();
    fireEvent.click(await screen.findByRole('button', { name: DELETE_EVENT_BUTTON }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_REPEATING_MEETING });
    expect(within(dialog).getByRole('button', { name: new RegExp(`^${SCOPE_THIS}`) })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: new RegExp(`^${SCOPE_ALL}`) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar'));
    expect(calls('DELETE')).toEqual(['/calendar_events/7?scope=all']);
  });

  it('a single event’s Delete asks OK as before and sends no scope', async () => {
    serve({
      'GET /calendar_events/7.json': answer(
        meeting({
          series_id: null,
          recurrence: null,
          recurrence_description: null,
          abilities: { edit: true, delete: true, announce: false, cancel: false },
        }),
      ),
      'DELETE /calendar_events/7': respond(204, null),
    });
    const router = renderMeeting();
    expect(await screen.findByRole('button', { name: DELETE_EVENT_BUTTON })).toBeTruthy();
    expect(screen.queryByTestId('event-repeats')).toBeNull();
    expect(screen.queryByRole('button', { name: CANCEL_MEETING })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: DELETE_EVENT_BUTTON }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: OK }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar'));
    expect(calls('DELETE')).toEqual(['/calendar_events/7']);
  });

  it('offers a cancelled meeting’s Delete only for this and following or all', async () => {
    serve({
      'GET /calendar_events/7.json': answer(
        meeting({ cancelled: true, abilities: { ...meeting().abilities, cancel: false } }),
      ),
    });
    renderMeeting();
    fireEvent.click(await screen.findByRole('button', { name: DELETE_EVENT_BUTTON }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_REPEATING_MEETING });
    expect(within(dialog).queryByRole('button', { name: new RegExp(`^${SCOPE_THIS}`) })).toBeNull();
    expect(within(dialog).getByRole('button', { name: new RegExp(`^${SCOPE_ALL}`) })).toBeTruthy();
  });
});

describe('a meeting of a series in a calendar list', () => {
  it('shows the rule in words on its card; a single event’s card has no such line', () => {
    const router = createMemoryRouter(
      [
        {
          path: '/calendar',
          element: (
            <>
              <EventCard event={meeting()} to="/calendar/7" />
              <EventCard event={testCalendarEvent(8)} to="/calendar/8" />
            </>
          ),
        },
      ],
      { initialEntries: ['/calendar'] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    const [series, single] = screen.getAllByTestId('event-card');
    expect(within(series as HTMLElement).getByTestId('event-card-repeats').textContent).toBe(RULE);
    expect(within(single as HTMLElement).queryByTestId('event-card-repeats')).toBeNull();
  });
});
