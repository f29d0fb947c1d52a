import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADD_TO_CHAT,
  ALERT_TITLE,
  ALREADY_IN_CHAT,
  ERROR_ADDING_MEMBER_TO_CHAT,
  GROUP_CHATS_ONLY,
  MEMBER_SEARCH_LABEL,
  NOT_FOUND_TITLE,
  OK,
} from '../../../common/messages.ts';
import { ONE_ON_ONE_CHAT_TYPE, type ChatDetail } from '../../../common/schemas/chat.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { OkDialogHost } from '../../components/OkDialog.tsx';
import { resetClientState } from '../../http/client-state.ts';
import { queryClient } from '../../http/client.ts';
import { fakeApi, respond, testParty, testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { AddChatMemberPage } from './AddChatMemberPage.tsx';
import { me, searchAnswer, sentCalls, testChatDetail } from './chat-fixtures.ts';

const fetchMock = vi.fn<typeof fetch>();
const carl = testParty(44, 'Carl Brown');

function chatAnswer(overrides: Partial<ChatDetail> = {}) {
  return respond(200, { data: { chat: testChatDetail(8, overrides) } });
}

function renderPage(path = '/chats/8/add_member') {
  const router = createMemoryRouter(
    [
      { path: '/chats/:chatId/add_member', element: <AddChatMemberPage /> },
      { path: '/chats/:chatId', element: <p>A chat</p> },
    ],
    { initialEntries: ['/chats/8', path], initialIndex: 1 },
  );
  renderWithProviders(
    <>
      <RouterProvider router={router} />
      <OkDialogHost />
    </>,
  );
  return router;
}

async function find(text: string, name: string): Promise<HTMLElement> {
  fireEvent.change(await screen.findByRole('searchbox', { name: MEMBER_SEARCH_LABEL }), {
    target: { value: text },
  });
  return screen.findByRole('button', { name: new RegExp(`^${name}.*${ADD_TO_CHAT}$`) });
}

const adds = () => sentCalls(fetchMock).filter(({ call }) => call === 'POST /party_chats.json');

beforeEach(() => {
  clearOkDialogs();
  resetClientState();
  queryClient.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  resetSessionForTests({ status: 'signedIn', user: testUser() });
});

afterEach(() => {
  act(() => clearOkDialogs());
  vi.unstubAllGlobals();
});

describe('/chats/{id}/add_member (ROUTE-17, CHAT-31, VAL-06, ERR-12, ERR-13, AMB-50)', () => {
  it('names the chat, adds the member picked, then goes back to the chat', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats/8': chatAnswer(),
        'GET /contacts_by_name': searchAnswer([carl]),
        'POST /party_chats.json': respond(200, { data: { chat: { id: 8 } } }),
      }),
    );
    const router = renderPage();
    expect((await screen.findByTestId('chat-name')).textContent).toBe('Lodge Officers');
    fireEvent.click(await find('ca', 'Carl Brown'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/8'));
    expect(adds()).toEqual([
      { call: 'POST /party_chats.json', body: { party_chat: { chat_id: 8, party_id: 44 } } },
    ]);
  });

  it('picking oneself says VAL-06 and sends nothing', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /chats/8': chatAnswer(), 'GET /contacts_by_name': searchAnswer([me]) }),
    );
    renderPage();
    fireEvent.click(await find('da', me.display_name));
    const dialog = await screen.findByRole('dialog', { name: ALERT_TITLE });
    expect(within(dialog).getByText(ALREADY_IN_CHAT)).toBeTruthy();
    expect(adds()).toEqual([]);
  });

  it('a 422 shows the server’s errors joined by commas; another failure the default', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats/8': chatAnswer(),
        'GET /contacts_by_name': searchAnswer([carl]),
        'POST /party_chats.json': respond(422, {
          type: 'x/unprocessable-entity-error',
          status: 422,
          errors: { base: ['Carl Brown is already in this chat.', 'Really'] },
        }),
      }),
    );
    const router = renderPage();
    const button = await find('ca', 'Carl Brown');
    fireEvent.click(button);
    let dialog = await screen.findByRole('dialog', { name: ALERT_TITLE });
    expect(within(dialog).getByText('Carl Brown is already in this chat., Really')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: OK }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats/8': chatAnswer(),
        'POST /party_chats.json': respond(403, { type: 'x/forbidden', status: 403 }),
      }),
    );
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    dialog = await screen.findByRole('dialog', { name: ALERT_TITLE });
    expect(within(dialog).getByText(ERROR_ADDING_MEMBER_TO_CHAT)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chats/8/add_member');
  });

  it('a 1-on-1 offers no search (PERM-17)', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /chats/8': chatAnswer({ type: ONE_ON_ONE_CHAT_TYPE, name: null }) }),
    );
    renderPage();
    expect(await screen.findByText(GROUP_CHATS_ONLY)).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('a chat the member is not in is the 404 page', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /chats/8': respond(404, { type: 'x/not-found', status: 404 }) }),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE })).toBeTruthy();
  });
});
