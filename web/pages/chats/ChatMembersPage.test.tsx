import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BACK_TO_CHAT, leftChatOn, LOADING_CHAT, YOU } from '../../../common/messages.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { queryClient } from '../../http/client.ts';
import { fakeApi, respond, testParty, testUser } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ann, bill, me, testChatDetail, testEntry } from './chat-fixtures.ts';
import { ChatMembersPage } from './ChatMembersPage.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  queryClient.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  resetSessionForTests({ status: 'signedIn', user: testUser() });
});

describe('/chat_parties/{id} (ROUTE-19, CHAT-32)', () => {
  it('lists the members, oneself as You, and those who left after, with the day', async () => {
    const leftAt = new Date(2026, 10, 2, 10, 30).getTime();
    fetchMock.mockImplementation(
      fakeApi({
        'GET /chats/8': respond(200, {
          data: {
            chat: testChatDetail(8, {
              parties: [
                testEntry(1, me),
                testEntry(4, testParty(44, 'Carl Brown'), { left_at: leftAt }),
                testEntry(2, bill),
                testEntry(3, ann),
              ],
            }),
          },
        }),
      }),
    );
    const router = createMemoryRouter(
      [{ path: '/chat_parties/:chatId', element: <ChatMembersPage /> }],
      {
        initialEntries: ['/chat_parties/8'],
      },
    );
    renderWithProviders(<RouterProvider router={router} />);
    expect(screen.getByText(LOADING_CHAT)).toBeTruthy();
    const rows = await screen.findAllByTestId('chat-member');
    // Each row's words after the avatar's initials.
    expect(rows.map((row) => row.textContent?.replace(/^[A-Z]{2}/, ''))).toEqual([
      `${me.display_name}${YOU}`,
      'Bill Harper',
      'Ann Lee',
      `Carl Brown${leftChatOn('11/2/2026')}`,
    ]);
    expect(rows[1]?.getAttribute('href')).toBe('/parties/42');
    // Looking at the members is not reading the chat: the sender's 'Seen' stays true (D41).
    const asked = fetchMock.mock.calls.map(([input]) => String(input));
    expect(asked.filter((url) => url.includes('/chats/8'))).toEqual([
      expect.stringContaining('/chats/8?mark_read=false'),
    ]);
    expect(screen.getByTestId('chat-name').textContent).toBe('Lodge Officers');
    expect(screen.getByRole('link', { name: BACK_TO_CHAT }).getAttribute('href')).toBe('/chats/8');
    expect(within(screen.getByTestId('chat-members')).getAllByTestId('member-avatar')).toHaveLength(
      4,
    );
  });
});
