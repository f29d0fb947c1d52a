/**
 * The console's roster (issue 23, docs/decisions.md D63, D66): an organisation's members as the
 * roster holds them (`member_statuses` joined to `parties`), whatever their status, for the
 * secretary's list, a member's record and the status a secretary sets. Who may read which member
 * is the console's policy; these functions take the secretary's clubs as plain ids.
 */
import { sql } from 'kysely';
import type { AliasableExpression, ExpressionBuilder, Kysely, RawBuilder, SqlBool } from 'kysely';
import { engineOf } from './database.ts';
import type { Database, MemberStatusValue } from './schema.ts';
import { PARTY_NAME_COLUMNS } from './parties.ts';

type Db = Kysely<Database>;

/** Above every character a key can hold, in the bytewise order both engines compare keys in. */
const TOP = '\u{10FFFF}';

/** The organisations of the console's scope: every one (null) or these. */
export function consoleOrganizationRows(db: Db, organizationIds: readonly number[] | null) {
  let query = db.selectFrom('organizations').select(['id', 'name']).orderBy('name').orderBy('id');
  if (organizationIds !== null) {
    if (organizationIds.length === 0) return Promise.resolve([]);
    query = query.where('id', 'in', organizationIds);
  }
  return query.execute();
}

/** The clubs of the console's scope, every one (null) or these, with their type's name. */
export function consoleClubRows(db: Db, clubIds: readonly number[] | null) {
  let query = db
    .selectFrom('clubs as c')
    .innerJoin('club_types as t', 't.id', 'c.club_type_id')
    .select([
      'c.id',
      'c.organization_id',
      'c.group_id',
      'c.name',
      'c.formal_name',
      'c.subdomain',
      't.name as type_name',
    ])
    .orderBy('c.organization_id')
    .orderBy('t.rank')
    .orderBy('c.name')
    .orderBy('c.id');
  if (clubIds !== null) {
    if (clubIds.length === 0) return Promise.resolve([]);
    query = query.where('c.id', 'in', clubIds);
  }
  return query.execute();
}

/** A search of the roster: names (folded tokens, common/member-search.ts) or a number prefix. */
export interface RosterFilter {
  organizationId: number;
  /** A secretary's clubs: only members with a membership (current or past) in one; null: all. */
  withinClubIds: readonly number[] | null;
  /** Folded tokens of the search text (searchTokens); empty for no name search. */
  tokens: readonly string[];
  /** The search text as typed, trimmed, for the member number's prefix; '' for none. */
  numberPrefix: string;
  /** A current member of this club. */
  clubId?: number;
  status?: MemberStatusValue;
  hasAccount?: boolean;
  limit: number;
  offset: number;
}

type PartyKey = 'first_name_key' | 'last_name_key' | 'preferred_name_key';

/**
 * The parties whose names the tokens find, by the directory's rule (common/member-search.ts:
 * a whole text begins a first, last or preferred name; with several tokens the first begins one
 * name and the rest the other), each a range on an indexed key, united, so a search reads the
 * names that begin with the text and never the whole roster.
 */
function partiesNamed(db: Db, tokens: readonly string[]) {
  const [head = '', ...tail] = tokens;
  const whole = tokens.join(' ');
  const rest = tail.join(' ');
  const begins = (key: PartyKey, text: string) =>
    db
      .selectFrom('parties')
      .select('id')
      .where(key, '>=', text)
      .where(key, '<', text + TOP);
  const both = (first: PartyKey, second: PartyKey) =>
    begins(first, head)
      .where(second, '>=', rest)
      .where(second, '<', rest + TOP);
  let found = begins('first_name_key', whole)
    .unionAll(begins('last_name_key', whole))
    .unionAll(begins('preferred_name_key', whole));
  if (tail.length > 0) {
    found = found
      .unionAll(both('first_name_key', 'last_name_key'))
      .unionAll(both('last_name_key', 'first_name_key'))
      .unionAll(both('preferred_name_key', 'last_name_key'));
  }
  return found;
}

type RosterEb = ExpressionBuilder<
  Database & { ms: Database['member_statuses']; p: Database['parties'] },
  'ms' | 'p'
>;

function hasAccount(eb: RosterEb) {
  return eb.exists(
    eb.selectFrom('users as u').select('u.id').whereRef('u.party_id', '=', 'ms.party_id'),
  );
}

