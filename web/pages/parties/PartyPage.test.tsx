import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { avatarColor } from '../../../common/avatar-color.ts';
import {
  ALERT_TITLE,
  BACK_TO_DIRECTORY,
  CHAT,
  E_MAIL,
  ERROR_CREATING_CHAT,
  ERROR_MAKING_FAVORITE,
  ERROR_REMOVING_FAVORITE,
  ERROR_TITLE,
  FAVORITE,
  favoriteClubLabel,
  LAST_CONTACTED,
  LOADING_PARTY,
  MEMBER_OF_CLUB_NOTE,
  NOT_FOUND_TITLE,
  OK,
  SERVER_ERROR_TITLE,
  TRY_AGAIN,
} from '../../../common/messages.ts';
import type { Party } from '../../../common/schemas/party.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { OkDialogHost } from '../../components/OkDialog.tsx';
import { queryClient } from '../../http/client.ts';
import { fakeApi, respond, testParty, testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { PartyPage } from './PartyPage.tsx';

const fetchMock = vi.fn<typeof fetch>();

function testPartyPage(overrides: Partial<Party> = {}): Party {
  return {
    ...testParty(42, 'Bill Harper', {
      first_name: 'William',
      middle_name: 'Joseph',
      last_name: 'Harper',
      suffix: 'Jr.',
      preferred_name: 'Bill Harper',
    }),
    left_at: null,
    phones: [
      { type: 'CellPhone', number: '5551234567', extension: null },
      { type: 'HomePhone', number: '6145550100', extension: null },
      { type: 'OfficePhone', number: '6145550199', extension: '204' },
      { type: 'PagerLine', number: '6145550111', extension: null },
    ],
    email_address: { address: 'bill.harper@example.net' },
    club_list: [
      {
        id: 11,
        name: 'Harmony Lodge No. 412',
        subdomain: 'harmony412',
        type_name: 'Lodge',
        is_favorite: false,
        is_member: true,
      },
      {
        id: 12,
        name: 'Amity Lodge No. 5',
        subdomain: 'amity5',
        type_name: 'Lodge',
        is_favorite: false,
        is_member: false,
      },
    ],
    user_recent_contact: null,
    user_favorite_contact: null,
    ...overrides,
  };
}

function partyAnswer(overrides: Partial<Party> = {}) {
  return respond(200, { data: { party: testPartyPage(overrides) } });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/directory', element: <p>The directory</p> },
      { path: '/parties/:id', element: <PartyPage /> },
      { path: '/chats/:chatId', element: <p>A chat</p> },
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

/** The calls sent, as `METHOD path` with the parsed body. */
function sent(): { call: string; body: unknown }[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^.*\/api\/private\/mobile\/v1/, '');
    const text = typeof init?.body === 'string' ? init.body : '';
    return {
      call: `${(init?.method ?? 'GET').toUpperCase()} ${path}`,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
  });
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

describe('the party page’s load (PARTY-01, ROUTE-24)', () => {
  it('shows the spinner, then the display name, the formal name and the initials avatar', async () => {
    fetchMock.mockImplementation(fakeApi({ 'GET /parties/42': partyAnswer() }));
    renderAt('/parties/42');
    expect(screen.getByText(LOADING_PARTY)).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bill Harper' })).toBeTruthy();
    expect(screen.getByText('William Joseph Harper, Jr.')).toBeTruthy();
    const avatar = screen.getByTestId('member-avatar');
    expect(avatar.textContent).toBe('WH');
    expect(avatar.getAttribute('data-color')).toBe(avatarColor('Bill Harper'));
    expect(screen.getByRole('link', { name: BACK_TO_DIRECTORY }).getAttribute('href')).toBe(
      '/directory',
    );
  });

  it('shows the 404 page for an unknown or hidden party, and for an id that is none', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /parties/42': respond(404, { type: 'x/not-found', status: 404 }) }),
    );
    renderAt('/parties/42');
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE })).toBeTruthy();
  });

  it('an id that cannot be one is the 404 page without a call', async () => {
    fetchMock.mockImplementation(fakeApi({}));
    renderAt('/parties/abc');
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stops the spinner on another failure, and Try again loads the party', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /parties/42': respond(422, { type: 'x/unprocessable', status: 422 }) }),
    );
    renderAt('/parties/42');
    expect(await screen.findByRole('button', { name: TRY_AGAIN })).toBeTruthy();
    expect(screen.queryByText(LOADING_PARTY)).toBeNull();
    fetchMock.mockImplementation(fakeApi({ 'GET /parties/42': partyAnswer() }));
    fireEvent.click(screen.getByRole('button', { name: TRY_AGAIN }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bill Harper' })).toBeTruthy();
  });
});

