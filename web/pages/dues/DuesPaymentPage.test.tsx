import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACK_TO_MY_ACCOUNT, DUES_MOVED, DUES_REDIRECTING } from '../../../common/messages.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { queryClient } from '../../http/client.ts';
import { fakeApi, membershipGroupsAnswer, respond, testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { leaveApp } from './leave-app.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  clearOkDialogs();
  queryClient.clear();
  resetSessionForTests({ status: 'signedIn', user: testUser() });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function api(answer: () => Response) {
  fetchMock.mockImplementation(
    fakeApi({
      'GET /club_membership_groups.json': respond(200, membershipGroupsAnswer()),
      'GET /dues_payments/7/edit': answer,
    }),
  );
}

function editCalls() {
  return fetchMock.mock.calls.filter(([url]) => String(url).includes('/dues_payments/7/edit'));
}

describe('the dues payment page (ROUTE-29, DUES-01..04, AMB-14)', () => {
  it('shows the two texts and a spinner, fetches the address once and goes there (DUES-01..03)', async () => {
    const to = vi.spyOn(leaveApp, 'to').mockImplementation(() => undefined);
    api(() => respond(200, { data: { task_token_url: 'https://example.test/pay?t=1' } }));
    renderApp('/dues_payments/7');
    expect(await screen.findByRole('heading', { name: DUES_MOVED })).toBeTruthy();
    expect(screen.getByText(DUES_REDIRECTING)).toBeTruthy();
    expect(screen.getByLabelText('Redirecting')).toBeTruthy();
    await waitFor(() => expect(to).toHaveBeenCalledWith('https://example.test/pay?t=1'));
    expect(editCalls()).toHaveLength(1);
  });

  it('on failure stops the spinner, keeps the texts, offers the way back and goes nowhere (DUES-04, ERR-60)', async () => {
    const to = vi.spyOn(leaveApp, 'to').mockImplementation(() => undefined);
    api(() =>
      respond(422, { type: 'x/unprocessable-entity-error', status: 422, errors: { base: ['x'] } }),
    );
    renderApp('/dues_payments/7');
    const back = await screen.findByRole('link', { name: BACK_TO_MY_ACCOUNT });
    expect(back.getAttribute('href')).toBe('/my_account');
    expect(screen.queryByLabelText('Redirecting')).toBeNull();
    expect(screen.getByText(DUES_MOVED)).toBeTruthy();
    expect(screen.getByText(DUES_REDIRECTING)).toBeTruthy();
    expect(to).not.toHaveBeenCalled();
  });
});
