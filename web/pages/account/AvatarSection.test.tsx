import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AVATAR_SAVE_DELAY_MS } from '../../../common/constants.ts';
import {
  AVATAR_PREVIEW_ALT,
  CANCEL_AVATAR,
  CONFIRM_REMOVE_AVATAR,
  ERROR_UPDATING_AVATAR,
  IMAGE_TYPE_INVALID,
  REMOVE_AVATAR,
  SAVE_AVATAR,
  SERVER_ERROR_TITLE,
  SET_AVATAR,
} from '../../../common/messages.ts';
import { getSessionState, resetSessionForTests } from '../../api/session.ts';
import { clearOkDialogs } from '../../components/ok-dialog-store.ts';
import { queryClient } from '../../http/client.ts';
import { fakeApi, membershipGroupsAnswer, respond, testUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

const fetchMock = vi.fn<typeof fetch>();
const NEW_AVATAR = '/media/avatars/0123456789abcdef0123456789abcdef-medium.png';
const OLD_AVATAR = '/media/avatars/fedcba9876543210fedcba9876543210-medium.png';

beforeEach(() => {
  clearOkDialogs();
  queryClient.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no object URLs; the preview only needs a string.
  Object.assign(URL, {
    createObjectURL: vi.fn(() => 'blob:preview'),
    revokeObjectURL: vi.fn(),
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function api(routes: Record<string, () => Response | Promise<Response>> = {}) {
  fetchMock.mockImplementation(
    fakeApi({
      'GET /club_membership_groups.json': respond(200, membershipGroupsAnswer()),
      ...routes,
    }),
  );
}

function signIn(avatar: string | null = null) {
  const user = testUser();
  resetSessionForTests({
    status: 'signedIn',
    user: { ...user, party: { ...user.party, avatar: avatar ? { medium_url: avatar } : null } },
  });
}

function avatarCalls() {
  return fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/party_avatar'));
}

async function openSection() {
  renderApp('/my_account');
  return within(await screen.findByTestId('avatar-section'));
}

function fileInput(): HTMLInputElement {
  const input = screen.getByTestId('avatar-section').querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  return input;
}

function choose(file: File) {
  fireEvent.change(fileInput(), { target: { files: [file] } });
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

describe('AvatarSection (§4 Avatar)', () => {
  it('ACCT-01, VAL-04: shows the initials and set; one file only, of the image types; no remove without an avatar', async () => {
    api();
    signIn();
    const section = await openSection();
    expect(section.getByTestId('member-avatar').textContent).toBe('DW');
    expect(section.getByRole('button', { name: SET_AVATAR })).toBeTruthy();
    expect(section.queryByRole('button', { name: REMOVE_AVATAR })).toBeNull();
    const input = fileInput();
    expect(input.multiple).toBe(false);
    expect(input.hasAttribute('multiple')).toBe(false);
    expect(input.accept.split(',')).toEqual(
      expect.arrayContaining(['.jpg', '.jpeg', '.png', '.gif']),
    );
  });

  it('ACCT-01: offers remove when there is an avatar, and shows the picture', async () => {
    api();
    signIn(OLD_AVATAR);
    const section = await openSection();
    expect(section.getByRole('button', { name: REMOVE_AVATAR })).toBeTruthy();
    expect(section.getByTestId('member-avatar').getAttribute('src')).toBe(OLD_AVATAR);
  });

  it('AMB-18, VAL-02: a file of another type is refused at once, with no preview and no call', async () => {
    api();
    signIn();
    const section = await openSection();
    choose(new File(['BM'], 'x.bmp', { type: 'image/bmp' }));
    expect(await section.findByText(IMAGE_TYPE_INVALID)).toBeTruthy();
    expect(section.queryByAltText(AVATAR_PREVIEW_ALT)).toBeNull();
    expect(avatarCalls()).toHaveLength(0);
  });

  it('ACCT-02, ACCT-03: a chosen picture shows as a preview with cancel and save; cancel drops it and makes no call', async () => {
    api();
    signIn();
    const section = await openSection();
    choose(png());
    expect(await section.findByAltText(AVATAR_PREVIEW_ALT)).toBeTruthy();
    expect(section.getByRole('button', { name: SAVE_AVATAR })).toBeTruthy();
    fireEvent.click(section.getByRole('button', { name: CANCEL_AVATAR }));
    await waitFor(() => expect(section.queryByAltText(AVATAR_PREVIEW_ALT)).toBeNull());
    expect(section.getByTestId('member-avatar').textContent).toBe('DW');
    expect(section.getByRole('button', { name: SET_AVATAR })).toBeTruthy();
    expect(avatarCalls()).toHaveLength(0);
  });

  it('ACCT-04, CONST-06: save waits the avatar delay, PUTs the file, and the new avatar shows here and in the top bar', async () => {
    let answer: (response: Response) => void = () => undefined;
    api({
      'PUT /party_avatar': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    signIn();
    const section = await openSection();
    choose(png());
    await section.findByAltText(AVATAR_PREVIEW_ALT);
    const timers = vi.spyOn(window, 'setTimeout');
    fireEvent.click(section.getByRole('button', { name: SAVE_AVATAR }));
    expect(timers).toHaveBeenCalledWith(expect.any(Function), AVATAR_SAVE_DELAY_MS);
    // Busy: the spinner is on and the other control is off.
    expect(section.getByRole('button', { name: CANCEL_AVATAR })).toHaveProperty('disabled', true);
    await waitFor(() => expect(avatarCalls()).toHaveLength(1));
    const [, init] = avatarCalls()[0] ?? [];
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      party: {
        avatar_file_name: 'me.png',
        avatar_content_type: 'image/png',
        avatar_base64: 'iVBORw==',
      },
    });
    answer(respond(200, { data: { avatar: { medium_url: NEW_AVATAR } } }));
    await waitFor(() =>
      expect(section.getByTestId('member-avatar').getAttribute('src')).toBe(NEW_AVATAR),
    );
    const topBar = within(screen.getByTestId('account-link'));
    expect(topBar.getByTestId('member-avatar').getAttribute('src')).toBe(NEW_AVATAR);
    expect(getSessionState().user?.party.avatar).toEqual({ medium_url: NEW_AVATAR });
    expect(section.queryByAltText(AVATAR_PREVIEW_ALT)).toBeNull();
    expect(section.getByRole('button', { name: REMOVE_AVATAR })).toBeTruthy();
  });

  it('ERR-58: a failed save shows "Error updating avatar", no global dialog, and keeps the preview', async () => {
    api({ 'PUT /party_avatar': () => respond(500, { type: 'x/server', status: 500 }) });
    signIn();
    const section = await openSection();
    choose(png());
    await section.findByAltText(AVATAR_PREVIEW_ALT);
    fireEvent.click(section.getByRole('button', { name: SAVE_AVATAR }));
    expect(await section.findByText(ERROR_UPDATING_AVATAR)).toBeTruthy();
    expect(screen.queryByText(SERVER_ERROR_TITLE)).toBeNull();
    expect(section.getByAltText(AVATAR_PREVIEW_ALT)).toBeTruthy();
    expect(getSessionState().user?.party.avatar).toBeNull();
  });

  it('ERR-58, VAL-02: a refusal from the server shows its reason with the failure', async () => {
    api({
      'PUT /party_avatar': () =>
        respond(422, { status: 422, errors: { avatar: [IMAGE_TYPE_INVALID] } }),
    });
    signIn();
    const section = await openSection();
    choose(png());
    await section.findByAltText(AVATAR_PREVIEW_ALT);
    fireEvent.click(section.getByRole('button', { name: SAVE_AVATAR }));
    expect(await section.findByText(ERROR_UPDATING_AVATAR)).toBeTruthy();
    expect(section.getByText(IMAGE_TYPE_INVALID)).toBeTruthy();
  });

  it('ACCT-05, AMB-17: remove asks first; Cancel makes no call; OK deletes and the initials show again', async () => {
    api({ 'DELETE /party_avatar': () => respond(200, { data: { avatar: null } }) });
    signIn(OLD_AVATAR);
    const section = await openSection();
    fireEvent.click(section.getByRole('button', { name: REMOVE_AVATAR }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(CONFIRM_REMOVE_AVATAR)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(avatarCalls()).toHaveLength(0);

    fireEvent.click(section.getByRole('button', { name: REMOVE_AVATAR }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(section.getByTestId('member-avatar').textContent).toBe('DW'));
    expect(avatarCalls().map(([, init]) => init?.method)).toEqual(['DELETE']);
    const topBar = within(screen.getByTestId('account-link'));
    expect(topBar.getByTestId('member-avatar').textContent).toBe('DW');
    expect(section.queryByRole('button', { name: REMOVE_AVATAR })).toBeNull();
  });

  it('ERR-58: a failed remove shows "Error updating avatar" and keeps the picture', async () => {
    api({ 'DELETE /party_avatar': () => respond(503, { status: 503 }) });
    signIn(OLD_AVATAR);
    const section = await openSection();
    fireEvent.click(section.getByRole('button', { name: REMOVE_AVATAR }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(await section.findByText(ERROR_UPDATING_AVATAR)).toBeTruthy();
    expect(section.getByTestId('member-avatar').getAttribute('src')).toBe(OLD_AVATAR);
  });
});
