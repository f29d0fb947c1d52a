import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GROUP_CHAT_TYPE } from '../../../common/constants.ts';
import {
  CONFIRM_HIDE_CHAT,
  CONFIRM_LEAVE_CHAT,
  ERROR_CREATING_CHAT_MESSAGE,
  ERROR_FETCHING_CHAT,
  ERROR_HIDING_CHAT_MESSAGE,
  HIDE,
  IMAGE_TYPE_INVALID,
  LEAVE,
  MESSAGE_LABEL,
  SEND,
} from '../../../common/messages.ts';
import {
  ONE_ON_ONE_CHAT_TYPE,
  type ChatDetail,
  type ChatMessage,
  type ChatPartyEntry,
} from '../../../common/schemas/chat.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { queryClient } from '../../http/client.ts';
import { stopEventStream } from '../../http/event-stream.ts';
import { resetBadgeCounts } from '../../http/user-metadata.ts';
import { fakeApi, respond, testParty, testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { testChatAbilities } from './chat-fixtures.ts';

const fetchMock = vi.fn<typeof fetch>();
const ME = 7;
const BILL = 2;

beforeEach(() => {
  clearOkDialogs();
  queryClient.clear();
  resetBadgeCounts();
  resetSessionForTests({ status: 'signedIn', user: testUser() });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  stopEventStream();
  vi.unstubAllGlobals();
});

function entry(partyId: number, name: string, lastSeen: number | null = null): ChatPartyEntry {
  return {
    id: partyId * 10,
    party: testParty(partyId, name),
    joined_at: 0,
    left_at: null,
    last_seen_chat_message_id: lastSeen,
  };
}

function message(id: number, partyId: number | null, content: string, at: Date): ChatMessage {
  return {
    id,
    chat_id: 5,
    type: partyId === null ? 'SystemChatMessage' : 'PartyChatMessage',
    party_id: partyId,
    content,
    photo: null,
    created_at: at.getTime(),
    client_id: null,
  };
}

function chat(overrides: Partial<ChatDetail> = {}): ChatDetail {
  return {
    id: 5,
    type: ONE_ON_ONE_CHAT_TYPE,
    name: null,
    parties: [entry(ME, 'Daniel Thomas Whitfield', 3), entry(BILL, 'Bill Harper', 3)],
    party_count: 2,
    hid_at: null,
    created_at: 0,
    last_activity_at: 0,
    last_activity_party_id: BILL,
    last_activity_summary: null,
    last_chat_message_id: 3,
    unseen_count: 0,
    // Newest first, as the server sends them.
    chat_messages: [
      message(3, ME, 'See you Tuesday', new Date(2024, 2, 6, 10, 0)),
      message(2, BILL, 'Are you coming?', new Date(2024, 2, 5, 14, 7)),
      message(1, null, 'Bill started the chat.', new Date(2024, 2, 5, 14, 0)),
    ],
    has_more: false,
    abilities: testChatAbilities(overrides.type ?? ONE_ON_ONE_CHAT_TYPE),
    ...overrides,
  };
}

function chatAnswer(detail: ChatDetail = chat()) {
  return respond(200, { data: { chat: detail } });
}

function sentAnswer(id: number, content: string) {
  return respond(201, {
    data: { chat_message: { ...message(id, ME, content, new Date()), client_id: 'x' } },
  });
}

function calls(method: string, pathPart: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => String(url).includes(pathPart) && (init?.method ?? 'GET') === method,
  );
}

