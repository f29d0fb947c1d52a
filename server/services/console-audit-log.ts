/**
 * The console's audit log (issue 23, docs/decisions.md D71): every console change, identity
 * event and dues payment, with who, when, what and the values before and after. An
 * administrator reads every row; a secretary the rows of their clubs and of those clubs'
 * members. Newest first, paged by a keyset on (created_at, id); also as CSV.
 */
import { stringify } from 'csv-stringify/sync';
import {
  AUDIT_CSV_MAX_ROWS,
  AUDIT_PAGE_SIZE,
  auditChanges,
} from '../../common/schemas/console-dues.ts';
import type { AuditAnswer, AuditEntry, AuditQuery } from '../../common/schemas/console-dues.ts';
import type { Actor } from '../auth/actor.ts';
import { auditPage } from '../db/console-audit-log.ts';
import type { AuditFilter } from '../db/console-audit-log.ts';
import { NotFoundError } from '../errors.ts';
import { mayManageClub, mayWorkInOrganization } from '../policies/console.ts';
import type { ConsoleScope } from '../policies/console.ts';
import { presentAuditEntry } from '../presenters/console-dues.ts';
import { requireConsole } from './console-access.ts';
import type { ServiceContext } from './context.ts';
import { CSV_WRITE_OPTIONS } from './unguarded/roster/roster-csv.ts';

const DAY_MS = 86_400_000;
const CSV_PAGE = 1_000;

function filterOf(scope: ConsoleScope, query: Omit<AuditQuery, 'before'>): AuditFilter {
  if (query.organization_id !== undefined && !mayWorkInOrganization(scope, query.organization_id)) {
    throw new NotFoundError('No such organization.');
  }
  if (query.club_id !== undefined && !mayManageClub(scope, query.club_id)) {
    throw new NotFoundError('No such club.');
  }
  return {
    withinClubIds: scope.kind === 'all' ? null : [...scope.clubIds],
    ...(query.organization_id === undefined ? {} : { organizationId: query.organization_id }),
    ...(query.club_id === undefined ? {} : { clubId: query.club_id }),
    ...(query.party_id === undefined ? {} : { partyId: query.party_id }),
    ...(query.action === undefined ? {} : { action: query.action }),
    // Days are UTC days, as the rows' instants are read back in the browser's own zone.
    ...(query.from === undefined ? {} : { from: Date.parse(`${query.from}T00:00:00Z`) }),
    ...(query.to === undefined ? {} : { to: Date.parse(`${query.to}T00:00:00Z`) + DAY_MS }),
  };
}

function cursorOf(text: string | undefined): AuditFilter['before'] {
  if (text === undefined) return undefined;
  const [createdAt, id] = text.split(':').map(Number);
  return { createdAt: createdAt ?? 0, id: id ?? 0 };
}

/** GET /admin/audit_log.json: a page of the rows the console user may read (D71). */
export async function auditLogPage(
  ctx: ServiceContext,
  actor: Actor,
  query: AuditQuery,
): Promise<AuditAnswer['data']> {
  const { scope } = await requireConsole(ctx, actor);
  const before = cursorOf(query.before);
  const filter = { ...filterOf(scope, query), ...(before ? { before } : {}) };
  const rows = await auditPage(ctx.db, filter, AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    entries: page.map(presentAuditEntry),
    next: rows.length > page.length && last ? `${Number(last.created_at)}:${last.id}` : null,
  };
}

export const AUDIT_CSV_COLUMNS = [
  'when',
  'action',
  'by',
  'club',
  'member',
  'subject',
  'changes',
  'detail',
] as const;

function csvRow(entry: AuditEntry): string[] {
  return [
    new Date(entry.created_at).toISOString(),
    entry.action,
    entry.actor?.name ?? '',
    entry.club?.name ?? '',
    entry.party?.name ?? '',
    entry.subject_type === null ? '' : `${entry.subject_type} ${entry.subject_id ?? ''}`.trim(),
    auditChanges(entry.before, entry.after)
      .map((change) => change.text)
      .join('; '),
    entry.detail === null ? '' : JSON.stringify(entry.detail),
  ];
}

/** GET /admin/audit_log.csv: the filtered rows as CSV, newest first, formula-guarded (D71). */
export async function auditLogCsv(
  ctx: ServiceContext,
  actor: Actor,
  query: Omit<AuditQuery, 'before'>,
): Promise<{ filename: string; chunks: AsyncGenerator<string> }> {
  const { scope } = await requireConsole(ctx, actor);
  const filter = filterOf(scope, query);
  async function* chunks(): AsyncGenerator<string> {
    yield stringify([[...AUDIT_CSV_COLUMNS]], CSV_WRITE_OPTIONS);
    let before: AuditFilter['before'];
    for (let written = 0; written < AUDIT_CSV_MAX_ROWS;) {
      const limit = Math.min(CSV_PAGE, AUDIT_CSV_MAX_ROWS - written);
      const rows = await auditPage(ctx.db, { ...filter, ...(before ? { before } : {}) }, limit);
      if (rows.length === 0) return;
      yield stringify(rows.map(presentAuditEntry).map(csvRow), CSV_WRITE_OPTIONS);
      written += rows.length;
      const last = rows[rows.length - 1];
      if (!last || rows.length < limit) return;
      before = { createdAt: Number(last.created_at), id: last.id };
    }
  }
  const day = new Date().toISOString().slice(0, 10);
  return { filename: `audit-log-${day}.csv`, chunks: chunks() };
}
