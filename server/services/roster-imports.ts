import type { RosterImport, RosterImportRequest } from '../../common/schemas/console.ts';
import type { Actor } from '../auth/actor.ts';
import { holdRowLock, isRowLockHeld } from '../db/advisory-locks.ts';
import { clubSummaryWithOrganization } from '../db/clubs.ts';
import { allOrganizations } from '../db/organizations.ts';
import {
  failRunningRosterImports,
  finishRosterImport,
  insertRosterImport,
  rosterImportById,
  runningRosterImportIds,
  setRosterImportProgress,
} from '../db/roster-imports.ts';
import { NotFoundError, httpRefusal } from '../errors.ts';
import { mayManageClub, mayWorkInOrganization } from '../policies/console.ts';
import type { ConsoleScope } from '../policies/console.ts';
import { presentRosterImport } from '../presenters/roster-import.ts';
import { publishAll } from '../realtime/bus.ts';
import { requireConsole } from './console-access.ts';
import type { ServiceContext } from './context.ts';
import { exportRoster } from './unguarded/roster/export-roster.ts';
import { importRoster } from './unguarded/roster/import-roster.ts';

/*
 * The roster import and export over HTTP (issue 23, docs/decisions.md D65): a console user
 * sends a CSV file; the import runs in the background in this process (services/background-
 * tasks.ts) on the actor-less core (services/unguarded/roster/, D64), and its row in
 * roster_imports carries the progress the browser polls and, at the end, the counts and errors.
 */

export const IMPORT_ALREADY_RUNNING =
  'An import of this organisation is already running. Wait for it to finish, then send the file again.';
export const IMPORT_INTERRUPTED =
  'The import was interrupted by a restart of the server. Send the file again.';
/** What the console user reads when the import broke; the cause goes to the log. */
export const IMPORT_BROKE = 'The import failed on the server; nothing was changed. Try again.';

/** An import this young may not hold its row's lock yet: no one calls it lost. */
const LOCK_GRACE_MS = 60_000;

/** Progress is written at most this often: enough for a progress bar, few writes. */
const PROGRESS_INTERVAL_MS = 500;

/** The organisation of a console call, or a 404 when it is none of the user's (or none at all). */
async function requireOrganization(
  ctx: ServiceContext,
  scope: ConsoleScope,
  organizationId: number,
): Promise<void> {
  const exists = (await allOrganizations(ctx.db)).some(({ id }) => id === organizationId);
  if (!exists || !mayWorkInOrganization(scope, organizationId)) throw new NotFoundError();
}

/**
 * POST /admin/roster_imports.json: records the import, starts it in the background and answers
 * it as running. A second real import of the organisation while one runs is a 409; checks
 * (dry runs) change nothing and may run beside anything.
 */
export async function startRosterImport(
  ctx: ServiceContext,
  actor: Actor,
  request: RosterImportRequest,
): Promise<RosterImport> {
  const { member, scope } = await requireConsole(ctx, actor);
  await requireOrganization(ctx, scope, request.organization_id);
  const row = await insertRosterImport(ctx.db, {
    organizationId: request.organization_id,
    userId: member.userId,
    dryRun: request.dry_run,
    now: Date.now(),
  });
  if (!row) throw httpRefusal(409, IMPORT_ALREADY_RUNNING);
  ctx.background.start(`roster import ${row.id}`, async () => {
    const lock = await holdRowLock(ctx.db, 'rosterImport', row.id);
    try {
      await runImport(ctx, row.id, request, scope, member.userId);
    } finally {
      await lock.release();
    }
  });
  return presentRosterImport(row);
}

