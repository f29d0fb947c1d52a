import { formatCents } from '../money.ts';
import type { AuditAction } from '../schemas/console-dues.ts';

/**
 * The Lodge Office's dues and audit log screens (issue 23, D70, D71), in a secretary's words:
 * "dues", "paid", "owes", "record a payment", "history of changes"; never "party" or "row".
 */

// ---- Home cards ----
export const DUES_TITLE = 'Dues';
export const DUES_CARD_TEXT =
  'Set each year’s dues, bill the members, see who has paid and who owes, and record cash or cheques.';
export const OPEN_DUES = 'Open dues';
export const AUDIT_TITLE = 'History of changes';
export const AUDIT_CARD_TEXT =
  'Who changed what and when: settings, lodges, statuses, imports, duties, officers, dues, payments and sign-ins, with the values before and after.';
export const OPEN_AUDIT = 'Open the history';

// ---- The dues screen ----
export const DUES_LODGE = 'Lodge';
export const DUES_YEAR = 'Year';
export const DUES_AMOUNT_TITLE = 'Dues for the year';
export const duesAmountLabel = (year: number) => `Dues for ${year} (dollars)`;
export const DUES_NO_AMOUNT = 'No amount is set for this year yet.';
export const SAVE_AMOUNT = 'Save the amount';
export const amountSaved = (year: number, repriced: number) =>
  repriced === 0
    ? `The dues for ${year} are saved.`
    : `The dues for ${year} are saved. ${repriced} unpaid ${repriced === 1 ? 'bill now shows' : 'bills now show'} the new amount; paid ones keep what was paid.`;
export const BILL_MEMBERS = 'Bill the members';
export const billExplained = (year: number) =>
  `Gives every active member of the lodge who has no dues for ${year} yet that year’s dues.`;
export const billed = (count: number, year: number) =>
  count === 0
    ? `Every active member already has dues for ${year}.`
    : `${count} ${count === 1 ? 'member was' : 'members were'} billed for ${year}.`;
export const DUES_SHOW = 'Show';
export const DUES_SHOW_ALL = 'Everyone';
export const DUES_SHOW_OWES = 'Those who owe';
export const DUES_SHOW_PAID = 'Those who have paid this year';
export const duesTotals = (t: {
  members: number;
  paid: number;
  owing: number;
  owing_cents: number;
}) =>
  `${t.members} members: ${t.paid} paid this year, ${t.owing} owe ${formatCents(t.owing_cents)} in all.`;
export const DUES_CAPTION = 'Who has paid and who owes';
export const COLUMN_DUES_NAME = 'Name';
export const COLUMN_DUES_NUMBER = 'Member number';
export const columnYear = (year: number) => `${year}`;
export const COLUMN_ARREARS = 'Earlier years unpaid';
export const COLUMN_OWES = 'Owes';
export const COLUMN_ACTIONS = 'Payment';
export const NOT_BILLED = 'Not billed';
export const PAID = 'Paid';
export const owesYear = (cents: number) => `Owes ${formatCents(cents)}`;
export const NOTHING_OWED = 'Nothing';
export const RECORD_PAYMENT = 'Record payment';
export const recordPaymentFor = (name: string) => `Record payment for ${name}`;
export const DUES_EMPTY = 'Nobody here for this year and choice.';
export const LOADING_DUES = 'Loading the dues…';
export const DUES_LOAD_FAILED = 'The dues could not be loaded.';
export const DOWNLOAD_DUES = 'Download spreadsheet';
export const DUES_DOWNLOAD_FAILED = 'The download did not work. Please try again.';

