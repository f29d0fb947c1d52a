import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACK_TO_CLUB,
  CLUB_TYPE_FILTER_LEGEND,
  NO_EVENTS,
  NOT_FOUND_TITLE,
  clubCalendarTitle,
} from '../../../common/messages.ts';
import type { CalendarEvent } from '../../../common/schemas/calendar-event.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { resetClientState } from '../../http/client-state.ts';
import { respond, testCalendarEvent, testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CalendarPage } from './CalendarPage.tsx';
import { ClubCalendarPage } from './ClubCalendarPage.tsx';

const fetchMock = vi.fn<typeof fetch>();
const HIERARCHY = ['Grand Lodge', 'District', 'Lodge'];
/** Far ahead, so these events stay upcoming whenever the test runs. */
const FUTURE = { start_time: Date.UTC(2099, 0, 1), local_start_date: '01/01/2099' };

interface ClubAnswer {
  events: CalendarEvent[];
  typeNames: string[];
  nextCursor?: string | null;
}
/** Each club's answer by subdomain; any other answers 404. */
let clubs: Record<string, ClubAnswer> = {};

function eventOf(id: number, name: string, club: { subdomain: string; type_name: string }) {
  const event = testCalendarEvent(id, { name, ...FUTURE });
  return {
    ...event,
    club: { ...event.club, name: `${club.subdomain} club`, ...club },
  };
}

const DISTRICT = { subdomain: 'district5', type_name: 'District' };
const LODGE = { subdomain: 'harmony412', type_name: 'Lodge' };

