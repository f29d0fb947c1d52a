import { localDateOf } from '../../common/event-time.ts';
import { recordConsoleAudit } from '../db/audit-log.ts';
import { displayName } from '../../common/display-name.ts';
import type {
  ClubOfficersAnswer,
  OfficerPositionCreate,
  OfficerPositionOrder,
  OfficerPositionUpdate,
  OfficerTermCreate,
  OfficerTermUpdate,
} from '../../common/schemas/console-officers.ts';
import type { Actor, Member } from '../auth/actor.ts';
import { membershipsInOrganization } from '../db/console-members.ts';
import {
  clubForOfficers,
  deletePosition,
  insertPosition,
  insertTerm,
  positionById,
  positionsOfClub,
  setPositionOrder,
  termById,
  termsOfClub,
  termsOfPosition,
  updatePosition,
  updateTermDates,
} from '../db/console-officers.ts';
import type { ConsoleAuditEntry } from '../db/audit-log.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { mayManageClub, mayManageMember } from '../policies/console.ts';
import type { ConsoleScope } from '../policies/console.ts';
import { requireConsole } from './console-access.ts';
import type { ServiceContext } from './context.ts';

/*
 * A club's officers in the console (issue 23, docs/decisions.md D69): positions in order, their
 * holders with dates, and the history. The club home reads the same tables on every request
 * (db/clubs.ts currentOfficers, nothing cached), so a change shows there at once.
 */

export const NO_SUCH_CLUB = 'No such club.';
export const NO_SUCH_POSITION = 'No such position.';
export const NO_SUCH_TERM = 'No such term.';
export const NO_SUCH_MEMBER = 'No such member.';
export const TITLE_TAKEN = 'The club already has a position with this title.';
export const POSITION_HAS_HISTORY =
  'This position has had holders; retire it instead, so its history stays.';
export const POSITION_HELD = 'End the current term first, then retire the position.';
export const POSITION_RETIRED = 'This position is retired; bring it back first.';
export const ORDER_NOT_COMPLETE = "List every one of the club's positions in use, once each.";

type Db = ServiceContext['db'];
type Club = NonNullable<Awaited<ReturnType<typeof clubForOfficers>>>;
type TermRow = Awaited<ReturnType<typeof termsOfPosition>>[number];

/** The club, when it is the console user's; otherwise the 404 of a club that does not exist. */
async function managedClub(ctx: ServiceContext, scope: ConsoleScope, clubId: number) {
  const club = await clubForOfficers(ctx.db, clubId);
  if (!club || !mayManageClub(scope, club.id)) throw new NotFoundError(NO_SUCH_CLUB);
  return club;
}

async function managedPosition(ctx: ServiceContext, scope: ConsoleScope, positionId: number) {
  const position = await positionById(ctx.db, positionId);
  if (!position || !mayManageClub(scope, position.club_id)) {
    throw new NotFoundError(NO_SUCH_POSITION);
  }
  return { position, club: await managedClub(ctx, scope, position.club_id) };
}

function todayAt(club: Club): string {
  return localDateOf(Date.now(), club.time_zone_id);
}

function covers(term: Pick<TermRow, 'from_date' | 'to_date'>, today: string): boolean {
  return term.from_date <= today && (term.to_date === null || term.to_date >= today);
}

function assertNoTitleTwice(
  positions: readonly { id: number; title: string }[],
  title: string,
  exceptId: number | null,
) {
  const folded = title.toLocaleLowerCase();
  if (positions.some((p) => p.id !== exceptId && p.title.toLocaleLowerCase() === folded)) {
    throw new ValidationError({ title: [TITLE_TAKEN] });
  }
}

/** A change's audit row: who made it, in which club, and what changed (D63). */
function audit(
  db: Db,
  where: { member: Member; club: Club; ip: string | null },
  change: Pick<ConsoleAuditEntry, 'action' | 'subjectType' | 'subjectId' | 'before' | 'after'> & {
    partyId?: number | null;
  },
): Promise<void> {
  return recordConsoleAudit(
    db,
    {
      ...change,
      actorUserId: where.member.userId,
      organizationId: where.club.organization_id,
      clubId: where.club.id,
      partyId: change.partyId ?? null,
      ip: where.ip,
    },
    Date.now(),
  );
}

/** GET /admin/officers.json?club_id=: positions in order, holders and history. */
export async function clubOfficers(
  ctx: ServiceContext,
  actor: Actor,
  clubId: number,
): Promise<ClubOfficersAnswer['data']> {
  const { scope } = await requireConsole(ctx, actor);
  const club = await managedClub(ctx, scope, clubId);
  return officersOf(ctx, club);
}

