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
import { writeRosterPlan } from './roster-plan-writes.ts';

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
  const progress = async (rows: number, force = false): Promise<void> => {
    processed += rows;
    if (options.onProgress && (force || processed - told >= PROGRESS_EVERY)) {
      told = processed;
      await options.onProgress(processed, file.totalRows);
    }
  };
  await options.onProgress?.(0, file.totalRows);

  const work = async (trx: Kysely<Database>): Promise<RosterPlan> => {
    const plan = new RosterPlan(setting, now, utcDateOf(now));
    const byNumber = new Map(file.members.map((member) => [member.member_number, member]));
    // The roster a page at a time: only members the file names are compared, then let go.
    for await (const stored of rosterMembers(trx, setting)) {
      const member = byNumber.get(stored.member_number);
      if (!member) continue;
      byNumber.delete(stored.member_number);
      diffMember(plan, member, stored);
      if (options.dryRun || !plan.changed(member)) await progress(member.memberships.length);
    }
    for (const member of byNumber.values()) {
      diffMember(plan, member, null);
      if (options.dryRun) await progress(member.memberships.length);
    }
    return plan;
  };

  if (options.dryRun || file.errors.length > 0) {
    const plan = await work(db);
    Object.assign(outcome, plan.counts());
    await progress(0, true);
    return outcome;
  }
  await db.transaction().execute(async (trx) => {
    const plan = await work(trx);
    Object.assign(outcome, plan.counts());
    await writeRosterPlan(trx, plan, options.actorUserId, (rows) => progress(rows));
    if (plan.endedActiveParties.length) {
      const sessions = await endSessions(trx, plan.endedActiveParties, now);
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
