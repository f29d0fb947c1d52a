import { act, fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ERROR_RETRIEVING_DATA,
  LOADING_CONTACTS,
  NO_FAVORITE_CONTACTS,
  TRY_AGAIN,
} from '../../../common/messages.ts';
import type { FavoriteContact } from '../../../common/schemas/party.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { queryClient } from '../../http/client.ts';
import { fakeApi, respond, testParty, testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { FavoriteContactsPanel } from './FavoriteContactsPanel.tsx';

const fetchMock = vi.fn<typeof fetch>();

const ENTRIES: FavoriteContact[] = [
  { party_id: 42, created_at: 1, party: testParty(42, 'Bill Harper') },
  { party_id: 43, created_at: 2, party: testParty(43, 'Raymond Kowalski') },
];

function favouritesAnswer(entries: FavoriteContact[]) {
  return respond(200, { data: { user_favorite_contacts: entries } });
}

function renderPanel() {
  const router = createMemoryRouter(
    [
      { path: '/parties/favorite', element: <FavoriteContactsPanel /> },
      { path: '/parties/:id', element: <p>A party page</p> },
    ],
    { initialEntries: ['/parties/favorite'] },
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

describe('Members › Favorite (DIR-17)', () => {
  it('lists the favourites in the server’s order, each row one link opening the party', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /user_favorite_contacts.json': favouritesAnswer(ENTRIES) }),
    );
    const router = renderPanel();
    expect(screen.getByText(LOADING_CONTACTS)).toBeTruthy();
    const links = await screen.findAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['BHBill Harper', '/parties/42'],
      ['RKRaymond Kowalski', '/parties/43'],
    ]);
    fireEvent.click(links[0] as HTMLElement);
    expect(router.state.location.pathname).toBe('/parties/42');
  });

  it('none yet says how to add one', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /user_favorite_contacts.json': favouritesAnswer([]) }),
    );
    renderPanel();
    expect(await screen.findByText(NO_FAVORITE_CONTACTS)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('a failed load says so, and Try again loads the list', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /user_favorite_contacts.json': respond(422, { type: 'x/unprocessable', status: 422 }),
      }),
    );
    renderPanel();
    expect(await screen.findByText(ERROR_RETRIEVING_DATA)).toBeTruthy();
    fetchMock.mockImplementation(
      fakeApi({ 'GET /user_favorite_contacts.json': favouritesAnswer(ENTRIES) }),
    );
    fireEvent.click(screen.getByRole('button', { name: TRY_AGAIN }));
    expect(await screen.findByTestId('favorite-contacts')).toBeTruthy();
  });
});
