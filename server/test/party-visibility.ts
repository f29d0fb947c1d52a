import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Who sees whom in the directory (decisions D37), computed the slow, obvious way for tests:
 * every current membership read into memory, as organisations per party, and a party is found
 * only where they are also active (issue 23, D66). The party page and
 * the contact lists hold their SQL to this (contacts.db.test.ts, the API tests of
 * routes/parties and routes/user-contacts). Written out here on purpose, not taken from
 * db/memberships.ts: this is the second opinion.
 */
export interface Roster {
  /** Organisations each party currently belongs to, through any club. */
  organizationsOf(partyId: number): ReadonlySet<number>;
  /** Whether `viewer` may open `party`'s page. */
  sees(viewer: number, party: number): boolean;
  /** Parties with a current membership, none of whose organisations `viewer` shares. */
  strangersTo(viewer: number): number[];
  /** Parties with memberships, every one of them left. */
  formerMembers(): number[];
  /** Parties currently in an organisation `viewer` shares and also in one `viewer` does not. */
  partlySharedWith(viewer: number): number[];
}

const NONE: ReadonlySet<number> = new Set();

export async function rosterOf(db: Kysely<Database>): Promise<Roster> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('clubs as c', 'c.id', 'm.club_id')
    .select(['m.party_id', 'm.left_at', 'c.organization_id'])
    .orderBy('m.party_id')
    .execute();
  const statuses = await db
    .selectFrom('member_statuses')
    .select(['party_id', 'organization_id'])
    .where('status', '=', 'active')
    .execute();
  const activeIn = new Set(statuses.map((row) => `${row.party_id}:${row.organization_id}`));
  const current = new Map<number, Set<number>>();
  // Where each party may be found: a current membership there, and active there (D66).
  const listed = new Map<number, Set<number>>();
  const everyone = new Set<number>();
  for (const row of rows) {
    everyone.add(row.party_id);
    if (row.left_at !== null) continue;
    let orgs = current.get(row.party_id);
    if (!orgs) current.set(row.party_id, (orgs = new Set()));
    orgs.add(row.organization_id);
    if (!activeIn.has(`${row.party_id}:${row.organization_id}`)) continue;
    let found = listed.get(row.party_id);
    if (!found) listed.set(row.party_id, (found = new Set()));
    found.add(row.organization_id);
  }
  const organizationsOf = (party: number) => current.get(party) ?? NONE;
  const shares = (viewer: number, party: number) => {
    const mine = organizationsOf(viewer);
    return [...(listed.get(party) ?? NONE)].some((org) => mine.has(org));
  };
  return {
    organizationsOf,
    sees: (viewer, party) => viewer === party || shares(viewer, party),
    strangersTo: (viewer) => [...current.keys()].filter((party) => !shares(viewer, party)),
    formerMembers: () => [...everyone].filter((party) => !current.has(party)),
    partlySharedWith: (viewer) =>
      [...current.keys()].filter(
        (party) =>
          party !== viewer &&
          shares(viewer, party) &&
          [...organizationsOf(party)].some((org) => !organizationsOf(viewer).has(org)),
      ),
  };
}
