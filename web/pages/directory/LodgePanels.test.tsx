import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ERROR_RETRIEVING_DATA,
  LODGE_SEARCH_LABEL,
  LODGE_SEARCHING_ERROR,
  NO_LODGES,
  NO_MATCHES,
  SEARCH_TO_NARROW,
} from '../../../common/messages.ts';
import type { ClubSummary } from '../../../common/schemas/club.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { queryClient } from '../../http/client.ts';
import { resetClientState } from '../../http/client-state.ts';
import { respond, testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { FavoriteLodgesPanel } from './FavoriteLodgesPanel.tsx';
import { LodgesByCityPanel } from './LodgesByCityPanel.tsx';
import { LodgesByNamePanel } from './LodgesByNamePanel.tsx';

function lodge(id: number, name: string, city: string | null, formal = `${name}, F&AM`) {
  return {
    id,
    name,
    formal_name: formal,
    type_name: 'Lodge',
    subdomain: `lodge${id}`,
    avatar: null,
    city,
    state: 'OH',
  } satisfies ClubSummary;
}

const COLUMBUS = lodge(1, 'Columbus Lodge No. 30', 'Columbus');
const CAPITAL = lodge(2, 'Capital City Lodge No. 652', 'Columbus');
const OAK = lodge(3, 'Royal Oak Lodge No. 9', 'Dayton');

const fetchMock = vi.fn<typeof fetch>();
/** How `GET /clubs.json` and `GET /favorite_clubs.json` answer. */
let answer: (url: URL) => Response;

function clubCalls(): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname.endsWith('/clubs.json'))
    .map(
      (url) => url.searchParams.get('search_text') ?? `by_city=${url.searchParams.get('by_city')}`,
    );
}

function renderPanel(panel: React.ReactElement) {
  const router = createMemoryRouter(
    [
      { path: '/directory', element: panel },
      { path: '/clubs/:id', element: <h1>A club home</h1> },
    ],
    { initialEntries: ['/directory'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  clearOkDialogs();
  resetClientState();
  queryClient.clear();
  resetSessionForTests({ status: 'signedIn', user: testUser() });
  answer = () => respond(404, { type: 'x/not-found', status: 404 });
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) =>
    Promise.resolve(answer(new URL(String(input), 'http://localhost'))),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => clearOkDialogs());
  vi.unstubAllGlobals();
});

