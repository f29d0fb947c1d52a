/**
 * The roster file's reads (issue 23, D64): the organisation's clubs and reference data, and its
 * roster a page of members at a time, each page in a few queries (no query per member), so an
 * import diffs 100,000 members in memory and an export streams them.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database, MemberStatusValue, RoleName } from './schema.ts';
import { PARTY_NAME_COLUMNS } from './parties.ts';

type Db = Kysely<Database>;

/** The contact types the roster file has a column for (the seed's names). */
export const ROSTER_CONTACT_TYPES = {
  email: 'PersonalEmail',
  cell_phone: 'CellPhone',
  home_phone: 'HomePhone',
  office_phone: 'OfficePhone',
  address: 'HomeAddress',
} as const;

/** An organisation named by its id (all digits) or its exact name. */
export function organizationForRoster(db: Db, idOrName: string) {
  let query = db
    .selectFrom('organizations')
    .select(['id', 'name', 'member_number_min_length', 'member_number_max_length']);
  query = /^\d+$/.test(idOrName)
    ? query.where('id', '=', Number(idOrName))
    : query.where('name', '=', idOrName);
  return query.orderBy('id').execute();
}

export function rosterClubs(db: Db, organizationId: number) {
  return db
    .selectFrom('clubs')
    .select(['id', 'subdomain', 'formal_name'])
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
}

export async function rosterReferenceRows(db: Db) {
  const [countries, states, types] = await Promise.all([
    db
      .selectFrom('countries')
      .select(['id', 'code', 'name', 'is_default', 'is_zip4'])
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    db.selectFrom('states').select(['id', 'country_id', 'code', 'name']).orderBy('id').execute(),
    db
      .selectFrom('contact_types')
      .select(['id', 'name'])
      .where('name', 'in', Object.values(ROSTER_CONTACT_TYPES))
      .execute(),
  ]);
  return { countries, states, contactTypeIds: new Map(types.map((t) => [t.name, t.id])) };
}

export interface RosterContact<T> {
  id: number;
  value: T;
}
export interface StoredAddress {
  address_1: string;
  address_2: string | null;
  city: string;
  state: string | null;
  state_id: number | null;
  zip: string;
  country_id: number;
}
export interface StoredMembership {
  id: number;
  club_id: number;
  joined_on: string | null;
  left_at: number | null;
  /** Sorted, without 'user'. */
  roles: RoleName[];
  /** Whether the membership has the 'user' role row every membership should have. */
  has_user_role: boolean;
}

/** One member of the organisation as the roster file sees them. */
export interface StoredMember {
  party_id: number;
  status_id: number;
  member_number: string;
  status: MemberStatusValue;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  suffix: string | null;
  preferred_name: string | null;
  birth_date: string | null;
  email: RosterContact<string> | null;
  cell_phone: RosterContact<string> | null;
  home_phone: RosterContact<string> | null;
  office_phone: RosterContact<string> | null;
  address: RosterContact<StoredAddress> | null;
  /** One per club: the current membership, else the newest. */
  memberships: StoredMembership[];
}

/**
 * The organisation's members with a party id above `afterPartyId`, in party order, `limit` at a
 * time, with their memberships in the organisation's clubs, roles and roster contacts.
 */