async function runImport(
  ctx: ServiceContext,
  importId: number,
  request: RosterImportRequest,
  scope: ConsoleScope,
  actorUserId: number,
): Promise<void> {
  let lastWrite = 0;
  try {
    const outcome = await importRoster(ctx.db, request.csv, {
      organizationId: request.organization_id,
      dryRun: request.dry_run,
      scope,
      actorUserId,
      onProgress(processed, total) {
        const now = Date.now();
        if (now - lastWrite >= PROGRESS_INTERVAL_MS) {
          lastWrite = now;
          // Not awaited: the core may call this inside its transaction, and on SQLite the one
          // connection is the transaction's until it ends; the write waits its turn instead.
          setRosterImportProgress(ctx.db, importId, processed, total).catch(() => {
            // A lost progress step is shown by the next one, or by the end.
          });
        }
        // A turn of the event loop every few thousand rows, so other requests (the progress
        // poll among them) are read meanwhile: SQLite's queries never give it one.
        return new Promise<void>((resolve) => setImmediate(resolve));
      },
    });
    // Sessions the import ended (a member no longer active): open streams close now.
    await publishAll(ctx.bus, outcome.busEvents);
    await finishRosterImport(
      ctx.db,
      importId,
      {
        state: outcome.failure === null ? 'done' : 'failed',
        processedRows: outcome.failure === null ? outcome.totalRows : 0,
        totalRows: outcome.totalRows,
        added: outcome.added,
        updated: outcome.updated,
        unchanged: outcome.unchanged,
        errors: JSON.stringify(outcome.errors),
        committed: outcome.committed,
        failure: outcome.failure,
      },
      Date.now(),
    );
  } catch (error) {
    await finishRosterImport(
      ctx.db,
      importId,
      {
        state: 'failed',
        processedRows: 0,
        totalRows: 0,
        added: 0,
        updated: 0,
        unchanged: 0,
        errors: '[]',
        committed: false,
        failure: IMPORT_BROKE,
      },
      Date.now(),
    );
    // The background runner logs it.
    throw error;
  }
}

/** GET /admin/roster_imports/{id}.json: the import, to the user who started it or an administrator. */
export async function getRosterImport(
  ctx: ServiceContext,
  actor: Actor,
  importId: number,
): Promise<RosterImport> {
  const { member } = await requireConsole(ctx, actor);
  const row = await rosterImportById(ctx.db, importId);
  if (!row || (!member.isAdmin && row.user_id !== member.userId)) throw new NotFoundError();
  return presentRosterImport(row);
}

/**
 * Imports whose process ended before they did will never finish (D65): each runs holding its
 * row's lock, which PostgreSQL frees when the process's session ends, so an import marked
 * running whose lock is free has lost its process, whichever node it ran on (D77). Asked at
 * start and in the minute's sweep; an import started in the last minute may not hold its lock
 * yet and is left to the next sweep. On SQLite one process owns the file: at its start nothing
 * it left can still run.
 */
export async function failInterruptedRosterImports(ctx: ServiceContext): Promise<number> {
  const now = Date.now();
  const running = await runningRosterImportIds(
    ctx.db,
    ctx.engine === 'sqlite' ? now + 1 : now - LOCK_GRACE_MS,
  );
  const lost: number[] = [];
  for (const id of running) {
    if (!(await isRowLockHeld(ctx.db, 'rosterImport', id))) lost.push(id);
  }
  return failRunningRosterImports(ctx.db, lost, IMPORT_INTERRUPTED, now);
}

export interface RosterExport {
  filename: string;
  /** The CSV, header first, in chunks. */
  chunks: AsyncIterable<string>;
}

/**
 * GET /admin/roster_export.csv: the organisation's roster, or one club's, in the import's
 * format. A secretary gets the members of their clubs only; a club outside their scope is a 404.
 */
export async function exportRosterCsv(
  ctx: ServiceContext,
  actor: Actor,
  query: { organization_id: number; club_id?: number | undefined },
): Promise<RosterExport> {
  const { scope } = await requireConsole(ctx, actor);
  await requireOrganization(ctx, scope, query.organization_id);
  if (query.club_id !== undefined) {
    const club = await clubSummaryWithOrganization(ctx.db, query.club_id);
    if (
      !club ||
      club.organization_id !== query.organization_id ||
      !mayManageClub(scope, query.club_id)
    ) {
      throw new NotFoundError();
    }
  }
  const chunks = exportRoster(ctx.db, {
    organizationId: query.organization_id,
    scope,
    ...(query.club_id === undefined ? {} : { clubId: query.club_id }),
  });
  const day = new Date().toISOString().slice(0, 10);
  return { filename: `roster-${query.organization_id}-${day}.csv`, chunks };
}
