import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GROUP_CHAT_TYPE } from '../../../common/constants.ts';
import {
  ALERT_TITLE,
  CHATS_LOAD_FAILED,
  ERROR_CREATING_CHAT,
  ERROR_TITLE,
  ERROR_TOGGLING_HIDDEN_CHATS,
  HIDDEN_CHAT,
  HIDE_HIDDEN_CHATS,
  LOADING_CHATS,
  NEW_GROUP,
  NEW_GROUP_CHAT,
  NEW_ONE_ON_ONE,
  NO_CHATS,
  OK,
  SHOW_HIDDEN_CHATS,
  TRY_AGAIN,
  unseenInChat,
} from '../../../common/messages.ts';
import type { ChatSummary, PartyPreference } from '../../../common/schemas/chat.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { OkDialogHost } from '../../components/OkDialog.tsx';
import { queryClient } from '../../http/client.ts';
import { fakeApi, respond, testParty, testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ann, bill, testChatSummary } from './chat-fixtures.ts';
import { ChatListPage } from './ChatListPage.tsx';

const fetchMock = vi.fn<typeof fetch>();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

function listAnswer(chats: ChatSummary[], show: 'YES' | 'NO' | null = 'NO') {
  const party_preferences: PartyPreference[] =
    show === null ? [] : [{ code: 'SHOW_HIDDEN_CHATS', value: show }];
  return respond(200, { data: { chats, party_preferences } });
}

function renderList() {
  const router = createMemoryRouter(
    [
      { path: '/chats', element: <ChatListPage /> },
      { path: '/chats/new', element: <p>The new chat screen</p> },
      { path: '/chats/:chatId', element: <p>A chat screen</p> },
    ],
    { initialEntries: ['/chats'] },
  );
  renderWithProviders(
    <>
      <RouterProvider router={router} />
      <OkDialogHost />
    </>,
  );
  return router;
}

function sent(): { call: string; body: unknown }[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const text = typeof init?.body === 'string' ? init.body : '';
    return {
      call: `${(init?.method ?? 'GET').toUpperCase()} ${url.replace(/^.*\/api\/private\/mobile\/v1/, '')}`,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
  });
}

/** The nth chat row; fails the test when there is none. */
function row(index: number): HTMLElement {
  const found = screen.getAllByTestId('chat-row')[index];
  if (!found) throw new Error(`no chat row ${index}`);
  return found;
}

const titles = () => screen.getAllByTestId('chat-title').map((title) => title.textContent);

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

describe('the chat list (ROUTE-14, CHAT-01, CHAT-02, CHAT-07)', () => {
  it('shows the spinner, then the chats from GET /chats.json with New 1-on-1 and New Group', async () => {
    fetchMock.mockImplementation(fakeApi({ 'GET /chats.json': listAnswer([testChatSummary(1)]) }));
    renderList();
    expect(screen.getByText(LOADING_CHATS)).toBeTruthy();
    expect(await screen.findByTestId('chat-list')).toBeTruthy();
    expect(titles()).toEqual(['Bill Harper']);
    expect(screen.getByTestId('chat-summary').textContent).toBe('Bill: See you on Tuesday');
    expect(screen.getByTestId('chat-row').getAttribute('href')).toBe('/chats/1');
    expect(screen.getByRole('link', { name: NEW_ONE_ON_ONE }).getAttribute('href')).toBe(
      '/chats/new',
    );
    expect(screen.getByRole('button', { name: NEW_GROUP })).toBeTruthy();
  });

  it('an empty list says No chats to display.', async () => {
    fetchMock.mockImplementation(fakeApi({ 'GET /chats.json': listAnswer([]) }));
    renderList();
    expect(await screen.findByText(NO_CHATS)).toBeTruthy();
    expect(screen.queryByTestId('chat-list')).toBeNull();
  });

  it('a failed load stops the spinner with Try again, which loads the list', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /chats.json': respond(422, { type: 'x/y', status: 422 }) }),
    );
    renderList();
    expect(await screen.findByText(CHATS_LOAD_FAILED)).toBeTruthy();
    expect(screen.queryByText(LOADING_CHATS)).toBeNull();
    fetchMock.mockImplementation(fakeApi({ 'GET /chats.json': listAnswer([testChatSummary(1)]) }));
    fireEvent.click(screen.getByRole('button', { name: TRY_AGAIN }));
    expect(await screen.findByTestId('chat-list')).toBeTruthy();
  });
});

