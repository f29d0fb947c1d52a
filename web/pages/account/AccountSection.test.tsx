import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANGE_PASSWORD_LINK, SIGN_OUT_LINK } from '../../../common/messages.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { queryClient } from '../../http/client.ts';
import { fakeApi, membershipGroupsAnswer, respond, testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  clearOkDialogs();
  queryClient.clear();
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    fakeApi({ 'GET /club_membership_groups.json': respond(200, membershipGroupsAnswer()) }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AccountSection (ACCT-06)', () => {
  it('shows name and username, a change password link and sign out; the avatar shows once, in its own section', async () => {
    resetSessionForTests({ status: 'signedIn', user: testUser() });
    renderApp('/my_account');
    const account = within(
      (await screen.findByRole('heading', { name: 'Account' })).closest('section') as HTMLElement,
    );
    expect(account.getByText('Daniel Thomas Whitfield')).toBeTruthy();
    expect(account.getByText('member')).toBeTruthy();
    expect(account.getByRole('link', { name: CHANGE_PASSWORD_LINK }).getAttribute('href')).toBe(
      '/password_change_request',
    );
    expect(account.getByRole('button', { name: SIGN_OUT_LINK })).toBeTruthy();
    expect(account.queryByTestId('member-avatar')).toBeNull();
    expect(within(screen.getByTestId('avatar-section')).getByTestId('member-avatar')).toBeTruthy();
  });
});