/**
 * How a page is found. Each filter that names a set of members (the search, the club, the
 * secretary's clubs, the status) can drive: its members are read and sorted, about 2 µs each.
 * When none is small, the list walks the roster in its own order, checks each entry and stops at
 * the page: about 0.1 µs an entry for names (the parties' index alone), 1 to 3 µs for anything
 * that looks up the entry's roster row or memberships, and it passes 50 entries per match in a
 * thousand, or the whole roster when matches are rare. Measured at scale 50 on SQLite (D73):
 * names break even near 500 matches ("carl", 1.6 ms either way); a member number, a club, a
 * secretary's clubs or a status near 2,500 ("123", 1,083 matches: 1.3 ms read, 5.2 ms walked;
 * a lodge of 800 filtered by status: 1.6 ms read, 93 ms walked).
 */
const FEW_NAME_MATCHES = 500;
const FEW_MEMBERS = 2500;

interface Driver {
  /** The parties this filter names (a superset is fine: every filter is checked again). */
  readonly ids: AliasableExpression<{ id: number }>;
  /** At most this many are read; more are walked. */
  readonly few: number;
}

/** The search's parties, by name ranges and the number's prefix, or null with no search. */
function searchedParties(db: Db, filter: RosterFilter) {
  const byNumber =
    filter.numberPrefix === ''
      ? null
      : db
          .selectFrom('member_statuses as nm')
          .select('nm.party_id as id')
          .where('nm.organization_id', '=', filter.organizationId)
          .where('nm.member_number', '>=', filter.numberPrefix)
          .where('nm.member_number', '<', filter.numberPrefix + TOP);
  if (filter.tokens.length === 0) return byNumber;
  const named = partiesNamed(db, filter.tokens);
  return byNumber ? named.unionAll(byNumber) : named;
}

/** The filters that could drive a page, each with the parties it names. */
function drivers(db: Db, filter: RosterFilter): Driver[] {
  const found: Driver[] = [];
  const searched = searchedParties(db, filter);
  if (searched !== null) {
    found.push({
      ids: searched,
      few: filter.numberPrefix === '' ? FEW_NAME_MATCHES : FEW_MEMBERS,
    });
  }
  if (filter.clubId !== undefined) {
    found.push({
      ids: db
        .selectFrom('memberships')
        .select('party_id as id')
        .where('club_id', '=', filter.clubId)
        .where('left_at', 'is', null),
      few: FEW_MEMBERS,
    });
  }
  const within = filter.withinClubIds;
  if (within !== null) {
    found.push({
      ids: db
        .selectFrom('memberships')
        .select('party_id as id')
        .where('club_id', 'in', within.length > 0 ? within : [0]),
      few: FEW_MEMBERS,
    });
  }
  if (filter.status !== undefined) {
    found.push({
      ids: db
        .selectFrom('member_statuses')
        .select('party_id as id')
        .where('organization_id', '=', filter.organizationId)
        .where('status', '=', filter.status),
      few: FEW_MEMBERS,
    });
  }
  return found;
}

/**
 * The filter whose parties are fewest, when they are few enough to read, counting each no
 * further than its limit; null to walk. `few` overrides every limit (tests ask both plans).
 *
 * A limit grows where the walk costs more: a deeper page walks further (by the square root, as
 * the break-even count does), and with another filter beside it the walk finds only members who
 * pass both (a lodge of 4,000 and its 2,650 suspended members: 11 ms walked, 5 ms read).
 */
async function smallestDriver(db: Db, filter: RosterFilter, few: number | undefined) {
  const candidates = drivers(db, filter);
  const others = candidates.length - 1 + (filter.hasAccount === undefined ? 0 : 1);
  const deeper = Math.sqrt((filter.offset + filter.limit + 1) / (filter.limit + 1));
  let best: { driver: Driver; count: number } | null = null;
  for (const driver of candidates) {
    const limit = few ?? Math.round(driver.few * deeper * (others > 0 ? 4 : 1));
    const counted = await db
      .selectFrom(
        db
          .selectFrom(driver.ids.as('s'))
          .select('s.id')
          .limit(limit + 1)
          .as('found'),
      )
      .select((eb) => eb.fn.countAll<number>().as('found'))
      .executeTakeFirst();
    const count = Number(counted?.found ?? 0);
    if (count <= limit && (best === null || count < best.count)) best = { driver, count };
  }
  return best?.driver ?? null;
}

/**
 * The search as a condition on each row (the walk in the list's order): the same ranges. On
 * SQLite each column is written `+column`, which keeps the planner from answering it by its
 * index, so it walks the order's index (parties by last and first name) and stops at the page.
 */
