import { act, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ERROR_RETRIEVING_DATA,
  LAST_CONTACTED,
  LOADING_CONTACTS,
  NO_RECENT_CONTACTS,
  TRY_AGAIN,
} from '../../../common/messages.ts';
import type { RecentContact } from '../../../common/schemas/party.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { queryClient } from '../../http/client.ts';
import { fakeApi, respond, testParty, testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { RecentContactsPanel } from './RecentContactsPanel.tsx';

const fetchMock = vi.fn<typeof fetch>();

const ENTRIES: RecentContact[] = [
  {
    party: testParty(42, 'Bill Harper'),
    contact_type: 'chat',
    contacted_at: new Date(2024, 2, 5, 14, 7).getTime(),
  },
  {
    party: testParty(43, 'Raymond Kowalski'),
    contact_type: 'CellPhone',
    contacted_at: new Date(2024, 2, 1, 9, 30).getTime(),
  },
];

function recentAnswer(entries: RecentContact[]) {
  return respond(200, { data: { user_recent_contacts: entries } });
}

function renderPanel() {
  const router = createMemoryRouter(
    [
      { path: '/parties/recent', element: <RecentContactsPanel /> },
      { path: '/parties/:id', element: <p>A party page</p> },
    ],
    { initialEntries: ['/parties/recent'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
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

describe('Members › Recent (DIR-16)', () => {
  it.each([
    [0, true],
    [1, true],
    [2, false],
  ])('with %i entries, the fixed text shows: %s', async (count, text) => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /user_recent_contacts.json': recentAnswer(ENTRIES.slice(0, count)) }),
    );
    renderPanel();
    expect(screen.getByText(LOADING_CONTACTS)).toBeTruthy();
    if (text) {
      expect(await screen.findByText(NO_RECENT_CONTACTS)).toBeTruthy();
      expect(screen.queryByRole('link')).toBeNull();
    } else {
      expect(await screen.findByTestId('recent-contacts')).toBeTruthy();
      expect(screen.queryByText(NO_RECENT_CONTACTS)).toBeNull();
    }
  });

  it('each row is one link to the party, with when they were last contacted', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /user_recent_contacts.json': recentAnswer(ENTRIES) }),
    );
    const router = renderPanel();
    const links = await screen.findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/parties/42', '/parties/43']);
    expect(links[0]?.textContent).toContain('Bill Harper');
    expect(links[0]?.textContent).toContain(`${LAST_CONTACTED} 3/5/2024 - 2:07 PM`);
    fireEvent.click(links[1] as HTMLElement);
    expect(router.state.location.pathname).toBe('/parties/43');
  });

  it('a failed load says so, and Try again loads the list', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /user_recent_contacts.json': respond(422, { type: 'x/unprocessable', status: 422 }),
      }),
    );
    renderPanel();
    expect(await screen.findByText(ERROR_RETRIEVING_DATA)).toBeTruthy();
    fetchMock.mockImplementation(
      fakeApi({ 'GET /user_recent_contacts.json': recentAnswer(ENTRIES) }),
    );
    fireEvent.click(screen.getByRole('button', { name: TRY_AGAIN }));
    expect(await screen.findByTestId('recent-contacts')).toBeTruthy();
  });
});
