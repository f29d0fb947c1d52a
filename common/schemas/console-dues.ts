import { z } from 'zod';
import { isoDateSchema } from './console.ts';
import { clubDuesItemSchema } from './dues.ts';
import { recordIdParamSchema, recordIdSchema } from './record-id.ts';

/*
 * Dues in the secretary's console (issue 23, docs/decisions.md D70) and the audit log (D71).
 * Money is integer cents here: the console is ours, not the spec's client, so it needs no
 * dollars beside them (D50's `amount` is for that client).
 */

export const DUES_YEAR_MIN = 1900;
export const DUES_YEAR_MAX = 2200;
/** The largest yearly amount, $100,000.00: a typo of a few zeros is refused, not billed. */
export const DUES_AMOUNT_MAX_CENTS = 10_000_000;
export const DUES_REPORT_PAGE_SIZE = 100;
export const DUES_NOTE_MAX = 200;
export const VOID_REASON_MAX = 500;

const yearSchema = z.number().int().min(DUES_YEAR_MIN).max(DUES_YEAR_MAX);
const yearParamSchema = z.coerce.number().int().min(DUES_YEAR_MIN).max(DUES_YEAR_MAX);

// ---- The amount and billing: PUT /admin/dues/rate.json, POST /admin/dues/bill.json ----------

export const duesRateBodySchema = z.object({
  club_id: recordIdSchema,
  year: yearSchema,
  amount_cents: z.number().int().min(0).max(DUES_AMOUNT_MAX_CENTS),
});
export type DuesRateBody = z.infer<typeof duesRateBodySchema>;

export const duesRateAnswerSchema = z.object({
  data: z.object({
    rate: z.object({
      club_id: z.number().int(),
      year: z.number().int(),
      amount_cents: z.number().int(),
    }),
    /** Unpaid rows of that year now at the new amount (paid ones keep theirs, D70). */
    repriced: z.number().int(),
  }),
});
export type DuesRateAnswer = z.infer<typeof duesRateAnswerSchema>;

export const duesBillBodySchema = z.object({ club_id: recordIdSchema, year: yearSchema });
export type DuesBillBody = z.infer<typeof duesBillBodySchema>;

export const duesBillAnswerSchema = z.object({
  data: z.object({ billed: z.number().int(), amount_cents: z.number().int() }),
});
export type DuesBillAnswer = z.infer<typeof duesBillAnswerSchema>;

// ---- The report: GET /admin/dues.json (a page) and /admin/dues.csv (all) --------------------

export const DUES_REPORT_FILTERS = ['all', 'owes', 'paid'] as const;

