import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EVENTS_LOAD_FAILED,
  LOAD_MORE,
  MY_EVENTS,
  MY_EVENTS_HINT,
  NEARBY_EVENTS,
  NEW_EVENT,
  NO_EVENTS,
  OTHER_EVENTS,
  PAST_EVENTS,
  TRY_AGAIN,
  UPCOMING_EVENTS,
} from '../../../common/messages.ts';
import type { CalendarEvent, CalendarGroup } from '../../../common/schemas/calendar-event.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { resetClientState } from '../../http/client-state.ts';
import { queryClient } from '../../http/client.ts';
import { respond, testCalendarEvent, testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CalendarPage } from './CalendarPage.tsx';

const fetchMock = vi.fn<typeof fetch>();
/** What each tab answers; a tab missing here answers 500. */
let answers: Partial<Record<CalendarGroup, () => Response>> = {};

function listAnswer(events: CalendarEvent[], nextCursor: string | null = null) {
  return () => respond(200, { data: { calendar_events: events, next_cursor: nextCursor } });
}

/** The calls made for calendar lists, as `group` or `group cursor`. */
function listCalls(): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname.endsWith('/calendar_events.json'))
    .map((url) =>
      [url.searchParams.get('group'), url.searchParams.get('cursor')].filter(Boolean).join(' '),
    );
}

