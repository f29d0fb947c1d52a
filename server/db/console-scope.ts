/**
 * Which clubs a secretary runs (issue 23, D63): the clubs where the party holds the `secretary`
 * role on a current membership, and every club below them in the hierarchy (a grand secretary
 * the whole grand lodge, a district secretary the district's lodges).
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** The clubs of a secretary's console, with their organisations; empty for anyone else. */
export function secretaryClubTree(db: Db, partyId: number) {
  return (
    db
      // UNION, not UNION ALL: a club reached twice (two secretary roles on one branch) is one row,
      // and a group cycle in bad data ends instead of recursing forever.
      .withRecursive('scope(id)', (qb) =>
        qb
          .selectFrom('memberships as m')
          .innerJoin('membership_roles as r', 'r.membership_id', 'm.id')
          .select('m.club_id as id')
          .where('m.party_id', '=', partyId)
          .where('m.left_at', 'is', null)
          .where('r.role_name', '=', 'secretary')
          .union(
            qb
              .selectFrom('clubs as child')
              .innerJoin('scope', 'scope.id', 'child.group_id')
              .select('child.id'),
          ),
      )
      .selectFrom('scope')
      .innerJoin('clubs as c', 'c.id', 'scope.id')
      .select(['c.id', 'c.organization_id'])
      .execute()
  );
}
