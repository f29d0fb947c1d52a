import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CANCEL,
  CHAT_NAME_LABEL,
  chatNameTooLong,
  FIELD_BLANK,
  GROUP_CHATS_ONLY,
  RENAME_FAILED,
  SAVE_NAME,
} from '../../../common/messages.ts';
import { CHAT_NAME_MAX, ONE_ON_ONE_CHAT_TYPE } from '../../../common/schemas/chat.ts';
import type { ChatDetail } from '../../../common/schemas/chat.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { queryClient } from '../../http/client.ts';
import { fakeApi, respond, testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { sentCalls, testChatDetail } from './chat-fixtures.ts';
import { RenameChatPage } from './RenameChatPage.tsx';

const fetchMock = vi.fn<typeof fetch>();

function chatAnswer(overrides: Partial<ChatDetail> = {}) {
  return respond(200, { data: { chat: testChatDetail(8, overrides) } });
}

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/chats/:chatId/edit', element: <RenameChatPage /> },
      { path: '/chats/:chatId', element: <p>A chat</p> },
    ],
    { initialEntries: ['/chats/8', '/chats/8/edit'], initialIndex: 1 },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

async function nameBox(): Promise<HTMLInputElement> {
  return (await screen.findByRole('textbox', { name: CHAT_NAME_LABEL })) as HTMLInputElement;
}

const puts = () => sentCalls(fetchMock).filter(({ call }) => call === 'PUT /chats/8.json');

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

describe('/chats/{id}/edit (ROUTE-18, CHAT-30, VAL-07)', () => {
  it('starts from the name, sends the new one trimmed, then goes back to the chat', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats/8': chatAnswer(),
        'PUT /chats/8.json': respond(200, { data: { chat: { id: 8 } } }),
      }),
    );
    const router = renderPage();
    const box = await nameBox();
    expect(box.value).toBe('Lodge Officers');
    fireEvent.change(box, { target: { value: '  Past Masters  ' } });
    fireEvent.click(screen.getByRole('button', { name: SAVE_NAME }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/8'));
    expect(puts()).toEqual([
      { call: 'PUT /chats/8.json', body: { chat: { name: 'Past Masters' } } },
    ]);
  });

  it('shows the name’s errors under the field, joined by commas', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats/8': chatAnswer(),
        'PUT /chats/8.json': respond(422, {
          type: 'x/unprocessable-entity-error',
          status: 422,
          errors: { name: ['too long', 'taken'] },
        }),
      }),
    );
    const router = renderPage();
    fireEvent.change(await nameBox(), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: SAVE_NAME }));
    const box = await nameBox();
    await waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('too long, taken')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chats/8/edit');
  });

  it('a name over the limit is stopped before the call, with the server’s words', async () => {
    fetchMock.mockImplementation(fakeApi({ 'GET /chats/8': chatAnswer() }));
    renderPage();
    fireEvent.change(await nameBox(), { target: { value: 'x'.repeat(CHAT_NAME_MAX + 1) } });
    fireEvent.click(screen.getByRole('button', { name: SAVE_NAME }));
    expect(await screen.findByText(chatNameTooLong(CHAT_NAME_MAX))).toBeTruthy();
    expect(puts()).toEqual([]);
  });

  it('an empty name is stopped before the call', async () => {
    fetchMock.mockImplementation(fakeApi({ 'GET /chats/8': chatAnswer() }));
    renderPage();
    fireEvent.change(await nameBox(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: SAVE_NAME }));
    expect(await screen.findByText(FIELD_BLANK)).toBeTruthy();
    expect(puts()).toEqual([]);
  });

  it('any other refusal shows in the alert above the form', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats/8': chatAnswer(),
        'PUT /chats/8.json': respond(403, { type: 'x/forbidden', status: 403 }),
      }),
    );
    renderPage();
    fireEvent.change(await nameBox(), { target: { value: 'New' } });
    fireEvent.click(screen.getByRole('button', { name: SAVE_NAME }));
    expect((await screen.findByTestId('base-errors')).textContent).toBe(RENAME_FAILED);
  });

  it('Cancel goes back to the chat with nothing sent', async () => {
    fetchMock.mockImplementation(fakeApi({ 'GET /chats/8': chatAnswer() }));
    const router = renderPage();
    await nameBox();
    fireEvent.click(screen.getByRole('button', { name: CANCEL }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/8'));
    expect(puts()).toEqual([]);
  });

  it('a 1-on-1 has no name to change (PERM-17)', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /chats/8': chatAnswer({ type: ONE_ON_ONE_CHAT_TYPE, name: null }) }),
    );
    renderPage();
    expect(await screen.findByText(GROUP_CHATS_ONLY)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
