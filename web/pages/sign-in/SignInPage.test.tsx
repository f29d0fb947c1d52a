import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CREATE_ACCOUNT_LINK,
  FORGOT_PASSWORD_LINK,
  SERVER_ERROR_TITLE,
  SIGN_IN_FAILED,
  SIGN_IN_UNAVAILABLE,
  membershipNotActive,
} from '../../../common/messages.ts';
import { clearOkDialogs, getOkDialogQueue } from '../../components/ok-dialog-store.ts';
import {
  clearRequestedPath,
  peekRequestedPath,
  rememberRequestedPath,
} from '../../http/requested-path.ts';
import { getSessionState, resetSessionForTests } from '../../api/session.ts';
import { fakeApi, membershipGroupsAnswer, testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const fetchMock = vi.fn<typeof fetch>();

function respond(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

async function openSignIn() {
  const app = renderApp('/user/signIn');
  await screen.findByRole('heading', { level: 1, name: 'Sign In' });
  const username = screen.getByLabelText('Username');
  const password = screen.getByLabelText('Password');
  const submit = screen.getAllByRole('button', { name: 'Sign In' }).at(-1);
  if (!(submit instanceof HTMLButtonElement)) throw new Error('no submit button');
  return { ...app, username, password, submit };
}

beforeEach(() => {
  clearOkDialogs();
  clearRequestedPath();
  resetSessionForTests({ status: 'signedOut' });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sign-in page', () => {
  it('has labelled username and password fields and a submit button (SIGNIN-01)', async () => {
    const { username, password, submit } = await openSignIn();
    expect(username.getAttribute('autocomplete')).toBe('username');
    expect(password.getAttribute('type')).toBe('password');
    expect(submit.getAttribute('type')).toBe('submit');
  });

  it('links to forgot password and create account (SIGNIN-02)', async () => {
    await openSignIn();
    expect(screen.getByRole('link', { name: FORGOT_PASSWORD_LINK }).getAttribute('href')).toBe(
      '/forgot_password',
    );
    expect(screen.getByRole('link', { name: CREATE_ACCOUNT_LINK }).getAttribute('href')).toBe(
      '/register',
    );
  });

  it('enables submit only when both fields are filled in (VAL-08)', async () => {
    const { username, password, submit } = await openSignIn();
    expect(submit.disabled).toBe(true);
    fireEvent.change(username, { target: { value: 'member' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(password, { target: { value: 'secret' } });
    expect(submit.disabled).toBe(false);
    fireEvent.change(username, { target: { value: '   ' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(username, { target: { value: 'member' } });
    fireEvent.change(password, { target: { value: '' } });
    expect(submit.disabled).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts username, password and a fresh public key, unsigned (SIGNIN-05, AMB-51)', async () => {
    fetchMock.mockResolvedValue(respond(401, { status: 401 }));
    const { username, password, submit } = await openSignIn();
    fireEvent.change(username, { target: { value: ' member ' } });
    fireEvent.change(password, { target: { value: 'correct-horse-lodge' } });
    fireEvent.click(submit);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/private/mobile/v1/session.json');
    expect(init?.method).toBe('POST');
    expect(init?.headers).not.toHaveProperty('X-SIGNATURE');
    const sent = JSON.parse(String(init?.body)) as {
      user: { username: string; password: string; public_key: string };
    };
    expect(sent.user.username).toBe('member');
    expect(sent.user.password).toBe('correct-horse-lodge');
    // Standard base64 of an SPKI: 44 bytes for Ed25519, 91 for the P-256 fallback.
    const der = Uint8Array.from(atob(sent.user.public_key), (char) => char.charCodeAt(0));
    expect([44, 91]).toContain(der.length);
    expect(der[0]).toBe(0x30);
  });

  it('shows the failure under both fields on a 401 or 422 and stays usable (VAL-09, SESS-05)', async () => {
    for (const status of [401, 422]) {
      fetchMock.mockResolvedValueOnce(
        respond(status, { type: 'x/unprocessable-entity-error', status, errors: {} }),
      );
      const { username, password, submit, unmount } = await openSignIn();
      fireEvent.change(username, { target: { value: 'member' } });
      fireEvent.change(password, { target: { value: 'wrong' } });
      fireEvent.click(submit);
      await waitFor(() => expect(screen.getAllByText(SIGN_IN_FAILED)).toHaveLength(2));
      expect(username.getAttribute('aria-invalid')).toBe('true');
      expect(password.getAttribute('aria-invalid')).toBe('true');
      const described = password.getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(described)?.textContent).toBe(SIGN_IN_FAILED);
      expect(submit.disabled).toBe(false);
      expect(getSessionState().status).toBe('signedOut');
      expect(getOkDialogQueue()).toHaveLength(0);
      // Typing again clears the message.
      fireEvent.change(password, { target: { value: 'wrong2' } });
      expect(screen.queryAllByText(SIGN_IN_FAILED)).toHaveLength(0);
      unmount();
    }
  });

  it("shows the server's reason when the right password meets a membership that is not active (D66)", async () => {
    const reason = membershipNotActive('demitted');
    fetchMock.mockResolvedValueOnce(
      respond(403, {
        type: 'https://lodgehall.org/problems/membership-not-active',
        title: reason,
        status: 403,
      }),
    );
    const { username, password, submit } = await openSignIn();
    fireEvent.change(username, { target: { value: 'member' } });
    fireEvent.change(password, { target: { value: 'correct-horse-lodge' } });
    fireEvent.click(submit);
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.queryAllByText(SIGN_IN_FAILED)).toHaveLength(0);
    expect(getSessionState().status).toBe('signedOut');
    expect(getOkDialogQueue()).toHaveLength(0);
    expect(submit.disabled).toBe(false);
  });

  it('disables the inputs and shows a spinner while submitting (GEN-01)', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { username, password, submit } = await openSignIn();
    fireEvent.change(username, { target: { value: 'member' } });
    fireEvent.change(password, { target: { value: 'secret' } });
    fireEvent.click(submit);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect((username as HTMLInputElement).disabled).toBe(true);
    expect((password as HTMLInputElement).disabled).toBe(true);
    expect(submit.hasAttribute('data-loading')).toBe(true);
    await act(async () => answer(respond(401, {})));
    await waitFor(() => expect((username as HTMLInputElement).disabled).toBe(false));
  });

  it('sets the error flag on other failures and re-enables the form (ERR-42, ERR-02)', async () => {
    fetchMock.mockResolvedValue(respond(500, {}));
    const { username, password, submit } = await openSignIn();
    fireEvent.change(username, { target: { value: 'member' } });
    fireEvent.change(password, { target: { value: 'secret' } });
    fireEvent.click(submit);
    expect(await screen.findByText(SIGN_IN_UNAVAILABLE)).toBeTruthy();
    expect(getSessionState().error).toBe(true);
    expect(getOkDialogQueue()).toEqual([expect.objectContaining({ title: SERVER_ERROR_TITLE })]);
    expect(screen.queryAllByText(SIGN_IN_FAILED)).toHaveLength(0);
    expect(submit.disabled).toBe(false);
  });

  it('goes to the remembered path on success, then forgets it (SIGNIN-03)', async () => {
    rememberRequestedPath('/calendar/5');
    fetchMock.mockImplementation(
      fakeApi({
        'POST /session.json': respond(200, { data: { user: testUser(), app_public_key: 'AAAA' } }),
        'GET /club_membership_groups.json': respond(200, membershipGroupsAnswer()),
      }),
    );
    const { router, username, password, submit } = await openSignIn();
    fireEvent.change(username, { target: { value: 'member' } });
    fireEvent.change(password, { target: { value: 'correct-horse-lodge' } });
    fireEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar/5'));
    expect(peekRequestedPath()).toBeNull();
    const session = getSessionState();
    expect(session.status).toBe('signedIn');
    expect(session.appPublicKey).toBe('AAAA');
    expect(session.keyPair?.privateKey.extractable).toBe(false);
  });

  it('goes to /calendar on success with no remembered path (SIGNIN-04)', async () => {
    fetchMock.mockImplementation(
      fakeApi({
        'POST /session.json': respond(200, { data: { user: testUser(), app_public_key: 'AAAA' } }),
        'GET /club_membership_groups.json': respond(200, membershipGroupsAnswer()),
      }),
    );
    const { router, username, password, submit } = await openSignIn();
    fireEvent.change(username, { target: { value: 'member' } });
    fireEvent.change(password, { target: { value: 'correct-horse-lodge' } });
    fireEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar'));
  });
});
