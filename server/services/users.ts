import type { User as SessionUser } from '../../common/schemas/session.ts';
import { requireMember, type Actor } from '../auth/actor.ts';
import { currentMembershipsOf } from '../db/memberships.ts';
import { NotFoundError } from '../errors.ts';
import { fullAddress } from '../presenters/address.ts';
import { presentPartySummary } from '../presenters/party.ts';
import type { ServiceContext } from './context.ts';

type RoleName = SessionUser['clubs'][number]['club_member_role_names'][number];

/** The user as the session answers show it (ENT-02, ENT-03): identity, clubs and roles. */
export async function loadSessionUser(ctx: ServiceContext, userId: number): Promise<SessionUser> {
  const user = await ctx.db
    .selectFrom('users as u')
    .innerJoin('parties as p', 'p.id', 'u.party_id')
    .select([
      'u.username',
      'u.is_admin',
      'p.id',
      'p.first_name',
      'p.middle_name',
      'p.last_name',
      'p.suffix',
      'p.preferred_name',
      'p.avatar_medium_key',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new NotFoundError('No such user.');

  const clubs = await currentMembershipsOf(ctx.db, user.id)
    .innerJoin('clubs as c', 'c.id', 'm.club_id')
    .innerJoin('club_types as t', 't.id', 'c.club_type_id')
    .innerJoin('organizations as o', 'o.id', 'c.organization_id')
    .leftJoin('membership_roles as r', 'r.membership_id', 'm.id')
    .select([
      'c.id',
      'c.name',
      'c.subdomain',
      't.is_leaf',
      'c.address1',
      'c.address2',
      'c.city',
      'c.state',
      'c.zip',
      'c.time_zone_id',
      'o.is_recognized',
      'r.role_name',
    ])
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();

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
    if (role && !club.club_member_role_names.includes(role)) club.club_member_role_names.push(role);
  }
  const list = [...byId.values()];
  return {
    username: user.username,
    party_id: user.id,
    is_admin: user.is_admin === 1,
    party: presentPartySummary(user),
    clubs: list.map(({ recognized: _recognized, ...club }) => club),
    // AMB-35: the clubs through which the member's standing can be checked.
    status_club_ids: list.filter((club) => club.recognized).map((club) => club.id),
  };
}

export async function currentUser(ctx: ServiceContext, actor: Actor): Promise<SessionUser> {
  const member = requireMember(actor);
  return loadSessionUser(ctx, member.userId);
}
