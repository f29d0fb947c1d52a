/**
 * The member's own current clubs, as the session lists them (with roles) and My Memberships
 * groups them (with organisation and group).
 */
import type { Kysely } from 'kysely';
import { currentMembershipsOf } from './memberships.ts';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** The party's current clubs with a row per role, by name, as the session lists them. */
export function sessionClubRows(db: Db, partyId: number) {
  return currentMembershipsOf(db, partyId)
    .innerJoin('clubs as c', 'c.id', 'm.club_id')
    .innerJoin('club_types as t', 't.id', 'c.club_type_id')
    .innerJoin('organizations as o', 'o.id', 'c.organization_id')
    .leftJoin('membership_roles as r', 'r.membership_id', 'm.id')
    .select([
      'c.id',
      'c.organization_id',
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
      'c.closed_at',
    ])
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
}

/** The party's current clubs with their organisation and group, for My Memberships. */
export function membershipGroupRows(db: Db, partyId: number) {
  return currentMembershipsOf(db, partyId)
    .innerJoin('clubs as c', 'c.id', 'm.club_id')
    .innerJoin('organizations as o', 'o.id', 'c.organization_id')
    .leftJoin('clubs as g', 'g.id', 'c.group_id')
    .select([
      'o.id as organization_id',
      'o.name as organization_name',
      'c.id as club_id',
      'c.name as club_name',
      'c.subdomain as club_subdomain',
      'g.name as group_name',
    ])
    .orderBy('o.name')
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
}