describe('contact links (PARTY-04, PARTY-06..08)', () => {
  it('one call link per phone, labelled Mobile, Home, Office and other, as (xxx) xxx-xxxx', async () => {
    fetchMock.mockImplementation(fakeApi({ 'GET /parties/42': partyAnswer() }));
    renderAt('/parties/42');
    await screen.findByRole('heading', { level: 1, name: 'Bill Harper' });
    const links = screen.getAllByTestId('phone-link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Mobile (555) 123-4567',
      'Home (614) 555-0100',
      'Office (614) 555-0199 ext. 204',
      'other (614) 555-0111',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'tel:5551234567',
      'tel:6145550100',
      'tel:6145550199,204',
      'tel:6145550111',
    ]);
    const email = screen.getByRole('link', { name: `${E_MAIL} bill.harper@example.net` });
    expect(email.getAttribute('href')).toBe('mailto:bill.harper@example.net');
  });

  it('Last contacted shows as M/D/YYYY - h:mm A when there is a recent contact, else not at all', async () => {
    const at = new Date(2024, 2, 5, 14, 7).getTime();
    fetchMock.mockImplementation(
      fakeApi({
        'GET /parties/42': partyAnswer({
          user_recent_contact: { contact_type: 'CellPhone', contacted_at: at },
        }),
        'GET /parties/43': respond(200, {
          data: { party: { ...testPartyPage(), id: 43 } },
        }),
      }),
    );
    const router = renderAt('/parties/42');
    expect((await screen.findByTestId('last-contacted')).textContent).toBe(
      `${LAST_CONTACTED} 3/5/2024 - 2:07 PM`,
    );
    await act(() => router.navigate('/parties/43'));
    await waitFor(() =>
      expect(screen.getByTestId('party-detail').getAttribute('data-party-id')).toBe('43'),
    );
    expect(screen.queryByTestId('last-contacted')).toBeNull();
  });

  it('Chat opens the 1-on-1 with the party (PARTY-05, AMB-28)', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /parties/42': partyAnswer(),
        'POST /chats.json': respond(200, {
          data: { chat: { id: 9 } },
          alert: { message: 'You already have a chat with Bill Harper.' },
        }),
      }),
    );
    const router = renderAt('/parties/42');
    fireEvent.click(await screen.findByRole('button', { name: CHAT }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/9'));
    expect(sent()).toContainEqual({ call: 'POST /chats.json', body: { chat: { party_id: 42 } } });
    const dialog = await screen.findByRole('dialog', { name: ALERT_TITLE });
    expect(within(dialog).getByText('You already have a chat with Bill Harper.')).toBeTruthy();
  });

  it('a refused Chat says why in Alert and stays (ERR-10, ERR-11)', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /parties/42': partyAnswer(),
        'POST /chats.json': respond(404, { type: 'x/not-found', status: 404 }),
      }),
    );
    const router = renderAt('/parties/42');
    fireEvent.click(await screen.findByRole('button', { name: CHAT }));
    const dialog = await screen.findByRole('dialog', { name: ALERT_TITLE });
    expect(within(dialog).getByText(ERROR_CREATING_CHAT)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/parties/42');
  });

  it('no Chat on the member’s own page (PARTY-05, PERM-17)', async () => {
    fetchMock.mockImplementation(fakeApi({ 'GET /parties/7': partyAnswer({ id: 7 }) }));
    renderAt('/parties/7');
    await screen.findByRole('heading', { level: 1, name: 'Bill Harper' });
    expect(screen.queryByRole('button', { name: CHAT })).toBeNull();
    expect(screen.queryByRole('link', { name: CHAT })).toBeNull();
  });

  it('a tap tells the server how the member reached the party, without holding the link up', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /parties/42': partyAnswer(),
        // Never answers: the tap must not wait for it.
        'POST /user_recent_contacts.json': () => new Promise<Response>(() => {}),
      }),
    );
    renderAt('/parties/42');
    await screen.findByRole('heading', { level: 1, name: 'Bill Harper' });
    const office = screen.getAllByTestId('phone-link')[2];
    if (!office) throw new Error('no office phone');
    // The link's own action goes ahead (the click is not prevented).
    expect(fireEvent.click(office)).toBe(true);
    expect(fireEvent.click(screen.getByTestId('email-link'))).toBe(true);
    const other = screen.getAllByTestId('phone-link')[3];
    if (!other) throw new Error('no other phone');
    fireEvent.click(other);
    await waitFor(() =>
      expect(sent().filter(({ call }) => call === 'POST /user_recent_contacts.json')).toEqual([
        {
          call: 'POST /user_recent_contacts.json',
          body: { user_recent_contact: { party_id: 42, contact_type: 'OfficePhone' } },
        },
        {
          call: 'POST /user_recent_contacts.json',
          body: { user_recent_contact: { party_id: 42, contact_type: 'email' } },
        },
        {
          call: 'POST /user_recent_contacts.json',
          body: { user_recent_contact: { party_id: 42, contact_type: 'cell' } },
        },
      ]),
    );
  });

  it('on one’s own page a tap records nothing', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /parties/7': respond(200, { data: { party: { ...testPartyPage(), id: 7 } } }),
        'GET /parties/42': partyAnswer(),
        'POST /user_recent_contacts.json': respond(200, { data: {} }),
      }),
    );
    const router = renderAt('/parties/7');
    await screen.findByRole('heading', { level: 1, name: 'Bill Harper' });
    expect(fireEvent.click(screen.getByTestId('email-link'))).toBe(true);
    fireEvent.click(screen.getAllByTestId('phone-link')[0] as HTMLElement);
    // Then a tap on another member's page: the only contact recorded is that one.
    await act(() => router.navigate('/parties/42'));
    await waitFor(() =>
      expect(screen.getByTestId('party-detail').getAttribute('data-party-id')).toBe('42'),
    );
    fireEvent.click(screen.getByTestId('email-link'));
    await waitFor(() =>
      expect(sent().filter(({ call }) => call.startsWith('POST'))).toEqual([
        {
          call: 'POST /user_recent_contacts.json',
          body: { user_recent_contact: { party_id: 42, contact_type: 'email' } },
        },
      ]),
    );
  });

  it('a member with no phone and no e-mail shows no contact links', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /parties/42': partyAnswer({ phones: [], email_address: null }) }),
    );
    renderAt('/parties/42');
    await screen.findByRole('heading', { level: 1, name: 'Bill Harper' });
    expect(screen.queryByTestId('phone-link')).toBeNull();
    expect(screen.queryByTestId('email-link')).toBeNull();
  });
});

