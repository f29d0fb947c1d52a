/**
 * Who belongs where, now. A party belongs to a club while it has a row in `memberships` whose
 * `left_at` is null; a member who leaves keeps the row (the roster's history) with `left_at`
 * set, and from that instant must stop counting everywhere at once: in who may see a post, in
 * the feed, in the lodge lists of the session, in comments. So that rule is written here once,
 * and services ask these functions instead of writing `left_at is null` again.
 *
 * Two kinds of answer:
 *  - subqueries (`clubIdsOf`, `leafLodgesOf`, `lodgeMatesOf`, `membersOfClubs`) to put inside a
 *    service's own SQL, so a list stays one statement (the feed, a lodge's posts);
 *  - loaders (`standingOf`, `currentClubIdsOf`, `areLodgeMates`) that answer for one member,
 *    for the policy functions, which take plain facts.
 *
 * `party` is a value or a prepared query's stand-in (db/prepared.ts): these subqueries are
 * built into prepared statements on the hot paths.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** The party's current memberships, as `m`, to join clubs, roles or organisations onto. */
export function currentMembershipsOf(db: Db, party: number) {
  return db
    .selectFrom('memberships as m')
    .where('m.party_id', '=', party)
    .where('m.left_at', 'is', null);
}

/** Ids of the clubs (lodges and grand bodies) the party currently belongs to. */
export function clubIdsOf(db: Db, party: number) {
  return currentMembershipsOf(db, party).select('m.club_id');
}

/** Ids of the leaf lodges the party currently belongs to: whose members are its lodge-mates. */
export function leafLodgesOf(db: Db, party: number) {
  return currentMembershipsOf(db, party)
    .innerJoin('clubs as mc', 'mc.id', 'm.club_id')
    .innerJoin('club_types as mt', 'mt.id', 'mc.club_type_id')
    .select('m.club_id')
    .where('mt.is_leaf', '=', 1);
}

/**
 * Current memberships (as `mate`) of the clubs `clubIds` selects or lists. A caller narrows it
 * to one party (a correlated EXISTS) or selects `mate.party_id` (everyone in those clubs).
 */
export function membersOfClubs(db: Db, clubIds: ReturnType<typeof clubIdsOf> | readonly number[]) {
  return db
    .selectFrom('memberships as mate')
    .where('mate.club_id', 'in', clubIds)
    .where('mate.left_at', 'is', null);
}

/** Parties who share a current membership of a leaf lodge with the party (itself included). */
export function lodgeMatesOf(db: Db, party: number) {
  return membersOfClubs(db, leafLodgesOf(db, party)).select('mate.party_id');
}

/** A member's standing in their clubs, for the policies. */
export interface Standing {
  /** Clubs with a current membership. */
  memberClubIds: Set<number>;
  /** Clubs where the member is webmaster. */
  webmasterClubIds: Set<number>;
  /** Leaf lodges where the member has role user: the 'Members of {lodge}' choices (PERM-08). */
  leafUserClubIds: Set<number>;
}

export async function standingOf(db: Db, party: number): Promise<Standing> {
  const rows = await currentMembershipsOf(db, party)
    .innerJoin('clubs as c', 'c.id', 'm.club_id')
    .innerJoin('club_types as t', 't.id', 'c.club_type_id')
    .leftJoin('membership_roles as r', 'r.membership_id', 'm.id')
    .select(['m.club_id', 't.is_leaf', 'r.role_name', 'c.closed_at'])
    .execute();
  const standing: Standing = {
    memberClubIds: new Set(),
    webmasterClubIds: new Set(),
    leafUserClubIds: new Set(),
  };
  for (const row of rows) {
    standing.memberClubIds.add(row.club_id);
    // A closed club (D68) keeps its members' history but is no one's to post or write to.
    if (row.closed_at !== null) continue;
    if (row.role_name === 'webmaster') standing.webmasterClubIds.add(row.club_id);
    if (row.role_name === 'user' && row.is_leaf === 1) standing.leafUserClubIds.add(row.club_id);
  }
  return standing;
}

/** Ids of the clubs the party currently belongs to. */
export async function currentClubIdsOf(db: Db, party: number): Promise<Set<number>> {
  const rows = await clubIdsOf(db, party).execute();
  return new Set(rows.map((row) => row.club_id));
}

/** Whether two parties share a current membership of a leaf lodge. */
export async function areLodgeMates(db: Db, party: number, other: number): Promise<boolean> {
  const row = await membersOfClubs(db, leafLodgesOf(db, party))
    .select('mate.id')
    .where('mate.party_id', '=', other)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Ids of the organisations the party currently belongs to, through any club: whose members it
 * may find in the directory and open (docs/decisions.md D37).
 */
export function organizationIdsOf(db: Db, party: number) {
  return currentMembershipsOf(db, party)
    .innerJoin('clubs as oc', 'oc.id', 'm.club_id')
    .select('oc.organization_id');
}

/** Ids of the organisations the party currently belongs to, for mayViewClub. */
export async function currentOrganizationIdsOf(db: Db, party: number): Promise<Set<number>> {
  const rows = await organizationIdsOf(db, party).execute();
  return new Set(rows.map((row) => row.organization_id));
}

/**
 * Current memberships (as `fellow`) of any club of the organisations `organizationIds`
 * selects, of members active in that organisation. A caller narrows it to one party (a
 * correlated EXISTS): "is this party a current, active member of the viewer's organisations",
 * the directory's visibility rule. A member suspended, demitted, deceased or expelled there
 * leaves its directory and search (issue 23, D66); what they wrote stays.
 */
export function membersOfOrganizations(
  db: Db,
  organizationIds: ReturnType<typeof organizationIdsOf>,
) {
  return db
    .selectFrom('memberships as fellow')
    .innerJoin('clubs as fc', 'fc.id', 'fellow.club_id')
    .innerJoin('member_statuses as fs', (join) =>
      join
        .onRef('fs.party_id', '=', 'fellow.party_id')
        .onRef('fs.organization_id', '=', 'fc.organization_id')
        .on('fs.status', '=', 'active'),
    )
    .where('fc.organization_id', 'in', organizationIds)
    .where('fellow.left_at', 'is', null);
}

/** Whether `other` is a current, active member of an organisation the party belongs to. */
export async function sharesOrganization(db: Db, party: number, other: number): Promise<boolean> {
  const row = await membersOfOrganizations(db, organizationIdsOf(db, party))
    .select('fellow.id')
    .where('fellow.party_id', '=', other)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Each party's current leaf lodges by name, for lists that tell two namesakes apart: only those
 * of the viewer's organisations (D39: a brother's other fraternities are not this roster's).
 */
export function leafLodgeNamesOf(db: Db, viewer: number, parties: readonly number[]) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('clubs as c', 'c.id', 'm.club_id')
    .innerJoin('club_types as t', 't.id', 'c.club_type_id')
    .select(['m.party_id', 'c.name'])
    .where('m.party_id', 'in', parties)
    .where('m.left_at', 'is', null)
    .where('t.is_leaf', '=', 1)
    .where('c.organization_id', 'in', organizationIdsOf(db, viewer))
    .orderBy('c.name');
}
