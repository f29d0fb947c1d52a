import { SIGN_IN_FAILED, membershipNotActive } from '../../common/messages.ts';
import type { User as SessionUser } from '../../common/schemas/session.ts';
import { usernameKey } from '../../common/schemas/username.ts';
import { requireMember, type Actor } from '../auth/actor.ts';
import { loadAppKey } from '../auth/app-key.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import {
  addressKey,
  admitAttempt,
  attemptFailed,
  attemptSucceeded,
  enforceLimits,
} from '../auth/rate-limit.ts';
import type { PairedLimits } from '../auth/rate-limit.ts';
import { recordIdentityEvent } from '../db/audit-log.ts';
import { createSession, deleteSession } from '../auth/sessions.ts';
import type { NewSessionMeta } from '../auth/sessions.ts';
import { InvalidPublicKeyError, parsePublicKey } from '../auth/signatures.ts';
import { AppError, UnauthorizedError, ValidationError } from '../errors.ts';
import { inactiveStatusOf } from '../db/console-members.ts';
import { markSignedIn, signInCandidate } from '../db/users.ts';
import { assertAllowed } from '../policies/assert.ts';
import { maySignOut } from '../policies/identity.ts';
import { recordSessionsEnded } from '../realtime/bus.ts';
import type { ServiceContext } from './context.ts';
import { loadSessionUser } from './users.ts';

const FIVE_MINUTES = 5 * 60 * 1000;
const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Per address: SIGN_IN_LIMIT_PER_ADDRESS (Mastodon's 25 by default) per 5 minutes. */
export const SIGN_IN_IP_WINDOW_MS = FIVE_MINUTES;
/** Guessing one member's password from one address: 10 tries per 15 minutes. */
export const SIGN_IN_PAIR_LIMIT = { max: 10, windowMs: FIFTEEN_MINUTES };
/**
 * Failures at one account from every address in a day: a brake far above a member's mistakes
 * (NIST SP 800-63B allows at most 100), which refuses only addresses that have failed there
 * (D52): past it, one guess per fresh address.
 */
export const SIGN_IN_ACCOUNT_CEILING = { max: 100, windowMs: 24 * 60 * 60 * 1000 };

/** The counters of one username from one address; the account key is what a reset clears. */
export function signInGuessLimits(key: string, ip: string | null): PairedLimits {
  return {
    pair: { key: `sign-in:pair:${key}:${addressKey(ip)}`, ...SIGN_IN_PAIR_LIMIT },
    account: { key: `sign-in:account:${key}`, ...SIGN_IN_ACCOUNT_CEILING },
  };
}

export class InvalidCredentialsError extends AppError {
  constructor() {
    super(401, 'invalid-credentials', SIGN_IN_FAILED);
  }
}

/**
 * The right password of a member who is active in no organisation (D66): the answer says why,
 * which only the account's holder can learn, so a wrong password still gets the usual 401.
 */
export class MembershipNotActiveError extends AppError {
  constructor(status: string | null) {
    super(403, 'membership-not-active', membershipNotActive(status));
  }
}

export interface SignInInput {
  username: string;
  password: string;
  public_key: string;
}

export interface SignedIn {
  token: string;
  user: SessionUser;
  app_public_key: string;
}

// Checked against when the username is unknown, so the answer takes as long either way.
let dummyHash: Promise<string> | undefined;

/** Parses the client's key or answers 422 on `public_key`. */
export function publicKeyOrFail(publicKey: string) {
  try {
    return parsePublicKey(publicKey);
  } catch (error) {
    if (error instanceof InvalidPublicKeyError) {
      throw new ValidationError({ public_key: [error.message.replace(/^public_key /, '')] });
    }
    throw error;
  }
}

/** Opens a session for a user whose identity is proven (password, or a one-time code). */
export async function openSession(
  ctx: ServiceContext,
  userId: number,
  publicKeyText: string,
  meta: NewSessionMeta,
): Promise<SignedIn> {
  const publicKey = publicKeyOrFail(publicKeyText);
  const now = Date.now();
  const { token } = await createSession(ctx.db, userId, publicKey, publicKeyText, meta, now);
  await markSignedIn(ctx.db, userId, now);
  const [user, appKey] = await Promise.all([loadSessionUser(ctx, userId), loadAppKey(ctx.db)]);
  return { token, user, app_public_key: appKey.publicKey };
}

/**
 * Sign-in (API-SESS-01). Only members who may sign in (active somewhere, or administrators)
 * get a session; every refusal without the right password is the same 401, so the answer never
 * says whether a username exists; with it, a member active nowhere learns why (a 403, D66). It takes no Actor: it is how a visitor becomes one.
 */
export async function signIn(
  ctx: ServiceContext,
  input: SignInInput,
  meta: NewSessionMeta,
): Promise<SignedIn> {
  const key = usernameKey(input.username);
  const guess = signInGuessLimits(key, meta.ip);
  await enforceLimits(ctx.db, [
    {
      key: `sign-in:ip:${addressKey(meta.ip)}`,
      max: ctx.config.SIGN_IN_LIMIT_PER_ADDRESS,
      windowMs: SIGN_IN_IP_WINDOW_MS,
    },
  ]);
  await admitAttempt(ctx.db, guess);
  const publicKey = input.public_key;
  publicKeyOrFail(publicKey);

  const user = await signInCandidate(ctx.db, key);

  dummyHash ??= hashPassword('no such user: a password nobody has');
  const passwordOk = await verifyPassword(user?.password_hash ?? (await dummyHash), input.password);
  const maySignIn =
    user !== undefined && user.left_at === null && (user.is_admin === 1 || Boolean(user.is_active));
  if (!user || !passwordOk || user.left_at !== null) {
    await attemptFailed(ctx.db, guess);
    // An unknown username concerns no member; the address limits bound how many rows a guesser writes.
    if (user) {
      await recordIdentityEvent(ctx.db, {
        action: 'session.sign_in_failed',
        userId: user.id,
        ip: meta.ip,
      });
    }
    throw new InvalidCredentialsError();
  }
  if (!maySignIn) {
    // Not a wrong guess: the password was right, so it neither counts nor clears one.
    const status = await inactiveStatusOf(ctx.db, user.party_id);
    await recordIdentityEvent(ctx.db, {
      action: 'session.sign_in_refused',
      userId: user.id,
      ip: meta.ip,
      detail: { status },
    });
    throw new MembershipNotActiveError(status);
  }

  await attemptSucceeded(ctx.db, guess);
  const signedIn = await openSession(ctx, user.id, publicKey, meta);
  await recordIdentityEvent(ctx.db, { action: 'session.signed_in', userId: user.id, ip: meta.ip });
  return signedIn;
}

export async function signOut(ctx: ServiceContext, actor: Actor, sessionId: number | null) {
  const member = requireMember(actor);
  assertAllowed(maySignOut(member));
  if (sessionId === null) throw new UnauthorizedError();
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await deleteSession(trx, sessionId);
    return recordSessionsEnded(trx, [sessionId], member.partyId, Date.now());
  });
  // The session's open event streams close now, not at their next heartbeat (D43).
  if (ended) await ctx.bus.publish(ended);
}