export async function rosterPage(
  db: Db,
  organizationId: number,
  /** The organisation's clubs: memberships elsewhere are not this roster's. */
  clubIds: ReadonlySet<number>,
  contactTypeIds: ReadonlyMap<string, number>,
  afterPartyId: number,
  limit: number,
): Promise<StoredMember[]> {
  const rows = await db
    .selectFrom('member_statuses as s')
    .innerJoin('parties as p', 'p.id', 's.party_id')
    .select([
      's.id as status_id',
      's.party_id',
      's.member_number',
      's.status',
      ...PARTY_NAME_COLUMNS,
      'p.birth_date',
    ])
    // `+organization_id` keeps both planners on the (party_id, organization_id) key, read in
    // order from `afterPartyId`, instead of sorting the whole organisation for every page.
    .where(sql<number>`+${sql.ref('s.organization_id')}`, '=', organizationId)
    .where('s.party_id', '>', afterPartyId)
    .orderBy('s.party_id')
    .limit(limit)
    .execute();
  const last = rows.at(-1)?.party_id;
  if (last === undefined) return [];
  // The page's party range: each table read by its party index, no list of ids to bind.
  const typeId = (name: string): number => contactTypeIds.get(name) ?? -1;
  const [memberships, emails, phones, addresses] = await Promise.all([
    db
      .selectFrom('memberships as m')
      .leftJoin('membership_roles as r', 'r.membership_id', 'm.id')
      .select(['m.id', 'm.party_id', 'm.club_id', 'm.joined_on', 'm.left_at', 'r.role_name'])
      .where('m.party_id', '>', afterPartyId)
      .where('m.party_id', '<=', last)
      .orderBy('m.id')
      .execute(),
    db
      .selectFrom('emails')
      .select(['id', 'party_id', 'address'])
      .where('party_id', '>', afterPartyId)
      .where('party_id', '<=', last)
      .where('contact_type_id', '=', typeId(ROSTER_CONTACT_TYPES.email))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('phones')
      .select(['id', 'party_id', 'contact_type_id', 'number'])
      .where('party_id', '>', afterPartyId)
      .where('party_id', '<=', last)
      .where('contact_type_id', 'in', [
        typeId(ROSTER_CONTACT_TYPES.cell_phone),
        typeId(ROSTER_CONTACT_TYPES.home_phone),
        typeId(ROSTER_CONTACT_TYPES.office_phone),
      ])
      .orderBy('id')
      .execute(),
    db
      .selectFrom('addresses')
      .select([
        'id',
        'party_id',
        'address_1',
        'address_2',
        'city',
        'state',
        'state_id',
        'zip',
        'country_id',
      ])
      .where('party_id', '>', afterPartyId)
      .where('party_id', '<=', last)
      .where('contact_type_id', '=', typeId(ROSTER_CONTACT_TYPES.address))
      .orderBy('id')
      .execute(),
  ]);

  const members = new Map<number, StoredMember>();
  const out: StoredMember[] = [];
  for (const row of rows) {
    const member: StoredMember = {
      ...row,
      email: null,
      cell_phone: null,
      home_phone: null,
      office_phone: null,
      address: null,
      memberships: [],
    };
    members.set(row.party_id, member);
    out.push(member);
  }
  const byId = new Map<number, StoredMembership & { party_id: number }>();
  for (const row of memberships) {
    if (!clubIds.has(row.club_id)) continue;
    let membership = byId.get(row.id);
    if (!membership) {
      membership = {
        id: row.id,
        party_id: row.party_id,
        club_id: row.club_id,
        joined_on: row.joined_on,
        left_at: row.left_at,
        roles: [],
        has_user_role: false,
      };
      byId.set(row.id, membership);
    }
    if (row.role_name === 'user') membership.has_user_role = true;
    else if (row.role_name !== null && !membership.roles.includes(row.role_name)) {
      membership.roles.push(row.role_name);
    }
  }
  for (const { party_id: partyId, ...membership } of byId.values()) {
    membership.roles.sort();
    const member = members.get(partyId);
    if (!member) continue;
    const index = member.memberships.findIndex((m) => m.club_id === membership.club_id);
    const other = member.memberships[index];
    // Ordered by id: a later one replaces an earlier one unless the earlier is current.
    if (!other) member.memberships.push(membership);
    else if (other.left_at !== null || membership.left_at === null) {
      member.memberships[index] = membership;
    }
  }
  for (const row of emails) {
    const member = members.get(row.party_id);
    if (member && !member.email) member.email = { id: row.id, value: row.address };
  }
  const phoneField = new Map([
    [typeId(ROSTER_CONTACT_TYPES.cell_phone), 'cell_phone'],
    [typeId(ROSTER_CONTACT_TYPES.home_phone), 'home_phone'],
    [typeId(ROSTER_CONTACT_TYPES.office_phone), 'office_phone'],
  ] as const);
  for (const row of phones) {
    const member = members.get(row.party_id);
    const field = phoneField.get(row.contact_type_id);
    if (member && field && !member[field]) member[field] = { id: row.id, value: row.number };
  }
  for (const { id, party_id: partyId, ...value } of addresses) {
    const member = members.get(partyId);
    if (member && !member.address) member.address = { id, value };
  }
  return out;
}

/** The accounts of these parties, for ending their sessions. */
export function usersOfParties(db: Db, partyIds: readonly number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'party_id'])
    .where('party_id', 'in', partyIds)
    .execute();
}
