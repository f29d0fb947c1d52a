import { CANT_BE_BLANK } from '../../common/messages.ts';
import { checkNewPassword, passwordUserInputs } from '../../common/password-strength.ts';
import { FLOW_ERRORS, USER_PARAMS_INVALID } from '../../common/schemas/registration.ts';
import { usernameKey, usernameSchema } from '../../common/schemas/username.ts';
import type { Actor } from '../auth/actor.ts';
import { recordIdentityEvent } from '../db/audit-log.ts';
import { partyNames } from '../db/parties.ts';
import { insertUser, userByUsernameKey } from '../db/users.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { NewSessionMeta } from '../auth/sessions.ts';
import { ValidationError } from '../errors.ts';
import type { FieldErrors } from '../errors.ts';
import type { ServiceContext } from './context.ts';
import { finishFlow, startStepFour } from './membership-flow.ts';
import type { MembershipFlow } from './membership-flow.ts';
import { parametersInvalid } from './membership-proof.ts';
import type { SignedIn } from './session.ts';

/*
 * Registration (`/users/step_one` .. `step_four`, API-REG-05..08): a member on the roster with
 * no account proves membership, receives a code at a contact on file, and chooses a username
 * and password; step four signs them in. Steps one to three are membership-flow.ts's.
 */

export const ALREADY_REGISTERED =
  'You already have an account. Use “forgot password” on the sign-in page to reset your password instead.';
export const NOT_ACTIVE_TO_REGISTER =
  'Only active members can create an account. Please contact your lodge secretary.';
export const USERNAME_TAKEN = 'has already been taken';

export const REGISTRATION: MembershipFlow = {
  purpose: 'registration',
  problems: FLOW_ERRORS.register,
  fields: { contact: 'id', code: 'code' },
  doing: 'create your Lodgehall account',
  // Active in the organisation the member proved membership of (only active
  // members sign in), and no account yet: an existing member resets instead.
  refusal: (member) => {
    if (member.status !== 'active' || member.partyLeftAt !== null) return NOT_ACTIVE_TO_REGISTER;
    return member.userId !== null ? ALREADY_REGISTERED : null;
  },
};

export interface NewAccountInput {
  code: string;
  public_key: string;
  username: string;
  password: string;
}

/** Which unique constraint a failed insert broke, on either engine; null for other errors. */
function uniqueViolation(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const code = (error as Error & { code?: unknown }).code;
  if (code === '23505') return String((error as Error & { constraint?: unknown }).constraint ?? '');
  if (code === 'SQLITE_CONSTRAINT_UNIQUE') return error.message;
  return null;
}

async function accountErrors(
  ctx: ServiceContext,
  partyId: number,
  username: string,
  password: string,
): Promise<{ errors: FieldErrors; username: string }> {
  const errors: FieldErrors = {};
  const parsed = usernameSchema.safeParse(username);
  let chosen = username.trim();
  if (chosen === '') errors.username = [CANT_BE_BLANK];
  else if (!parsed.success) errors.username = parsed.error.issues.map((issue) => issue.message);
  else {
    chosen = parsed.data;
    const taken = await userByUsernameKey(ctx.db, usernameKey(chosen));
    if (taken) errors.username = [USERNAME_TAKEN];
  }
  const party = await partyNames(ctx.db, partyId);
  // AMB-19: registration sends no confirmation, so only the strength is checked here.
  const passwordErrors = checkNewPassword(
    password,
    password,
    passwordUserInputs({ ...party, username: chosen }),
  );
  if (passwordErrors.password) errors.password = [passwordErrors.password];
  return { errors, username: chosen };
}

/**
 * Step four: after the code again (startStepFour), a username and password. The account, the
 * used code, the audit row and the session are written together (finishFlow).
 */
export async function registrationStepFour(
  ctx: ServiceContext,
  actor: Actor,
  flowToken: string | undefined,
  input: NewAccountInput,
  meta: NewSessionMeta,
): Promise<SignedIn> {
  const flow = await startStepFour(
    ctx,
    actor,
    REGISTRATION,
    flowToken,
    input.code,
    input.public_key,
  );
  const { errors, username } = await accountErrors(
    ctx,
    flow.party_id,
    input.username,
    input.password,
  );
  if (Object.keys(errors).length > 0) {
    throw new ValidationError(
      errors,
      USER_PARAMS_INVALID,
      'Please correct your username or password.',
    );
  }
  // Stored trimmed, as the shared rule checks it (VAL-20).
  const passwordHash = await hashPassword(input.password.trim());
  try {
    return await finishFlow(ctx, flow, input.public_key, meta, async (trx, now) => {
      const userId = await insertUser(trx, {
        party_id: flow.party_id,
        username,
        username_key: usernameKey(username),
        password_hash: passwordHash,
        created_at: now,
        updated_at: now,
        last_sign_in_at: null,
        password_changed_at: now,
      });
      await recordIdentityEvent(
        trx,
        {
          action: 'user.registered',
          userId,
          ip: meta.ip,
          detail: { party_id: flow.party_id, contact: flow.contact_kind },
        },
        now,
      );
      return userId;
    });
  } catch (error) {
    // Two browsers finishing at once: the second finds the name or the member taken.
    const constraint = uniqueViolation(error);
    if (constraint?.includes('username')) {
      throw new ValidationError(
        { username: [USERNAME_TAKEN] },
        USER_PARAMS_INVALID,
        'Please correct your username or password.',
      );
    }
    if (constraint?.includes('party')) {
      throw parametersInvalid(REGISTRATION, {}, ALREADY_REGISTERED);
    }
    throw error;
  }
}
