import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_TITLE } from '../../common/messages.ts';
import { clearOkDialogs, getOkDialogQueue } from '../components/ok-dialog-store.ts';
import { apiRequest } from './client.ts';
import { clearRequestedPath, peekRequestedPath, rememberRequestedPath } from './requested-path.ts';
import { bootstrapSession, getSessionState, resetSessionForTests } from './session.ts';
import type * as SessionKeysModule from './session-keys.ts';
import { clearSessionKeys, loadSessionKeys, type StoredSessionKeys } from './session-keys.ts';

vi.mock('./session-keys.ts', async (importOriginal) => ({
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
    fetchMock.mockResolvedValue(
      respond(200, { data: { user: { username: 'member', party_id: 7 } } }),
    );
    await bootstrapSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/private/mobile/v1/session.json');
    expect(init?.method).toBe('GET');
    const state = getSessionState();
    expect(state).toMatchObject({
      status: 'signedIn',
      user: { username: 'member', party_id: 7 },
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
    vi.useFakeTimers();
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
    resetSessionForTests({ status: 'signedIn', user: { username: 'member' } });
    rememberRequestedPath('/chats');
    fetchMock.mockResolvedValue(respond(401, { status: 401 }));
    await expect(apiRequest('GET', '/posts.json')).rejects.toThrow();
    expect(getSessionState()).toMatchObject({ status: 'signedOut', user: null, ended: true });
    expect(peekRequestedPath()).toBeNull();
    expect(clearSessionKeys).toHaveBeenCalled();
  });
});
