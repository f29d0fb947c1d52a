import { CANT_BE_BLANK } from '../../common/messages.ts';
import { checkNewPassword, passwordUserInputs } from '../../common/password-strength.ts';
import { USER_PARAMS_INVALID } from '../../common/schemas/registration.ts';
import type { AuthenticationOption, MembershipProof } from '../../common/schemas/registration.ts';
import { usernameKey, usernameSchema } from '../../common/schemas/username.ts';
import type { Actor } from '../auth/actor.ts';
import { consumeFlow } from '../auth/one-time-codes.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { NewSessionMeta } from '../auth/sessions.ts';
import { ValidationError } from '../errors.ts';
import type { FieldErrors } from '../errors.ts';
import { assertAllowed } from '../policies/assert.ts';
import { mayProveMembership } from '../policies/registration.ts';
import type { ServiceContext } from './context.ts';
import { recordIdentityEvent } from './identity-audit.ts';
import {
  FlowExpiredError,
  REGISTRATION_FLOW,
  checkCode,
  confirmCode,
  openFlow,
  parametersInvalid,
  proveMembership,
  sendCode,
} from './membership-proof.ts';
import { openSession, publicKeyOrFail } from './session.ts';
import type { SignedIn } from './session.ts';

/*
 * Registration (`/users/step_one` .. `step_four`, API-REG-05..08): a member on the roster with
 * no account proves membership, receives a code at a contact on file, and chooses a username
 * and password; step four signs them in.
 */

export const ALREADY_REGISTERED =
  'You already have an account. Use “forgot password” on the sign-in page to reset your password instead.';
export const NOT_ACTIVE_TO_REGISTER =
  'Only active members can create an account. Please contact your lodge secretary.';
export const USERNAME_TAKEN = 'has already been taken';

export async function registrationStepOne(
  ctx: ServiceContext,
  actor: Actor,
  proof: MembershipProof,
  previousFlowToken: string | undefined,
  ip: string | null,
): Promise<{ flowToken: string; options: AuthenticationOption[] }> {
  const member = await proveMembership(ctx, actor, REGISTRATION_FLOW, proof, ip);
  // Active in the organisation the member proved membership of (DOMAIN.md: only active
  // members sign in), and no account yet: an existing member resets instead.
  if (member.status !== 'active' || member.partyLeftAt !== null) {
    throw parametersInvalid(REGISTRATION_FLOW, {}, NOT_ACTIVE_TO_REGISTER);
  }
  if (member.userId !== null) throw parametersInvalid(REGISTRATION_FLOW, {}, ALREADY_REGISTERED);
  return openFlow(ctx, REGISTRATION_FLOW, member, previousFlowToken);
}

export async function registrationStepTwo(
  ctx: ServiceContext,
  actor: Actor,
  flowToken: string | undefined,
  optionKey: string,
): Promise<{ anonymized: string }> {
  assertAllowed(mayProveMembership(actor));
  return sendCode(ctx, REGISTRATION_FLOW, flowToken, optionKey);
}

export async function registrationStepThree(
  ctx: ServiceContext,
  actor: Actor,
  flowToken: string | undefined,
  code: string,
): Promise<void> {
  assertAllowed(mayProveMembership(actor));
  await confirmCode(ctx, REGISTRATION_FLOW, flowToken, code);
}

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
    const taken = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', usernameKey(chosen))
      .executeTakeFirst();
    if (taken) errors.username = [USERNAME_TAKEN];
  }
  const party = await ctx.db
    .selectFrom('parties')
    .select(['first_name', 'middle_name', 'last_name', 'suffix', 'preferred_name'])
    .where('id', '=', partyId)
    .executeTakeFirstOrThrow();
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
 * Step four: the code again (so steps three and four cannot be split between browsers), then a
 * username and password. The account, the used code, the audit row and the session are written
 * together.
 */
export async function registrationStepFour(
  ctx: ServiceContext,
  actor: Actor,
  flowToken: string | undefined,
  input: NewAccountInput,
  meta: NewSessionMeta,
): Promise<SignedIn> {
  assertAllowed(mayProveMembership(actor));
  publicKeyOrFail(input.public_key);
  const flow = await checkCode(ctx, REGISTRATION_FLOW, flowToken, input.code);
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
  const now = Date.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      if (!(await consumeFlow(trx, flow.id, now))) throw new FlowExpiredError();
      const user = await trx
        .insertInto('users')
        .values({
          party_id: flow.party_id,
          username,
          username_key: usernameKey(username),
          password_hash: passwordHash,
          created_at: now,
          updated_at: now,
          last_sign_in_at: null,
          password_changed_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordIdentityEvent(
        trx,
        {
          action: 'user.registered',
          userId: user.id,
          ip: meta.ip,
          detail: { party_id: flow.party_id, contact: flow.contact_kind },
        },
        now,
      );
      return openSession({ ...ctx, db: trx }, user.id, input.public_key, meta);
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
      throw parametersInvalid(REGISTRATION_FLOW, {}, ALREADY_REGISTERED);
    }
    throw error;
  }
}