describe('the chat screen (CHAT-11..14, CONST-27, CONST-28)', () => {
  it('shows the title, messages oldest at the top under day separators, a system note, the time and Seen', async () => {
    fetchMock.mockImplementation(fakeApi({ 'GET /chats/5': () => chatAnswer() }));
    renderApp('/chats/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bill Harper' })).toBeTruthy();
    const area = screen.getByTestId('chat-messages');
    const texts = within(area)
      .getAllByTestId(/chat-message|chat-system-message/)
      .map((node) => node.textContent ?? '');
    expect(texts[0]).toContain('Bill started the chat.');
    expect(texts[1]).toContain('Are you coming?');
    expect(texts[1]).toContain('Mar 5, 2024 2:07 pm');
    expect(texts[2]).toContain('See you Tuesday');
    expect(
      within(area)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Tuesday, March 5, 2024', 'Wednesday, March 6, 2024']);
    expect(within(area).getByTestId('chat-seen').textContent).toBe('Seen');
  });

  it("shows 'Error fetching chat' when the chat cannot be loaded (ERR-14)", async () => {
    fetchMock.mockImplementation(fakeApi({}));
    renderApp('/chats/5');
    expect(await screen.findByTestId('chat-load-failed')).toBeTruthy();
    expect((await screen.findByRole('dialog')).textContent).toContain(ERROR_FETCHING_CHAT);
  });

  it('offers the group actions only in a group chat (CHAT-24, PERM-17), Hide in both (CHAT-26)', async () => {
    fetchMock.mockImplementation(
      fakeApi({ 'GET /chats/5': () => chatAnswer(chat({ type: GROUP_CHAT_TYPE })) }),
    );
    renderApp('/chats/5');
    fireEvent.click(await screen.findByTestId('chat-menu'));
    const panel = await screen.findByTestId('chat-menu-items');
    const items = Array.from(panel.querySelectorAll('a, button')).map((item) => item.textContent);
    expect(items).toEqual(['List Members', 'Add a Member', 'Rename', HIDE, LEAVE]);
    // Escape closes it, and the button opens it again.
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('chat-menu-items')).toBeNull());
    fireEvent.click(screen.getByTestId('chat-menu'));
    expect(await screen.findByTestId('chat-menu-items')).toBeTruthy();
  });

  it("shows what the chat's abilities allow, whatever its type (issue 22); none, no menu", async () => {
    const only = {
      send: true,
      hide: false,
      list_members: true,
      add_member: false,
      rename: false,
      leave: true,
    };
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats/5': () => chatAnswer(chat({ type: GROUP_CHAT_TYPE, abilities: only })),
      }),
    );
    const { unmount } = renderApp('/chats/5');
    fireEvent.click(await screen.findByTestId('chat-menu'));
    const panel = await screen.findByTestId('chat-menu-items');
    const items = Array.from(panel.querySelectorAll('a, button')).map((item) => item.textContent);
    expect(items).toEqual(['List Members', LEAVE]);
    unmount();
    queryClient.clear();
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats/5': () =>
          chatAnswer(
            chat({
              type: GROUP_CHAT_TYPE,
              abilities: { ...only, list_members: false, leave: false },
            }),
          ),
      }),
    );
    renderApp('/chats/5');
    expect(await screen.findByTestId('chat-title')).toBeTruthy();
    expect(screen.queryByTestId('chat-menu')).toBeNull();
  });
});

describe('sending (CHAT-18..23, ERR-08, ERR-09, VAL-02)', () => {
  it('turns the controls off while sending, makes one POST for a double click, then clears the text', async () => {
    let release: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats/5': () => chatAnswer(),
        'POST /chats/5/party_chat_messages.json': () =>
          new Promise<Response>((resolve) => (release = resolve)),
      }),
    );
    renderApp('/chats/5');
    const box = await screen.findByRole('textbox', { name: MESSAGE_LABEL });
    fireEvent.change(box, { target: { value: 'Hello there' } });
    const send = screen.getByRole('button', { name: SEND });
    fireEvent.click(send);
    fireEvent.click(send);
    await waitFor(() => expect(calls('POST', 'party_chat_messages')).toHaveLength(1));
    expect(box).toHaveProperty('disabled', true);
    expect(screen.getByTestId('chat-attach')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('chat-pending').textContent).toContain('Hello there');

    const body = JSON.parse(String(calls('POST', 'party_chat_messages')[0]?.[1]?.body)) as {
      chat_message: { content: string; client_id: string; party_id: number };
    };
    expect(body.chat_message).toMatchObject({ content: 'Hello there', party_id: ME });
    expect(body.chat_message.client_id).toMatch(/^[0-9a-f]{32}$/);

    release(sentAnswer(4, 'Hello there'));
    await waitFor(() => expect(box).toHaveProperty('value', ''));
    expect(screen.queryByTestId('chat-pending')).toBeNull();
    expect(screen.getAllByTestId('chat-message').at(-1)?.textContent).toContain('Hello there');
  });

  it('says the base errors after the fixed text on a 422 (ERR-08, AMB-39) and retries with the same client id', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats/5': () => chatAnswer(),
        'POST /chats/5/party_chat_messages.json': () =>
          respond(422, {
            type: 'https://lodgehall.org/problems/unprocessable-entity-error',
            errors: { base: ['Too long', 'Blocked'] },
          }),
      }),
    );
    renderApp('/chats/5');
    const box = await screen.findByRole('textbox', { name: MESSAGE_LABEL });
    fireEvent.change(box, { target: { value: 'Hi' } });
    fireEvent.click(screen.getByRole('button', { name: SEND }));
    expect((await screen.findByRole('dialog')).textContent).toContain(
      `${ERROR_CREATING_CHAT_MESSAGE}: Too long, Blocked`,
    );
    expect(box).toHaveProperty('value', 'Hi');
    clearOkDialogs();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: SEND })).toHaveProperty('disabled', false),
    );
    fireEvent.click(screen.getByRole('button', { name: SEND }));
    await waitFor(() => expect(calls('POST', 'party_chat_messages')).toHaveLength(2));
    const ids = calls('POST', 'party_chat_messages').map(
      ([, init]) =>
        (JSON.parse(String(init?.body)) as { chat_message: { client_id: string } }).chat_message
          .client_id,
    );
    expect(ids[0]).toBe(ids[1]);
  });

  it('shows just the fixed text for any other failure (ERR-09)', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats/5': () => chatAnswer(),
        'POST /chats/5/party_chat_messages.json': () => respond(400, { status: 400 }),
      }),
    );
    renderApp('/chats/5');
    fireEvent.change(await screen.findByRole('textbox', { name: MESSAGE_LABEL }), {
      target: { value: 'Hi' },
    });
    fireEvent.click(screen.getByRole('button', { name: SEND }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(ERROR_CREATING_CHAT_MESSAGE)).toBeTruthy();
  });

  it('refuses a file that is not an image with VAL-02', async () => {
    fetchMock.mockImplementation(fakeApi({ 'GET /chats/5': () => chatAnswer() }));
    const { container } = renderApp('/chats/5');
    await screen.findByTestId('chat-compose');
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'x.bmp', { type: 'image/bmp' })] },
    });
    expect((await screen.findByTestId('chat-compose-problem')).textContent).toBe(
      IMAGE_TYPE_INVALID,
    );
  });
});

