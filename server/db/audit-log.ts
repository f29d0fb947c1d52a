/** Rows of `audit_log`: each written in the same transaction as the change it records. */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** Identity events kept in audit_log: who got an account, and when a password changed and how. */
export type IdentityAction = 'user.registered' | 'password.reset' | 'password.changed';

export interface IdentityAuditEntry {
  action: IdentityAction;
  userId: number;
  ip: string | null;
  /** Never a secret: no code, no password, no birth date. */
  detail?: Record<string, string | number | null>;
}

export async function recordIdentityEvent(
  db: Db,
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

export interface DuesPaidEntry {
  /** The paying member's account, or null when they have none. */
  userId: number | null;
  duesPaymentId: number;
  ip: string | null;
  /** What the treasurer needs to match the provider's records; never a card number. */
  detail: Record<string, unknown>;
}

/** A dues payment completed (docs/decisions.md D50). */
export async function recordDuesPaid(db: Db, entry: DuesPaidEntry, now: number): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.userId,
      action: 'dues.paid',
      subject_type: 'DuesPayment',
      subject_id: entry.duesPaymentId,
      detail: JSON.stringify(entry.detail),
      ip: entry.ip,
      created_at: now,
    })
    .execute();
}
