import { useSyncExternalStore } from 'react';
import { BOOTSTRAP_TIMEOUT_MS } from '../../common/constants.ts';
import type { User } from '../../common/schemas/session.ts';
import { apiRequest, isApiError, setUnauthorizedHandler } from '../http/client.ts';
import { resetClientState } from '../http/client-state.ts';
import { clearRequestedPath, takeRequestedPath } from '../http/requested-path.ts';
import { serverClockOffset, serverNow } from '../http/server-clock.ts';
import {
  clearSessionKeys,
  generateSessionKeys,
  loadSessionKeys,
  saveSessionKeys,
  type GeneratedKeys,
  type SessionKeyAlgorithm,
} from '../http/session-keys.ts';
import { loadSessionSchemas } from '../http/session-schemas.ts';
import { createRequestSigner, setRequestSigner } from '../http/signing.ts';

/**
 * The client session (SESS-03, SESS-08, AMB-03, AMB-52): a small store, the start-up
 * bootstrap, sign-in and sign-out, and the request signer's life (docs/architecture.md §5). Server
 * data lives in TanStack Query, not here.
 */

export type SessionStatus = 'bootstrapping' | 'signedOut' | 'signedIn';

/** §3 User, as `GET /session.json` and the sign-in answers carry it. */
export type SessionUser = User;

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
  /**
   * The bootstrap found a stored key pair and is checking it with the server: most likely a
   * member, so the member's code can start downloading meanwhile.
   */
  restoring: boolean;
  error: boolean;
  /** Where the guard sends a member who has just signed in (SIGNIN-03, SIGNIN-04, REG-11). */
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
  restoring: false,
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
/** REG-11: where registration and reset land (and so on to /news). */
export const AFTER_REGISTRATION = '/';

/** Every call from here on is signed with this pair (docs/architecture.md §5). */
function installSigner(keyPair: CryptoKeyPair, algorithm: SessionKeyAlgorithm): void {
  setRequestSigner(createRequestSigner(keyPair.privateKey, algorithm, { now: serverNow }));
}

let bootstrapRun: Promise<void> | null = null;

/**
 * Start-up (AMB-03, AMB-52). No stored key pair: signed out at once, with no network call.
 * A stored pair: the signer is installed and a signed `GET /session.json` decides; a 401
 * forgets the keys. The splash stays until this settles and no longer; after
 * BOOTSTRAP_TIMEOUT_MS the client gives up with the Network Error dialog. Runs once per page
 * load.
 */
export function bootstrapSession(): Promise<void> {
  bootstrapRun ??= runBootstrap();
  return bootstrapRun;
}

/** Clock differences below this are inside the server's five minutes; see server-clock.ts. */
const CLOCK_RETRY_THRESHOLD_MS = 60_000;

async function fetchSessionUser(): Promise<User> {
  const [body, schemas] = await Promise.all([
    apiRequest<unknown>('GET', '/session.json', {
      timeoutMs: BOOTSTRAP_TIMEOUT_MS,
      handleUnauthorized: false,
    }),
    loadSessionSchemas(),
  ]);
  return schemas.sessionAnswerSchema.parse(body).data.user;
}

async function runBootstrap(): Promise<void> {
  update({ status: 'bootstrapping', loading: true, error: false });
  const stored = await loadSessionKeys();
  if (!stored) {
    update({ status: 'signedOut', loading: false, bootstrappedAt: Date.now() });
    return;
  }
  installSigner(stored.keyPair, stored.algorithm);
  update({ restoring: true });
  try {
    const offsetBefore = serverClockOffset();
    let user: User;
    try {
      user = await fetchSessionUser();
    } catch (error) {
      // A wrong computer clock makes the salt stale; the answer's Date header has now
      // corrected it, so one more try is worth it.
      const corrected = Math.abs(serverClockOffset() - offsetBefore) >= CLOCK_RETRY_THRESHOLD_MS;
      if (!(isApiError(error) && error.status === 401 && corrected)) throw error;
      user = await fetchSessionUser();
    }
    update({
      status: 'signedIn',
      user,
      appPublicKey: stored.appPublicKey,
      keyPair: stored.keyPair,
      loading: false,
      restoring: false,
      bootstrappedAt: Date.now(),
    });
  } catch (error) {
    setRequestSigner(null);
    const unauthorized = isApiError(error) && error.status === 401;
    if (unauthorized) await clearSessionKeys();
    update({
      status: 'signedOut',
      loading: false,
      restoring: false,
      error: !unauthorized,
      bootstrappedAt: Date.now(),
    });
  }
}

/**
 * Makes the session's key pair for sign-in or the last step of registration or reset
 * (SIGNIN-05, REG-10): its `publicKeyBase64` goes into the request as `public_key`.
 */
export function prepareSessionKeys(): Promise<GeneratedKeys> {
  return generateSessionKeys();
}

