import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CANT_BE_BLANK,
  PASSWORD_CHANGED,
  PASSWORD_MISMATCH,
  PASSWORD_TOO_WEAK,
} from '../../../common/messages.ts';
import { queryClient } from '../../http/client.ts';
import { resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { loadPasswordStrength } from '../../components/password-strength-loader.ts';
import { fakeApi, membershipGroupsAnswer, respond, testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const fetchMock = vi.fn<typeof fetch>();
const STRONG = 'purple tractor sings at dawn';

// The screen fetches the rule when a password is typed (issue 8 §3); its dictionaries' first
// import takes the test runner seconds, so it happens once here rather than inside a test's wait.
beforeAll(async () => {
  await loadPasswordStrength();
}, 60_000);

beforeEach(() => {
  clearOkDialogs();
  queryClient.clear();
  resetSessionForTests({ status: 'signedIn', user: testUser() });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(answer: () => Response) {
  fetchMock.mockImplementation(
    fakeApi({
      'GET /club_membership_groups.json': respond(200, membershipGroupsAnswer()),
      'POST /password_settings': answer,
    }),
  );
}

function fill(current: string, password: string, confirmation: string) {
  fireEvent.change(screen.getByLabelText(/Current Password/), { target: { value: current } });
  fireEvent.change(screen.getByLabelText(/^New Password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/Confirm New Password/), {
    target: { value: confirmation },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
}

function passwordCalls() {
  return fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/password_settings'));
}

describe('Change Password (PWD-01..03, VAL-47, VAL-48, ERR-55)', () => {
  it('has the three fields and checks them before sending', async () => {
    api(() => respond(200, { data: {} }));
    renderApp('/password_change_request');
    await screen.findByRole('heading', { level: 1, name: 'Change Password' });
    fill('', 'password', 'passw0rd');
    expect(await screen.findByText(CANT_BE_BLANK)).toBeTruthy();
    expect(
      screen.getByText(PASSWORD_TOO_WEAK, { selector: '.mantine-InputWrapper-error' }),
    ).toBeTruthy();
    expect(screen.getByText(PASSWORD_MISMATCH)).toBeTruthy();
    expect(passwordCalls()).toHaveLength(0);
  });

  it('sends the signed request and goes back to My Account with a message (PWD-02, GEN-02)', async () => {
    api(() => respond(200, { data: {} }));
    const { router } = renderApp('/my_account');
    fireEvent.click(await screen.findByRole('link', { name: 'change password' }));
    await screen.findByRole('heading', { level: 1, name: 'Change Password' });
    fill('correct-horse-lodge', ` ${STRONG} `, STRONG);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my_account'));
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeTruthy();
    const [call] = passwordCalls();
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      password_setting: {
        current_password: 'correct-horse-lodge',
        password: STRONG,
        password_confirmation: STRONG,
      },
    });
  });

  it('shows the server’s field errors under their fields, current_password included (ERR-55, GEN-03)', async () => {
    api(() =>
      respond(422, {
        type: 'https://lodgehall.org/problems/unprocessable-entity-error',
        status: 422,
        errors: { current_password: ['is incorrect'], base: ['Nope'] },
      }),
    );
    renderApp('/password_change_request');
    await screen.findByRole('heading', { level: 1, name: 'Change Password' });
    fill('wrong', STRONG, STRONG);
    expect(await screen.findByText('is incorrect')).toBeTruthy();
    expect(screen.getByTestId('base-errors').textContent).toBe('Nope');
    const current = screen.getByLabelText(/Current Password/) as HTMLInputElement;
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(current.disabled).toBe(false);
  });
});