describe('Hide and Leave (CHAT-27..29, ERR-15, ERR-20, ERR-21, NAV-13)', () => {
  it('asks before hiding: Cancel sends nothing, OK sends hide.json once and returns to /chats', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats/5': () => chatAnswer(),
        'POST /chats/5/hide.json': () => respond(200, { data: { chat: { id: 5 } } }),
      }),
    );
    const { router } = renderApp('/chats/5');
    fireEvent.click(await screen.findByTestId('chat-menu'));
    fireEvent.click(await screen.findByRole('button', { name: HIDE }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(CONFIRM_HIDE_CHAT);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('POST', 'hide.json')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('chat-menu'));
    fireEvent.click(await screen.findByRole('button', { name: HIDE }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats'));
    expect(calls('POST', 'hide.json')).toHaveLength(1);
  });

  it('says a hide failed (ERR-15) and stays', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats/5': () => chatAnswer(),
        'POST /chats/5/hide.json': () => respond(500, { status: 500 }),
      }),
    );
    const { router } = renderApp('/chats/5');
    fireEvent.click(await screen.findByTestId('chat-menu'));
    fireEvent.click(await screen.findByRole('button', { name: HIDE }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.getByRole('dialog').textContent).toContain(ERROR_HIDING_CHAT_MESSAGE),
    );
    expect(router.state.location.pathname).toBe('/chats/5');
  });

  it('asks before leaving a group, then leaves (CHAT-29, ERR-21)', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats/5': () => chatAnswer(chat({ type: GROUP_CHAT_TYPE })),
        'POST /chats/5/leave.json': () => respond(200, { data: { chat: { id: 5 } } }),
      }),
    );
    const { router } = renderApp('/chats/5');
    fireEvent.click(await screen.findByTestId('chat-menu'));
    fireEvent.click(await screen.findByRole('button', { name: LEAVE }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(CONFIRM_LEAVE_CHAT);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats'));
    expect(calls('POST', 'leave.json')).toHaveLength(1);
  });
});

describe('the poll while the event stream is not open (CHAT-15..17, AMB-26)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks every 500 ms, never two at once, refetches when the id differs, and stops on leaving', async () => {
    let newest = 3;
    let answerPoll: ((response: Response) => void) | null = null;
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats/5': () => chatAnswer(),
        'GET /chats/5/last_activity_chat_message_id': () =>
          new Promise<Response>((resolve) => {
            answerPoll = resolve;
          }),
      }),
    );
    const polls = () => calls('GET', 'last_activity_chat_message_id').length;
    const loads = () =>
      calls('GET', '/chats/5').filter(([url]) => !String(url).includes('last_activity')).length;
    const answer = () =>
      answerPoll?.(respond(200, { data: { last_activity_chat_message_id: newest } }));
    // The poll's interval is the test's to move (vi.waitFor moves it too); the screen's first
    // load runs on real timers before.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { router } = renderApp('/chats/5');
    // Limits, not waits: the screens load their code on first use, seconds on a loaded machine,
    // and vi.waitFor's own default (one second) failed this test under load.
    const limit = { timeout: 15_000 };
    await vi.waitFor(() => expect(screen.getByTestId('chat-screen')).toBeTruthy(), limit);
    await vi.waitFor(() => expect(polls()).toBe(1), limit);
    // Still waiting for that answer: the next ticks are skipped.
    vi.advanceTimersByTime(2000);
    expect(polls()).toBe(1);
    const before = loads();
    newest = 4;
    answer();
    await vi.waitFor(() => expect(loads()).toBe(before + 1), limit);

    await router.navigate('/my_account');
    await vi.waitFor(() => expect(screen.queryByTestId('chat-screen')).toBeNull(), limit);
    const polled = polls();
    vi.advanceTimersByTime(5000);
    expect(polls()).toBe(polled);
  });
});
