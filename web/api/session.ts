import { useSyncExternalStore } from 'react';
import { BOOTSTRAP_TIMEOUT_MS } from '../../common/constants.ts';
import { apiRequest, isApiError, queryClient, setUnauthorizedHandler } from './client.ts';
import { clearRequestedPath, takeRequestedPath } from './requested-path.ts';
import {
  clearSessionKeys,
  generateSessionKeys,
  loadSessionKeys,
  saveSessionKeys,
} from './session-keys.ts';
import { setRequestSigner } from './signing.ts';

/**
 * The client session (SESS-03, SESS-08, AMB-03, AMB-52): a small store, the start-up
 * bootstrap and sign-in. Server data lives in TanStack Query, not here.
 */

export type SessionStatus = 'bootstrapping' | 'signedOut' | 'signedIn';

/** §3 User. The identity work gives it a shared zod schema; until then only `username` is relied on. */
export interface SessionUser {
  username: string;
  [field: string]: unknown;
}

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** The server's public key from the sign-in answer. */
  appPublicKey: string | null;
  /** The locally generated pair; the private key is non-extractable. */
  keyPair: CryptoKeyPair | null;
  /** Epoch milliseconds when the bootstrap settled. */
  bootstrappedAt: number | null;
  loading: boolean;
  error: boolean;
  /** Where the guard sends a member who has just signed in (SIGNIN-03, SIGNIN-04). */
  afterSignIn: string | null;
  /** The session was ended (401 or sign-out): go to sign-in without remembering the path (SESS-04). */
  ended: boolean;
}

const initialState: SessionState = {
  status: 'bootstrapping',
  user: null,
  appPublicKey: null,
  keyPair: null,
  bootstrappedAt: null,
  loading: false,
  error: false,
  afterSignIn: null,
  ended: false,
};

let state: SessionState = initialState;
const listeners = new Set<() => void>();

function update(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function getSessionState(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
}

/** SIGNIN-04: where a member lands when no path was remembered. */
export const DEFAULT_AFTER_SIGN_IN = '/calendar';

function readUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const user = value as Record<string, unknown>;
  return typeof user.username === 'string' ? { ...user, username: user.username } : null;
}

function readData(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null) return {};
  const data = (body as Record<string, unknown>).data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

let bootstrapRun: Promise<void> | null = null;

/**
 * Start-up (AMB-03, AMB-52). No stored key pair: signed out at once, with no network call.
 * A stored pair: `GET /session.json` decides; a 401 forgets the keys. The splash stays until
 * this settles and no longer; after BOOTSTRAP_TIMEOUT_MS the client gives up with the
 * Network Error dialog. Runs once per page load.
 */
export function bootstrapSession(): Promise<void> {
  bootstrapRun ??= runBootstrap();
  return bootstrapRun;
}

async function runBootstrap(): Promise<void> {
  update({ status: 'bootstrapping', loading: true, error: false });
  const stored = await loadSessionKeys();
  if (!stored) {
    update({ status: 'signedOut', loading: false, bootstrappedAt: Date.now() });
    return;
  }
  // The identity work installs the signer for `stored.keyPair` here (ARCHITECTURE §5).
  try {
    const body = await apiRequest<unknown>('GET', '/session.json', {
      timeoutMs: BOOTSTRAP_TIMEOUT_MS,
      handleUnauthorized: false,
    });
    const user = readUser(readData(body).user);
    if (!user) throw new Error('The session answer has no user.');
    update({
      status: 'signedIn',
      user,
      appPublicKey: stored.appPublicKey,
      keyPair: stored.keyPair,
      loading: false,
      bootstrappedAt: Date.now(),
    });
  } catch (error) {
    const unauthorized = isApiError(error) && error.status === 401;
    if (unauthorized) await clearSessionKeys();
    update({
      status: 'signedOut',
      loading: false,
      error: !unauthorized,
      bootstrappedAt: Date.now(),
    });
  }
}

export type SignInOutcome = 'signedIn' | 'invalid' | 'failed';

/**
 * Sign-in (SIGNIN-05, ARCHITECTURE §5): makes a fresh key pair and sends
 * `POST /session.json {user: {username, password, public_key}}`, unsigned (AMB-51).
 * A 401 or 422 is 'invalid' (VAL-09); it does not end anything (SESS-05). Any other failure
 * is 'failed' and sets the error flag (ERR-42); the client has already shown the Network or
 * Server Error dialog where one applies.
 */
export async function signIn(username: string, password: string): Promise<SignInOutcome> {
  update({ loading: true, error: false });
  try {
    const keys = await generateSessionKeys();
    const body = await apiRequest<unknown>('POST', '/session.json', {
      body: { user: { username: username.trim(), password, public_key: keys.publicKeyBase64 } },
      signed: false,
      handleUnauthorized: false,
    });
    const data = readData(body);
    const user = readUser(data.user);
    const appPublicKey = data.app_public_key;
    if (!user || typeof appPublicKey !== 'string') {
      throw new Error('The sign-in answer lacks user or app_public_key.');
    }
    try {
      await saveSessionKeys({
        keyPair: keys.keyPair,
        algorithm: keys.algorithm,
        appPublicKey,
        savedAt: Date.now(),
      });
    } catch {
      // Without IndexedDB the session lasts until this page is closed or reloaded.
    }
    // SESS-07: nothing cached from an earlier member may show.
    queryClient.clear();
    update({
      status: 'signedIn',
      user,
      appPublicKey,
      keyPair: keys.keyPair,
      loading: false,
      error: false,
      ended: false,
      afterSignIn: takeRequestedPath() ?? DEFAULT_AFTER_SIGN_IN,
    });
    return 'signedIn';
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 422)) {
      update({ loading: false, error: false });
      return 'invalid';
    }
    update({ loading: false, error: true });
    return 'failed';
  }
}

/** The guard calls this once it has sent the member to `afterSignIn`. */
export function clearAfterSignIn(): void {
  if (state.afterSignIn !== null) update({ afterSignIn: null });
}

/** The guard calls this once it has sent the member to sign-in after the session ended. */
export function acknowledgeSessionEnded(): void {
  if (state.ended) update({ ended: false });
}

/**
 * Ends the session on this device (SESS-04, SESS-06, SESS-07): forgets the keys and the
 * remembered path and drops every cached answer. Sign-out calls the server first.
 */
export async function destroyLocalSession(): Promise<void> {
  setRequestSigner(null);
  clearRequestedPath();
  queryClient.clear();
  update({
    ...initialState,
    status: 'signedOut',
    bootstrappedAt: state.bootstrappedAt,
    ended: true,
  });
  await clearSessionKeys();
}

// SESS-04: a 401 on any call after sign-in ends the session.
setUnauthorizedHandler(() => {
  if (state.status === 'signedIn') void destroyLocalSession();
});

/** Tests only: back to the state of a fresh page, with optional changes. */
export function resetSessionForTests(patch: Partial<SessionState> = {}): void {
  bootstrapRun = null;
  state = { ...initialState, ...patch };
  for (const listener of listeners) listener();
}
