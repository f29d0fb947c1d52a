import { searchTokens } from '../../common/member-search.ts';
import { recordConsoleAudit } from '../db/audit-log.ts';
import { ROSTER_PAGE_SIZE } from '../../common/schemas/console.ts';
import type {
  ConsoleMember,
  MemberStatusChange,
  RosterAnswer,
  RosterQuery,
} from '../../common/schemas/console.ts';
import type { Actor } from '../auth/actor.ts';
import { deleteUserSessions } from '../auth/sessions.ts';
import { emailsOf } from '../db/contact-info.ts';
import {
  accountOfParty,
  currentClubsOfMembers,
  firstAddressOf,
  isActiveAnywhere,
  membershipsInOrganization,
  rosterEntry,
  rosterPage,
  setStanding,
} from '../db/console-members.ts';
import { statusStylesOf } from '../db/console-organizations.ts';
import { phonesOf } from '../db/parties.ts';
import { NotFoundError } from '../errors.ts';
import { mayManageClub, mayManageMember, mayWorkInOrganization } from '../policies/console.ts';
import type { ConsoleScope } from '../policies/console.ts';
import { presentConsoleMember, presentRoster } from '../presenters/console-member.ts';
import { publishAll, recordSessionsEnded } from '../realtime/bus.ts';
import type { BusEvent } from '../realtime/bus.ts';
import { requireConsole } from './console-access.ts';
import type { ServiceContext } from './context.ts';

const NO_SUCH_MEMBER = 'No such member.';
const NO_SUCH_ORGANIZATION = 'No such organization.';
const NO_SUCH_CLUB = 'No such club.';

function managedClubs(scope: ConsoleScope): ReadonlySet<number> | null {
  return scope.kind === 'all' ? null : scope.clubIds;
}

/** GET /admin/members.json: a page of the organisation's roster, filtered (D66). */
export async function rosterList(
  ctx: ServiceContext,
  actor: Actor,
  query: RosterQuery,
): Promise<RosterAnswer['data']> {
  const { scope } = await requireConsole(ctx, actor);
  if (!mayWorkInOrganization(scope, query.organization_id)) {
    throw new NotFoundError(NO_SUCH_ORGANIZATION);
  }
  if (query.club_id !== undefined && !mayManageClub(scope, query.club_id)) {
    throw new NotFoundError(NO_SUCH_CLUB);
  }
  const managed = managedClubs(scope);
  const text = query.q ?? '';
  const rows = await rosterPage(ctx.db, {
    organizationId: query.organization_id,
    withinClubIds: managed === null ? null : [...managed],
    tokens: searchTokens(text),
    // Member numbers are digits (MEMBER_NUMBER_DIGITS_ONLY): a text with letters is a name only,
    // so the search never looks each member's number up to compare it.
    numberPrefix: /^\d+$/.test(text) ? text : '',
    ...(query.club_id === undefined ? {} : { clubId: query.club_id }),
    ...(query.status === undefined ? {} : { status: query.status }),
    ...(query.has_account === undefined ? {} : { hasAccount: query.has_account === 'true' }),
    limit: ROSTER_PAGE_SIZE,
    offset: (query.page - 1) * ROSTER_PAGE_SIZE,
  });
  const page = rows.slice(0, ROSTER_PAGE_SIZE);
  const clubs = await currentClubsOfMembers(
    ctx.db,
    query.organization_id,
    page.map((row) => row.party_id),
  );
  return { members: presentRoster(page, clubs, managed), has_more: rows.length > page.length };
}

/**
 * The member's roster entry and memberships in the organisation, when they are the console
 * user's (a member of one of their clubs, now or before); otherwise the 404 of a member that
 * does not exist (D63).
 */
