import { displayName } from '../../common/display-name.ts';
import type { PersonName } from '../../common/display-name.ts';
import type {
  AuditEntry,
  ConsoleDuesPayment,
  DuesReportRow,
} from '../../common/schemas/console-dues.ts';
import type { AuditRow } from '../db/console-audit-log.ts';

/** A row of the year's report as the console reads it (D70). */
export interface DuesReportStored extends PersonName {
  party_id: number;
  member_number: string | null;
  year_amount_cents: number | null;
  year_paid_at: number | null;
  arrears_cents: number | string | bigint | null;
}

export function presentDuesReportRow(
  row: DuesReportStored,
  arrearsYears: readonly number[],
): DuesReportRow {
  const arrears = Number(row.arrears_cents ?? 0);
  const yearOwed = row.year_amount_cents !== null && row.year_paid_at === null;
  return {
    party_id: row.party_id,
    display_name: displayName(row),
    member_number: row.member_number,
    year_amount_cents: row.year_amount_cents,
    year_paid: row.year_paid_at !== null,
    arrears_years: [...arrearsYears],
    arrears_cents: arrears,
    owes_cents: (yearOwed ? (row.year_amount_cents ?? 0) : 0) + arrears,
  };
}

export interface StoredPayment {
  id: number;
  method: string;
  status: string;
  amount_cents: number;
  paid_on: string | null;
  completed_at: number | null;
  note: string | null;
  void_reason: string | null;
}

export function presentConsolePayment(
  payment: StoredPayment,
  years: readonly number[],
): ConsoleDuesPayment {
  return {
    id: payment.id,
    method: payment.method,
    status: payment.status,
    amount_cents: payment.amount_cents,
    years: [...years],
    paid_on:
      payment.paid_on ??
      (payment.completed_at === null
        ? null
        : new Date(payment.completed_at).toISOString().slice(0, 10)),
    note: payment.note,
    void_reason: payment.void_reason,
    may_void: payment.status === 'paid' && payment.method !== 'online',
  };
}

function parsedObject(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value };
  } catch {
    return { value: text };
  }
}

/** An audit row with names instead of ids (D71); the IP address stays on the server. */
export function presentAuditEntry(row: AuditRow): AuditEntry {
  const actorName =
    row.actor_last_name !== null || row.actor_first_name !== null
      ? displayName({
          first_name: row.actor_first_name,
          middle_name: row.actor_middle_name,
          last_name: row.actor_last_name,
          suffix: row.actor_suffix,
          preferred_name: row.actor_preferred_name,
        })
      : (row.actor_username ?? '');
  return {
    id: row.id,
    created_at: Number(row.created_at),
    action: row.action,
    actor: row.actor_user_id === null ? null : { id: row.actor_user_id, name: actorName },
    club:
      row.club_id === null || row.club_name === null
        ? null
        : { id: row.club_id, name: row.club_name },
    party: row.party_id === null ? null : { id: row.party_id, name: displayName(row) },
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    before: parsedObject(row.before_value),
    after: parsedObject(row.after_value),
    detail: parsedObject(row.detail),
  };
}
