import { CANT_BE_BLANK } from '../../common/messages.ts';
import { checkNewPassword, passwordUserInputs } from '../../common/password-strength.ts';
import { requireMember, type Actor } from '../auth/actor.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { clearLimit, enforceLimits } from '../auth/rate-limit.ts';
import { deleteUserSessions } from '../auth/sessions.ts';
import { recordIdentityEvent } from '../db/audit-log.ts';
import { passwordOwnerByUserId, setPassword } from '../db/users.ts';
import { recordSessionsEnded } from '../realtime/bus.ts';
import { UnauthorizedError, ValidationError } from '../errors.ts';
import type { FieldErrors } from '../errors.ts';
import { assertAllowed } from '../policies/assert.ts';
import { mayChangePassword } from '../policies/identity.ts';
import type { ServiceContext } from './context.ts';

/** Wrong current passwords for one account: the same allowance as sign-in's per account. */
export const PASSWORD_CHANGE_LIMIT = { max: 10, windowMs: 15 * 60 * 1000 };
export const CURRENT_PASSWORD_INCORRECT = 'is incorrect';

export interface PasswordChangeInput {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/**
 * Change password (PWD-02, API-REG-10): the current password, then the shared rule for the new
 * one (AMB-21). Every field error is answered at once. On success the member's other sessions
 * end and this one stays (docs/architecture.md §5).
 */
export async function changePassword(
  ctx: ServiceContext,
  actor: Actor,
  sessionId: number | null,
  input: PasswordChangeInput,
  ip: string | null,
): Promise<void> {
  const member = requireMember(actor);
  assertAllowed(mayChangePassword(member));
  if (sessionId === null) throw new UnauthorizedError();

  // Counted before the check, cleared by a right current password: so it counts wrong ones in
  // a row, and a stolen session cannot guess the password faster than sign-in could.
  const limitKey = `password-change:user:${member.userId}`;
  await enforceLimits(ctx.db, [{ key: limitKey, ...PASSWORD_CHANGE_LIMIT }]);

  const user = await passwordOwnerByUserId(ctx.db, member.userId);
  if (!user) throw new UnauthorizedError();

  const errors: FieldErrors = {};
  if (input.current_password === '') errors.current_password = [CANT_BE_BLANK];
  else if (!(await verifyPassword(user.password_hash, input.current_password))) {
    errors.current_password = [CURRENT_PASSWORD_INCORRECT];
  } else {
    await clearLimit(ctx.db, limitKey);
  }
  const problems = checkNewPassword(
    input.password,
    input.password_confirmation,
    passwordUserInputs(user),
  );
  if (problems.password) errors.password = [problems.password];
  if (problems.password_confirmation)
    errors.password_confirmation = [problems.password_confirmation];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  const passwordHash = await hashPassword(input.password.trim());
  const now = Date.now();
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await setPassword(trx, member.userId, passwordHash, now);
    const others = await deleteUserSessions(trx, member.userId, sessionId);
    await recordIdentityEvent(trx, { action: 'password.changed', userId: member.userId, ip }, now);
    return recordSessionsEnded(trx, others, member.partyId, now);
  });
  // The other devices' event streams close now (D43).
  if (ended) await ctx.bus.publish(ended);
}
