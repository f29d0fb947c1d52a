import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLUB_MEMBER_CLUBS,
  CLUB_NO_UPCOMING_EVENT,
  ERROR_MAKING_FAVORITE,
  ERROR_REMOVING_FAVORITE,
  LOADING_CLUB,
  MEMBER_OF_CLUB_NOTE,
  NOT_FOUND_TITLE,
  clubMapAlt,
  favoriteClubLabel,
} from '../../../common/messages.ts';
import type { Club, ClubSummary } from '../../../common/schemas/club.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { OkDialogHost } from '../../components/OkDialog.tsx';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { queryClient } from '../../http/client.ts';
import { resetClientState } from '../../http/client-state.ts';
import { respond, testCalendarEvent, testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ClubHomePage } from './ClubHomePage.tsx';

function summary(id: number, name: string, subdomain: string, type_name = 'Lodge'): ClubSummary {
  return {
    id,
    name,
    formal_name: `${name}, F&AM`,
    type_name,
    subdomain,
    avatar: null,
    city: 'Columbus',
    state: 'OH',
  };
}

const DISTRICT = summary(5, 'District 4', 'ohdistrict4', 'District');
const OLENTANGY = summary(28, 'Olentangy Lodge No. 614', 'olentangy614');

function testClub(overrides: Partial<Club> = {}): Club {
  const harmony = summary(27, 'Harmony Lodge No. 412', 'harmony412');
  return {
    ...harmony,
    default_url: 'https://harmony412.example.org',
    address1: '949 Park Ave',
    address2: 'Suite 200',
    zip: '43215',
    full_address: '949 Park Ave, Suite 200, Columbus, OH 43215',
    time_zone_id: 1,
    lat: 39.97,
    lng: -83,
    description: 'A constituent lodge of the Grand Lodge.',
    meetings: 'Stated Communications on the 1st Thursday at 7:30 PM.',
    is_favorite: false,
    is_member: false,
    home_page_option: {
      map_url: 'https://www.openstreetmap.org/?mlat=39.97&mlon=-83#map=15/39.97/-83',
      map_image: '/media/demo/map-1.png',
      introduction: '<p>Welcome to <strong>Harmony</strong>!</p>',
      is_hiding_stock_introduction: false,
    },
    current_officer_positions: [
      {
        title: 'Worshipful Master',
        current_officers: [{ party_id: 545, full_name: 'Craig Graves' }],
      },
      {
        title: 'Junior Deacon',
        current_officers: [{ party_id: null, full_name: 'Giuseppe Frey' }],
      },
    ],
    group: { ...DISTRICT, groupies: [harmony, OLENTANGY] },
    groupies: [],
    organization: { id: 1, name: 'Grand Lodge of Ohio F&AM', club_hierarchy: ['Lodge'] },
    next_event: testCalendarEvent(70, { name: 'Stated Communication' }),
    latest_post: {
      id: 90,
      type: 'ClubPost',
      subject: 'Veterans Day ceremony',
      short_body: 'We will honour our veterans.',
      post_body_id: 90,
      created_at: Date.UTC(2026, 10, 11, 15),
      last_activity_at: Date.UTC(2026, 10, 11, 15),
      club: { id: 27, name: harmony.name, subdomain: harmony.subdomain, avatar: null },
      party: null,
      photos: [],
      access: 'PUBLIC',
      allows_comments: true,
      comment_container: { id: 190, comment_count: 0 },
      appeal_post_task_token_url: null,
      abilities: { edit: false, delete: false },
    },
    links: {
      files: 'https://harmony412.example.org/files',
      photos: 'https://harmony412.example.org/photos',
      dashboard: null,
      support: 'https://lodgehall.org/support',
    },
    ...overrides,
  };
}

const fetchMock = vi.fn<typeof fetch>();
let club: Club;
/** What `POST /favorite_clubs.json` and `DELETE /favorite_clubs/{id}` answer; null waits. */
let favoriteAnswer: (() => Response) | null;
let releaseFavorite: (() => void) | null;

