/**
 * Whether a member may open a club, asked by every screen that names a club by its subdomain or
 * id: its home (services/clubs.ts), its calendar (services/calendar-events.ts) and its news
 * (services/posts.ts). One rule for all three (docs/decisions.md D40, D53): mayViewClub
 * (policies/clubs.ts). Its own module because the club home reads the calendar and the news, so
 * the rule cannot live in any one of them without an import cycle.
 */
import { NO_SUCH_LODGE } from '../../common/messages.ts';
import type { Member } from '../auth/actor.ts';
import { currentOrganizationIdsOf } from '../db/memberships.ts';
import { NotFoundError } from '../errors.ts';
import { mayViewClub } from '../policies/clubs.ts';
import type { ServiceContext } from './context.ts';

/** The organisations the member currently belongs to, for mayViewClub. */
export async function organizationIdSet(ctx: ServiceContext, member: Member): Promise<Set<number>> {
  return currentOrganizationIdsOf(ctx.db, member.partyId);
}

/**
 * The club's row if there is one and the member may view it; otherwise the one 404 of an
 * unknown club, so the answer for another organisation's club says nothing an unknown
 * subdomain does not.
 */
export async function visibleClubOr404<Row extends { organization_id: number }>(
  ctx: ServiceContext,
  member: Member,
  row: Row | undefined,
): Promise<Row> {
  if (!row || !mayViewClub(member, row.organization_id, await organizationIdSet(ctx, member))) {
    throw new NotFoundError(NO_SUCH_LODGE);
  }
  return row;
}