describe('Lodges › By Name (DIR-06..08, DIR-12, SRCH-12, AMB-11)', () => {
  function box(): HTMLInputElement {
    return screen.getByRole('searchbox', { name: LODGE_SEARCH_LABEL }) as HTMLInputElement;
  }

  it('prompts below 2 characters, then searches the cleaned text and lists lodges that open their home', async () => {
    answer = (url) =>
      respond(200, {
        data: {
          clubs: [COLUMBUS, CAPITAL, OAK].filter((club) =>
            `${club.name} ${club.city ?? ''}`
              .toLowerCase()
              .includes(url.searchParams.get('search_text') ?? ''),
          ),
          has_more: false,
        },
      });
    const router = renderPanel(<LodgesByNamePanel />);
    expect(screen.getByText(SEARCH_TO_NARROW)).toBeTruthy();
    fireEvent.change(box(), { target: { value: ' c/' } });
    expect(screen.getByText(SEARCH_TO_NARROW)).toBeTruthy();
    fireEvent.change(box(), { target: { value: ' co/\\ ' } });
    const results = await screen.findByTestId('lodge-search-results');
    // SRCH-12: the server is sent the text without slashes, trimmed.
    expect(clubCalls()).toEqual(['co']);
    expect(
      within(results)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/clubs/lodge1', '/clubs/lodge2']);
    fireEvent.click(within(results).getByRole('link', { name: /Capital City/ }));
    await screen.findByRole('heading', { name: 'A club home' });
    expect(router.state.location.pathname).toBe('/clubs/lodge2');
  });

  it('narrows the results it holds when the text grows, without asking again (SRCH-10, AMB-11)', async () => {
    answer = () => respond(200, { data: { clubs: [COLUMBUS, CAPITAL], has_more: false } });
    renderPanel(<LodgesByNamePanel />);
    fireEvent.change(box(), { target: { value: 'co' } });
    await screen.findByTestId('lodge-search-results');
    fireEvent.change(box(), { target: { value: 'colum' } });
    await waitFor(() =>
      expect(within(screen.getByTestId('lodge-search-results')).getAllByRole('link')).toHaveLength(
        2,
      ),
    );
    fireEvent.change(box(), { target: { value: 'columbus lo' } });
    await waitFor(() =>
      expect(within(screen.getByTestId('lodge-search-results')).getAllByRole('link')).toHaveLength(
        1,
      ),
    );
    expect(clubCalls()).toEqual(['co']);
  });

  it("says 'No Matches' when nothing is found, and 'Searching error' when the search fails (DIR-08, ERR-24)", async () => {
    answer = () => respond(200, { data: { clubs: [], has_more: false } });
    renderPanel(<LodgesByNamePanel />);
    fireEvent.change(box(), { target: { value: 'zzzz' } });
    expect(await screen.findByText(NO_MATCHES)).toBeTruthy();
    answer = () => respond(422, { type: 'x/unprocessable-entity-error', status: 422 });
    fireEvent.change(box(), { target: { value: 'qq' } });
    const error = await screen.findByTestId('lodge-search-error');
    expect(error.textContent).toContain(LODGE_SEARCHING_ERROR);
  });
});

describe('Lodges › By City (DIR-09, DIR-10, DIR-12)', () => {
  it('groups lodges under city headings, cities and lodges sorted, whatever order they come in', async () => {
    answer = () =>
      respond(200, {
        data: {
          clubs: [
            OAK,
            lodge(4, 'Zion Lodge No. 10', 'Columbus'),
            COLUMBUS,
            lodge(5, 'Acacia Lodge No. 9', 'Akron'),
            CAPITAL,
          ],
          has_more: false,
        },
      });
    renderPanel(<LodgesByCityPanel />);
    await screen.findByTestId('lodges-by-city');
    expect(clubCalls()).toEqual(['by_city=true']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Akron',
      'Columbus',
      'Dayton',
    ]);
    const columbus = screen.getByRole('region', { name: 'Columbus' });
    expect(
      within(columbus)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/clubs/lodge2', '/clubs/lodge1', '/clubs/lodge4']);
  });
});

describe('Lodges › Favorite (DIR-11, DIR-12, ERR-25)', () => {
  it('lists the favourite lodges, each opening its home', async () => {
    answer = () =>
      respond(200, {
        data: {
          favorite_clubs: [
            { club_id: 1, is_member: true, club: COLUMBUS },
            { club_id: 3, is_member: false, club: OAK },
          ],
        },
      });
    renderPanel(<FavoriteLodgesPanel />);
    const list = await screen.findByTestId('favorite-lodges');
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/clubs/lodge1', '/clubs/lodge3']);
  });

  it("says 'No lodges to view.' when there are none", async () => {
    answer = () => respond(200, { data: { favorite_clubs: [] } });
    renderPanel(<FavoriteLodgesPanel />);
    expect(await screen.findByText(NO_LODGES)).toBeTruthy();
  });

  it("says 'Error retrieving data from server.' when the list cannot be loaded, and tries again", async () => {
    answer = () => respond(404, { type: 'x/not-found', status: 404 });
    renderPanel(<FavoriteLodgesPanel />);
    expect(await screen.findByText(ERROR_RETRIEVING_DATA)).toBeTruthy();
    answer = () =>
      respond(200, { data: { favorite_clubs: [{ club_id: 3, is_member: false, club: OAK }] } });
    fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByTestId('favorite-lodges')).toBeTruthy();
  });
});
