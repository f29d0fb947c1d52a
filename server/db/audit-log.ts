/** Rows of `audit_log`: each written in the same transaction as the change it records. */
import type { Kysely } from 'kysely';
import type { AuditAction } from '../../common/schemas/console-dues.ts';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/**
 * Identity events kept in audit_log: who got an account, when a password changed and how, and
 * each sign-in with a password (signed in, a wrong password for an existing account, refused
 * because the membership is not active), so a secretary can see who tried a member's account.
 */
export type IdentityAction = Extract<
  AuditAction,
  | 'user.registered'
  | 'password.reset'
  | 'password.changed'
  | 'session.signed_in'
  | 'session.sign_in_failed'
  | 'session.sign_in_refused'
>;

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
      // The member it concerns, so a secretary's audit log shows it (D71).
      party_id: db.selectFrom('users').select('party_id').where('id', '=', entry.userId),
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
      // The club, its organisation and the member, so the console's audit log finds it (D71).
      club_id: db
        .selectFrom('dues_payments')
        .select('club_id')
        .where('id', '=', entry.duesPaymentId),
      organization_id: db
        .selectFrom('dues_payments as p')
        .innerJoin('clubs as c', 'c.id', 'p.club_id')
        .select('c.organization_id')
        .where('p.id', '=', entry.duesPaymentId),
      party_id: db
        .selectFrom('dues_payments')
        .select('party_id')
        .where('id', '=', entry.duesPaymentId),
      detail: JSON.stringify(entry.detail),
      ip: entry.ip,
      created_at: now,
    })
    .execute();
}

/**
 * What a console user changes (D63): settings, clubs, statuses, duties, officers, invitations
 * and dues. The roster import writes its own rows in batches (D64).
 */
export type ConsoleAction = Exclude<
  AuditAction,
  IdentityAction | 'dues.paid' | 'member.added' | 'member.updated' | 'roster.imported'
>;

export interface ConsoleAuditEntry {
  /** The console user's account. */
  actorUserId: number;
  action: ConsoleAction;
  subjectType: string;
  subjectId: number;
  organizationId: number;
  /** The club it concerns; null for a change of the whole organisation. */
  clubId: number | null;
  /** The member it concerns; none for a change of a club or an organisation. */
  partyId?: number | null;
  /** The changed values before and after; null for a creation (before) or a removal (after). */
  before: unknown;
  after: unknown;
  ip: string | null;
}

/** A console change in the audit log, written in the change's own transaction (D63, D71). */
export async function recordConsoleAudit(
  db: Db,
  entry: ConsoleAuditEntry,
  now: number,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      action: entry.action,
      subject_type: entry.subjectType,
      subject_id: entry.subjectId,
      organization_id: entry.organizationId,
      club_id: entry.clubId,
      party_id: entry.partyId ?? null,
      before_value: entry.before === null ? null : JSON.stringify(entry.before),
      after_value: entry.after === null ? null : JSON.stringify(entry.after),
      ip: entry.ip,
      created_at: now,
    })
    .execute();
}
