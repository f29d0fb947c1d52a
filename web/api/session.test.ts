/// <reference types="node" />
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_TITLE } from '../../common/messages.ts';
import { clearOkDialogs, getOkDialogQueue } from '../components/ok-dialog-store.ts';
import { apiRequest } from '../http/client.ts';
import {
  clearRequestedPath,
  peekRequestedPath,
  rememberRequestedPath,
} from '../http/requested-path.ts';
import { onClientStateReset } from '../http/client-state.ts';
import {
  bootstrapSession,
  getSessionState,
  resetSessionForTests,
  signIn,
  signOut,
} from './session.ts';
import { queryClient } from '../http/client.ts';
import { getBadgeCounts } from '../http/user-metadata.ts';
import type * as SessionKeysModule from '../http/session-keys.ts';
import { clearSessionKeys, loadSessionKeys, type StoredSessionKeys } from '../http/session-keys.ts';
import { testUser, userMetadataHeader } from '../test/fixtures.ts';
import { postKeys } from './posts.ts';

vi.mock('../http/session-keys.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionKeysModule>()),
  loadSessionKeys: vi.fn(),
  saveSessionKeys: vi.fn(),
  clearSessionKeys: vi.fn(),
}));

const fetchMock = vi.fn<typeof fetch>();

async function storedKeys(): Promise<StoredSessionKeys> {
  const keyPair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
    'verify',
  ]);
  return { keyPair, algorithm: 'ECDSA-P256', appPublicKey: 'server-key', savedAt: 1 };
}

