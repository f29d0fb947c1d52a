import { act, fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BY_CITY,
  BY_NAME,
  DIRECTORY_LODGES,
  DIRECTORY_MEMBERS,
  DIRECTORY_TABS_LABEL,
  FAVORITE,
  LODGES_TABS_LABEL,
  MEMBER_SEARCH_LABEL,
  MEMBERS_TABS_LABEL,
  RECENT,
} from '../../../common/messages.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { resetClientState } from '../../http/client-state.ts';
import { testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { DirectoryPage } from './DirectoryPage.tsx';

/**
 * The directory's tabs (ROUTE-20..23, DIR-01..05, AMB-12). The panels are other tests' business:
 * here only which tab is selected. Any call a panel makes is left unanswered, so what it shows
 * never depends on this file.
 */
const fetchMock = vi.fn<typeof fetch>();

type Mounted = ReturnType<typeof renderAt>;

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      // Four routes with one screen, as web/routes.tsx has them.
      { path: '/directory', element: <DirectoryPage /> },
      { path: '/parties/recent', element: <DirectoryPage /> },
      { path: '/parties/favorite', element: <DirectoryPage /> },
      { path: '/parties/search', element: <DirectoryPage /> },
      { path: '/news', element: <h1>The posts</h1> },
    ],
    { initialEntries: [path] },
  );
  const view = renderWithProviders(<RouterProvider router={router} />);
  return { router, view };
}

/** Leaves for another screen and comes back, as the menu's links do. */
async function leaveAndReturn({ router }: Mounted, back = '/directory') {
  await act(() => router.navigate('/news'));
  await screen.findByRole('heading', { name: 'The posts' });
  await act(() => router.navigate(back));
}

function tablist(label: string): HTMLElement {
  return screen.getByRole('tablist', { name: label });
}

function tab(list: string, name: string): HTMLElement {
  return within(tablist(list)).getByRole('tab', { name });
}

function selected(list: string): string | undefined {
  return within(tablist(list))
    .getAllByRole('tab')
    .filter((element) => element.getAttribute('aria-selected') === 'true')
    .map((element) => element.textContent ?? '')
    .at(0);
}

/** The top tab and the shown top tab's sub-tab, e.g. `Members › By Name`. */
function shown(): string {
  const top = selected(DIRECTORY_TABS_LABEL);
  const sub = selected(top === DIRECTORY_MEMBERS ? MEMBERS_TABS_LABEL : LODGES_TABS_LABEL);
  return `${top ?? '?'} › ${sub ?? '?'}`;
}

beforeEach(() => {
  clearOkDialogs();
  resetClientState();
  resetSessionForTests({ status: 'signedIn', user: testUser() });
  fetchMock.mockReset();
  fetchMock.mockImplementation(() => new Promise<Response>(() => undefined));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  act(() => clearOkDialogs());
  vi.unstubAllGlobals();
});

describe('the directory’s tabs (ROUTE-20, DIR-01..05)', () => {
  it('opens on Members › By Name with its search box, the first time (ROUTE-20, DIR-01, DIR-02)', async () => {
    renderAt('/directory');
    await screen.findByRole('tablist', { name: DIRECTORY_TABS_LABEL });
    expect(
      within(tablist(DIRECTORY_TABS_LABEL))
        .getAllByRole('tab')
        .map((element) => element.textContent),
    ).toEqual([DIRECTORY_MEMBERS, DIRECTORY_LODGES]);
    expect(
      within(tablist(MEMBERS_TABS_LABEL))
        .getAllByRole('tab')
        .map((element) => element.textContent),
    ).toEqual([BY_NAME, RECENT, FAVORITE]);
    expect(shown()).toBe(`${DIRECTORY_MEMBERS} › ${BY_NAME}`);
    expect(screen.getByRole('searchbox', { name: MEMBER_SEARCH_LABEL })).toBeTruthy();
  });

  it('opens Lodges on Favorite the first time, with By Name, By City and Favorite (DIR-03)', async () => {
    renderAt('/directory');
    fireEvent.click(await screen.findByRole('tab', { name: DIRECTORY_LODGES }));
    expect(
      within(tablist(LODGES_TABS_LABEL))
        .getAllByRole('tab')
        .map((element) => element.textContent),
    ).toEqual([BY_NAME, BY_CITY, FAVORITE]);
    expect(shown()).toBe(`${DIRECTORY_LODGES} › ${FAVORITE}`);
  });

  it('remembers the top tab when the member leaves and comes back (DIR-04)', async () => {
    const mounted = renderAt('/directory');
    fireEvent.click(await screen.findByRole('tab', { name: DIRECTORY_LODGES }));
    await leaveAndReturn(mounted);
    await screen.findByRole('tablist', { name: LODGES_TABS_LABEL });
    expect(shown()).toBe(`${DIRECTORY_LODGES} › ${FAVORITE}`);
  });

  it('remembers each top tab’s sub-tab, also across an unmount (DIR-05)', async () => {
    const mounted = renderAt('/directory');
    fireEvent.click(await screen.findByRole('tab', { name: DIRECTORY_LODGES }));
    fireEvent.click(tab(LODGES_TABS_LABEL, BY_CITY));
    fireEvent.click(tab(DIRECTORY_TABS_LABEL, DIRECTORY_MEMBERS));
    fireEvent.click(tab(MEMBERS_TABS_LABEL, RECENT));
    await leaveAndReturn(mounted);
    await screen.findByRole('tablist', { name: MEMBERS_TABS_LABEL });
    expect(shown()).toBe(`${DIRECTORY_MEMBERS} › ${RECENT}`);

    mounted.view.unmount();
    renderAt('/directory');
    await screen.findByRole('tablist', { name: MEMBERS_TABS_LABEL });
    expect(shown()).toBe(`${DIRECTORY_MEMBERS} › ${RECENT}`);
    fireEvent.click(tab(DIRECTORY_TABS_LABEL, DIRECTORY_LODGES));
    expect(shown()).toBe(`${DIRECTORY_LODGES} › ${BY_CITY}`);
  });

  it('forgets the choices at resetClientState (sign-in, sign-out; SESS-07)', async () => {
    const first = renderAt('/directory');
    fireEvent.click(await screen.findByRole('tab', { name: DIRECTORY_LODGES }));
    fireEvent.click(tab(LODGES_TABS_LABEL, BY_CITY));
    first.view.unmount();
    act(() => resetClientState());

    renderAt('/directory');
    await screen.findByRole('tablist', { name: MEMBERS_TABS_LABEL });
    expect(shown()).toBe(`${DIRECTORY_MEMBERS} › ${BY_NAME}`);
    fireEvent.click(tab(DIRECTORY_TABS_LABEL, DIRECTORY_LODGES));
    expect(shown()).toBe(`${DIRECTORY_LODGES} › ${FAVORITE}`);
  });
});