function calls(): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname.replace('/api/private/mobile/v1', '')}`;
  });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/clubs/:id', element: <ClubHomePage /> },
      { path: '/clubs/:id/calendar', element: <h1>The club calendar</h1> },
      { path: '/clubs/:club_id/calendar/:id', element: <h1>An event in its club</h1> },
      { path: '/clubs/:club_id/news/:id', element: <h1>A post in its club</h1> },
      { path: '/parties/:id', element: <h1>A party</h1> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(
    <>
      <RouterProvider router={router} />
      <OkDialogHost />
    </>,
  );
  return router;
}

function favoriteSwitch(): HTMLInputElement {
  return screen.getByRole('switch', {
    name: favoriteClubLabel(club.name),
  }) as HTMLInputElement;
}

beforeEach(() => {
  clearOkDialogs();
  resetClientState();
  queryClient.clear();
  resetSessionForTests({ status: 'signedIn', user: testUser() });
  club = testClub();
  favoriteAnswer = () => respond(200, { data: {} });
  releaseFavorite = null;
  fetchMock.mockReset();
  fetchMock.mockImplementation((input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname.endsWith('/clubs/by_subdomain.json')) {
      const subdomain = url.searchParams.get('subdomain');
      if (subdomain !== club.subdomain) {
        return Promise.resolve(respond(404, { type: 'x/not-found', status: 404 }));
      }
      return Promise.resolve(respond(200, { data: { club } }));
    }
    if (url.pathname.includes('/favorite_clubs')) {
      const answer = favoriteAnswer;
      if (answer === null) {
        return new Promise((resolve) => {
          releaseFavorite = () => resolve(respond(200, { data: {} }));
        });
      }
      if (method === 'POST' && answer().ok) club = { ...club, is_favorite: true };
      if (method === 'DELETE' && answer().ok) club = { ...club, is_favorite: false };
      return Promise.resolve(answer());
    }
    return Promise.resolve(respond(200, { data: { calendar_events: [], posts: [] } }));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => clearOkDialogs());
  vi.unstubAllGlobals();
});

describe('the club home (ROUTE-01, CLUB-01..18)', () => {
  it('shows a spinner, then the header, words, meetings, next event and latest post (CLUB-01..10)', async () => {
    renderAt('/clubs/harmony412');
    expect(screen.getByText(LOADING_CLUB)).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: club.name })).toBeTruthy();
    expect(calls()).toContain('GET /clubs/by_subdomain.json');
    expect(screen.getByTestId('club-introduction').innerHTML).toBe(
      '<p>Welcome to <strong>Harmony</strong>!</p>',
    );
    expect(screen.getByTestId('club-description').textContent).toBe(club.description);
    expect(screen.getByTestId('club-meetings').textContent).toContain(club.meetings);
    const event = screen.getByRole('link', { name: 'Stated Communication' });
    expect(event.getAttribute('href')).toBe('/clubs/harmony412/calendar/70');
    const post = screen.getByRole('link', { name: 'Veterans Day ceremony' });
    expect(post.getAttribute('href')).toBe('/clubs/harmony412/news/90');
  });

  it('hides the stock description when the club says so, and says when nothing is coming (CLUB-04, CLUB-09)', async () => {
    club = testClub({
      home_page_option: { ...testClub().home_page_option, is_hiding_stock_introduction: true },
      next_event: null,
    });
    renderAt('/clubs/harmony412');
    await screen.findByTestId('club-introduction');
    expect(screen.queryByTestId('club-description')).toBeNull();
    expect(screen.getByText(CLUB_NO_UPCOMING_EVENT)).toBeTruthy();
  });

  it('has the Home, Calendar and Posts links and the external ones in a new tab, no Dashboard for a member (CLUB-02, CLUB-13, AMB-05)', async () => {
    renderAt('/clubs/harmony412');
    const shortcuts = await screen.findByTestId('club-shortcuts');
    expect(
      within(shortcuts)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/clubs/harmony412', '/clubs/harmony412/calendar', '/clubs/harmony412/news']);
    for (const testId of ['club-files', 'club-photos']) {
      const link = screen.getByTestId(testId);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(screen.getByTestId('club-files').getAttribute('href')).toBe(club.links.files);
    expect(screen.queryByTestId('club-dashboard')).toBeNull();
  });

  it('shows the Dashboard when the server gives it (a webmaster of the club)', async () => {
    club = testClub({
      links: { ...testClub().links, dashboard: 'https://harmony412.example.org/dashboard' },
    });
    renderAt('/clubs/harmony412');
    const dashboard = await screen.findByTestId('club-dashboard');
    expect(dashboard.getAttribute('href')).toBe('https://harmony412.example.org/dashboard');
    expect(dashboard.getAttribute('target')).toBe('_blank');
  });

  it("leads a secretary's Dashboard to the club in the Lodge Office, in this tab (AMB-05, D68)", async () => {
    club = testClub({ links: { ...testClub().links, dashboard: '/app/admin/clubs/11' } });
    renderAt('/clubs/harmony412');
    const dashboard = await screen.findByTestId('club-dashboard');
    expect(dashboard.getAttribute('href')).toBe('/admin/clubs/11');
    expect(dashboard.getAttribute('target')).toBeNull();
  });

  it('shows the map image at 400x400, or the map link without one (CLUB-14, CONST-33)', async () => {
    renderAt('/clubs/harmony412');
    const image = await screen.findByRole('img', { name: clubMapAlt(club.name) });
    expect(image.getAttribute('src')).toBe('/media/demo/map-1.png');
    expect(image.getAttribute('width')).toBe('400');
    expect(image.getAttribute('height')).toBe('400');
    expect(screen.getByTestId('club-map').getAttribute('href')).toBe(club.home_page_option.map_url);
  });

  it('falls back to the map link when the image cannot be loaded (no network)', async () => {
    renderAt('/clubs/harmony412');
    const image = await screen.findByRole('img', { name: clubMapAlt(club.name) });
    fireEvent.error(image);
    const link = await screen.findByTestId('club-map-link');
    expect(link.getAttribute('href')).toBe(club.home_page_option.map_url);
    expect(screen.queryByRole('img', { name: clubMapAlt(club.name) })).toBeNull();
  });

  it('links an officer with a party id to their page; one without is plain text (CLUB-16, CLUB-17)', async () => {
    const router = renderAt('/clubs/harmony412');
    const officers = await screen.findByTestId('club-officers');
    expect(within(officers).getByText('Worshipful Master')).toBeTruthy();
    expect(within(officers).queryByRole('link', { name: 'Giuseppe Frey' })).toBeNull();
    expect(within(officers).getByText('Giuseppe Frey')).toBeTruthy();
    fireEvent.click(within(officers).getByRole('link', { name: 'Craig Graves' }));
    await screen.findByRole('heading', { name: 'A party' });
    expect(router.state.location.pathname).toBe('/parties/545');
  });

  it('shows the parent group and member clubs as cards that open the club (CLUB-11, CLUB-18)', async () => {
    club = testClub({ groupies: [OLENTANGY] });
    const router = renderAt('/clubs/harmony412');
    const group = await screen.findByTestId('club-group');
    expect(within(group).getByRole('link', { name: DISTRICT.name }).getAttribute('href')).toBe(
      '/clubs/ohdistrict4',
    );
    const groupies = screen.getByTestId('club-groupies');
    expect(within(groupies).getByRole('heading', { name: CLUB_MEMBER_CLUBS })).toBeTruthy();
    fireEvent.click(within(groupies).getByRole('link', { name: OLENTANGY.name }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clubs/olentangy614'));
  });

  it('is the 404 page for an unknown or hidden club (AMB-44)', async () => {
    renderAt('/clubs/nosuch');
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE })).toBeTruthy();
  });
});

describe('the favourite switch (CLUB-05..07, CLUB-20, AMB-48)', () => {
  it('turns on at once, stays on when the call works, and the club is asked again (CLUB-06)', async () => {
    favoriteAnswer = null;
    renderAt('/clubs/harmony412');
    await screen.findByRole('heading', { level: 1, name: club.name });
    expect(favoriteSwitch().checked).toBe(false);
    fireEvent.click(favoriteSwitch());
    // Optimistic: on before the server has answered.
    await waitFor(() => expect(favoriteSwitch().checked).toBe(true));
    expect(calls()).toContain('POST /favorite_clubs.json');
    club = { ...club, is_favorite: true };
    act(() => releaseFavorite?.());
    await waitFor(() =>
      expect(calls().filter((call) => call === 'GET /clubs/by_subdomain.json')).toHaveLength(2),
    );
    expect(favoriteSwitch().checked).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('goes back and says so when following fails (CLUB-06, AMB-48)', async () => {
    favoriteAnswer = () => respond(422, { type: 'x/unprocessable-entity-error', status: 422 });
    renderAt('/clubs/harmony412');
    await screen.findByRole('heading', { level: 1, name: club.name });
    fireEvent.click(favoriteSwitch());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(ERROR_MAKING_FAVORITE)).toBeTruthy();
    expect(favoriteSwitch().checked).toBe(false);
  });

  it('goes back on when unfollowing fails', async () => {
    club = testClub({ is_favorite: true });
    favoriteAnswer = () => respond(422, { type: 'x/unprocessable-entity-error', status: 422 });
    renderAt('/clubs/harmony412');
    await screen.findByRole('heading', { level: 1, name: club.name });
    expect(favoriteSwitch().checked).toBe(true);
    fireEvent.click(favoriteSwitch());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(ERROR_REMOVING_FAVORITE)).toBeTruthy();
    expect(calls()).toContain('DELETE /favorite_clubs/27');
    expect(favoriteSwitch().checked).toBe(true);
  });

  it("is on and cannot be turned off for the member's own club, with a note (CLUB-07)", async () => {
    club = testClub({ is_member: true, is_favorite: true });
    renderAt('/clubs/harmony412');
    await screen.findByRole('heading', { level: 1, name: club.name });
    expect(favoriteSwitch().checked).toBe(true);
    expect(favoriteSwitch().disabled).toBe(true);
    expect(screen.getByText(MEMBER_OF_CLUB_NOTE)).toBeTruthy();
  });
});
