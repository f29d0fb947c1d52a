import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '../auth/actor.ts';
import { mayViewParty } from '../policies/parties.ts';
import { demoServices } from '../test/demo-services.ts';
import { rosterOf } from '../test/party-visibility.ts';
import type { Roster } from '../test/party-visibility.ts';
import type { TestDatabase } from '../test/test-database.ts';
import type { ServiceContext } from './context.ts';
import { listFavoriteContacts, listRecentContacts, RECENT_CONTACTS_LIMIT } from './contacts.ts';

/**
 * Members › Recent and Members › Favorite filter in SQL (`visibleParty`); the policy
 * `mayViewParty` says the same rule in code (D37). On the demo data, for every member with
 * either list, each list must be exactly their stored rows whose party the policy lets them
 * see, in the list's order.
 */

interface StoredRow {
  user_id: number;
  party_id: number;
  /** contacted_at for a recent contact, created_at for a favourite. */
  at: number;
  id: number;
}

let database: TestDatabase;
let ctx: ServiceContext;
let roster: Roster;
let members: Map<number, Member>;

beforeAll(async () => {
  ({ database, ctx } = await demoServices());
  roster = await rosterOf(database.handle.db);
  const users = await database.handle.db
    .selectFrom('users')
    .select(['id', 'party_id', 'is_admin'])
    .execute();
  members = new Map(
    users.map((user) => [
      user.id,
      { kind: 'member', userId: user.id, partyId: user.party_id, isAdmin: user.is_admin === 1 },
    ]),
  );
});

afterAll(async () => {
  await database.drop();
});

function byUser(rows: StoredRow[]): Map<number, StoredRow[]> {
  const grouped = new Map<number, StoredRow[]>();
  for (const row of rows) {
    let list = grouped.get(row.user_id);
    if (!list) grouped.set(row.user_id, (list = []));
    list.push(row);
  }
  return grouped;
}

function policySees(member: Member, party: number): boolean {
  return mayViewParty(member, party, roster.sees(member.partyId, party));
}

describe('the contact lists equal the directory rule (D37) on the demo data', () => {
  it('Members › Recent: the visible rows, newest first, at most the limit', async () => {
    const rows = await database.handle.db
      .selectFrom('user_recent_contacts')
      .select(['user_id', 'party_id', 'contacted_at as at', 'id'])
      .execute();
    let hidden = 0;
    let checked = 0;
    for (const [userId, stored] of byUser(rows)) {
      const member = members.get(userId);
      if (!member) throw new Error(`no user ${userId}`);
      const visible = stored.filter((row) => policySees(member, row.party_id));
      hidden += stored.length - visible.length;
      const expected = visible
        .sort((a, b) => b.at - a.at || b.id - a.id)
        .slice(0, RECENT_CONTACTS_LIMIT)
        .map((row) => row.party_id);
      const got = (await listRecentContacts(ctx, member)).map((entry) => entry.party.id);
      expect({ userId, got }).toEqual({ userId, got: expected });
      checked += 1;
    }
    expect(checked).toBeGreaterThan(10);
    // The rule must have something to say: some stored contacts are of parties now hidden.
    expect(hidden).toBeGreaterThan(0);
  });

  it('Members › Favorite: the visible rows', async () => {
    const rows = await database.handle.db
      .selectFrom('user_favorite_contacts')
      .select(['user_id', 'party_id', 'created_at as at', 'id'])
      .execute();
    let hidden = 0;
    let checked = 0;
    for (const [userId, stored] of byUser(rows)) {
      const member = members.get(userId);
      if (!member) throw new Error(`no user ${userId}`);
      const expected = stored
        .filter((row) => policySees(member, row.party_id))
        .map((row) => row.party_id)
        .sort((a, b) => a - b);
      hidden += stored.length - expected.length;
      const got = (await listFavoriteContacts(ctx, member))
        .map((entry) => entry.party_id)
        .sort((a, b) => a - b);
      expect({ userId, got }).toEqual({ userId, got: expected });
      checked += 1;
    }
    expect(checked).toBeGreaterThan(10);
    expect(hidden).toBeGreaterThan(0);
  });
});
