import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Identity events kept in audit_log: who got an account, and when a password changed and how. */
export type IdentityAction = 'user.registered' | 'password.reset' | 'password.changed';

export interface IdentityAuditEntry {
  action: IdentityAction;
  userId: number;
  ip: string | null;
  /** Never a secret: no code, no password, no birth date. */
  detail?: Record<string, string | number | null>;
}

/** Written in the same transaction as the change it records. */
export async function recordIdentityEvent(
  db: Kysely<Database>,
  entry: IdentityAuditEntry,
  now = Date.now(),
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.userId,
      action: entry.action,
      subject_type: 'User',
      subject_id: entry.userId,
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
      ip: entry.ip,
      created_at: now,
    })
    .execute();
}