describe('each row (CHAT-08, CHAT-09, CONST-26, CONST-29, CONST-31, CONST-32)', () => {
  it('sorts by last activity, newest first, whatever order the server sent', async () => {
    const now = Date.now();
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats.json': listAnswer([
          testChatSummary(1, { name: 'Oldest', last_activity_at: now - 3 * DAY }),
          testChatSummary(2, { name: 'Newest', last_activity_at: now - HOUR }),
          testChatSummary(3, { name: 'Middle', last_activity_at: now - DAY - HOUR }),
        ]),
      }),
    );
    renderList();
    await screen.findByTestId('chat-list');
    expect(titles()).toEqual(['Newest', 'Middle', 'Oldest']);
  });

  it('shows the three time formats by how long ago the activity was', async () => {
    const now = Date.now();
    const times = [now - 2 * HOUR, now - 3 * DAY, now - 90 * DAY];
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats.json': listAnswer(
          times.map((at, index) => testChatSummary(index + 1, { last_activity_at: at })),
        ),
      }),
    );
    renderList();
    await screen.findByTestId('chat-list');
    const shown = screen.getAllByTestId('chat-time').map((time) => time.textContent);
    expect(shown[0]).toMatch(/^\d{1,2}:\d{2} [AP]M$/);
    expect(shown[1]).toMatch(/^[A-Z][a-z]{2} \d{1,2}$/);
    expect(shown[2]).toMatch(/^\d{1,2}\/\d{1,2}\/\d{2}$/);
  });

  it('marks unseen chats with a dot and the count in words, and others with neither', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats.json': listAnswer([
          testChatSummary(1, { name: 'Two unseen', unseen_count: 2 }),
          testChatSummary(2, { name: 'All seen', unseen_count: 0, last_activity_at: 5 }),
        ]),
      }),
    );
    renderList();
    await screen.findByTestId('chat-list');
    const unseen = row(0);
    const seen = row(1);
    expect(unseen.getAttribute('data-unseen')).toBe('true');
    expect(within(unseen).getByTestId('chat-unseen').textContent).toBe(unseenInChat(2));
    expect(seen.getAttribute('data-unseen')).toBeNull();
    expect(within(seen).queryByTestId('chat-unseen')).toBeNull();
  });

  it('a group of six others shows four avatars and +2; two others, two and no count', async () => {
    const others = [bill, ann, ...[44, 45, 46].map((id) => testParty(id, `Member ${id}`))];
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats.json': listAnswer([
          testChatSummary(1, { type: GROUP_CHAT_TYPE, parties: others, party_count: 7 }),
          testChatSummary(2, {
            type: GROUP_CHAT_TYPE,
            parties: [bill, ann],
            last_activity_at: 5,
          }),
        ]),
      }),
    );
    renderList();
    await screen.findByTestId('chat-list');
    const big = row(0);
    const small = row(1);
    expect(within(big).getAllByTestId('member-avatar')).toHaveLength(4);
    expect(within(big).getByTestId('chat-avatars-more').textContent).toBe('+2');
    expect(within(big).getByTestId('chat-title').textContent).toBe(
      'Bill Harper, Ann Lee, Member 44 and 3 more',
    );
    expect(within(small).getAllByTestId('member-avatar')).toHaveLength(2);
    expect(within(small).queryByTestId('chat-avatars-more')).toBeNull();
  });

  it('an unnamed group with no one else is New Group Chat', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats.json': listAnswer([
          testChatSummary(1, {
            type: GROUP_CHAT_TYPE,
            parties: [],
            party_count: 1,
            last_activity_summary: null,
          }),
        ]),
      }),
    );
    renderList();
    await screen.findByTestId('chat-list');
    expect(titles()).toEqual([NEW_GROUP_CHAT]);
  });
});