/**
 * Takes an answer that signs the member in (`{data: {user, app_public_key}}`): keeps the pair
 * and the server's key in IndexedDB, empties every trace of an earlier member (SESS-07),
 * installs the signer and sends the guard on to `afterSignIn`. Throws when the answer lacks
 * either part.
 */
export async function establishSession(
  keys: GeneratedKeys,
  answer: unknown,
  afterSignIn: string,
): Promise<void> {
  const { signedInAnswerSchema } = await loadSessionSchemas();
  const { user, app_public_key: appPublicKey } = signedInAnswerSchema.parse(answer).data;
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
  resetClientState();
  installSigner(keys.keyPair, keys.algorithm);
  update({
    status: 'signedIn',
    user,
    appPublicKey,
    keyPair: keys.keyPair,
    loading: false,
    error: false,
    ended: false,
    afterSignIn,
  });
}

export type SignInResult =
  | { outcome: 'signedIn' }
  | { outcome: 'invalid' }
  | { outcome: 'limited'; retryAfterSeconds: number | null }
  /** The right password of a member active nowhere: the server's message says why (D66). */
  | { outcome: 'refused'; message: string }
  | { outcome: 'failed' };

/**
 * Sign-in (SIGNIN-05, docs/architecture.md §5): makes a fresh key pair and sends
 * `POST /session.json {user: {username, password, public_key}}`, unsigned (AMB-51).
 * A 401 or 422 is 'invalid' (VAL-09); it does not end anything (SESS-05). A 429 is 'limited'.
 * A 403 `membership-not-active` is 'refused', with the server's reason to show.
 * Any other failure is 'failed' and sets the error flag (ERR-42); the client has already
 * shown the Network or Server Error dialog where one applies.
 */
export async function signIn(username: string, password: string): Promise<SignInResult> {
  update({ loading: true, error: false });
  try {
    const keys = await prepareSessionKeys();
    // The answer's schema downloads while the server checks the password.
    const [body] = await Promise.all([
      apiRequest<unknown>('POST', '/session.json', {
        body: { user: { username: username.trim(), password, public_key: keys.publicKeyBase64 } },
        signed: false,
        handleUnauthorized: false,
      }),
      loadSessionSchemas(),
    ]);
    await establishSession(keys, body, takeRequestedPath() ?? DEFAULT_AFTER_SIGN_IN);
    return { outcome: 'signedIn' };
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 422)) {
      update({ loading: false, error: false });
      return { outcome: 'invalid' };
    }
    if (
      isApiError(error) &&
      error.status === 403 &&
      error.problemName === 'membership-not-active' &&
      error.problemTitle !== null
    ) {
      update({ loading: false, error: false });
      return { outcome: 'refused', message: error.problemTitle };
    }
    if (isApiError(error) && error.status === 429) {
      update({ loading: false, error: true });
      return { outcome: 'limited', retryAfterSeconds: error.retryAfterSeconds };
    }
    update({ loading: false, error: true });
    return { outcome: 'failed' };
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

/** A screen that changed the member's own details (name, avatar) puts the new user here. */
export function updateSessionUser(user: SessionUser): void {
  if (state.status === 'signedIn') update({ user });
}

/**
 * Ends the session on this device (SESS-04, SESS-06, SESS-07): stops signing, forgets the
 * remembered path, the keys and every cached answer, badge and remembered tab. The guard then
 * sends the member to /user/signIn.
 */
export async function destroyLocalSession(): Promise<void> {
  setRequestSigner(null);
  clearRequestedPath();
  resetClientState();
  update({
    ...initialState,
    status: 'signedOut',
    bootstrappedAt: state.bootstrappedAt,
    ended: true,
  });
  await clearSessionKeys();
}

let signingOut: Promise<void> | null = null;

/**
 * Sign-out (SESS-06): `DELETE /session.json` (signed), then the local session is destroyed
 * whatever the answer, so a member who presses sign out is signed out on this device even
 * when the network is away.
 */
export function signOut(): Promise<void> {
  signingOut ??= (async () => {
    try {
      await apiRequest<unknown>('DELETE', '/session.json', {
        handleUnauthorized: false,
        globalErrors: false,
        timeoutMs: BOOTSTRAP_TIMEOUT_MS,
      });
    } catch {
      // The server session is gone or unreachable; this device forgets it either way.
    }
    await destroyLocalSession();
  })().finally(() => {
    signingOut = null;
  });
  return signingOut;
}

// SESS-04: a 401 on any call after sign-in ends the session.
setUnauthorizedHandler(() => {
  if (state.status === 'signedIn') void destroyLocalSession();
});

/** Tests only: back to the state of a fresh page, with optional changes. */
export function resetSessionForTests(patch: Partial<SessionState> = {}): void {
  bootstrapRun = null;
  signingOut = null;
  setRequestSigner(null);
  state = { ...initialState, ...patch };
  for (const listener of listeners) listener();
}
