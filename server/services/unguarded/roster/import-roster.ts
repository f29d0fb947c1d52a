import type { Kysely } from 'kysely';
import { utcDateOf } from '../../../../common/event-time.ts';
import type { RosterRowError } from '../../../../common/schemas/console.ts';
import { deleteUserSessions } from '../../../auth/sessions.ts';
import { usersOfParties } from '../../../db/roster.ts';
import type { Database } from '../../../db/schema.ts';
import { mayWorkInOrganization } from '../../../policies/console.ts';
import type { ConsoleScope } from '../../../policies/console.ts';
import { recordSessionsEnded } from '../../../realtime/bus.ts';
import type { BusEvent } from '../../../realtime/bus.ts';
import { loadRosterSetting, rosterMembers } from './roster-data.ts';
import { readRoster } from './roster-csv.ts';
import { diffMember, RosterPlan } from './roster-diff.ts';
import { writeImportAudit, writeRosterPlan } from './roster-plan-writes.ts';

export interface RosterImportOptions {
  organizationId: number;
  dryRun: boolean;
  /** Which clubs rows may name: the console user's scope; the CLI passes { kind: 'all' }. */
  scope: ConsoleScope;
  /** Written to the audit log as the actor; null from the command line. */
  actorUserId: number | null;
  /** Called every few thousand rows, and once at the end, while checking and while writing. */
  onProgress?: (processedRows: number, totalRows: number) => void | Promise<void>;
  now?: number;
  /** Changed members held before their rows are written; default CHUNK_MEMBERS. */
  chunkMembers?: number;
}

export interface RosterImportOutcome {
  totalRows: number;
  added: number;
  updated: number;
  unchanged: number;
  /** Every row error, by line and column. */
  errors: RosterRowError[];
  /** False for a dry run, or when any error (then nothing changed). */
  committed: boolean;
  /** The whole file refused: no header, missing required column, too many rows, not UTF-8... */
  failure: string | null;
  /**
   * Sessions ended by a status change, recorded in the import's transaction; the caller hands
   * them to its bus (`publishAll`) so open streams close at once. Empty from a dry run.
   */
  busEvents: BusEvent[];
}

/** How often progress is told, in rows. */
const PROGRESS_EVERY = 5_000;
/** Changed members held before their rows are written (or, checking, counted and dropped). */
export const CHUNK_MEMBERS = 2_000;

/**
 * Checks a roster file (docs/roster-csv.md) against the organisation's rules and roster, and
 * unless it is a dry run or any row has an error, writes every change in one transaction with
 * its audit rows. Members are counted, not rows: a member of two clubs is one member.
 */
export async function importRoster(
  db: Kysely<Database>,
  csv: string,
  options: RosterImportOptions,
): Promise<RosterImportOutcome> {
  const now = options.now ?? Date.now();
  const outcome: RosterImportOutcome = {
    totalRows: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
    errors: [],
    committed: false,
    failure: null,
    busEvents: [],
  };
  if (!mayWorkInOrganization(options.scope, options.organizationId)) {
    return { ...outcome, failure: 'This organisation is not one you manage.' };
  }
  const setting = await loadRosterSetting(db, options.organizationId, options.scope);
  if (!setting) {
    return { ...outcome, failure: `There is no organisation ${options.organizationId}.` };
  }
  const file = readRoster(csv, setting.reference);
  outcome.totalRows = file.totalRows;
  outcome.errors = file.errors;
  if (file.failure !== null) return { ...outcome, failure: file.failure };

  let processed = 0;
  let told = 0;
  const progress = async (rows: number, finished = false): Promise<void> => {
    // Finished, every row counts, those with errors too: the bar ends full.
    processed = finished ? file.totalRows : processed + rows;
    if (options.onProgress && (finished || processed - told >= PROGRESS_EVERY)) {
      told = processed;
      await options.onProgress(processed, file.totalRows);
    }
  };
  await options.onProgress?.(0, file.totalRows);

  // Nothing will be written: a row is done once its member is compared.
  const checkOnly = options.dryRun || file.errors.length > 0;
  const totals = { added: 0, updated: 0, unchanged: 0 };
  const endedActiveParties: number[] = [];
  /**
   * The plan is written, or for a check only counted, every `chunk` changed members and
   * then let go, so memory holds one chunk of rows to write rather than the whole file's
   * (docs/decisions.md D72); all chunks share the one transaction, so it stays all or nothing.
   */
  const chunk = options.chunkMembers ?? CHUNK_MEMBERS;
  const work = async (trx: Kysely<Database>): Promise<void> => {
    let plan = new RosterPlan(setting, now, utcDateOf(now));
    const settle = async (): Promise<void> => {
      const counts = plan.counts();
      totals.added += counts.added;
      totals.updated += counts.updated;
      totals.unchanged += counts.unchanged;
      if (!checkOnly) {
        await writeRosterPlan(trx, plan, options.actorUserId, (rows) => progress(rows));
        endedActiveParties.push(...plan.endedActiveParties);
      }
      plan = new RosterPlan(setting, now, utcDateOf(now));
    };
    const byNumber = new Map(file.members.map((member) => [member.member_number, member]));
    // The map is the one reference left, so each member is let go once compared.
    file.members.length = 0;
    // The roster a page at a time: only members the file names are compared, then let go.
    for await (const stored of rosterMembers(trx, setting)) {
      const member = byNumber.get(stored.member_number);
      if (!member) continue;
      byNumber.delete(stored.member_number);
      diffMember(plan, member, stored);
      if (checkOnly || !plan.changed(member)) await progress(member.memberships.length);
      if (plan.added + plan.updated >= chunk) await settle();
    }
    for (const [number, member] of byNumber) {
      byNumber.delete(number);
      diffMember(plan, member, null);
      if (checkOnly) await progress(member.memberships.length);
      if (plan.added + plan.updated >= chunk) await settle();
    }
    await settle();
  };

  if (checkOnly) {
    await work(db);
    Object.assign(outcome, totals);
    await progress(0, true);
    return outcome;
  }
  await db.transaction().execute(async (trx) => {
    await work(trx);
    Object.assign(outcome, totals);
    await writeImportAudit(trx, setting.organizationId, totals, options.actorUserId, now);
    if (endedActiveParties.length) {
      const sessions = await endSessions(trx, endedActiveParties, now);
      outcome.busEvents.push(...sessions);
    }
  });
  outcome.committed = true;
  await progress(0, true);
  return outcome;
}

async function endSessions(
  trx: Kysely<Database>,
  partyIds: readonly number[],
  now: number,
): Promise<BusEvent[]> {
  const events: BusEvent[] = [];
  for (const user of await usersOfParties(trx, partyIds)) {
    const sessionIds = await deleteUserSessions(trx, user.id);
    const event = await recordSessionsEnded(trx, sessionIds, user.party_id, now);
    if (event) events.push(event);
  }
  return events;
}