export const duesReportQuerySchema = z.object({
  club_id: recordIdParamSchema,
  year: yearParamSchema,
  show: z.enum(DUES_REPORT_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type DuesReportQuery = z.infer<typeof duesReportQuerySchema>;

export const duesReportCsvQuerySchema = duesReportQuerySchema.omit({ page: true });
export type DuesReportCsvQuery = z.infer<typeof duesReportCsvQuerySchema>;

/** One member of the club in the year's report. */
export const duesReportRowSchema = z.object({
  party_id: z.number().int(),
  display_name: z.string(),
  member_number: z.string().nullable(),
  /** The year's dues: null when the member was not billed for it. */
  year_amount_cents: z.number().int().nullable(),
  year_paid: z.boolean(),
  /** Unpaid years before the report's year. */
  arrears_years: z.array(z.number().int()),
  arrears_cents: z.number().int(),
  /** The year's unpaid dues plus the arrears. */
  owes_cents: z.number().int(),
});
export type DuesReportRow = z.infer<typeof duesReportRowSchema>;

export const duesReportAnswerSchema = z.object({
  data: z.object({
    club: z.object({ id: z.number().int(), name: z.string() }),
    year: z.number().int(),
    /** The club's amount for the year; null until one is set. */
    amount_cents: z.number().int().nullable(),
    totals: z.object({
      members: z.number().int(),
      paid: z.number().int(),
      owing: z.number().int(),
      owing_cents: z.number().int(),
    }),
    members: z.array(duesReportRowSchema),
    has_more: z.boolean(),
  }),
});
export type DuesReportAnswer = z.infer<typeof duesReportAnswerSchema>;

// ---- A member at a club: GET /admin/dues/members/{party_id}.json?club_id= --------------------

export const PAYMENT_METHODS = ['cash', 'cheque'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);

export const consoleDuesPaymentSchema = z.object({
  id: z.number().int(),
  /** online, cash or cheque. */
  method: z.string(),
  /** pending, paid, cancelled, failed or void. */
  status: z.string(),
  amount_cents: z.number().int(),
  years: z.array(z.number().int()),
  /** The day it was paid: an in-person payment's date, or the day an online one completed. */
  paid_on: z.string().nullable(),
  note: z.string().nullable(),
  void_reason: z.string().nullable(),
  /** Whether the console may void it: a paid payment taken in person. */
  may_void: z.boolean(),
});
export type ConsoleDuesPayment = z.infer<typeof consoleDuesPaymentSchema>;

export const memberDuesParamsSchema = z.object({ party_id: recordIdParamSchema });
export const memberDuesQuerySchema = z.object({ club_id: recordIdParamSchema });

export const memberDuesSchema = z.object({
  party_id: z.number().int(),
  display_name: z.string(),
  /** The same rows and totals as the member's own GET /club_dues shows for this club. */
  club_dues: clubDuesItemSchema,
  payments: z.array(consoleDuesPaymentSchema),
});
export type MemberDues = z.infer<typeof memberDuesSchema>;

export const memberDuesAnswerSchema = z.object({ data: z.object({ member: memberDuesSchema }) });
export type MemberDuesAnswer = z.infer<typeof memberDuesAnswerSchema>;

// ---- In person: POST /admin/dues/payments.json, POST /admin/dues/payments/{id}/void.json ----

export const inPersonPaymentBodySchema = z.object({
  club_id: recordIdSchema,
  party_id: recordIdSchema,
  method: paymentMethodSchema,
  paid_on: isoDateSchema,
  /** The unpaid years it covers; the amount is theirs (D70). */
  years: z.array(yearSchema).min(1, 'Choose at least one year.').max(100),
  note: z.string().trim().max(DUES_NOTE_MAX).default(''),
});
export type InPersonPaymentBody = z.input<typeof inPersonPaymentBodySchema>;

export const paymentParamsSchema = z.object({ payment_id: recordIdParamSchema });

export const voidPaymentBodySchema = z.object({
  reason: z.string().trim().min(1, "Can't be blank.").max(VOID_REASON_MAX),
});
export type VoidPaymentBody = z.infer<typeof voidPaymentBodySchema>;

// ---- The audit log: GET /admin/audit_log.json and /admin/audit_log.csv ---------------------

export const AUDIT_PAGE_SIZE = 50;
/** The CSV export's limit; narrower filters fetch the rest. */
export const AUDIT_CSV_MAX_ROWS = 50_000;

/**
 * Every kind of row the audit log holds: the writers in server/db/audit-log.ts take only these,
 * and the screen's filter offers them (the query takes any action name, for rows of the past).
 */
export const AUDIT_ACTIONS = [
  'organization.created',
  'organization.changed',
  'club.created',
  'club.changed',
  'club.closed',
  'member.status_changed',
  'member.added',
  'member.updated',
  'roster.imported',
  'membership.roles_changed',
  'officer_position.added',
  'officer_position.changed',
  'officer_position.reordered',
  'officer_position.removed',
  'officer_term.appointed',
  'officer_term.changed',
  'invitations.sent',
  'dues.rate_set',
  'dues.billed',
  'dues.paid',
  'dues.payment_recorded',
  'dues.payment_voided',
  'user.registered',
  'password.reset',
  'password.changed',
  'session.signed_in',
  'session.sign_in_failed',
  'session.sign_in_refused',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const cursorPattern = /^\d{1,16}:\d{1,10}$/;

export const auditQuerySchema = z.object({
  organization_id: recordIdParamSchema.optional(),
  club_id: recordIdParamSchema.optional(),
  party_id: recordIdParamSchema.optional(),
  action: z
    .string()
    .trim()
    .regex(/^[a-z_.]{1,60}$/, 'Unknown kind.')
    .optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  /** `created_at:id` of the last row seen: the page after it (newest first). */
  before: z.string().regex(cursorPattern, 'Not a cursor.').optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditCsvQuerySchema = auditQuerySchema.omit({ before: true });

const namedSchema = z.object({ id: z.number().int(), name: z.string() });
const changedValuesSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.number().int(),
  action: z.string(),
  /** Who did it: null for the command line and the system. */
  actor: namedSchema.nullable(),
  club: namedSchema.nullable(),
  /** The member it concerns. */
  party: namedSchema.nullable(),
  subject_type: z.string().nullable(),
  subject_id: z.number().int().nullable(),
  before: changedValuesSchema,
  after: changedValuesSchema,
  detail: changedValuesSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditAnswerSchema = z.object({
  data: z.object({
    entries: z.array(auditEntrySchema),
    /** The `before` of the next page; null at the end. */
    next: z.string().nullable(),
  }),
});
export type AuditAnswer = z.infer<typeof auditAnswerSchema>;

/** One changed value of an audit row, in words: `field: before → after`. */
export interface AuditChange {
  field: string;
  /** Null when the row keeps no value before (a payment recorded, a billing). */
  before: string | null;
  after: string;
  /** The line as the screen and the CSV say it. */
  text: string;
}

function valueInWords(value: unknown, cents: boolean): string {
  if (value === undefined || value === null || value === '') return '(none)';
  if (cents && typeof value === 'number') return `$${(value / 100).toFixed(2)}`;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((item) => valueInWords(item, cents)).join(', ');
  return JSON.stringify(value);
}

/**
 * The fields an audit row's before and after values name, each with both sides in words (an
 * amount in cents as dollars); a field only on one side was added or removed. The screen and
 * the CSV say the same (D71).
 */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((key) => {
    const cents = key.endsWith('_cents');
    const field = (cents ? key.slice(0, -'_cents'.length) : key).replaceAll('_', ' ');
    const was = before === null ? null : valueInWords(before[key], cents);
    const now = valueInWords(after?.[key], cents);
    return {
      field,
      before: was,
      after: now,
      text: was === null ? `${field}: ${now}` : `${field}: ${was} → ${now}`,
    };
  });
}
