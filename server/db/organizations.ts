/** Organisations (the fraternities) and the member statuses of their rosters. */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { PARTY_NAME_COLUMNS } from './parties.ts';

type Db = Kysely<Database>;

function selectOrganizations(db: Db) {
  return db
    .selectFrom('organizations')
    .select(['id', 'name', 'member_number_min_length', 'member_number_max_length'])
    .orderBy('name')
    .orderBy('id');
}

/** Every organisation, by name. */
export function allOrganizations(db: Db) {
  return selectOrganizations(db).execute();
}

/** Organisations whose member status Lodgehall can look up, by name. */
export function recognizedOrganizations(db: Db) {
  return selectOrganizations(db).where('is_recognized', '=', 1).execute();
}

/**
 * The organisation with its member number's lengths, and whether Lodgehall holds its roster
 * (any member_statuses row): one without cannot prove anyone's membership.
 */
export function organizationForProof(db: Db, organizationId: number) {
  return db
    .selectFrom('organizations as o')
    .select(['o.id', 'o.member_number_min_length', 'o.member_number_max_length'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('member_statuses as ms')
            .select('ms.id')
            .whereRef('ms.organization_id', '=', 'o.id'),
        )
        .as('has_roster'),
    )
    .where('o.id', '=', organizationId)
    .executeTakeFirst();
}

/** The statuses held under a member number in an organisation, with the holder's names. */
export function statusesUnderNumber(db: Db, organizationId: number, memberNumber: string) {
  return (
    db
      .selectFrom('member_statuses as ms')
      .innerJoin('parties as p', 'p.id', 'ms.party_id')
      .innerJoin('organizations as o', 'o.id', 'ms.organization_id')
      // The organisation's look for the status (D68), so a change shows at once on every card.
      .leftJoin('organization_statuses as os', (join) =>
        join
          .onRef('os.organization_id', '=', 'ms.organization_id')
          .onRef('os.status', '=', 'ms.status'),
      )
      .select([
        'ms.member_number',
        'ms.title',
        'ms.status',
        'ms.color',
        'os.title as status_title',
        'os.color as status_color',
        'o.name as organization_name',
        ...PARTY_NAME_COLUMNS,
      ])
      .where('ms.organization_id', '=', organizationId)
      .where('ms.member_number', '=', memberNumber)
      .orderBy('ms.id')
      .execute()
  );
}

/**
 * The member on the roster under a member number, with their birth date, account and whether
 * they are active in any organisation: what proving a membership decides on.
 */
export function rosterEntryByNumber(db: Db, organizationId: number, memberNumber: string) {
  return db
    .selectFrom('member_statuses as ms')
    .innerJoin('parties as p', 'p.id', 'ms.party_id')
    .leftJoin('users as u', 'u.party_id', 'p.id')
    .select([
      'ms.party_id',
      'ms.status',
      'p.birth_date',
      'p.left_at',
      'u.id as user_id',
      'u.is_admin',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('member_statuses as any_ms')
            .select('any_ms.id')
            .whereRef('any_ms.party_id', '=', 'p.id')
            .where('any_ms.status', '=', 'active'),
        )
        .as('active_anywhere'),
    )
    .where('ms.organization_id', '=', organizationId)
    .where('ms.member_number', '=', memberNumber)
    .executeTakeFirst();
}
