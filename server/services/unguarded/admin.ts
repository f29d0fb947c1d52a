import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { searchKeysOf } from '../../../common/member-search.ts';
import { usernameKey, usernameSchema } from '../../../common/schemas/username.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { insertParty } from '../../db/parties.ts';
import type { Database } from '../../db/schema.ts';
import { insertUser, makeAdmin, userByUsernameKey } from '../../db/users.ts';

export interface CreateAdminInput {
  username: string;
  /** When absent a random password is made and returned once. */
  password?: string | undefined;
}

export interface CreateAdminResult {
  username: string;
  created: boolean;
  generatedPassword?: string;
}

export class CreateAdminError extends Error {}

/**
 * Operator command, run from the shell by someone who already controls the server, so it takes
 * no Actor: makes an existing user an administrator, or creates an administrator account.
 */
export async function createAdmin(
  db: Kysely<Database>,
  input: CreateAdminInput,
): Promise<CreateAdminResult> {
  const parsed = usernameSchema.safeParse(input.username);
  if (!parsed.success) {
    throw new CreateAdminError(`The username ${parsed.error.issues[0]?.message ?? 'is invalid'}.`);
  }
  const username = parsed.data;
  if (input.password !== undefined && input.password.length < 12) {
    throw new CreateAdminError('The password must be at least 12 characters.');
  }
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    const existing = await userByUsernameKey(trx, usernameKey(username));
    if (existing) {
      await makeAdmin(trx, existing.id, now);
      return { username: existing.username, created: false };
    }
    const generatedPassword =
      input.password === undefined ? crypto.randomBytes(15).toString('base64url') : undefined;
    const passwordHash = await hashPassword(input.password ?? generatedPassword ?? '');
    const partyId = await insertParty(trx, {
      first_name: 'Site',
      last_name: 'Administrator',
      middle_name: null,
      suffix: null,
      preferred_name: null,
      ...searchKeysOf({ first_name: 'Site', last_name: 'Administrator' }),
      birth_date: null,
      avatar_key: null,
      avatar_medium_key: null,
      left_at: null,
      created_at: now,
      updated_at: now,
    });
    await insertUser(trx, {
      party_id: partyId,
      username,
      username_key: usernameKey(username),
      password_hash: passwordHash,
      is_admin: 1,
      created_at: now,
      updated_at: now,
      last_sign_in_at: null,
      password_changed_at: now,
    });
    return generatedPassword
      ? { username, created: true, generatedPassword }
      : { username, created: true };
  });
}
