import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTokens } from '../../common/member-search.ts';
import { demoServices } from '../test/demo-services.ts';
import type { TestDatabase } from '../test/test-database.ts';
import { rosterPage } from './console-members.ts';
import type { RosterFilter } from './console-members.ts';
import { DEMO_CLUBS, DEMO_ORGANIZATION_NAME } from './seed/personas.ts';
import type { MemberStatusValue } from './schema.ts';

/*
 * The roster's page (D66, D73) is found by one of two plans: it reads the members of its
 * smallest filter and sorts them, or walks the roster in order and checks each entry. Whichever
 * is taken, the page must be the same: both are asked for every filter here (`few` 0 walks
 * unless a filter names nobody; a huge `few` always reads) and compared with the roster worked
 * out in plain TypeScript from every row.
 */

interface Entry {
  party_id: number;
  first_name_key: string;
  last_name_key: string;
  preferred_name_key: string | null;
  member_number: string;
  status: MemberStatusValue;
  has_account: boolean;
  current: Set<number>;
  ever: Set<number>;
}

let database: TestDatabase;
let organizationId: number;
let entries: Entry[];
let lodge: number;
let otherLodge: number;

const begins = (key: string | null, text: string) => key !== null && key.startsWith(text);

/** The roster's name rule (console-members.ts `partiesNamed`) and the number's prefix. */
function found(entry: Entry, tokens: readonly string[], numberPrefix: string): boolean {
  if (numberPrefix !== '' && entry.member_number.startsWith(numberPrefix)) return true;
  const [head = '', ...tail] = tokens;
  if (tokens.length === 0) return false;
  const whole = tokens.join(' ');
  const rest = tail.join(' ');
  const { first_name_key: first, last_name_key: last, preferred_name_key: preferred } = entry;
  if (begins(first, whole) || begins(last, whole) || begins(preferred, whole)) return true;
  if (tail.length === 0) return false;
  return (
    (begins(first, head) && begins(last, rest)) ||
    (begins(last, head) && begins(first, rest)) ||
    (begins(preferred, head) && begins(last, rest))
  );
}

function expected(filter: RosterFilter): number[] {
  const searching = filter.tokens.length > 0 || filter.numberPrefix !== '';
  const within = filter.withinClubIds;
  return entries
    .filter(
      (entry) =>
        (!searching || found(entry, filter.tokens, filter.numberPrefix)) &&
        (within === null || within.some((club) => entry.ever.has(club))) &&
        (filter.clubId === undefined || entry.current.has(filter.clubId)) &&
        (filter.status === undefined || entry.status === filter.status) &&
        (filter.hasAccount === undefined || entry.has_account === filter.hasAccount),
    )
    .sort(
      (a, b) =>
        compare(a.last_name_key, b.last_name_key) ||
        compare(a.first_name_key, b.first_name_key) ||
        a.party_id - b.party_id,
    )
    .slice(filter.offset, filter.offset + filter.limit + 1)
    .map((entry) => entry.party_id);
}

/** Bytewise, as both engines compare the keys (the C collation on PostgreSQL). */
function compare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

beforeAll(async () => {
  const services = await demoServices();
  database = services.database;
  const db = database.handle.db;
  const organization = await db
    .selectFrom('organizations')
    .select('id')
    .where('name', '=', DEMO_ORGANIZATION_NAME)
    .executeTakeFirstOrThrow();
  organizationId = organization.id;
  const clubs = await db
    .selectFrom('clubs')
    .select(['id', 'subdomain'])
    .where('subdomain', 'in', [DEMO_CLUBS.L1, DEMO_CLUBS.L2])
    .execute();
  lodge = clubs.find((club) => club.subdomain === DEMO_CLUBS.L1)?.id ?? 0;
  otherLodge = clubs.find((club) => club.subdomain === DEMO_CLUBS.L2)?.id ?? 0;
  const rows = await db
    .selectFrom('member_statuses as ms')
    .innerJoin('parties as p', 'p.id', 'ms.party_id')
    .leftJoin('users as u', 'u.party_id', 'p.id')
    .select([
      'p.id as party_id',
      'p.first_name_key',
      'p.last_name_key',
      'p.preferred_name_key',
      'ms.member_number',
      'ms.status',
      'u.id as user_id',
    ])
    .where('ms.organization_id', '=', organizationId)
    .execute();
  const memberships = await db
    .selectFrom('memberships')
    .select(['party_id', 'club_id', 'left_at'])
    .execute();
  const byParty = new Map<number, Entry>();
  for (const row of rows) {
    byParty.set(row.party_id, {
      party_id: row.party_id,
      first_name_key: row.first_name_key,
      last_name_key: row.last_name_key,
      preferred_name_key: row.preferred_name_key,
      member_number: row.member_number,
      status: row.status,
      has_account: row.user_id !== null,
      current: new Set(),
      ever: new Set(),
    });
  }
  for (const membership of memberships) {
    const entry = byParty.get(membership.party_id);
    if (!entry) continue;
    entry.ever.add(membership.club_id);
    if (membership.left_at === null) entry.current.add(membership.club_id);
  }
  entries = [...byParty.values()];
});