async function officersOf(ctx: ServiceContext, club: Club): Promise<ClubOfficersAnswer['data']> {
  const today = todayAt(club);
  const [positions, terms] = await Promise.all([
    positionsOfClub(ctx.db, club.id),
    termsOfClub(ctx.db, club.id),
  ]);
  const inUse = positions.filter((p) => p.retired_on === null);
  const retired = positions.filter((p) => p.retired_on !== null);
  return {
    club: {
      id: club.id,
      organization_id: club.organization_id,
      name: club.name,
      subdomain: club.subdomain,
      today,
    },
    positions: [...inUse, ...retired].map((position) => {
      const own = terms.filter((t) => t.officer_position_id === position.id);
      return {
        id: position.id,
        title: position.title,
        sort_order: position.sort_order,
        retired_on: position.retired_on,
        terms: own.map((term) => ({
          id: term.id,
          party_id: term.party_id,
          name:
            term.first_name !== null && term.last_name !== null
              ? displayName({ ...term, preferred_name: null })
              : (term.full_name ?? ''),
          from_date: term.from_date,
          to_date: term.to_date,
          current: covers(term, today),
        })),
        abilities: {
          remove: own.length === 0,
          retire: position.retired_on === null && !own.some((t) => covers(t, today)),
        },
      };
    }),
  };
}

/** POST /admin/officer_positions.json: a new position of the club, last in order. */
export async function addOfficerPosition(
  ctx: ServiceContext,
  actor: Actor,
  body: OfficerPositionCreate,
  ip: string | null,
): Promise<ClubOfficersAnswer['data']> {
  const { member, scope } = await requireConsole(ctx, actor);
  const club = await managedClub(ctx, scope, body.club_id);
  await ctx.db.transaction().execute(async (trx) => {
    const positions = await positionsOfClub(trx, club.id);
    assertNoTitleTwice(positions, body.title, null);
    const sortOrder = Math.max(0, ...positions.map((p) => p.sort_order)) + 1;
    const id = await insertPosition(trx, { clubId: club.id, title: body.title, sortOrder });
    await audit(
      trx,
      { member, club, ip },
      {
        action: 'officer_position.added',
        subjectType: 'OfficerPosition',
        subjectId: id,
        before: null,
        after: { title: body.title, sort_order: sortOrder },
      },
    );
  });
  return officersOf(ctx, club);
}

/** PUT /admin/officer_positions/{id}.json: rename, retire, or bring back a retired position. */
export async function changeOfficerPosition(
  ctx: ServiceContext,
  actor: Actor,
  positionId: number,
  body: OfficerPositionUpdate,
  ip: string | null,
): Promise<ClubOfficersAnswer['data']> {
  const { member, scope } = await requireConsole(ctx, actor);
  const { position, club } = await managedPosition(ctx, scope, positionId);
  await ctx.db.transaction().execute(async (trx) => {
    const change: { title?: string; retired_on?: string | null } = {};
    if (body.title !== undefined && body.title !== position.title) {
      assertNoTitleTwice(await positionsOfClub(trx, club.id), body.title, position.id);
      change.title = body.title;
    }
    if (body.retired_on !== undefined && body.retired_on !== position.retired_on) {
      if (body.retired_on !== null && position.retired_on === null) {
        const terms = await termsOfPosition(trx, position.id);
        if (terms.some((t) => covers(t, todayAt(club)))) {
          throw new ValidationError({ retired_on: [POSITION_HELD] });
        }
      }
      change.retired_on = body.retired_on;
    }
    if (Object.keys(change).length === 0) return;
    await updatePosition(trx, position.id, change);
    await audit(
      trx,
      { member, club, ip },
      {
        action: 'officer_position.changed',
        subjectType: 'OfficerPosition',
        subjectId: position.id,
        before: Object.fromEntries(
          Object.keys(change).map((key) => [key, position[key as keyof typeof change]]),
        ),
        after: change,
      },
    );
  });
  return officersOf(ctx, club);
}

/** PUT /admin/officer_position_order.json: the club's positions in use, in order. */
export async function reorderOfficerPositions(
  ctx: ServiceContext,
  actor: Actor,
  body: OfficerPositionOrder,
  ip: string | null,
): Promise<ClubOfficersAnswer['data']> {
  const { member, scope } = await requireConsole(ctx, actor);
  const club = await managedClub(ctx, scope, body.club_id);
  await ctx.db.transaction().execute(async (trx) => {
    const positions = await positionsOfClub(trx, club.id);
    const inUse = positions.filter((p) => p.retired_on === null).map((p) => p.id);
    const given = new Set(body.position_ids);
    if (given.size !== body.position_ids.length || given.size !== inUse.length) {
      throw new ValidationError({ position_ids: [ORDER_NOT_COMPLETE] });
    }
    if (inUse.some((id) => !given.has(id))) {
      throw new ValidationError({ position_ids: [ORDER_NOT_COMPLETE] });
    }
    // Retired positions keep their places after the ones in use.
    const retired = positions.filter((p) => p.retired_on !== null).map((p) => p.id);
    await setPositionOrder(trx, club.id, [...body.position_ids, ...retired]);
    await audit(
      trx,
      { member, club, ip },
      {
        action: 'officer_position.reordered',
        subjectType: 'Club',
        subjectId: club.id,
        before: { position_ids: inUse },
        after: { position_ids: body.position_ids },
      },
    );
  });
  return officersOf(ctx, club);
}

