/**
 * The clubs the calendar's lists are made of: those a member follows, where each club is (for
 * Nearby Events), and a club's calendar's club, the clubs below it and its organisation's types.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

type Db = Kysely<Database>;

/** Ids of the clubs the user follows, to put inside a list's SQL. */
export function followedClubIds(db: Db, userId: number) {
  return db
    .selectFrom('favorite_clubs as fc')
    .select('fc.club_id')
    .where('fc.user_id', '=', userId);
}

/** Ids of the clubs the user follows. */
export async function followedClubIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await followedClubIds(db, userId).execute();
  return rows.map((row) => row.club_id);
}

export interface ClubPlace {
  id: number;
  lat: number;
  lng: number;
}

/** Every club with a place on the map. */
export async function clubPlaces(db: Db): Promise<ClubPlace[]> {
  const rows = await db
    .selectFrom('clubs')
    .select(['id', 'lat', 'lng'])
    .where('lat', 'is not', null)
    .where('lng', 'is not', null)
    .execute();
  return rows.flatMap((row) =>
    row.lat !== null && row.lng !== null ? [{ id: row.id, lat: row.lat, lng: row.lng }] : [],
  );
}

/** The club of a subdomain with its type, as a club's calendar names it; undefined if none. */
export function calendarClubBySubdomain(db: Db, subdomain: string) {
  return db
    .selectFrom('clubs as c')
    .innerJoin('club_types as t', 't.id', 'c.club_type_id')
    .select(['c.id', 'c.name', 'c.subdomain', 'c.organization_id', 't.rank', 't.name as type_name'])
    .where('c.subdomain', '=', subdomain)
    .executeTakeFirst();
}

/** The club types of an organisation, from the top of its hierarchy (rank 0) down. */
export function clubTypesOfOrganization(db: Db, organizationId: number) {
  return db
    .selectFrom('club_types')
    .select(['name', 'rank'])
    .where('organization_id', '=', organizationId)
    .orderBy('rank')
    .orderBy('id')
    .execute();
}

/** The club and every club below it (clubs.group_id), the club first. */
export async function clubTree(db: Db, clubId: number): Promise<number[]> {
  const ids = [clubId];
  let frontier = [clubId];
  // The hierarchy is a few levels deep; the guard stops a cycle in bad data.
  for (let depth = 0; frontier.length > 0 && depth < 10; depth++) {
    const children = await db
      .selectFrom('clubs')
      .select('id')
      .where('group_id', 'in', frontier)
      .execute();
    frontier = children.map((row) => row.id).filter((id) => !ids.includes(id));
    ids.push(...frontier);
  }
  return ids;
}

/** Those of `clubIds` whose club type is one of `typeNames`. */
export async function clubsOfTypes(
  db: Db,
  clubIds: readonly number[],
  typeNames: readonly string[],
): Promise<number[]> {
  if (typeNames.length === 0) return [];
  const rows = await db
    .selectFrom('clubs as c')
    .innerJoin('club_types as t', 't.id', 'c.club_type_id')
    .select('c.id')
    .where('c.id', 'in', clubIds)
    .where('t.name', 'in', typeNames)
    .execute();
  return rows.map((row) => row.id);
}
