import { BASE_PATH } from '../../common/constants.ts';
import { recordConsoleAudit } from '../db/audit-log.ts';
import { displayName } from '../../common/display-name.ts';
import type {
  InvitationOutcome,
  InvitationRequest,
  MemberInvitation,
  MemberInvitationsQuery,
} from '../../common/schemas/console-officers.ts';
import type { Actor } from '../auth/actor.ts';
import { membershipsInOrganization, rosterEntry } from '../db/console-members.ts';
import {
  insertInvitations,
  invitableMembersOfClub,
  invitationsOf,
  invitedSince,
} from '../db/console-invitations.ts';
import { clubForOfficers } from '../db/console-officers.ts';
import { firstEmailAddresses } from '../db/content-events.ts';
import { allOrganizations } from '../db/organizations.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { invitationMail } from '../mail/invitation-mail.ts';
import { enqueueMail } from '../mail/mail-jobs.ts';
import { mayManageClub, mayManageMember, mayWorkInOrganization } from '../policies/console.ts';
import type { ConsoleScope } from '../policies/console.ts';
import { requireConsole } from './console-access.ts';
import type { ServiceContext } from './context.ts';

/*
 * Invitations to register (issue 23, docs/decisions.md D69): an e-mail to members who have no
 * account yet, with a link to the registration screen and their organisation chosen. Each is a
 * mail job enqueued with its row (D79): the answer says how many were queued, and the job queue
 * sends them after it, retries one that fails and marks the row sent. Every invitation is a row
 * in `invitations`, so no member is invited twice within a day unless the secretary asks for it.
 */

export const NO_SUCH_MEMBER = 'No such member.';
export const NO_SUCH_CLUB = 'No such club.';
export const ALREADY_REGISTERED = 'This member already has an account.';
export const NOT_ACTIVE = 'Only active members can register.';
export const NO_EMAIL = 'This member has no e-mail address on record.';

/** Within this time a member is not invited again unless asked (`again`). */
export const INVITATION_QUIET_MS = 24 * 60 * 60 * 1000;
/** An invitation still unsent after this long failed; it no longer keeps the member waiting. */
const INVITATION_SENDING_MS = 60 * 60 * 1000;

interface Invitee {
  party_id: number;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  suffix: string | null;
  preferred_name: string | null;
  member_number: string;
}

interface Batch {
  organizationId: number;
  organizationName: string;
  clubId: number | null;
  clubName: string | null;
  invitees: Invitee[];
}

async function organizationName(
  ctx: ServiceContext,
  scope: ConsoleScope,
  organizationId: number,
  refusal: string,
): Promise<string> {
  const organization = (await allOrganizations(ctx.db)).find(({ id }) => id === organizationId);
  if (!organization || !mayWorkInOrganization(scope, organizationId)) {
    throw new NotFoundError(refusal);
  }
  return organization.name;
}

/** Every current, active member of the club without an account. */
async function clubBatch(
  ctx: ServiceContext,
  scope: ConsoleScope,
  organizationId: number,
  clubId: number,
): Promise<Batch> {
  const name = await organizationName(ctx, scope, organizationId, NO_SUCH_CLUB);
  const club = await clubForOfficers(ctx.db, clubId);
  if (!club || club.organization_id !== organizationId || !mayManageClub(scope, club.id)) {
    throw new NotFoundError(NO_SUCH_CLUB);
  }
  return {
    organizationId,
    organizationName: name,
    clubId: club.id,
    clubName: club.name,
    invitees: await invitableMembersOfClub(ctx.db, organizationId, club.id),
  };
}

/** A member of the console user's (of one of their clubs, now or before), else a 404. */
async function managedMember(
  ctx: ServiceContext,
  scope: ConsoleScope,
  organizationId: number,
  partyId: number,
) {
  const name = await organizationName(ctx, scope, organizationId, NO_SUCH_MEMBER);
  const [entry, memberships] = await Promise.all([
    rosterEntry(ctx.db, organizationId, partyId),
    membershipsInOrganization(ctx.db, organizationId, partyId),
  ]);
  if (!entry || !mayManageMember(scope, [...new Set(memberships.map((m) => m.club_id))])) {
    throw new NotFoundError(NO_SUCH_MEMBER);
  }
  return { name, entry, memberships };
}

/** One member of the console user's, who must be active and without an account. */
async function memberBatch(
  ctx: ServiceContext,
  scope: ConsoleScope,
  organizationId: number,
  partyId: number,
): Promise<Batch> {
  const { name, entry, memberships } = await managedMember(ctx, scope, organizationId, partyId);
  if (entry.has_account) throw new ValidationError({ party_id: [ALREADY_REGISTERED] });
  if (entry.status !== 'active') throw new ValidationError({ party_id: [NOT_ACTIVE] });
  // The lodge that invites: the member's current one the console user manages.
  const club = memberships.find((m) => m.left_at === null && mayManageClub(scope, m.club_id));
  return {
    organizationId,
    organizationName: name,
    clubId: club?.club_id ?? null,
    clubName: club?.club_name ?? null,
    invitees: [entry],
  };
}