function respond(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

beforeEach(() => {
  resetSessionForTests();
  clearOkDialogs();
  clearRequestedPath();
  fetchMock.mockReset();
  vi.mocked(loadSessionKeys).mockReset();
  vi.mocked(clearSessionKeys).mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('bootstrapSession (SESS-01..03, SESS-08, AMB-03, AMB-52)', () => {
  it('is signed out at once, with no call, when no key pair is stored', async () => {
    vi.mocked(loadSessionKeys).mockResolvedValue(null);
    expect(getSessionState().status).toBe('bootstrapping');
    await bootstrapSession();
    const state = getSessionState();
    expect(state.status).toBe('signedOut');
    expect(state.loading).toBe(false);
    expect(state.bootstrappedAt).toEqual(expect.any(Number));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('restores the session with GET /session.json when a pair is stored', async () => {
    const keys = await storedKeys();
    vi.mocked(loadSessionKeys).mockResolvedValue(keys);
    fetchMock.mockResolvedValue(respond(200, { data: { user: testUser() } }));
    await bootstrapSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/private/mobile/v1/session.json');
    expect(init?.method).toBe('GET');
    const state = getSessionState();
    expect(state).toMatchObject({
      status: 'signedIn',
      user: testUser(),
      appPublicKey: 'server-key',
      keyPair: keys.keyPair,
      loading: false,
      error: false,
    });
  });

  it('forgets the keys and is signed out on a 401', async () => {
    vi.mocked(loadSessionKeys).mockResolvedValue(await storedKeys());
    fetchMock.mockResolvedValue(respond(401, { status: 401 }));
    await bootstrapSession();
    expect(clearSessionKeys).toHaveBeenCalledTimes(1);
    expect(getSessionState()).toMatchObject({ status: 'signedOut', error: false });
    expect(getOkDialogQueue()).toHaveLength(0);
  });

  it('keeps the keys, sets the error flag and shows Network Error when there is no answer', async () => {
    vi.mocked(loadSessionKeys).mockResolvedValue(await storedKeys());
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await bootstrapSession();
    expect(clearSessionKeys).not.toHaveBeenCalled();
    expect(getSessionState()).toMatchObject({ status: 'signedOut', error: true });
    expect(getOkDialogQueue()).toEqual([expect.objectContaining({ title: NETWORK_ERROR_TITLE })]);
  });

  it('gives up after 10 seconds with the Network Error dialog (AMB-52)', async () => {
    // Only the timeout's timers are faked: signing the call takes real turns of the event loop.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.mocked(loadSessionKeys).mockResolvedValue(await storedKeys());
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const run = bootstrapSession();
    while (fetchMock.mock.calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(9_000);
    expect(getSessionState().status).toBe('bootstrapping');
    await vi.advanceTimersByTimeAsync(1_000);
    await run;
    expect(getSessionState().status).toBe('signedOut');
    expect(getOkDialogQueue()).toEqual([expect.objectContaining({ title: NETWORK_ERROR_TITLE })]);
  });
});

describe('a 401 after sign-in (SESS-04)', () => {
  it('ends the local session and forgets the remembered path', async () => {
    resetSessionForTests({ status: 'signedIn', user: testUser() });
    rememberRequestedPath('/chats');
    fetchMock.mockResolvedValue(respond(401, { status: 401 }));
    await expect(apiRequest('GET', '/posts.json')).rejects.toThrow();
    expect(getSessionState()).toMatchObject({ status: 'signedOut', user: null, ended: true });
    expect(peekRequestedPath()).toBeNull();
    expect(clearSessionKeys).toHaveBeenCalled();
  });
});

function headersOf(call: Parameters<typeof fetch> | undefined): Record<string, string> {
  return (call?.[1]?.headers ?? {}) as Record<string, string>;
}

describe('signing after sign-in (docs/architecture.md §5, AMB-51, SIGNIN-05)', () => {
  it('sends sign-in unsigned, then signs every call with the new key', async () => {
    fetchMock.mockResolvedValueOnce(
      respond(200, { data: { user: testUser(), app_public_key: 'server-key' } }),
    );
    expect(await signIn('member', 'correct-horse-lodge')).toEqual({ outcome: 'signedIn' });
    expect(headersOf(fetchMock.mock.calls[0])).not.toHaveProperty('X-SALT');
    fetchMock.mockResolvedValueOnce(respond(200, { data: {} }));
    await apiRequest('GET', '/posts.json', { query: { page: 1 } });
    const headers = headersOf(fetchMock.mock.calls[1]);
    expect(headers['X-SALT']).toMatch(/^\d{13}\.[0-9a-f]{32}$/);
    expect(headers['X-SIGNATURE']).toMatch(/^[A-Za-z0-9_-]{86}$/);
    const state = getSessionState();
    expect(state).toMatchObject({ status: 'signedIn', appPublicKey: 'server-key' });
    expect(state.user?.party.display_name).toBe('Daniel Thomas Whitfield');
  });

  it('signs the start-up GET /session.json with the stored key (AMB-03)', async () => {
    vi.mocked(loadSessionKeys).mockResolvedValue(await storedKeys());
    fetchMock.mockResolvedValue(respond(200, { data: { user: testUser() } }));
    await bootstrapSession();
    expect(headersOf(fetchMock.mock.calls[0])['X-SIGNATURE']).toMatch(/^[A-Za-z0-9_-]{86}$/);
  });

  it('is limited, not failed, on a 429', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ type: 'x/too-many-requests', status: 429 }), {
        status: 429,
        headers: { 'Retry-After': '90' },
      }),
    );
    expect(await signIn('member', 'x')).toEqual({ outcome: 'limited', retryAfterSeconds: 90 });
    expect(getSessionState().error).toBe(true);
  });
});

describe('sign-out (SESS-06, SESS-07)', () => {
  it('calls DELETE /session.json signed, then forgets everything of the member', async () => {
    fetchMock.mockResolvedValueOnce(
      respond(200, { data: { user: testUser(), app_public_key: 'server-key' } }),
    );
    await signIn('member', 'correct-horse-lodge');
    // Some state of the member: a cached list, badges, a remembered tab, the requested path.
    queryClient.setQueryData(postKeys.all, ['a post of M']);
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ data: {} }), {
        status: 200,
        headers: { 'x-user-metadata': userMetadataHeader(3, 4) },
      }),
    );
    await apiRequest('GET', '/notices.json');
    expect(getBadgeCounts().unseenNoticeCount).toBe(3);
    let tabsForgotten = false;
    const stop = onClientStateReset(() => {
      tabsForgotten = true;
    });
    rememberRequestedPath('/chats');

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await signOut();
    stop();
    const call = fetchMock.mock.calls.at(-1);
    expect(call?.[0]).toBe('/api/private/mobile/v1/session.json');
    expect(call?.[1]?.method).toBe('DELETE');
    expect(headersOf(call)['X-SIGNATURE']).toBeTruthy();
    expect(getSessionState()).toMatchObject({
      status: 'signedOut',
      user: null,
      keyPair: null,
      appPublicKey: null,
      ended: true,
    });
    expect(queryClient.getQueryData(postKeys.all)).toBeUndefined();
    expect(getBadgeCounts()).toEqual({ unseenNoticeCount: null, unseenChatMessagesCount: null });
    expect(tabsForgotten).toBe(true);
    expect(peekRequestedPath()).toBeNull();
    expect(clearSessionKeys).toHaveBeenCalled();

    // Nothing is signed any more.
    fetchMock.mockResolvedValueOnce(respond(200, {}));
    await apiRequest('GET', '/organizations.json');
    expect(headersOf(fetchMock.mock.calls.at(-1))).not.toHaveProperty('X-SIGNATURE');
  });

  it('signs out on this device even when the server cannot be reached', async () => {
    resetSessionForTests({ status: 'signedIn', user: testUser() });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await signOut();
    expect(getSessionState().status).toBe('signedOut');
    expect(getOkDialogQueue()).toHaveLength(0);
  });
});
