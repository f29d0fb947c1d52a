import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { searchKeysOf } from '../../../common/member-search.ts';

interface PartyNames {
  parties: {
    id: number;
    first_name: string;
    last_name: string;
    preferred_name: string | null;
    first_name_key: string;
    last_name_key: string;
    preferred_name_key: string | null;
  };
}

const BATCH = 2000;

/**
 * Member search compares keys folded by common/member-search.ts `foldName` (accents, case,
 * apostrophes; docs/decisions.md D38); until now they were only lower-cased, so José was not
 * found by `jose`. Each party whose keys change is written again, in batches by id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Search keeps only members of the searcher's organisations, asking for each name it finds
  // whether the party holds a current membership (db/memberships.ts membersOfOrganizations):
  // with thousands of names for two letters, reading each membership row for its left_at cost
  // half the search. This index answers from itself.
  await sql`create index memberships_current_party_club_idx on memberships (party_id, club_id)
    where left_at is null`.execute(db);
  const names = db as unknown as Kysely<PartyNames>;
  let after = 0;
  for (;;) {
    const rows = await names
      .selectFrom('parties')
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    // Not a transaction of its own: PostgreSQL runs the migration in one already. Few names
    // change (accents, apostrophes), so on SQLite their single writes are quick too.
    for (const row of rows) {
      const keys = searchKeysOf(row);
      const same =
        keys.first_name_key === row.first_name_key &&
        keys.last_name_key === row.last_name_key &&
        keys.preferred_name_key === row.preferred_name_key;
      if (!same) await names.updateTable('parties').set(keys).where('id', '=', row.id).execute();
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The folded keys stay: lower-cased ones found less, never more.
  await db.schema.dropIndex('memberships_current_party_club_idx').execute();
}