afterAll(async () => {
  await database.drop();
});

describe('rosterPage: the same page by either plan', () => {
  const cases: [string, Partial<RosterFilter> & { q?: string }][] = [
    ['the whole roster', {}],
    ['page 3 of the whole roster', { offset: 100 }],
    ['one letter', { q: 'j' }],
    ['two letters, page 2', { q: 'ma', offset: 50 }],
    ['a full last name', { q: 'smith' }],
    ['first and last name', { q: 'john sm' }],
    ['last and first name', { q: 'smith jo' }],
    ['a number prefix', { q: '10' }],
    ['a status', { status: 'suspended' }],
    ['a status and a name', { status: 'active', q: 'b' }],
    ['a status no one has', { status: 'expelled' }],
    ['without an account', { hasAccount: false, q: 'a' }],
    ['with an account', { hasAccount: true }],
  ];
  const scoped: [string, (one: number, two: number) => Partial<RosterFilter>][] = [
    ['a club', (one) => ({ clubId: one })],
    ['a club and a name', (one) => ({ clubId: one, q: 'r' })],
    ["a secretary's clubs", (one, two) => ({ withinClubIds: [one, two] })],
    ["a secretary's clubs, a status", (one) => ({ withinClubIds: [one], status: 'demitted' })],
    ["a secretary's clubs, a number", (one) => ({ withinClubIds: [one], q: '1' })],
    ['a secretary without clubs', () => ({ withinClubIds: [] })],
  ];

  function filterOf(input: Partial<RosterFilter> & { q?: string }): RosterFilter {
    const { q = '', ...rest } = input;
    return {
      organizationId,
      withinClubIds: null,
      tokens: searchTokens(q),
      numberPrefix: /^\d+$/.test(q) ? q : '',
      limit: 50,
      offset: 0,
      ...rest,
    };
  }

  async function check(filter: RosterFilter) {
    const want = expected(filter);
    const db = database.handle.db;
    for (const few of [0, 1_000_000, undefined]) {
      const page = await rosterPage(db, filter, few);
      expect(
        page.map((row) => row.party_id),
        `few ${String(few)}`,
      ).toEqual(want);
    }
    return want;
  }

  it.each(cases)('%s', async (_name, input) => {
    await check(filterOf(input));
  });

  it.each(scoped)('%s', async (_name, make) => {
    await check(filterOf(make(lodge, otherLodge)));
  });

  it('has rows to compare in the cases that should have them', async () => {
    expect(await check(filterOf({ q: 'j' }))).not.toHaveLength(0);
    expect(await check(filterOf({ status: 'suspended' }))).not.toHaveLength(0);
    expect(await check(filterOf({ clubId: lodge, q: 'r' }))).not.toHaveLength(0);
    expect(await check(filterOf({ withinClubIds: [lodge], status: 'demitted' }))).not.toHaveLength(
      0,
    );
  });

  it('answers each row with its names, number, status and account', async () => {
    const [row] = await rosterPage(database.handle.db, filterOf({ q: 'smith' }));
    const entry = entries.find((candidate) => candidate.party_id === row?.party_id);
    expect(row).toMatchObject({
      member_number: entry?.member_number,
      status: entry?.status,
    });
    expect(Boolean(row?.has_account)).toBe(entry?.has_account);
  });
});
