import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALERT_TITLE,
  CHAT,
  ERROR_CREATING_CHAT,
  MEMBER_SEARCH_LABEL,
  NO_CHAT_WITH_SELF,
  OK,
} from '../../../common/messages.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { OkDialogHost } from '../../components/OkDialog.tsx';
import { resetClientState } from '../../http/client-state.ts';
import { queryClient } from '../../http/client.ts';
import { fakeApi, respond, testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { bill, me, searchAnswer, sentCalls } from './chat-fixtures.ts';
import { NewChatPage } from './NewChatPage.tsx';

const fetchMock = vi.fn<typeof fetch>();

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/chats/new', element: <NewChatPage /> },
      { path: '/chats/:chatId', element: <p>A chat</p> },
    ],
    { initialEntries: ['/chats/new'] },
  );
  renderWithProviders(
    <>
      <RouterProvider router={router} />
      <OkDialogHost />
    </>,
  );
  return router;
}

/** Types into the member search and waits for the member's button. */
async function find(text: string, name: string): Promise<HTMLElement> {
  fireEvent.change(screen.getByRole('searchbox', { name: MEMBER_SEARCH_LABEL }), {
    target: { value: text },
  });
  return screen.findByRole('button', { name: new RegExp(`^${name}.*${CHAT}$`) });
}

const posts = () => sentCalls(fetchMock).filter(({ call }) => call === 'POST /chats.json');

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

describe('/chats/new (ROUTE-15, CHAT-10, VAL-05, ERR-10, ERR-11, AMB-28, AMB-50)', () => {
  it('searches members as the directory does, and picking one opens the 1-on-1', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /contacts_by_name': searchAnswer([bill]),
        'POST /chats.json': respond(201, { data: { chat: { id: 31 } } }),
      }),
    );
    const router = renderPage();
    fireEvent.click(await find('bi', 'Bill Harper'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/31'));
    expect(posts()).toEqual([{ call: 'POST /chats.json', body: { chat: { party_id: 42 } } }]);
    expect(sentCalls(fetchMock)[0]?.call).toBe('GET /contacts_by_name?search_text=bi&page=0');
  });

  it('an existing 1-on-1 opens with the server’s alert', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /contacts_by_name': searchAnswer([bill]),
        'POST /chats.json': respond(200, {
          data: { chat: { id: 3 } },
          alert: { message: 'You already have a chat with Bill Harper.' },
        }),
      }),
    );
    const router = renderPage();
    fireEvent.click(await find('bi', 'Bill Harper'));
    const dialog = await screen.findByRole('dialog', { name: ALERT_TITLE });
    expect(within(dialog).getByText('You already have a chat with Bill Harper.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chats/3');
  });

  it('picking oneself says VAL-05 and sends nothing', async () => {
    fetchMock.mockImplementation(fakeApi({ 'GET /contacts_by_name': searchAnswer([me, bill]) }));
    const router = renderPage();
    fireEvent.click(await find('da', me.display_name));
    const dialog = await screen.findByRole('dialog', { name: ALERT_TITLE });
    expect(within(dialog).getByText(NO_CHAT_WITH_SELF)).toBeTruthy();
    expect(posts()).toEqual([]);
    expect(router.state.location.pathname).toBe('/chats/new');
  });

  it('a 422 shows the server’s errors joined by commas; another failure the default', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /contacts_by_name': searchAnswer([bill]),
        'POST /chats.json': respond(422, {
          type: 'x/unprocessable-entity-error',
          status: 422,
          errors: { base: ['Not allowed', 'Ask your secretary'] },
        }),
      }),
    );
    renderPage();
    const button = await find('bi', 'Bill Harper');
    fireEvent.click(button);
    let dialog = await screen.findByRole('dialog', { name: ALERT_TITLE });
    expect(within(dialog).getByText('Not allowed, Ask your secretary')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: OK }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fetchMock.mockImplementation(
      fakeApi({
        'GET /contacts_by_name': searchAnswer([bill]),
        'POST /chats.json': respond(404, { type: 'x/not-found', status: 404 }),
      }),
    );
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    dialog = await screen.findByRole('dialog', { name: ALERT_TITLE });
    expect(within(dialog).getByText(ERROR_CREATING_CHAT)).toBeTruthy();
  });
});