/**
 * POST /admin/invitations.json: invites one member (`party_id`) or every member of a club
 * (`club_id`) who has no account yet, or with `dry_run` only counts them. Members with no
 * e-mail are listed, not invited; those invited within the last day are left out unless
 * `again`. `origin` is where the link points (null: the e-mail says to open Lodgehall).
 */
export async function inviteMembers(
  ctx: ServiceContext,
  actor: Actor,
  request: InvitationRequest,
  origin: string | null,
  ip: string | null,
): Promise<InvitationOutcome> {
  const { member, scope } = await requireConsole(ctx, actor);
  const batch =
    request.party_id === undefined
      ? await clubBatch(ctx, scope, request.organization_id, request.club_id ?? 0)
      : await memberBatch(ctx, scope, request.organization_id, request.party_id);
  const ids = batch.invitees.map((invitee) => invitee.party_id);
  const addresses = await firstEmailAddresses(ctx.db, ids);
  const withoutEmail = batch.invitees.filter((invitee) => !addresses.has(invitee.party_id));
  if (request.party_id !== undefined && withoutEmail.length > 0) {
    throw new ValidationError({ party_id: [NO_EMAIL] });
  }
  const now = Date.now();
  const reachable = batch.invitees.filter((invitee) => addresses.has(invitee.party_id));
  const recent = request.again
    ? new Set<number>()
    : await invitedSince(
        ctx.db,
        reachable.map((invitee) => invitee.party_id),
        { sent: now - INVITATION_QUIET_MS, pending: now - INVITATION_SENDING_MS },
      );
  const invitees = reachable.filter((invitee) => !recent.has(invitee.party_id));
  const outcome: InvitationOutcome = {
    dry_run: request.dry_run,
    invited: invitees.length,
    recently_invited: recent.size,
    without_email: withoutEmail.map((invitee) => ({
      party_id: invitee.party_id,
      display_name: displayName(invitee),
      member_number: invitee.member_number,
    })),
  };
  if (request.dry_run || invitees.length === 0) return outcome;

  const byParty = new Map(batch.invitees.map((invitee) => [invitee.party_id, invitee]));
  const registerUrl =
    origin === null
      ? null
      : `${origin}${BASE_PATH}/register?organization_id=${batch.organizationId}`;
  await ctx.db.transaction().execute(async (trx) => {
    const inserted = await insertInvitations(
      trx,
      {
        organizationId: batch.organizationId,
        clubId: batch.clubId,
        invitedBy: member.userId,
        now,
      },
      invitees.map((invitee) => ({
        partyId: invitee.party_id,
        email: addresses.get(invitee.party_id) ?? '',
      })),
    );
    await recordConsoleAudit(
      trx,
      {
        actorUserId: member.userId,
        action: 'invitations.sent',
        subjectType: request.party_id === undefined ? 'Club' : 'Party',
        subjectId: request.party_id ?? batch.clubId ?? 0,
        organizationId: batch.organizationId,
        clubId: batch.clubId,
        partyId: request.party_id ?? null,
        before: null,
        after: { invited: inserted.length, party_ids: inserted.map((row) => row.party_id) },
        ip,
      },
      now,
    );
    // One mail job per invitation, with its rows: the job marks the row sent (D79).
    for (const row of inserted) {
      const invitee = byParty.get(row.party_id);
      const message = invitationMail({
        to: row.email,
        name: invitee ? displayName(invitee) : '',
        memberNumber: invitee?.member_number ?? '',
        organizationName: batch.organizationName,
        clubName: batch.clubName,
        registerUrl,
      });
      await enqueueMail(ctx.jobs, trx, `invitation:${row.id}`, message, {
        invitationId: row.id,
      });
    }
  });
  return outcome;
}

/** How many of a member's invitations their record lists. */
const INVITATIONS_LISTED = 10;

/** GET /admin/invitations.json?organization_id=&party_id=: who was invited when, newest first. */
export async function memberInvitations(
  ctx: ServiceContext,
  actor: Actor,
  query: MemberInvitationsQuery,
): Promise<MemberInvitation[]> {
  const { scope } = await requireConsole(ctx, actor);
  await managedMember(ctx, scope, query.organization_id, query.party_id);
  const rows = await invitationsOf(
    ctx.db,
    query.organization_id,
    query.party_id,
    INVITATIONS_LISTED,
  );
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    created_at: Number(row.created_at),
    sent_at: row.sent_at === null ? null : Number(row.sent_at),
  }));
}