describe('the Favorite toggle (PARTY-02, PARTY-03, ERR-18, ERR-19, AMB-48)', () => {
  it('reflects user_favorite_contact; on is a POST, off a DELETE, and the party is fetched again', async () => {
    let favorite: Party['user_favorite_contact'] = null;
    fetchMock.mockImplementation(
      fakeApi({
        'GET /parties/42': () => partyAnswer({ user_favorite_contact: favorite }),
        'POST /user_favorite_contacts': () => {
          favorite = { party_id: 42, created_at: 1 };
          return respond(200, { data: { user_favorite_contact: favorite } });
        },
        'DELETE /user_favorite_contacts/42': () => {
          favorite = null;
          return respond(204, null);
        },
      }),
    );
    renderAt('/parties/42');
    const toggle = (await screen.findByRole('switch', { name: FAVORITE })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.checked).toBe(true));
    await waitFor(() =>
      expect(sent().filter(({ call }) => call === 'GET /parties/42')).toHaveLength(2),
    );
    expect(sent()).toContainEqual({
      call: 'POST /user_favorite_contacts',
      body: { user_favorite_contact: { party_id: 42 } },
    });
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(sent().map(({ call }) => call)).toContain('DELETE /user_favorite_contacts/42'),
    );
    await waitFor(() => expect(toggle.checked).toBe(false));
  });

  it('a refused POST puts the toggle back and says Error making favorite.', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /parties/42': partyAnswer(),
        'POST /user_favorite_contacts': respond(422, { type: 'x/unprocessable', status: 422 }),
      }),
    );
    renderAt('/parties/42');
    const toggle = (await screen.findByRole('switch', { name: FAVORITE })) as HTMLInputElement;
    fireEvent.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(ERROR_MAKING_FAVORITE)).toBeTruthy();
    expect(toggle.checked).toBe(false);
  });

  it('a refused DELETE puts the toggle back and says Error removing favorite.', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /parties/42': partyAnswer({
          user_favorite_contact: { party_id: 42, created_at: 1 },
        }),
        'DELETE /user_favorite_contacts/42': respond(422, {
          type: 'x/unprocessable',
          status: 422,
        }),
      }),
    );
    renderAt('/parties/42');
    const toggle = (await screen.findByRole('switch', { name: FAVORITE })) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(ERROR_REMOVING_FAVORITE)).toBeTruthy();
    expect(toggle.checked).toBe(true);
  });
});

