/**
 * The console's roles and officers (issue 23, docs/decisions.md D69): a membership's console
 * roles, a club's officer positions and their terms, and the audit rows these changes write.
 * Who may change which club is the console's policy; these functions take plain ids.
 */
import type { Kysely } from 'kysely';
import type { Database, RoleName } from './schema.ts';

type Db = Kysely<Database>;

/** The roles the console sets; every member's `user` role is left alone. */
const CONSOLE_ROLES: RoleName[] = ['webmaster', 'secretary'];

// ---- Roles ---------------------------------------------------------------------------------

/** A membership with its club's organisation: whose it is and whether it is current. */
export function membershipForConsole(db: Db, membershipId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('clubs as c', 'c.id', 'm.club_id')
    .select(['m.id', 'm.party_id', 'm.club_id', 'm.left_at', 'c.organization_id'])
    .where('m.id', '=', membershipId)
    .executeTakeFirst();
}

/** The console's roles the membership holds, sorted. */
export async function consoleRolesOf(db: Db, membershipId: number): Promise<RoleName[]> {
  const rows = await db
    .selectFrom('membership_roles')
    .select('role_name')
    .where('membership_id', '=', membershipId)
    .where('role_name', 'in', CONSOLE_ROLES)
    .orderBy('role_name')
    .execute();
  return [...new Set(rows.map((row) => row.role_name))];
}

export async function removeMembershipRoles(
  db: Db,
  membershipId: number,
  roles: readonly RoleName[],
): Promise<void> {
  if (roles.length === 0) return;
  await db
    .deleteFrom('membership_roles')
    .where('membership_id', '=', membershipId)
    .where('role_name', 'in', roles)
    .execute();
}

export async function addMembershipRoles(
  db: Db,
  membershipId: number,
  roles: readonly RoleName[],
): Promise<void> {
  if (roles.length === 0) return;
  await db
    .insertInto('membership_roles')
    .values(roles.map((role_name) => ({ membership_id: membershipId, role_name })))
    .execute();
}

/** How many current memberships of the party hold `secretary`, this one left out. */
export async function otherSecretaryMemberships(
  db: Db,
  partyId: number,
  exceptMembershipId: number,
): Promise<number> {
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('membership_roles as r', 'r.membership_id', 'm.id')
    .select((eb) => eb.fn.count<number>('m.id').as('count'))
    .where('m.party_id', '=', partyId)
    .where('m.left_at', 'is', null)
    .where('m.id', '<>', exceptMembershipId)
    .where('r.role_name', '=', 'secretary')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ---- Officers ------------------------------------------------------------------------------

/** A club as its officers screen needs it: names, organisation and time zone (its today). */
export function clubForOfficers(db: Db, clubId: number) {
  return db
    .selectFrom('clubs')
    .select(['id', 'organization_id', 'name', 'subdomain', 'time_zone_id'])
    .where('id', '=', clubId)
    .executeTakeFirst();
}

const POSITION_COLUMNS = ['id', 'club_id', 'title', 'sort_order', 'retired_on'] as const;

/** Every position of the club, in use or retired. */
export function positionsOfClub(db: Db, clubId: number) {
  return db
    .selectFrom('officer_positions')
    .select(POSITION_COLUMNS)
    .where('club_id', '=', clubId)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** A term as the console reads it, from `officer_terms as ot`. */
const TERM_COLUMNS = [
  'ot.id',
  'ot.officer_position_id',
  'ot.party_id',
  'ot.full_name',
  'ot.from_date',
  'ot.to_date',
] as const;

/** Every term of the club's positions, newest first, with the roster holder's names. */
export function termsOfClub(db: Db, clubId: number) {
  return db
    .selectFrom('officer_terms as ot')
    .innerJoin('officer_positions as op', 'op.id', 'ot.officer_position_id')
    .leftJoin('parties as p', 'p.id', 'ot.party_id')
    .select([...TERM_COLUMNS, 'p.first_name', 'p.middle_name', 'p.last_name', 'p.suffix'])
    .where('op.club_id', '=', clubId)
    .orderBy('ot.from_date', 'desc')
    .orderBy('ot.id', 'desc')
    .execute();
}

/** A position with its club. */
export function positionById(db: Db, positionId: number) {
  return db
    .selectFrom('officer_positions')
    .select(POSITION_COLUMNS)
    .where('id', '=', positionId)
    .executeTakeFirst();
}

/** The terms of one position: whether it has history, and whether someone holds it now. */
export function termsOfPosition(db: Db, positionId: number) {
  return db
    .selectFrom('officer_terms')
    .select(['id', 'party_id', 'full_name', 'from_date', 'to_date'])
    .where('officer_position_id', '=', positionId)
    .execute();
}

export async function insertPosition(
  db: Db,
  position: { clubId: number; title: string; sortOrder: number },
): Promise<number> {
  const row = await db
    .insertInto('officer_positions')
    .values({
      club_id: position.clubId,
      title: position.title,
      sort_order: position.sortOrder,
      retired_on: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePosition(
  db: Db,
  positionId: number,
  change: { title?: string; retired_on?: string | null },
): Promise<void> {
  await db.updateTable('officer_positions').set(change).where('id', '=', positionId).execute();
}

/** Numbers the club's positions 1, 2, 3... in the order given. */
export async function setPositionOrder(
  db: Db,
  clubId: number,
  positionIds: readonly number[],
): Promise<void> {
  for (const [index, id] of positionIds.entries()) {
    await db
      .updateTable('officer_positions')
      .set({ sort_order: index + 1 })
      .where('id', '=', id)
      .where('club_id', '=', clubId)
      .execute();
  }
}

export async function deletePosition(db: Db, positionId: number): Promise<void> {
  await db.deleteFrom('officer_positions').where('id', '=', positionId).execute();
}

export interface NewTerm {
  positionId: number;
  partyId: number | null;
  fullName: string | null;
  fromDate: string;
  toDate: string | null;
}

export async function insertTerm(db: Db, term: NewTerm): Promise<number> {
  const row = await db
    .insertInto('officer_terms')
    .values({
      officer_position_id: term.positionId,
      party_id: term.partyId,
      full_name: term.fullName,
      from_date: term.fromDate,
      to_date: term.toDate,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A term with its position's club. */
export function termById(db: Db, termId: number) {
  return db
    .selectFrom('officer_terms as ot')
    .innerJoin('officer_positions as op', 'op.id', 'ot.officer_position_id')
    .select([...TERM_COLUMNS, 'op.club_id', 'op.title'])
    .where('ot.id', '=', termId)
    .executeTakeFirst();
}

export async function updateTermDates(
  db: Db,
  termId: number,
  dates: { from_date: string; to_date: string | null },
): Promise<void> {
  await db.updateTable('officer_terms').set(dates).where('id', '=', termId).execute();
}