describe('/parties/recent, /parties/favorite and /parties/search (ROUTE-21..23, AMB-12)', () => {
  it('/parties/recent shows Members › Recent and makes it the remembered tab (ROUTE-21)', async () => {
    const mounted = renderAt('/parties/recent');
    await screen.findByRole('tablist', { name: MEMBERS_TABS_LABEL });
    expect(shown()).toBe(`${DIRECTORY_MEMBERS} › ${RECENT}`);
    await leaveAndReturn(mounted);
    await screen.findByRole('tablist', { name: MEMBERS_TABS_LABEL });
    expect(mounted.router.state.location.pathname).toBe('/directory');
    expect(shown()).toBe(`${DIRECTORY_MEMBERS} › ${RECENT}`);
  });

  it('/parties/favorite chooses Members over a remembered Lodges, keeping Lodges’ sub-tab (ROUTE-22)', async () => {
    const mounted = renderAt('/directory');
    fireEvent.click(await screen.findByRole('tab', { name: DIRECTORY_LODGES }));
    fireEvent.click(tab(LODGES_TABS_LABEL, BY_CITY));
    await leaveAndReturn(mounted, '/parties/favorite');
    await screen.findByRole('tablist', { name: MEMBERS_TABS_LABEL });
    expect(shown()).toBe(`${DIRECTORY_MEMBERS} › ${FAVORITE}`);

    await leaveAndReturn(mounted);
    await screen.findByRole('tablist', { name: MEMBERS_TABS_LABEL });
    expect(shown()).toBe(`${DIRECTORY_MEMBERS} › ${FAVORITE}`);
    fireEvent.click(tab(DIRECTORY_TABS_LABEL, DIRECTORY_LODGES));
    expect(shown()).toBe(`${DIRECTORY_LODGES} › ${BY_CITY}`);
  });

  it('/parties/search shows Members › By Name with the search box (ROUTE-23)', async () => {
    const mounted = renderAt('/directory');
    fireEvent.click(await screen.findByRole('tab', { name: DIRECTORY_LODGES }));
    await leaveAndReturn(mounted, '/parties/search');
    expect(await screen.findByRole('searchbox', { name: MEMBER_SEARCH_LABEL })).toBeTruthy();
    expect(shown()).toBe(`${DIRECTORY_MEMBERS} › ${BY_NAME}`);
  });

  it('follows a /parties/* address while the directory is open (the menu’s links)', async () => {
    const { router } = renderAt('/directory');
    fireEvent.click(await screen.findByRole('tab', { name: DIRECTORY_LODGES }));
    await act(() => router.navigate('/parties/recent'));
    await screen.findByRole('tablist', { name: MEMBERS_TABS_LABEL });
    expect(shown()).toBe(`${DIRECTORY_MEMBERS} › ${RECENT}`);
    await act(() => router.navigate('/directory'));
    expect(shown()).toBe(`${DIRECTORY_MEMBERS} › ${RECENT}`);
  });

  it('moves the address to /directory when the member picks another tab there, so the address never contradicts the tab', async () => {
    const { router } = renderAt('/parties/recent');
    fireEvent.click(await screen.findByRole('tab', { name: FAVORITE }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/directory'));
    expect(shown()).toBe(`${DIRECTORY_MEMBERS} › ${FAVORITE}`);
    // Replaced, not pushed: Back leaves the directory instead of undoing the tab.
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