// ---- Recording a payment ----
export const PAYMENT_METHOD = 'Paid by';
export const METHOD_CASH = 'Cash';
export const METHOD_CHEQUE = 'Cheque';
export const METHOD_ONLINE = 'Card, online';
export const PAYMENT_DATE = 'Date received';
export const PAYMENT_YEARS = 'Years it pays';
export const PAYMENT_NOTE = 'Note (for a cheque, its number)';
export const SAVE_PAYMENT = 'Save the payment';
export const paymentTotal = (cents: number) => `Total: ${formatCents(cents)}`;
export const NOTHING_TO_PAY = 'This member owes nothing at this lodge.';
export const PAYMENT_SAVED = 'The payment is recorded and the member’s dues are updated.';
export const PAYMENT_FAILED = 'The payment could not be recorded. Please try again.';
export const CHOOSE_A_YEAR = 'Choose at least one year.';
export const PAYMENTS_TITLE = 'Payments at this lodge';
export const paymentLine = (p: {
  method: string;
  amount_cents: number;
  paid_on: string | null;
  years: number[];
}) =>
  `${formatCents(p.amount_cents)} for ${p.years.join(', ')}, ${methodText(p.method).toLowerCase()}${p.paid_on ? `, ${p.paid_on}` : ''}`;
export const VOIDED = 'Void';
export const voidedBecause = (reason: string | null) => `Void: ${reason ?? ''}`;
export const VOID_PAYMENT = 'Void this payment';
export const VOID_REASON = 'Why is it void? (kept in the history)';
export const CONFIRM_VOID = 'Void it';
export const PAYMENT_VOIDED = 'The payment is void; its years are unpaid again.';
export const LOADING_MEMBER_DUES = 'Loading the member’s dues…';

export function methodText(method: string): string {
  if (method === 'cash') return METHOD_CASH;
  if (method === 'cheque') return METHOD_CHEQUE;
  return METHOD_ONLINE;
}

// ---- The audit log screen ----
export const AUDIT_FILTERS = 'Filter the history';
export const AUDIT_LODGE = 'Lodge';
export const AUDIT_ALL_LODGES = 'All your lodges';
export const AUDIT_KIND = 'Kind of change';
export const AUDIT_ANY_KIND = 'Any';
export const AUDIT_FROM = 'From (day)';
export const AUDIT_TO = 'To (day)';
export const auditMemberFilter = (name: string) => `Only changes about ${name}`;
export const AUDIT_CLEAR_MEMBER = 'Show everyone';
export const AUDIT_CAPTION = 'Changes, newest first';
export const COLUMN_WHEN = 'When';
export const COLUMN_KIND = 'What changed';
export const COLUMN_BY = 'By';
export const COLUMN_ABOUT = 'About';
export const AUDIT_SYSTEM = 'The system';
export const AUDIT_EMPTY = 'No changes match.';
export const LOADING_AUDIT = 'Loading the history…';
export const AUDIT_LOAD_FAILED = 'The history could not be loaded.';
export const SHOW_MORE = 'Show more';
export const DOWNLOAD_AUDIT = 'Download spreadsheet';

/** Each kind of change in words; an unknown one (a row of the past) shows its own name. */
export const AUDIT_ACTION_TEXT: Readonly<Record<AuditAction, string>> = {
  'organization.created': 'Organisation created',
  'organization.changed': 'Organisation settings changed',
  'club.created': 'Lodge added',
  'club.changed': 'Lodge details changed',
  'club.closed': 'Lodge closed',
  'membership.roles_changed': 'Duties changed',
  'officer_position.added': 'Office added',
  'officer_position.changed': 'Office changed',
  'officer_position.reordered': 'Offices reordered',
  'officer_position.removed': 'Office removed',
  'officer_term.appointed': 'Officer appointed',
  'officer_term.changed': 'Officer term changed',
  'invitations.sent': 'Invitations sent',
  'member.status_changed': 'Status changed',
  'member.added': 'Member added by import',
  'member.updated': 'Member updated by import',
  'roster.imported': 'Roster imported',
  'dues.rate_set': 'Dues amount set',
  'dues.billed': 'Members billed',
  'dues.paid': 'Dues paid online',
  'dues.payment_recorded': 'Payment recorded',
  'dues.payment_voided': 'Payment voided',
  'user.registered': 'Signed up',
  'password.reset': 'Password reset',
  'password.changed': 'Password changed',
  'session.signed_in': 'Signed in',
  'session.sign_in_failed': 'Wrong password at sign-in',
  'session.sign_in_refused': 'Sign-in refused: membership not active',
};

export function auditActionText(action: string): string {
  return (AUDIT_ACTION_TEXT as Readonly<Record<string, string>>)[action] ?? action;
}