/** DELETE /admin/officer_positions/{id}.json: only a position that never had a holder. */
export async function removeOfficerPosition(
  ctx: ServiceContext,
  actor: Actor,
  positionId: number,
  ip: string | null,
): Promise<ClubOfficersAnswer['data']> {
  const { member, scope } = await requireConsole(ctx, actor);
  const { position, club } = await managedPosition(ctx, scope, positionId);
  await ctx.db.transaction().execute(async (trx) => {
    if ((await termsOfPosition(trx, position.id)).length > 0) {
      throw new ValidationError({ base: [POSITION_HAS_HISTORY] });
    }
    await deletePosition(trx, position.id);
    await audit(
      trx,
      { member, club, ip },
      {
        action: 'officer_position.removed',
        subjectType: 'OfficerPosition',
        subjectId: position.id,
        before: { title: position.title, sort_order: position.sort_order },
        after: null,
      },
    );
  });
  return officersOf(ctx, club);
}

/**
 * POST /admin/officer_terms.json: appoints a holder to a position. A member of the roster must
 * be the console user's (a member, now or before, of one of their clubs) and in the club's
 * organisation; someone outside the roster is named by `full_name` alone.
 */
export async function appointOfficer(
  ctx: ServiceContext,
  actor: Actor,
  body: OfficerTermCreate,
  ip: string | null,
): Promise<ClubOfficersAnswer['data']> {
  const { member, scope } = await requireConsole(ctx, actor);
  const { position, club } = await managedPosition(ctx, scope, body.position_id);
  if (position.retired_on !== null) throw new ValidationError({ base: [POSITION_RETIRED] });
  if (body.party_id !== null) {
    const memberships = await membershipsInOrganization(
      ctx.db,
      club.organization_id,
      body.party_id,
    );
    const clubIds = [...new Set(memberships.map((m) => m.club_id))];
    if (clubIds.length === 0 || !mayManageMember(scope, clubIds)) {
      throw new ValidationError({ party_id: [NO_SUCH_MEMBER] });
    }
  }
  const fullName = body.party_id === null ? body.full_name : null;
  await ctx.db.transaction().execute(async (trx) => {
    const id = await insertTerm(trx, {
      positionId: position.id,
      partyId: body.party_id,
      fullName,
      fromDate: body.from_date,
      toDate: body.to_date,
    });
    await audit(
      trx,
      { member, club, ip },
      {
        action: 'officer_term.appointed',
        subjectType: 'OfficerTerm',
        subjectId: id,
        partyId: body.party_id,
        before: null,
        after: {
          position: position.title,
          party_id: body.party_id,
          full_name: fullName,
          from_date: body.from_date,
          to_date: body.to_date,
        },
      },
    );
  });
  return officersOf(ctx, club);
}

/** PUT /admin/officer_terms/{id}.json: corrects a term's dates or ends it (a `to_date`). */
export async function changeOfficerTerm(
  ctx: ServiceContext,
  actor: Actor,
  termId: number,
  body: OfficerTermUpdate,
  ip: string | null,
): Promise<ClubOfficersAnswer['data']> {
  const { member, scope } = await requireConsole(ctx, actor);
  const term = await termById(ctx.db, termId);
  if (!term || !mayManageClub(scope, term.club_id)) throw new NotFoundError(NO_SUCH_TERM);
  const club = await managedClub(ctx, scope, term.club_id);
  if (term.from_date !== body.from_date || term.to_date !== body.to_date) {
    await ctx.db.transaction().execute(async (trx) => {
      await updateTermDates(trx, term.id, body);
      await audit(
        trx,
        { member, club, ip },
        {
          action: 'officer_term.changed',
          subjectType: 'OfficerTerm',
          subjectId: term.id,
          partyId: term.party_id,
          before: { from_date: term.from_date, to_date: term.to_date },
          after: { from_date: body.from_date, to_date: body.to_date },
        },
      );
    });
  }
  return officersOf(ctx, club);
}
