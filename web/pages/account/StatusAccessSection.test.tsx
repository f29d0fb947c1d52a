import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  STATUS_ACCESS_CLUBS_INTRO,
  STATUS_ACCESS_LINK,
  STATUS_ACCESS_NO_CLUBS,
} from '../../../common/messages.ts';
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

const lodges = [
  { id: 11, name: 'Harmony Lodge No. 412' },
  { id: 12, name: 'Eastern Star Chapter 9' },
  { id: 13, name: 'Old Kings Arms Lodge' },
].map(({ id, name }) => ({
  id,
  name,
  subdomain: `club${id}`,
  is_leaf: true,
  club_member_role_names: ['user'],
  full_address: null,
  time_zone_id: 1,
}));

describe('StatusAccessSection (ACCT-08, AMB-35, PERM-02)', () => {
  it('lists the clubs of status_club_ids by name, and links to the status checker', async () => {
    resetSessionForTests({
      status: 'signedIn',
      user: testUser({ clubs: lodges, status_club_ids: [13, 11] }),
    });
    renderApp('/my_account');
    const section = within(await screen.findByTestId('status-access-section'));
    expect(section.getByText(STATUS_ACCESS_CLUBS_INTRO)).toBeTruthy();
    const items = within(section.getByTestId('status-access-clubs'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Harmony Lodge No. 412', 'Old Kings Arms Lodge']);
    expect(section.getByRole('link', { name: STATUS_ACCESS_LINK }).getAttribute('href')).toBe(
      '/status_checker',
    );
  });

  it('still links to the checker with no such club: every member may use it', async () => {
    resetSessionForTests({
      status: 'signedIn',
      user: testUser({ clubs: lodges, status_club_ids: [] }),
    });
    renderApp('/my_account');
    const section = within(await screen.findByTestId('status-access-section'));
    expect(section.getByText(STATUS_ACCESS_NO_CLUBS)).toBeTruthy();
    expect(section.queryByTestId('status-access-clubs')).toBeNull();
    expect(section.getByRole('link', { name: STATUS_ACCESS_LINK }).getAttribute('href')).toBe(
      '/status_checker',
    );
  });
});
