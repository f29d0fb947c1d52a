/**
 * Parties (people on the rosters) as the directory shows them: the columns of a summary, who
 * may see whom as SQL (`partyVisibleTo`), and what the party page reads.
 */
import type { Expression, ExpressionBuilder, Insertable, Kysely, SqlBool } from 'kysely';
import {
  clubIdsOf,
  currentMembershipsOf,
  membersOfOrganizations,
  organizationIdsOf,
} from './memberships.ts';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;
export type PartiesEb = ExpressionBuilder<Database & { p: Database['parties'] }, 'p'>;

/** A party's names as `displayName` (common/display-name.ts) reads them, from parties `p`. */
export const PARTY_NAME_COLUMNS = [
  'p.first_name',
  'p.middle_name',
  'p.last_name',
  'p.suffix',
  'p.preferred_name',
] as const;

/** The party columns every answer of the directory shows, from a query that names parties `p`. */
export const PARTY_SUMMARY_COLUMNS = [
  'p.id',
  ...PARTY_NAME_COLUMNS,
  'p.avatar_medium_key',
] as const;

/**
 * mayViewParty (policies/parties.ts) as SQL, for a list whose parties are `p`: the viewer, or a
 * current member of a club of one of the viewer's organisations (D37).
 */
export function partyVisibleTo(db: Db, eb: PartiesEb, viewerPartyId: number): Expression<SqlBool> {
  return eb.or([
    eb('p.id', '=', viewerPartyId),
    eb.exists(
      membersOfOrganizations(db, organizationIdsOf(db, viewerPartyId))
        .select('fellow.id')
        .where('fellow.party_id', '=', eb.ref('p.id')),
    ),
  ]);
}

/** The party's summary and whether it has left, if it exists. */
export function partySummaryRow(db: Db, partyId: number) {
  return db
    .selectFrom('parties as p')
    .select([...PARTY_SUMMARY_COLUMNS, 'p.left_at'])
    .where('p.id', '=', partyId)
    .executeTakeFirst();
}

/** The party's names, as a password must not contain them. */
export function partyNames(db: Db, partyId: number) {
  return db
    .selectFrom('parties')
    .select(['first_name', 'middle_name', 'last_name', 'suffix', 'preferred_name'])
    .where('id', '=', partyId)
    .executeTakeFirstOrThrow();
}

/** A new party; answers its id. */
export async function insertParty(
  db: Db,
  values: Insertable<Database['parties']>,
): Promise<number> {
  const row = await db
    .insertInto('parties')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The party's phones, in the contact types' order (Mobile, Home, Office, then others). */
export function phonesOf(db: Db, partyId: number) {
  return db
    .selectFrom('phones as ph')
    .innerJoin('contact_types as t', 't.id', 'ph.contact_type_id')
    .select(['t.name as type', 'ph.number', 'ph.extension'])
    .where('ph.party_id', '=', partyId)
    .orderBy('t.sort_order')
    .orderBy('ph.id')
    .execute();
}

/** The party's first e-mail address (PARTY-08): personal before work, then the oldest. */
export async function firstEmailOf(db: Db, partyId: number): Promise<string | null> {
  const row = await db
    .selectFrom('emails as e')
    .innerJoin('contact_types as t', 't.id', 'e.contact_type_id')
    .select('e.address')
    .where('e.party_id', '=', partyId)
    .orderBy('t.sort_order')
    .orderBy('e.id')
    .limit(1)
    .executeTakeFirst();
  return row?.address ?? null;
}

/** Whose clubs a party page lists them for: the viewer's party and account. */
export interface Viewer {
  partyId: number;
  userId: number;
}

/**
 * The party's current clubs within the viewer's organisations (D39: a brother's other
 * fraternities are not this roster's to tell), lodges before the bodies above them, with the
 * viewer's own standing in each: followed (`favorite_clubs`) and member.
 */
export function partyClubsSeenBy(db: Db, viewer: Viewer, partyId: number) {
  return currentMembershipsOf(db, partyId)
    .innerJoin('clubs as c', 'c.id', 'm.club_id')
    .innerJoin('club_types as t', 't.id', 'c.club_type_id')
    .select((eb) => [
      'c.id',
      'c.name',
      'c.subdomain',
      't.name as type_name',
      // As the club home means it (D40): followed, or the member's own club.
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('favorite_clubs as f')
              .select('f.id')
              .where('f.user_id', '=', viewer.userId)
              .whereRef('f.club_id', '=', 'c.id'),
          ),
          eb('c.id', 'in', clubIdsOf(db, viewer.partyId)),
        ])
        .as('is_favorite'),
      eb('c.id', 'in', clubIdsOf(db, viewer.partyId)).as('is_member'),
    ])
    .where('c.organization_id', 'in', organizationIdsOf(db, viewer.partyId))
    .orderBy('t.rank', 'desc')
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
}

export interface AvatarKeys {
  avatar_key: string | null;
  avatar_medium_key: string | null;
}

/**
 * The party's avatar keys; with `lock` (PostgreSQL), the row stays locked until the transaction
 * ends, so a second save at once waits and then reads the first one's keys.
 */
export function avatarKeysOf(
  db: Db,
  partyId: number,
  lock: boolean,
): Promise<AvatarKeys | undefined> {
  const query = db
    .selectFrom('parties')
    .select(['avatar_key', 'avatar_medium_key'])
    .where('id', '=', partyId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function setAvatarKeys(db: Db, partyId: number, keys: AvatarKeys): Promise<void> {
  await db.updateTable('parties').set(keys).where('id', '=', partyId).execute();
}

/** Those of `keys` that a party or a club still shows. */
export async function avatarKeysInUse(db: Db, keys: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('parties')
    .select(['avatar_key', 'avatar_medium_key'])
    .where((eb) => eb.or([eb('avatar_key', 'in', keys), eb('avatar_medium_key', 'in', keys)]))
    .unionAll(
      db
        .selectFrom('clubs')
        .select(['avatar_key', 'avatar_medium_key'])
        .where((eb) => eb.or([eb('avatar_key', 'in', keys), eb('avatar_medium_key', 'in', keys)])),
    )
    .execute();
  return new Set(
    rows.flatMap((row) => [row.avatar_key, row.avatar_medium_key]).filter((key) => key !== null),
  );
}
