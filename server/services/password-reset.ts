import { checkNewPassword, passwordUserInputs } from '../../common/password-strength.ts';
import { FLOW_ERRORS, PASSWORD_PARAMETERS_INVALID } from '../../common/schemas/registration.ts';
import type { Actor } from '../auth/actor.ts';
import { hashPassword } from '../auth/passwords.ts';
import { attemptSucceeded, clearLimit } from '../auth/rate-limit.ts';
import { deleteUserSessions } from '../auth/sessions.ts';
import type { NewSessionMeta } from '../auth/sessions.ts';
import { recordIdentityEvent } from '../db/audit-log.ts';
import { passwordOwnerByPartyId, setPassword } from '../db/users.ts';
import { ValidationError } from '../errors.ts';
import type { FieldErrors } from '../errors.ts';
import { publishAll, recordSessionsEnded } from '../realtime/bus.ts';
import type { BusEvent } from '../realtime/bus.ts';
import type { ServiceContext } from './context.ts';
import { finishFlow, startStepFour } from './membership-flow.ts';
import type { MembershipFlow } from './membership-flow.ts';
import { FlowExpiredError } from './membership-proof.ts';
import { signInGuessLimits } from './session.ts';
import type { SignedIn } from './session.ts';

/*
 * Password reset (`/password_reset_request/step_one` .. `step_four`, API-REG-01..04): a member
 * with an account proves membership, receives a code at a contact on file, and sets a new
 * password; every other session of theirs ends and step four signs them in. Steps one to three
 * are membership-flow.ts's.
 */

export const NO_ACCOUNT_TO_RESET =
  'There is no account for this member yet. Use “create account” on the sign-in page to register.';
export const NOT_ACTIVE_TO_RESET =
  'Only active members can sign in. Please contact your lodge secretary.';

export const PASSWORD_RESET: MembershipFlow = {
  purpose: 'password_reset',
  problems: FLOW_ERRORS.reset,
  fields: { contact: 'contact_option_key', code: 'auth_token_attempt' },
  doing: 'reset your Lodgehall password',
  refusal: (member) => {
    if (member.userId === null) return NO_ACCOUNT_TO_RESET;
    // The same rule as sign-in: a new password is no use to a member who may not sign in.
    const maySignIn = member.partyLeftAt === null && (member.isAdmin || member.activeAnywhere);
    return maySignIn ? null : NOT_ACTIVE_TO_RESET;
  },
};

export interface NewPasswordInput {
  code: string;
  public_key: string;
  password: string;
  password_confirmation: string;
}

/**
 * Step four: after the code again (startStepFour), the new password and its confirmation
 * (VAL-18..20). The new hash, the used code, the end of every session the member had, the audit
 * row and the new session are written together (finishFlow).
 */
export async function resetStepFour(
  ctx: ServiceContext,
  actor: Actor,
  flowToken: string | undefined,
  input: NewPasswordInput,
  meta: NewSessionMeta,
): Promise<SignedIn> {
  const flow = await startStepFour(
    ctx,
    actor,
    PASSWORD_RESET,
    flowToken,
    input.code,
    input.public_key,
  );
  const user = await passwordOwnerByPartyId(ctx.db, flow.party_id);
  if (!user) throw new FlowExpiredError();

  const problems = checkNewPassword(
    input.password,
    input.password_confirmation,
    passwordUserInputs(user),
  );
  const errors: FieldErrors = {};
  if (problems.password) errors.password = [problems.password];
  if (problems.password_confirmation)
    errors.password_confirmation = [problems.password_confirmation];
  if (Object.keys(errors).length > 0) {
    throw new ValidationError(
      errors,
      PASSWORD_PARAMETERS_INVALID,
      'Please correct your new password.',
    );
  }

  const passwordHash = await hashPassword(input.password.trim());
  // Written in the flow's transaction, published once it has committed.
  const ended: (BusEvent | null)[] = [];
  const signedIn = await finishFlow(ctx, flow, input.public_key, meta, async (trx, now) => {
    await setPassword(trx, user.id, passwordHash, now);
    // Whoever held the old password, on any device, is signed out (docs/architecture.md §5).
    const sessionIds = await deleteUserSessions(trx, user.id);
    ended.push(await recordSessionsEnded(trx, sessionIds, flow.party_id, now));
    await recordIdentityEvent(
      trx,
      {
        action: 'password.reset',
        userId: user.id,
        ip: meta.ip,
        detail: { contact: flow.contact_kind },
      },
      now,
    );
    return user.id;
  });
  // Their event streams close now, not at their next heartbeat (D43), as at sign-out.
  await publishAll(ctx.bus, ended);
  // Failed sign-ins before the reset no longer hold the member back, here or at the ceiling.
  const guess = signInGuessLimits(user.username_key, meta.ip);
  await clearLimit(ctx.db, guess.account.key);
  await attemptSucceeded(ctx.db, guess);
  return signedIn;
}
