/**
 * The organisation's settings in the console (issue 23, docs/decisions.md D68): its row, the
 * levels of its hierarchy (`club_types`) and the look of its statuses
 * (`organization_statuses`), and the audit rows of console changes to them and to clubs.
 */
import type { Kysely } from 'kysely';
import { DEFAULT_STATUS_STYLES } from '../../common/schemas/console-clubs.ts';
import type { StatusStyle } from '../../common/schemas/console-clubs.ts';
import type { Database, MemberStatusValue } from './schema.ts';

type Db = Kysely<Database>;

export function organizationRow(db: Db, organizationId: number) {
  return db
    .selectFrom('organizations')
    .select(['id', 'name', 'member_number_min_length', 'member_number_max_length', 'is_recognized'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
}

/** The levels from the top, each with how many clubs (closed ones too) are of it. */
export function clubTypesWithCounts(db: Db, organizationId: number) {
  return db
    .selectFrom('club_types as t')
    .select(['t.id', 't.name', 't.rank', 't.is_leaf'])
    .select((eb) =>
      eb
        .selectFrom('clubs as c')
        .select((count) => count.fn.countAll<number>().as('n'))
        .whereRef('c.club_type_id', '=', 't.id')
        .as('club_count'),
    )
    .where('t.organization_id', '=', organizationId)
    .orderBy('t.rank')
    .execute();
}

/** Each status's title and colour: the organisation's choice, else the default. */
export async function statusStylesOf(
  db: Db,
  organizationId: number,
): Promise<Record<MemberStatusValue, StatusStyle>> {
  const rows = await db
    .selectFrom('organization_statuses')
    .select(['status', 'title', 'color'])
    .where('organization_id', '=', organizationId)
    .execute();
  const styles = { ...DEFAULT_STATUS_STYLES };
  for (const row of rows) styles[row.status] = { title: row.title, color: row.color };
  return styles;
}

export interface OrganizationValues {
  name: string;
  member_number_min_length: number | null;
  member_number_max_length: number | null;
  is_recognized: number;
}

export async function insertOrganization(db: Db, values: OrganizationValues): Promise<number> {
  const row = await db
    .insertInto('organizations')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOrganization(
  db: Db,
  organizationId: number,
  values: OrganizationValues,
): Promise<void> {
  await db.updateTable('organizations').set(values).where('id', '=', organizationId).execute();
}

/** Another organisation already has this name (names pick an organisation at registration). */
export async function organizationNameTaken(
  db: Db,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  let query = db.selectFrom('organizations').select('id').where('name', '=', name);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Makes the organisation's levels these, top first: existing ones renamed and re-ranked, new
 * ones added, the rest deleted (the caller has checked no club uses them). Ranks and names are
 * unique per organisation, so every kept level first moves out of the way (negative rank, a
 * name no one types) and then takes its place. The bottom level is the leaf (the lodges).
 */
export async function replaceClubTypes(
  db: Db,
  organizationId: number,
  levels: readonly { id: number | null; name: string }[],
  removedIds: readonly number[],
): Promise<void> {
  if (removedIds.length > 0) {
    await db.deleteFrom('club_types').where('id', 'in', removedIds).execute();
  }
  const kept = levels.filter((level) => level.id !== null);
  for (const level of kept) {
    await db
      .updateTable('club_types')
      .set({ rank: -1 - (level.id ?? 0), name: `~moving level ${level.id}~` })
      .where('id', '=', level.id ?? 0)
      .where('organization_id', '=', organizationId)
      .execute();
  }
  const last = levels.length - 1;
  for (const [rank, level] of levels.entries()) {
    const values = { name: level.name, rank, is_leaf: rank === last ? 1 : 0 };
    if (level.id === null) {
      await db
        .insertInto('club_types')
        .values({ ...values, organization_id: organizationId })
        .execute();
    } else {
      await db.updateTable('club_types').set(values).where('id', '=', level.id).execute();
    }
  }
}

export async function replaceStatusStyles(
  db: Db,
  organizationId: number,
  styles: readonly { status: MemberStatusValue; title: string; color: string }[],
): Promise<void> {
  await db
    .deleteFrom('organization_statuses')
    .where('organization_id', '=', organizationId)
    .execute();
  await db
    .insertInto('organization_statuses')
    .values(styles.map((style) => ({ ...style, organization_id: organizationId })))
    .execute();
}

/** The clubs at the top of the organisation (no parent): whose secretary is its grand secretary. */
export async function topClubIdsOf(db: Db, organizationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('clubs')
    .select('id')
    .where('organization_id', '=', organizationId)
    .where('group_id', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}