async function managedMember(
  ctx: ServiceContext,
  scope: ConsoleScope,
  organizationId: number,
  partyId: number,
) {
  if (!mayWorkInOrganization(scope, organizationId)) throw new NotFoundError(NO_SUCH_MEMBER);
  const [entry, memberships] = await Promise.all([
    rosterEntry(ctx.db, organizationId, partyId),
    membershipsInOrganization(ctx.db, organizationId, partyId),
  ]);
  if (!entry || !mayManageMember(scope, [...new Set(memberships.map((m) => m.club_id))])) {
    throw new NotFoundError(NO_SUCH_MEMBER);
  }
  return { entry, memberships };
}

async function recordOf(
  ctx: ServiceContext,
  scope: ConsoleScope,
  organizationId: number,
  partyId: number,
): Promise<ConsoleMember> {
  const { entry, memberships } = await managedMember(ctx, scope, organizationId, partyId);
  const [emails, phones, address] = await Promise.all([
    emailsOf(ctx.db, partyId),
    phonesOf(ctx.db, partyId),
    firstAddressOf(ctx.db, partyId),
  ]);
  // Whoever may read the record may set the status: the same rule, asked of the same clubs.
  return presentConsoleMember({
    entry,
    memberships,
    emails,
    phones,
    address,
    mayChangeStatus: true,
  });
}

/** GET /admin/members/{party_id}.json: a member's record (D66). */
export async function consoleMember(
  ctx: ServiceContext,
  actor: Actor,
  organizationId: number,
  partyId: number,
): Promise<ConsoleMember> {
  const { scope } = await requireConsole(ctx, actor);
  return recordOf(ctx, scope, organizationId, partyId);
}

/**
 * PUT /admin/members/{party_id}/status.json: sets a member's status with its date and note,
 * writes the audit row, and, when the member is then active nowhere, ends every session of
 * theirs in the same transaction, so an open tab is signed out and its event stream closed at
 * once (D66). An administrator's account keeps its sessions, as it keeps its sign-in.
 */
export async function changeMemberStatus(
  ctx: ServiceContext,
  actor: Actor,
  partyId: number,
  change: MemberStatusChange,
  ip: string | null,
): Promise<ConsoleMember> {
  const { member, scope } = await requireConsole(ctx, actor);
  const { entry, memberships } = await managedMember(ctx, scope, change.organization_id, partyId);
  const managed = managedClubs(scope);
  const currentClubs = [
    ...new Set(
      memberships
        .filter((m) => m.left_at === null && (managed === null || managed.has(m.club_id)))
        .map((m) => m.club_id),
    ),
  ];
  const styles = await statusStylesOf(ctx.db, change.organization_id);
  const now = Date.now();
  const ended: (BusEvent | null)[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    await setStanding(trx, {
      statusId: entry.status_id,
      status: change.status,
      on: change.on,
      note: change.note === '' ? null : change.note,
      color: styles[change.status].color,
      now,
    });
    await recordConsoleAudit(
      trx,
      {
        actorUserId: member.userId,
        action: 'member.status_changed',
        subjectType: 'Party',
        subjectId: partyId,
        organizationId: change.organization_id,
        // The club the change concerns, when the member has one club of the user's here.
        clubId: currentClubs.length === 1 ? (currentClubs[0] ?? null) : null,
        partyId,
        before: { status: entry.status, on: entry.status_on, note: entry.status_note },
        after: {
          status: change.status,
          on: change.on,
          note: change.note === '' ? null : change.note,
        },
        ip,
      },
      now,
    );
    if (change.status === 'active') return;
    const account = await accountOfParty(trx, partyId);
    if (!account || account.is_admin === 1 || (await isActiveAnywhere(trx, partyId))) return;
    const sessionIds = await deleteUserSessions(trx, account.id);
    ended.push(await recordSessionsEnded(trx, sessionIds, partyId, now));
  });
  // Their event streams close now, not at their next heartbeat (D43), as at a reset.
  await publishAll(ctx.bus, ended);
  return recordOf(ctx, scope, change.organization_id, partyId);
}