function renderCalendar() {
  const router = createMemoryRouter(
    [
      { path: '/calendar', element: <CalendarPage /> },
      { path: '/calendar/new', element: <h1>The event form</h1> },
      { path: '/calendar/:id', element: <h1>An event</h1> },
      { path: '/news', element: <h1>The posts</h1> },
    ],
    { initialEntries: ['/calendar'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

function tab(name: string) {
  return screen.getByRole('tab', { name });
}

/** Far ahead, so these events stay upcoming whenever the test runs. */
const FUTURE = { start_time: Date.UTC(2099, 0, 1) };

beforeEach(() => {
  clearOkDialogs();
  // Sign-in's reset: an empty cache, and no tab or list remembered from another test.
  resetClientState();
  resetSessionForTests({ status: 'signedIn', user: testUser() });
  answers = {};
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) => {
    const url = new URL(String(input), 'http://localhost');
    const group = url.searchParams.get('group') as CalendarGroup;
    const answer = answers[group];
    return Promise.resolve(answer ? answer() : respond(500, { type: 'x/boom', status: 500 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => clearOkDialogs());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the /calendar screen (CAL-01..05)', () => {
  it('has the three tabs, My Events first, and asks each tab’s group when it opens (CAL-01, CAL-02)', async () => {
    answers.my_events = listAnswer([testCalendarEvent(1, { name: 'Stated Meeting', ...FUTURE })]);
    answers.nearby_events = listAnswer([testCalendarEvent(2, { name: 'Fish Fry', ...FUTURE })]);
    answers.other_events = listAnswer([testCalendarEvent(3, { name: 'Ladies Night', ...FUTURE })]);
    renderCalendar();
    expect(screen.getAllByRole('tab').map((node) => node.textContent)).toEqual([
      MY_EVENTS,
      NEARBY_EVENTS,
      OTHER_EVENTS,
    ]);
    expect(tab(MY_EVENTS).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('link', { name: 'Stated Meeting' })).toBeTruthy();
    expect(screen.getByText(MY_EVENTS_HINT)).toBeTruthy();
    expect(listCalls()).toEqual(['my_events']);

    fireEvent.click(tab(NEARBY_EVENTS));
    expect(await screen.findByRole('link', { name: 'Fish Fry' })).toBeTruthy();
    fireEvent.click(tab(OTHER_EVENTS));
    expect(await screen.findByRole('link', { name: 'Ladies Night' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Fish Fry' })).toBeNull();
    expect(listCalls()).toEqual(['my_events', 'nearby_events', 'other_events']);
  });

  it('groups events into day sections by local_start_date, each card linking to its event (CAL-03)', async () => {
    answers.my_events = listAnswer([
      testCalendarEvent(1, {
        name: 'Stated Meeting',
        local_start_date: '01/01/2099',
        local_start_date_time_with_duration: 'Thursday, January 1, 2099 7:30pm - 9:30pm EST',
        location: 'Lodge room, 12 Main Street',
        ...FUTURE,
      }),
      testCalendarEvent(2, {
        name: 'Fellowship Supper',
        local_start_date: '01/01/2099',
        ...FUTURE,
      }),
      testCalendarEvent(3, {
        name: 'Degree Practice',
        local_start_date: '01/02/2099',
        start_time: Date.UTC(2099, 0, 2),
        event_attendee: { id: 9, status: 'YES', guests: 2 },
      }),
      testCalendarEvent(4, {
        name: 'Last Year’s Picnic',
        local_start_date: '07/04/2025',
        start_time: Date.UTC(2025, 6, 4),
      }),
    ]);
    renderCalendar();
    await screen.findByRole('link', { name: 'Stated Meeting' });
    const days = screen.getAllByTestId('calendar-day');
    expect(days.map((day) => day.getAttribute('data-date'))).toEqual([
      '01/01/2099',
      '01/02/2099',
      '07/04/2025',
    ]);
    const first = days[0] as HTMLElement;
    expect(within(first).getByRole('heading', { level: 3 }).textContent).toBe(
      'Thursday, January 1, 2099',
    );
    expect(within(first).getAllByTestId('event-card')).toHaveLength(2);
    const card = within(first).getAllByTestId('event-card')[0] as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Stated Meeting' }).getAttribute('href')).toBe(
      '/calendar/1',
    );
    expect(card.textContent).toContain('Harmony Lodge No. 412');
    // The time without the day its heading already says.
    expect(card.textContent).toContain('7:30pm - 9:30pm EST');
    expect(card.textContent).not.toContain('January');
    expect(card.textContent).toContain('Lodge room, 12 Main Street');
    expect(within(days[1] as HTMLElement).getByTestId('event-card').textContent).toContain(
      'Going +2 guests',
    );
    // Upcoming days under Coming up, then the past ones under Past events.
    const parts = screen.getAllByRole('heading', { level: 2 }).map((node) => node.textContent);
    expect(parts).toEqual([UPCOMING_EVENTS, PAST_EVENTS]);
  });

  it('shows the fixed empty message for a tab with no events (CAL-04)', async () => {
    answers.my_events = listAnswer([]);
    renderCalendar();
    expect(await screen.findByText(NO_EVENTS)).toBeTruthy();
    expect(screen.queryByTestId('calendar-day')).toBeNull();
  });

  it('shows a spinner while loading, then the error with Try again, which loads the list', async () => {
    let release: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    renderCalendar();
    expect(await screen.findByTestId('events-loading')).toBeTruthy();
    release(respond(500, { type: 'x/boom', status: 500 }));
    expect(await screen.findByText(EVENTS_LOAD_FAILED)).toBeTruthy();
    answers.my_events = listAnswer([testCalendarEvent(1, { name: 'Stated Meeting', ...FUTURE })]);
    fireEvent.click(screen.getByRole('button', { name: TRY_AGAIN }));
    expect(await screen.findByRole('link', { name: 'Stated Meeting' })).toBeTruthy();
    expect(screen.queryByText(EVENTS_LOAD_FAILED)).toBeNull();
  });

  it('loads the next page with the answer’s cursor on Load More, and stops after the last', async () => {
    answers.my_events = () => {
      const paging = listCalls().length > 1;
      return respond(200, {
        data: paging
          ? {
              calendar_events: [testCalendarEvent(2, { name: 'Page Two', ...FUTURE })],
              next_cursor: null,
            }
          : {
              calendar_events: [testCalendarEvent(1, { name: 'Page One', ...FUTURE })],
              next_cursor: '1.u.5.1',
            },
      });
    };
    renderCalendar();
    fireEvent.click(await screen.findByRole('button', { name: LOAD_MORE }));
    expect(await screen.findByRole('link', { name: 'Page Two' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Page One' })).toBeTruthy();
    expect(listCalls()).toEqual(['my_events', 'my_events 1.u.5.1']);
    expect(screen.queryByRole('button', { name: LOAD_MORE })).toBeNull();
  });

  it('shows New Event, to /calendar/new, only to a webmaster of some lodge (CAL-05)', async () => {
    answers.my_events = listAnswer([]);
    renderCalendar();
    await screen.findByText(NO_EVENTS);
    expect(screen.queryByRole('link', { name: NEW_EVENT })).toBeNull();
  });

  it('gives a webmaster New Event (CAL-05)', async () => {
    const member = testUser();
    resetSessionForTests({
      status: 'signedIn',
      user: testUser({
        clubs: member.clubs.map((club) => ({
          ...club,
          club_member_role_names: ['user', 'webmaster'],
        })),
      }),
    });
    answers.my_events = listAnswer([]);
    const router = renderCalendar();
    fireEvent.click(await screen.findByRole('link', { name: NEW_EVENT }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar/new'));
  });
});

describe('when the list is fetched again (CAL-06, CAL-07, AMB-47)', () => {
  beforeEach(() => {
    answers.my_events = listAnswer([testCalendarEvent(1, { name: 'Stated Meeting', ...FUTURE })]);
    answers.nearby_events = listAnswer([testCalendarEvent(2, { name: 'Fish Fry', ...FUTURE })]);
  });

  it('does not fetch again on coming back from an event within 15 s on the same tab (CAL-07)', async () => {
    const router = renderCalendar();
    fireEvent.click(await screen.findByRole('link', { name: 'Stated Meeting' }));
    await screen.findByRole('heading', { name: 'An event' });
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('link', { name: 'Stated Meeting' })).toBeTruthy();
    expect(screen.getByText(MY_EVENTS_HINT)).toBeTruthy();
    expect(listCalls()).toEqual(['my_events']);
  });

  it('fetches page zero again when it is over 15 s old (CAL-06)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const router = renderCalendar();
    fireEvent.click(await screen.findByRole('link', { name: 'Stated Meeting' }));
    await screen.findByRole('heading', { name: 'An event' });
    vi.setSystemTime(Date.now() + 16_000);
    await act(() => router.navigate(-1));
    await waitFor(() => expect(listCalls()).toEqual(['my_events', 'my_events']));
  });

  it('fetches a tab again when the tab changed, even within 15 s, and remembers the tab (CAL-06, CAL-01)', async () => {
    const router = renderCalendar();
    await screen.findByRole('link', { name: 'Stated Meeting' });
    fireEvent.click(tab(NEARBY_EVENTS));
    await screen.findByRole('link', { name: 'Fish Fry' });
    fireEvent.click(tab(MY_EVENTS));
    await waitFor(() => expect(listCalls()).toEqual(['my_events', 'nearby_events', 'my_events']));

    // The member goes elsewhere and comes back: the same tab, and no new call (CAL-07).
    fireEvent.click(tab(NEARBY_EVENTS));
    await waitFor(() => expect(listCalls()).toHaveLength(4));
    await act(() => router.navigate('/news'));
    await screen.findByRole('heading', { name: 'The posts' });
    await act(() => router.navigate('/calendar'));
    await screen.findByRole('link', { name: 'Fish Fry' });
    expect(tab(NEARBY_EVENTS).getAttribute('aria-selected')).toBe('true');
    expect(listCalls()).toHaveLength(4);
  });

  it('fetches again when forced, after an event or RSVP changed (AMB-47)', async () => {
    const router = renderCalendar();
    fireEvent.click(await screen.findByRole('link', { name: 'Stated Meeting' }));
    await screen.findByRole('heading', { name: 'An event' });
    const { refreshCalendarLists } = await import('../../api/calendar-events.ts');
    await refreshCalendarLists(queryClient);
    await act(() => router.navigate(-1));
    await waitFor(() => expect(listCalls()).toEqual(['my_events', 'my_events']));
  });
});
