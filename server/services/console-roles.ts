import type {
  MembershipRolesAnswer,
  MembershipRolesChange,
} from '../../common/schemas/console-officers.ts';
import type { Actor } from '../auth/actor.ts';
import { recordConsoleAudit } from '../db/audit-log.ts';
import type { RoleName } from '../db/schema.ts';
import {
  addMembershipRoles,
  consoleRolesOf,
  membershipForConsole,
  otherSecretaryMemberships,
  removeMembershipRoles,
} from '../db/console-officers.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { mayManageClub } from '../policies/console.ts';
import { requireConsole } from './console-access.ts';
import type { ServiceContext } from './context.ts';

export const NO_SUCH_MEMBERSHIP = 'No such membership.';
export const MEMBERSHIP_ENDED = 'This membership has ended; roles are set on a current one.';
export const OWN_LAST_SECRETARY_ROLE =
  'You cannot remove your own last secretary role: you would lose the Lodge Office. Ask another secretary or an administrator.';

/**
 * PUT /admin/memberships/{id}/roles.json: the console's roles (webmaster, secretary) a current
 * membership holds from now on (D69). Nothing about them is kept between calls: a webmaster's
 * lodges and a secretary's scope are read on every request, so the next call sees the change.
 * A secretary may not remove the last secretary role of their own (they would lock themselves
 * out); an administrator keeps the console whatever their roles.
 */
export async function setMembershipRoles(
  ctx: ServiceContext,
  actor: Actor,
  membershipId: number,
  change: MembershipRolesChange,
  ip: string | null,
): Promise<MembershipRolesAnswer['data']['membership']> {
  const { member, scope } = await requireConsole(ctx, actor);
  const membership = await membershipForConsole(ctx.db, membershipId);
  if (!membership || !mayManageClub(scope, membership.club_id)) {
    throw new NotFoundError(NO_SUCH_MEMBERSHIP);
  }
  if (membership.left_at !== null) throw new ValidationError({ roles: [MEMBERSHIP_ENDED] });
  const after = [...new Set(change.roles)].sort();
  const wanted: readonly RoleName[] = after;
  const now = Date.now();
  await ctx.db.transaction().execute(async (trx) => {
    const held = await consoleRolesOf(trx, membershipId);
    const removed = held.filter((role) => !wanted.includes(role));
    const added = after.filter((role) => !held.includes(role));
    if (
      removed.includes('secretary') &&
      !member.isAdmin &&
      membership.party_id === member.partyId &&
      (await otherSecretaryMemberships(trx, member.partyId, membershipId)) === 0
    ) {
      throw new ValidationError({ roles: [OWN_LAST_SECRETARY_ROLE] });
    }
    if (removed.length === 0 && added.length === 0) return;
    await removeMembershipRoles(trx, membershipId, removed);
    await addMembershipRoles(trx, membershipId, added);
    await recordConsoleAudit(
      trx,
      {
        actorUserId: member.userId,
        action: 'membership.roles_changed',
        subjectType: 'Membership',
        subjectId: membershipId,
        organizationId: membership.organization_id,
        clubId: membership.club_id,
        partyId: membership.party_id,
        before: { roles: held },
        after: { roles: after },
        ip,
      },
      now,
    );
  });
  return {
    id: membership.id,
    party_id: membership.party_id,
    club_id: membership.club_id,
    roles: after,
  };
}
