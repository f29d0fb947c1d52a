/**
 * The console's audit log (issue 23, docs/decisions.md D71): the rows of `audit_log` with the
 * names of who did it, the club and the member, filtered and paged newest first by a keyset on
 * (created_at, id), so a page never skips or repeats a row while new ones are written.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { PARTY_NAME_COLUMNS } from './parties.ts';

type Db = Kysely<Database>;

export interface AuditFilter {
  /** null: every row (an administrator); otherwise rows of these clubs or their members. */
  withinClubIds: readonly number[] | null;
  organizationId?: number;
  clubId?: number;
  partyId?: number;
  action?: string;
  /** Instants: from inclusive, to exclusive. */
  from?: number;
  to?: number;
  before?: { createdAt: number; id: number };
}

function auditRows(db: Db, filter: AuditFilter) {
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .leftJoin('parties as ap', 'ap.id', 'u.party_id')
    .leftJoin('clubs as c', 'c.id', 'a.club_id')
    .leftJoin('parties as p', 'p.id', 'a.party_id')
    .select([
      'a.id',
      'a.created_at',
      'a.action',
      'a.actor_user_id',
      'ap.first_name as actor_first_name',
      'ap.middle_name as actor_middle_name',
      'ap.last_name as actor_last_name',
      'ap.suffix as actor_suffix',
      'ap.preferred_name as actor_preferred_name',
      'u.username as actor_username',
      'a.club_id',
      'c.name as club_name',
      'a.party_id',
      ...PARTY_NAME_COLUMNS,
      'a.subject_type',
      'a.subject_id',
      'a.before_value',
      'a.after_value',
      'a.detail',
    ]);
  const within = filter.withinClubIds;
  if (within !== null) {
    // A secretary's rows: of their clubs, or about a member of one of them, now or before.
    query = query.where((eb) =>
      within.length === 0
        ? eb.val(false)
        : eb.or([
            eb('a.club_id', 'in', within),
            eb(
              'a.party_id',
              'in',
              eb
                .selectFrom('memberships as m')
                .select('m.party_id')
                .where('m.club_id', 'in', within),
            ),
          ]),
    );
  }
  if (filter.organizationId !== undefined) {
    query = query.where('a.organization_id', '=', filter.organizationId);
  }
  if (filter.clubId !== undefined) query = query.where('a.club_id', '=', filter.clubId);
  if (filter.partyId !== undefined) query = query.where('a.party_id', '=', filter.partyId);
  if (filter.action !== undefined) query = query.where('a.action', '=', filter.action);
  if (filter.from !== undefined) query = query.where('a.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('a.created_at', '<', filter.to);
  const before = filter.before;
  if (before !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('a.created_at', '<', before.createdAt),
        eb.and([eb('a.created_at', '=', before.createdAt), eb('a.id', '<', before.id)]),
      ]),
    );
  }
  return query.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc');
}

export type AuditRow = Awaited<ReturnType<typeof auditPage>>[number];

/** Up to `limit` rows, newest first. */
export function auditPage(db: Db, filter: AuditFilter, limit: number) {
  return auditRows(db, filter).limit(limit).execute();
}
