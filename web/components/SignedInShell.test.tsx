import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { avatarColor } from '../../common/avatar-color.ts';
import { SUPPORT_URL } from '../../common/constants.ts';
import { MY_MEMBERSHIPS, NO_MEMBERSHIPS } from '../../common/messages.ts';
import { queryClient } from '../http/client.ts';
import { resetSessionForTests } from '../api/session.ts';
import { getBadgeCounts, resetBadgeCounts, setBadgeCounts } from '../http/user-metadata.ts';
import {
  fakeApi,
  membershipGroupsAnswer,
  respond,
  testUser,
  userMetadataHeader,
} from '../test/fixtures.ts';
import { renderApp } from '../test/render.tsx';
import { clearOkDialogs } from './ok-dialog-store.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  clearOkDialogs();
  queryClient.clear();
  resetBadgeCounts();
  resetSessionForTests({ status: 'signedIn', user: testUser() });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function withMemberships(headers: Record<string, string> = {}) {
  fetchMock.mockImplementation(
    fakeApi({
      'GET /club_membership_groups.json': () => respond(200, membershipGroupsAnswer(), headers),
    }),
  );
}

describe('the signed-in shell (NAV-02..10)', () => {
  it('shows the avatar with initials and the first name, linking to My Account (NAV-03, AMB-31)', async () => {
    withMemberships();
    renderApp('/my_account');
    const link = await screen.findByTestId('account-link');
    expect(link.getAttribute('href')).toBe('/my_account');
    expect(link.textContent).toContain('Daniel');
    const avatar = within(link).getByTestId('member-avatar');
    expect(avatar.textContent).toBe('DW');
    expect(avatar.getAttribute('data-color')).toBe(avatarColor('Daniel Thomas Whitfield'));
  });

  it('shows the badges from x-user-metadata, hidden before the first header (META-01..04)', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/calendar');
    await screen.findByTestId('account-link');
    expect(screen.queryByTestId('chats-badge')).toBeNull();
    expect(screen.queryByTestId('notices-badge')).toBeNull();
    answer(
      respond(200, membershipGroupsAnswer(), { 'x-user-metadata': userMetadataHeader(2, 12) }),
    );
    expect((await screen.findByTestId('notices-badge')).textContent).toBe('2');
    const chats = screen.getByTestId('chats-badge');
    expect(chats.textContent).toBe('12');
    expect(chats.getAttribute('data-wide')).toBe('true');
    expect(screen.getByTestId('notices-badge').getAttribute('data-wide')).toBeNull();
    expect(screen.getByRole('link', { name: 'Chats, 12 unseen' }).getAttribute('href')).toBe(
      '/chats',
    );
    expect(screen.getByRole('link', { name: 'Notices, 2 unseen' }).getAttribute('href')).toBe(
      '/notices',
    );
  });

  it('names the icons by themselves when nothing is unseen: "Chats", not "Chats, 0 unseen" (issue 8 §5)', async () => {
    withMemberships({ 'x-user-metadata': userMetadataHeader(0, 0) });
    renderApp('/calendar');
    await screen.findByTestId('account-link');
    // The header's zeros have arrived (not the null before any header).
    await waitFor(() => expect(getBadgeCounts().unseenChatMessagesCount).toBe(0));
    expect(getBadgeCounts().unseenNoticeCount).toBe(0);
    expect(screen.getByRole('link', { name: 'Chats' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Notices' })).toBeTruthy();
    expect(screen.queryByTestId('chats-badge')).toBeNull();
    // The visible badge is not read a second time: the link's name already says the count.
    setBadgeCounts({ unseenChatMessagesCount: 150 });
    const chats = await screen.findByRole('link', { name: 'Chats, 150 unseen' });
    expect(within(chats).getByTestId('chats-badge').getAttribute('aria-hidden')).toBe('true');
  });

  it('holds the menu, with Support opening outside in a new tab (NAV-07, NAV-08)', async () => {
    withMemberships();
    renderApp('/calendar');
    const menus = await screen.findAllByRole('navigation');
    const named = menus.filter((menu) =>
      ['Main menu', 'Menu'].includes(menu.getAttribute('aria-label') ?? ''),
    );
    expect(named).toHaveLength(2);
    for (const menu of named) {
      const links = within(menu).getAllByRole('link');
      expect(links.map((link) => link.textContent?.replace('(opens in a new tab)', ''))).toEqual([
        'Posts',
        'Calendar',
        'Directory',
        'Status Checker',
        'Support',
      ]);
      expect(links.slice(0, 4).map((link) => link.getAttribute('href'))).toEqual([
        '/news',
        '/calendar',
        '/directory',
        '/status_checker',
      ]);
      const support = links[4];
      expect(support?.getAttribute('href')).toBe(SUPPORT_URL);
      expect(support?.getAttribute('target')).toBe('_blank');
      expect(support?.getAttribute('rel')).toContain('noopener');
      // The current page is marked.
      expect(links[1]?.getAttribute('aria-current')).toBe('page');
    }
  });

  it('lists My Memberships by group name, each club linking to its page (NAV-09, NAV-10)', async () => {
    withMemberships();
    const { router } = renderApp('/calendar');
    const column = await screen.findByRole('complementary', { name: MY_MEMBERSHIPS });
    await within(column).findByText('Harmony Lodge No. 412');
    const groups = within(column).getAllByTestId('membership-group');
    expect(groups.map((group) => within(group).getByRole('heading').textContent)).toEqual([
      'Lodges',
      'Districts',
    ]);
    expect(within(groups[1] as HTMLElement).getByRole('link').textContent).toBe('9th District');
    fireEvent.click(within(column).getByRole('link', { name: 'Harmony Lodge No. 412' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clubs/harmony412'));
  });

  it('says so when there are no memberships', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'GET /club_membership_groups.json': () =>
          respond(200, { data: { club_membership_groups: [] } }),
      }),
    );
    renderApp('/calendar');
    const column = await screen.findByRole('complementary', { name: MY_MEMBERSHIPS });
    expect(await within(column).findByText(NO_MEMBERSHIPS)).toBeTruthy();
  });

  it('opens the drawer with the menu and My Memberships from the Menu button', async () => {
    withMemberships();
    renderApp('/calendar');
    fireEvent.click(await screen.findByTestId('menu-button'));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Directory' })).toBeTruthy();
    expect(await within(drawer).findByText('Harmony Lodge No. 412')).toBeTruthy();
  });
});
