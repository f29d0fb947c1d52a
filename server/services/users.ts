import type { User as SessionUser } from '../../common/schemas/session.ts';
import { requireMember, type Actor } from '../auth/actor.ts';
import { sessionClubRows } from '../db/member-clubs.ts';
import { sessionUserRow } from '../db/users.ts';
import { NotFoundError } from '../errors.ts';
import { fullAddress } from '../presenters/address.ts';
import { consoleScope, mayUseConsole } from '../policies/console.ts';
import { presentPartySummary } from '../presenters/party.ts';
import type { ServiceContext } from './context.ts';

type RoleName = SessionUser['clubs'][number]['club_member_role_names'][number];

/** The user as the session answers show it (ENT-02, ENT-03): identity, clubs and roles. */
export async function loadSessionUser(ctx: ServiceContext, userId: number): Promise<SessionUser> {
  const user = await sessionUserRow(ctx.db, userId);
  if (!user) throw new NotFoundError('No such user.');

  const clubs = await sessionClubRows(ctx.db, user.id);

  const byId = new Map<number, SessionUser['clubs'][number] & { recognized: boolean }>();
  for (const row of clubs) {
    let club = byId.get(row.id);
    if (!club) {
      club = {
        id: row.id,
        name: row.name,
        subdomain: row.subdomain,
        is_leaf: row.is_leaf === 1,
        club_member_role_names: [],
        full_address: fullAddress(row),
        time_zone_id: row.time_zone_id,
        recognized: row.is_recognized === 1,
      };
      byId.set(row.id, club);
    }
    const role = row.role_name as RoleName | null;
    // A closed club (D68) leaves the pickers: its webmasters no longer post or write for it.
    const acting = role === 'webmaster' && row.closed_at !== null;
    if (role && !acting && !club.club_member_role_names.includes(role)) {
      club.club_member_role_names.push(role);
    }
  }
  const list = [...byId.values()];
  const isAdmin = user.is_admin === 1;
  const secretaryClubs = clubs
    .filter((row) => row.role_name === 'secretary')
    .map((row) => ({ id: row.id, organization_id: row.organization_id }));
  return {
    username: user.username,
    party_id: user.id,
    is_admin: isAdmin,
    party: presentPartySummary(user),
    clubs: list.map(({ recognized: _recognized, ...club }) => club),
    // AMB-35: the clubs through which the member's standing can be checked.
    status_club_ids: list.filter((club) => club.recognized).map((club) => club.id),
    // The scope's own rule: a secretary's clubs below theirs never make an empty scope non-empty.
    abilities: { use_console: mayUseConsole(consoleScope({ isAdmin }, secretaryClubs)) },
  };
}

export async function currentUser(ctx: ServiceContext, actor: Actor): Promise<SessionUser> {
  const member = requireMember(actor);
  return loadSessionUser(ctx, member.userId);
}
