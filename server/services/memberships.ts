import type { ClubMembershipGroup } from '../../common/schemas/session.ts';
import { requireMember, type Actor } from '../auth/actor.ts';
import { membershipGroupRows } from '../db/member-clubs.ts';
import type { ServiceContext } from './context.ts';

/**
 * My Memberships (NAV-09, ENT-10): per organisation, the member's clubs grouped under the name
 * of their group (a lodge under its district); a club with no group stands under the
 * organisation's name.
 */
export async function listClubMembershipGroups(
  ctx: ServiceContext,
  actor: Actor,
): Promise<ClubMembershipGroup[]> {
  const member = requireMember(actor);
  const rows = await membershipGroupRows(ctx.db, member.partyId);

  const organizations = new Map<number, ClubMembershipGroup>();
  for (const row of rows) {
    let organization = organizations.get(row.organization_id);
    if (!organization) {
      organization = {
        id: row.organization_id,
        name: row.organization_name,
        group_names: [],
        groups: {},
      };
      organizations.set(row.organization_id, organization);
    }
    const groupName = row.group_name ?? row.organization_name;
    const clubs = (organization.groups[groupName] ??= []);
    if (clubs.length === 0) organization.group_names.push(groupName);
    clubs.push({
      club_id: row.club_id,
      club_name: row.club_name,
      club_subdomain: row.club_subdomain,
    });
  }
  for (const organization of organizations.values()) organization.group_names.sort();
  return [...organizations.values()];
}