function searchCondition(db: Db, eb: RosterEb, filter: RosterFilter) {
  const walk = engineOf(db) === 'sqlite';
  const column = (name: string) => (walk ? sql`+${sql.ref(name)}` : sql.ref(name));
  const begins = (name: string, text: string) =>
    sql<SqlBool>`(${column(name)} >= ${text} and ${column(name)} < ${text + TOP})`;
  const [head = '', ...tail] = filter.tokens;
  const whole = filter.tokens.join(' ');
  const rest = tail.join(' ');
  const found: RawBuilder<SqlBool>[] = [];
  if (filter.tokens.length > 0) {
    found.push(
      begins('p.first_name_key', whole),
      begins('p.last_name_key', whole),
      begins('p.preferred_name_key', whole),
    );
    if (tail.length > 0) {
      found.push(
        sql<SqlBool>`(${begins('p.first_name_key', head)} and ${begins('p.last_name_key', rest)})`,
        sql<SqlBool>`(${begins('p.last_name_key', head)} and ${begins('p.first_name_key', rest)})`,
        sql<SqlBool>`(${begins('p.preferred_name_key', head)} and ${begins('p.last_name_key', rest)})`,
      );
    }
  }
  if (filter.numberPrefix !== '') found.push(begins('ms.member_number', filter.numberPrefix));
  return eb.or(found);
}

/**
 * One page of the organisation's roster, sorted by last name, first name and id, and one more
 * row when more follow. A search with few matches reads them by their indexes and sorts them;
 * one with many (two letters over a grand lodge) walks the roster in order and stops at the page.
 *
 * Two steps: the page's parties are chosen from the parties' index alone (last and first name,
 * id and preferred name), then only they are read whole. PostgreSQL checks a condition on an
 * index's columns before reading the row only in an index-only scan: asked for the names at
 * once, it read every row the walk passed (2,300 for "jo", 6 ms against 0.7 ms).
 */
export async function rosterPage(db: Db, filter: RosterFilter, few?: number) {
  const driver = await smallestDriver(db, filter, few);
  // Parties first, each one's entry looked up by party: on SQLite a CROSS JOIN keeps that
  // order, so the list walks the parties' index in its own order or looks the matches up by id.
  let chosen = db
    .selectFrom('parties as p')
    .crossJoin('member_statuses as ms')
    .whereRef('ms.party_id', '=', 'p.id')
    .select(['p.id', 'p.last_name_key', 'p.first_name_key'])
    .where('ms.organization_id', '=', filter.organizationId);
  const within = filter.withinClubIds;
  if (within !== null) {
    chosen = chosen.where((eb) =>
      eb.exists(
        eb
          .selectFrom('memberships as sm')
          .select('sm.id')
          .whereRef('sm.party_id', '=', 'ms.party_id')
          .where('sm.club_id', 'in', within.length > 0 ? within : [0]),
      ),
    );
  }
  if (filter.clubId !== undefined) {
    const clubId = filter.clubId;
    chosen = chosen.where((eb) =>
      eb.exists(
        eb
          .selectFrom('memberships as cm')
          .select('cm.id')
          .whereRef('cm.party_id', '=', 'ms.party_id')
          .where('cm.club_id', '=', clubId)
          .where('cm.left_at', 'is', null),
      ),
    );
  }
  if (filter.status !== undefined) chosen = chosen.where('ms.status', '=', filter.status);
  if (filter.hasAccount !== undefined) {
    const wanted = filter.hasAccount;
    chosen = chosen.where((eb) => (wanted ? hasAccount(eb) : eb.not(hasAccount(eb))));
  }
  if (filter.tokens.length > 0 || filter.numberPrefix !== '') {
    chosen = chosen.where((eb) => searchCondition(db, eb, filter));
  }
  if (driver !== null) {
    const ids = driver.ids;
    chosen = chosen.where((eb) => eb('p.id', 'in', eb.selectFrom(ids.as('d')).select('d.id')));
  }
  const page = chosen
    .orderBy('p.last_name_key')
    .orderBy('p.first_name_key')
    .orderBy('p.id')
    .limit(filter.limit + 1)
    .offset(filter.offset)
    .as('page');
  // Whether each has an account by a join on the account's unique party: as EXISTS in the
  // select list PostgreSQL may hash every account first (37,000 at scale 50) for 51 rows.
  return db
    .selectFrom(page)
    .crossJoin('parties as p')
    .whereRef('p.id', '=', 'page.id')
    .crossJoin('member_statuses as ms')
    .whereRef('ms.party_id', '=', 'p.id')
    .where('ms.organization_id', '=', filter.organizationId)
    .leftJoin('users as u', 'u.party_id', 'p.id')
    .select(['p.id as party_id', ...PARTY_NAME_COLUMNS, 'ms.member_number', 'ms.status'])
    .select(sql<SqlBool>`${sql.ref('u.id')} is not null`.as('has_account'))
    .orderBy('page.last_name_key')
    .orderBy('page.first_name_key')
    .orderBy('page.id')
    .execute();
}