describe('the club list (AMB-36)', () => {
  it('links each club to its page; a club of the member’s own is on and cannot be turned off', async () => {
    fetchMock.mockImplementation(fakeApi({ 'GET /parties/42': partyAnswer() }));
    renderAt('/parties/42');
    await screen.findByRole('heading', { level: 1, name: 'Bill Harper' });
    expect(screen.getByRole('link', { name: 'Amity Lodge No. 5' }).getAttribute('href')).toBe(
      '/clubs/amity5',
    );
    const own = screen.getByRole('switch', {
      name: favoriteClubLabel('Harmony Lodge No. 412'),
    }) as HTMLInputElement;
    expect(own.checked).toBe(true);
    expect(own.disabled).toBe(true);
    expect(screen.getByText(MEMBER_OF_CLUB_NOTE)).toBeTruthy();
  });

  it('a switch follows a club with the clubs area’s calls, and goes back with a message on failure', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /parties/42': partyAnswer(),
        'POST /favorite_clubs.json': respond(500, { type: 'x/server', status: 500 }),
      }),
    );
    renderAt('/parties/42');
    const amity = (await screen.findByRole('switch', {
      name: favoriteClubLabel('Amity Lodge No. 5'),
    })) as HTMLInputElement;
    expect(amity.checked).toBe(false);
    fireEvent.click(amity);
    await waitFor(() =>
      expect(sent()).toContainEqual({
        call: 'POST /favorite_clubs.json',
        body: { favorite_club: { club_id: 12 } },
      }),
    );
    // A 500 gets the Server Error dialog first (ERR-02), then the switch's own words.
    const server = await screen.findByRole('dialog', { name: SERVER_ERROR_TITLE });
    fireEvent.click(within(server).getByRole('button', { name: OK }));
    const dialog = await screen.findByRole('dialog', { name: ERROR_TITLE });
    expect(within(dialog).getByText(ERROR_MAKING_FAVORITE)).toBeTruthy();
    expect(amity.checked).toBe(false);
  });
});