/** The list calls made, as `main:group` or `club:subdomain`, with ` cursor` when paging. */
function listCalls(): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname.endsWith('calendar_events.json'))
    .map((url) => {
      const which = url.pathname.endsWith('/clubs/calendar_events.json')
        ? `club:${url.searchParams.get('subdomain')}`
        : `main:${url.searchParams.get('group')}`;
      const cursor = url.searchParams.get('cursor');
      const types = url.searchParams.get('types');
      const filtered = types === null ? which : `${which} types=${types}`;
      return cursor ? `${filtered} ${cursor}` : filtered;
    });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/calendar', element: <CalendarPage /> },
      { path: '/clubs/:id/calendar', element: <ClubCalendarPage /> },
      { path: '/clubs/:club_id/calendar/:id', element: <h1>An event in its club</h1> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

function toggle(name: string): HTMLInputElement {
  return screen.getByRole('checkbox', { name }) as HTMLInputElement;
}

beforeEach(() => {
  clearOkDialogs();
  resetClientState();
  resetSessionForTests({ status: 'signedIn', user: testUser() });
  clubs = {
    [DISTRICT.subdomain]: {
      events: [
        eventOf(1, 'District Meeting', DISTRICT),
        eventOf(2, 'Stated Meeting', LODGE),
        eventOf(3, 'Fish Fry', LODGE),
      ],
      typeNames: ['District', 'Lodge'],
    },
    [LODGE.subdomain]: {
      events: [eventOf(2, 'Stated Meeting', LODGE)],
      typeNames: ['Lodge'],
    },
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/clubs/calendar_events.json')) {
      const club = clubs[url.searchParams.get('subdomain') ?? ''];
      if (!club) return Promise.resolve(respond(404, { type: 'x/not-found', status: 404 }));
      const types = url.searchParams.get('types')?.split(',');
      return Promise.resolve(
        respond(200, {
          data: {
            calendar_events: club.events.filter(
              (event) => types === undefined || types.includes(event.club.type_name),
            ),
            next_cursor: club.nextCursor ?? null,
            club_hierarchy: HIERARCHY,
            type_names: club.typeNames,
            club: {
              id: 1,
              name: `${url.searchParams.get('subdomain') ?? ''} club`,
              subdomain: url.searchParams.get('subdomain') ?? '',
              type_name: club.typeNames[0] ?? 'Lodge',
            },
          },
        }),
      );
    }
    return Promise.resolve(
      respond(200, {
        data: { calendar_events: [eventOf(9, 'Main Event', LODGE)], next_cursor: null },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => clearOkDialogs());
  vi.unstubAllGlobals();
});

describe('a club’s calendar (ROUTE-02, ROUTE-03, CAL-08..10)', () => {
  it('asks the club’s events by subdomain and opens an event in the club’s context (ROUTE-03)', async () => {
    const router = renderAt('/clubs/district5/calendar');
    const link = await screen.findByRole('link', { name: 'Stated Meeting' });
    expect(link.getAttribute('href')).toBe('/clubs/district5/calendar/2');
    expect(listCalls()).toEqual(['club:district5']);
    // Named from its own event when the member is not in it.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      clubCalendarTitle('district5 club'),
    );
    fireEvent.click(link);
    await screen.findByRole('heading', { name: 'An event in its club' });
    expect(router.state.location.pathname).toBe('/clubs/district5/calendar/2');
  });

  it('leads back to the club’s home, by its name once known', async () => {
    renderAt('/clubs/district5/calendar');
    const back = await screen.findByRole('link', { name: BACK_TO_CLUB('district5 club') });
    expect(back.getAttribute('href')).toBe('/clubs/district5');
  });

  it('turns the club’s own type and the lower ones on, and has no toggle for a higher one (CAL-08)', async () => {
    renderAt('/clubs/district5/calendar');
    await screen.findByRole('link', { name: 'District Meeting' });
    const group = screen.getByRole('group', { name: CLUB_TYPE_FILTER_LEGEND });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(['District', 'Lodge']);
    expect(toggle('District').checked).toBe(true);
    expect(toggle('Lodge').checked).toBe(true);
    expect(screen.queryByRole('checkbox', { name: 'Grand Lodge' })).toBeNull();
  });

  it('shows no toggles for a club at the lowest level (CAL-09)', async () => {
    renderAt('/clubs/harmony412/calendar');
    await screen.findByRole('link', { name: 'Stated Meeting' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      clubCalendarTitle('harmony412 club'),
    );
    expect(screen.queryByRole('group', { name: CLUB_TYPE_FILTER_LEGEND })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('hides a type’s events when it is off and shows them when on; none left says so (CAL-10, CAL-04)', async () => {
    renderAt('/clubs/district5/calendar');
    await screen.findByRole('link', { name: 'District Meeting' });
    fireEvent.click(toggle('Lodge'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Fish Fry' })).toBeNull());
    expect(toggle('Lodge').checked).toBe(false);
    expect(screen.queryByRole('link', { name: 'Stated Meeting' })).toBeNull();
    expect(screen.getByRole('link', { name: 'District Meeting' })).toBeTruthy();

    fireEvent.click(toggle('District'));
    expect(await screen.findByText(NO_EVENTS)).toBeTruthy();

    fireEvent.click(toggle('Lodge'));
    expect(await screen.findByRole('link', { name: 'Fish Fry' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'District Meeting' })).toBeNull();
    // The server filters, so every page is full of shown events (D34).
    expect(listCalls()).toEqual([
      'club:district5',
      'club:district5 types=District',
      'club:district5 types=',
      'club:district5 types=Lodge',
    ]);
  });

  it('shows the 404 page for an unknown club (AMB-44)', async () => {
    renderAt('/clubs/nosuchlodge/calendar');
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE })).toBeTruthy();
  });
});

describe('the entity differs: the main calendar and a club’s (CAL-06, AMB-47)', () => {
  it('fetches again on going to a club’s calendar and back, though within 15 s', async () => {
    const router = renderAt('/calendar');
    await screen.findByRole('link', { name: 'Main Event' });
    await act(() => router.navigate('/clubs/district5/calendar'));
    await screen.findByRole('link', { name: 'District Meeting' });
    await act(() => router.navigate('/calendar'));
    await screen.findByRole('link', { name: 'Main Event' });
    await waitFor(() =>
      expect(listCalls()).toEqual(['main:my_events', 'club:district5', 'main:my_events']),
    );
    // And another club is another entity too; the same club again within 15 s is not.
    await act(() => router.navigate('/clubs/harmony412/calendar'));
    await screen.findByRole('heading', { name: clubCalendarTitle('harmony412 club') });
    await act(() => router.navigate('/clubs/district5/calendar'));
    await waitFor(() => expect(listCalls()).toHaveLength(5));
    await act(() => router.navigate('/clubs/district5/calendar/1'));
    await screen.findByRole('heading', { name: 'An event in its club' });
    await act(() => router.navigate(-1));
    await screen.findByRole('link', { name: 'District Meeting' });
    expect(listCalls()).toEqual([
      'main:my_events',
      'club:district5',
      'main:my_events',
      'club:harmony412',
      'club:district5',
    ]);
  });
});
