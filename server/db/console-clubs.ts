/**
 * Clubs in the console (issue 23, docs/decisions.md D68): the organisation's tree, one club's
 * row, and the writes (create, change, close). Who may touch which club is the console's policy;
 * these take plain ids.
 */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** Every club of the organisation, closed ones too, top levels first. */
export function clubTreeRows(db: Db, organizationId: number) {
  return db
    .selectFrom('clubs as c')
    .innerJoin('club_types as t', 't.id', 'c.club_type_id')
    .select([
      'c.id',
      'c.group_id',
      'c.name',
      'c.formal_name',
      'c.subdomain',
      'c.closed_at',
      't.name as type_name',
    ])
    .where('c.organization_id', '=', organizationId)
    .orderBy('t.rank')
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
}

/** One club's row as the console's form shows it, with its parent's name. */
export function consoleClubRow(db: Db, clubId: number) {
  return db
    .selectFrom('clubs as c')
    .leftJoin('clubs as g', 'g.id', 'c.group_id')
    .select([
      'c.id',
      'c.organization_id',
      'c.name',
      'c.formal_name',
      'c.club_type_id',
      'c.group_id',
      'g.name as group_name',
      'c.subdomain',
      'c.address1',
      'c.address2',
      'c.city',
      'c.state',
      'c.zip',
      'c.time_zone_id',
      'c.lat',
      'c.lng',
      'c.description',
      'c.introduction',
      'c.is_hiding_stock_introduction',
      'c.meetings',
      'c.map_url',
      'c.default_url',
      'c.closed_at',
      'c.avatar_key',
      'c.avatar_medium_key',
      'c.map_image',
    ])
    .where('c.id', '=', clubId)
    .executeTakeFirst();
}
export type ConsoleClubRow = NonNullable<Awaited<ReturnType<typeof consoleClubRow>>>;

/** The organisation a level belongs to, if the level exists. */
export async function organizationOfClubType(db: Db, clubTypeId: number): Promise<number | null> {
  const row = await db
    .selectFrom('club_types')
    .select('organization_id')
    .where('id', '=', clubTypeId)
    .executeTakeFirst();
  return row?.organization_id ?? null;
}

export async function subdomainTaken(
  db: Db,
  subdomain: string,
  exceptClubId: number | null,
): Promise<boolean> {
  let query = db.selectFrom('clubs').select('id').where('subdomain', '=', subdomain);
  if (exceptClubId !== null) query = query.where('id', '<>', exceptClubId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * The club and every club above it, up to the top. UNION, not UNION ALL: a cycle already in
 * bad data ends instead of recursing forever.
 */
export async function clubAndAncestors(db: Db, clubId: number): Promise<number[]> {
  const rows = await db
    .withRecursive('up(id)', (qb) =>
      qb
        .selectFrom('clubs')
        .select('id')
        .where('id', '=', clubId)
        .union(
          qb
            .selectFrom('clubs as parent')
            .innerJoin('clubs as child', 'child.group_id', 'parent.id')
            .innerJoin('up', 'up.id', 'child.id')
            .select('parent.id'),
        ),
    )
    .selectFrom('up')
    .select('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The columns the console writes; `search_key` is lodge search's key of the new values. */
export interface ClubValues {
  name: string;
  formal_name: string;
  club_type_id: number;
  group_id: number | null;
  subdomain: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  time_zone_id: number;
  lat: number | null;
  lng: number | null;
  description: string | null;
  introduction: string | null;
  is_hiding_stock_introduction: number;
  meetings: string | null;
  map_url: string | null;
  default_url: string | null;
  search_key: string;
}

export async function insertClub(
  db: Db,
  organizationId: number,
  values: ClubValues,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('clubs')
    .values({ ...values, organization_id: organizationId, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateClub(
  db: Db,
  clubId: number,
  values: ClubValues,
  now: number,
): Promise<void> {
  await db
    .updateTable('clubs')
    .set({ ...values, updated_at: now })
    .where('id', '=', clubId)
    .execute();
}

export async function closeClubRow(db: Db, clubId: number, now: number): Promise<void> {
  await db
    .updateTable('clubs')
    .set({ closed_at: now, updated_at: now })
    .where('id', '=', clubId)
    .execute();
}

/** The club's picture keys, read for a change (locked on PostgreSQL against a second upload). */
export function clubImageKeys(db: Db, clubId: number, lock: boolean) {
  let query = db
    .selectFrom('clubs')
    .select(['avatar_key', 'avatar_medium_key', 'map_image'])
    .where('id', '=', clubId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function setClubImageKeys(
  db: Db,
  clubId: number,
  keys:
    { avatar_key: string | null; avatar_medium_key: string | null } | { map_image: string | null },
  now: number,
): Promise<void> {
  await db
    .updateTable('clubs')
    .set({ ...keys, updated_at: now })
    .where('id', '=', clubId)
    .execute();
}

/** Which of these keys a club still shows as its map (the demo gives several clubs one map). */
export async function mapImagesInUse(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('clubs')
    .select('map_image')
    .where('map_image', 'in', keys)
    .execute();
  return new Set(rows.flatMap((row) => (row.map_image === null ? [] : [row.map_image])));
}