/**
 * The current clubs of these members in the organisation, by club name. Memberships first, then
 * each one's club: as an inner join SQLite began from the organisation's clubs and read every
 * member of each (0.4 ms for a page at scale 50); a CROSS JOIN keeps the order it is written in.
 */
export function currentClubsOfMembers(db: Db, organizationId: number, partyIds: readonly number[]) {
  if (partyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('memberships as m')
    .crossJoin('clubs as c')
    .whereRef('c.id', '=', 'm.club_id')
    .select(['m.party_id', 'c.id', 'c.name'])
    .where('m.party_id', 'in', partyIds)
    .where('m.left_at', 'is', null)
    .where('c.organization_id', '=', organizationId)
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
}

/** A member's roster entry in the organisation, with their names and whether they have an account. */
export function rosterEntry(db: Db, organizationId: number, partyId: number) {
  return db
    .selectFrom('member_statuses as ms')
    .innerJoin('parties as p', 'p.id', 'ms.party_id')
    .innerJoin('organizations as o', 'o.id', 'ms.organization_id')
    .select([
      'p.id as party_id',
      ...PARTY_NAME_COLUMNS,
      'p.birth_date',
      'ms.id as status_id',
      'ms.member_number',
      'ms.status',
      'ms.status_on',
      'ms.status_note',
      'o.id as organization_id',
      'o.name as organization_name',
    ])
    .select((eb) => hasAccount(eb).as('has_account'))
    .where('ms.organization_id', '=', organizationId)
    .where('ms.party_id', '=', partyId)
    .executeTakeFirst();
}

/**
 * Every membership (current and past) of the party in the organisation's clubs, with the
 * console's roles: what the record lists and what decides whose record it is.
 */
export function membershipsInOrganization(db: Db, organizationId: number, partyId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('clubs as c', 'c.id', 'm.club_id')
    .leftJoin('membership_roles as r', (join) =>
      join
        .onRef('r.membership_id', '=', 'm.id')
        .on('r.role_name', 'in', ['webmaster', 'secretary']),
    )
    .select([
      'm.id',
      'm.joined_on',
      'm.left_at',
      'c.id as club_id',
      'c.name as club_name',
      'c.subdomain',
      'r.role_name',
    ])
    .where('m.party_id', '=', partyId)
    .where('c.organization_id', '=', organizationId)
    .orderBy('m.left_at', 'desc')
    .orderBy('c.name')
    .orderBy('m.id')
    .execute();
}

/** The party's first address in the contact types' order, with its country's code. */
export function firstAddressOf(db: Db, partyId: number) {
  return db
    .selectFrom('addresses as a')
    .innerJoin('contact_types as t', 't.id', 'a.contact_type_id')
    .innerJoin('countries as co', 'co.id', 'a.country_id')
    .select(['a.address_1', 'a.address_2', 'a.city', 'a.state', 'a.zip', 'co.code as country'])
    .where('a.party_id', '=', partyId)
    .orderBy('t.sort_order')
    .orderBy('a.id')
    .limit(1)
    .executeTakeFirst();
}

export interface StandingChange {
  statusId: number;
  status: MemberStatusValue;
  on: string;
  note: string | null;
  /** The status card's colour for the new status. */
  color: string;
  now: number;
}

/** Writes a member's status in one organisation. */
export async function setStanding(db: Db, change: StandingChange): Promise<void> {
  await db
    .updateTable('member_statuses')
    .set({
      status: change.status,
      status_on: change.on,
      status_note: change.note,
      color: change.color,
      updated_at: change.now,
    })
    .where('id', '=', change.statusId)
    .execute();
}

/** Whether the party is active in some organisation (the rule of sign-in, D66). */
export async function isActiveAnywhere(db: Db, partyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('member_statuses')
    .select('id')
    .where('party_id', '=', partyId)
    .where('status', '=', 'active')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The party's account, if it has one: whose sessions a status change may end. */
export function accountOfParty(db: Db, partyId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'is_admin'])
    .where('party_id', '=', partyId)
    .executeTakeFirst();
}

/** The party's most recently changed status that is not active: why it may not sign in. */
export async function inactiveStatusOf(db: Db, partyId: number): Promise<MemberStatusValue | null> {
  const row = await db
    .selectFrom('member_statuses')
    .select('status')
    .where('party_id', '=', partyId)
    .where('status', '<>', 'active')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.status ?? null;
}