describe('hidden chats (CHAT-04..06, ERR-17, AMB-27)', () => {
  const chats = () => [
    testChatSummary(1, { name: 'Visible' }),
    testChatSummary(2, { name: 'Hidden one', hid_at: 1, last_activity_at: 5 }),
  ];

  it('leaves hidden chats out while SHOW_HIDDEN_CHATS is NO or absent', async () => {
    fetchMock.mockImplementation(fakeApi({ 'GET /chats.json': listAnswer(chats(), null) }));
    renderList();
    await screen.findByTestId('chat-list');
    expect(titles()).toEqual(['Visible']);
    expect(screen.getByRole('button', { name: SHOW_HIDDEN_CHATS })).toBeTruthy();
  });

  it('only hidden chats, while NO, is the empty list', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /chats.json': listAnswer([testChatSummary(2, { hid_at: 1 })]) }),
    );
    renderList();
    expect(await screen.findByText(NO_CHATS)).toBeTruthy();
  });

  it('the toggle posts YES, reloads the list, and shows the hidden chat tinted and labelled', async () => {
    let show: 'YES' | 'NO' = 'NO';
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats.json': () => listAnswer(chats(), show),
        'POST /party_preferences.json': () => {
          show = 'YES';
          return respond(200, {
            data: { party_preference: { code: 'SHOW_HIDDEN_CHATS', value: 'YES' } },
          });
        },
      }),
    );
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: SHOW_HIDDEN_CHATS }));
    expect(await screen.findByRole('button', { name: HIDE_HIDDEN_CHATS })).toBeTruthy();
    expect(titles()).toEqual(['Visible', 'Hidden one']);
    const hidden = row(1);
    expect(hidden.getAttribute('data-hidden')).toBe('true');
    expect(hidden.className).toMatch(/hidden/);
    expect(within(hidden).getByText(HIDDEN_CHAT)).toBeTruthy();
    expect(sent().map(({ call }) => call)).toEqual([
      'GET /chats.json',
      'POST /party_preferences.json',
      'GET /chats.json',
    ]);
    expect(sent()[1]?.body).toEqual({
      party_preference: { code: 'SHOW_HIDDEN_CHATS', value: 'YES' },
    });
  });

  it('Hide Hidden Chats posts NO', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats.json': listAnswer(chats(), 'YES'),
        'POST /party_preferences.json': respond(200, {
          data: { party_preference: { code: 'SHOW_HIDDEN_CHATS', value: 'NO' } },
        }),
      }),
    );
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: HIDE_HIDDEN_CHATS }));
    await waitFor(() =>
      expect(sent()).toContainEqual({
        call: 'POST /party_preferences.json',
        body: { party_preference: { code: 'SHOW_HIDDEN_CHATS', value: 'NO' } },
      }),
    );
  });

  it('a failed toggle says Error toggling hidden chats. and leaves the list as it was', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats.json': listAnswer(chats()),
        'POST /party_preferences.json': respond(422, { type: 'x/y', status: 422 }),
      }),
    );
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: SHOW_HIDDEN_CHATS }));
    const dialog = await screen.findByRole('dialog', { name: ERROR_TITLE });
    expect(within(dialog).getByText(ERROR_TOGGLING_HIDDEN_CHATS)).toBeTruthy();
    expect(titles()).toEqual(['Visible']);
    expect(screen.getByRole('button', { name: SHOW_HIDDEN_CHATS })).toBeTruthy();
  });
});

describe('New Group (CHAT-03, AMB-28, ERR-10, ERR-11)', () => {
  it('posts a GroupChat and opens it', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats.json': listAnswer([]),
        'POST /chats.json': respond(201, { data: { chat: { id: 77 } } }),
      }),
    );
    const router = renderList();
    fireEvent.click(await screen.findByRole('button', { name: NEW_GROUP }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/77'));
    expect(sent()).toContainEqual({
      call: 'POST /chats.json',
      body: { chat: { type: 'GroupChat' } },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('with alert.message, shows it and still opens the chat', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats.json': listAnswer([]),
        'POST /chats.json': respond(200, {
          data: { chat: { id: 5 } },
          alert: { message: 'Opened your group.' },
        }),
      }),
    );
    const router = renderList();
    fireEvent.click(await screen.findByRole('button', { name: NEW_GROUP }));
    const dialog = await screen.findByRole('dialog', { name: ALERT_TITLE });
    expect(within(dialog).getByText('Opened your group.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chats/5');
    fireEvent.click(within(dialog).getByRole('button', { name: OK }));
  });

  it('a 422 shows its errors joined by commas in Alert; another failure Error creating chat.', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats.json': listAnswer([]),
        'POST /chats.json': respond(422, {
          type: 'x/unprocessable-entity-error',
          status: 422,
          errors: { base: ['Too many groups', 'Try later'] },
        }),
      }),
    );
    const router = renderList();
    fireEvent.click(await screen.findByRole('button', { name: NEW_GROUP }));
    let dialog = await screen.findByRole('dialog', { name: ALERT_TITLE });
    expect(within(dialog).getByText('Too many groups, Try later')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: OK }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats.json': listAnswer([]),
        'POST /chats.json': respond(403, { type: 'x/forbidden', status: 403 }),
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: NEW_GROUP }));
    dialog = await screen.findByRole('dialog', { name: ALERT_TITLE });
    expect(within(dialog).getByText(ERROR_CREATING_CHAT)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chats');
  });

  it('a second tap while the first is under way sends nothing more', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats.json': listAnswer([]),
        'POST /chats.json': () => new Promise<Response>((resolve) => (answer = resolve)),
      }),
    );
    const router = renderList();
    const button = await screen.findByRole('button', { name: NEW_GROUP });
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(sent().map(({ call }) => call)).toContain('POST /chats.json'));
    fireEvent.click(button);
    answer(respond(201, { data: { chat: { id: 9 } } }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/9'));
    expect(sent().filter(({ call }) => call === 'POST /chats.json')).toHaveLength(1);
  });
});
