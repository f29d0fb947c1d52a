import type { Kysely } from 'kysely';
import { lodgeSearchKey } from '../../../common/lodge-search.ts';
import { schemaKit } from './schema-helpers.ts';

interface ClubNames {
  clubs: {
    id: number;
    name: string;
    formal_name: string;
    city: string | null;
    search_key: string;
  };
}

/**
 * Lodge search (AMB-11, docs/decisions.md D40) looks for the folded text inside a club's
 * folded name, formal name and city; folding accents cannot be done in portable SQL, so each
 * club keeps the key common/lodge-search.ts `lodgeSearchKey` makes. No index: a search reads
 * the clubs of the member's organisations (a few dozen to a few thousand rows) through
 * clubs_organization_id_club_type_id_idx, and a substring is no use to a B-tree anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const k = schemaKit(db);
  await db.schema
    .alterTable('clubs')
    .addColumn('search_key', k.searchKey, (col) => col.notNull().defaultTo(''))
    .execute();
  const clubs = db as unknown as Kysely<ClubNames>;
  const rows = await clubs
    .selectFrom('clubs')
    .select(['id', 'name', 'formal_name', 'city'])
    .execute();
  // No transaction of its own: PostgreSQL runs each migration in one already (and refuses a
  // nested one); on SQLite a club is one small update, and there are few clubs.
  for (const row of rows) {
    await clubs
      .updateTable('clubs')
      .set({ search_key: lodgeSearchKey(row) })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('clubs').dropColumn('search_key').execute();
}
