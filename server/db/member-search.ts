import { sql } from 'kysely';
import type { ExpressionBuilder, Kysely, RawBuilder, SqlBool } from 'kysely';
import { engineOf } from './database.ts';
import {
  leafLodgesOf,
  membersOfClubs,
  membersOfOrganizations,
  organizationIdsOf,
} from './memberships.ts';
import { prepare } from './prepared.ts';
import type { Param } from './prepared.ts';
import type { Database } from './schema.ts';

/**
 * Member search (`GET /contacts_by_name`, API-DIR-01): the rule of common/member-search.ts in
 * SQL, over the keys `foldName` stored. Each "begins with" is a range on a stored key
 * (key >= text and key < text + U+10FFFF), which both engines answer from the parties indexes
 * because the keys compare bytewise (SQLite's BINARY, PostgreSQL's collate "C"): a search reads
 * the names that begin with the text, never the whole roster. Found members are those the
 * searcher may see (docs/decisions.md D37); exact names come first, then lodge-mates, then by
 * last and first name (D38).
 */

/** Above every character a key can hold, in the bytewise order both engines compare keys in. */
const TOP = '\u{10FFFF}';
/**
 * Names ranked before the visibility check (D38): a third to all of them are visible, so a
 * window of 256 nearly always fills a page.
 */
const WINDOW = 256;
/** A window that holds every name found (a LIMIT both engines accept). */
const ALL = 2_147_483_647;
type Slot =
  | 'viewer'
  | 'whole'
  | 'wholeTop'
  | 'head'
  | 'headTop'
  | 'rest'
  | 'restTop'
  | 'words'
  | 'window'
  | 'limit'
  | 'offset';

type Key = 'p.first_name_key' | 'p.last_name_key' | 'p.preferred_name_key';

/** The names the tokens find (the rule of common/member-search.ts), as ranges on the keys. */
function namesFound(
  eb: ExpressionBuilder<{ p: Database['parties'] }, 'p'>,
  param: Param<Slot>,
  severalTokens: boolean,
  regexp: RawBuilder<unknown>,
) {
  const begins = (key: Key, text: Slot, top: Slot) =>
    eb.and([eb(key, '>=', param<string>(text)), eb(key, '<', param<string>(top))]);
  const found = [
    begins('p.first_name_key', 'whole', 'wholeTop'),
    begins('p.last_name_key', 'whole', 'wholeTop'),
    begins('p.preferred_name_key', 'whole', 'wholeTop'),
  ];
  if (severalTokens) {
    found.push(
      eb.and([
        begins('p.first_name_key', 'head', 'headTop'),
        begins('p.last_name_key', 'rest', 'restTop'),
      ]),
      eb.and([
        begins('p.last_name_key', 'head', 'headTop'),
        begins('p.first_name_key', 'rest', 'restTop'),
      ]),
      eb.and([
        begins('p.preferred_name_key', 'head', 'headTop'),
        begins('p.last_name_key', 'rest', 'restTop'),
      ]),
      eb.and([
        begins('p.last_name_key', 'head', 'headTop'),
        begins('p.preferred_name_key', 'rest', 'restTop'),
      ]),
      eb.and([
        begins('p.preferred_name_key', 'head', 'headTop'),
        sql<SqlBool>`${sql.ref('p.preferred_name_key')} ${regexp} ${param<string>('words')}`,
      ]),
    );
  }
  return eb.or(found);
}

function buildSearch(db: Kysely<Database>, param: Param<Slot>, severalTokens: boolean) {
  const viewer = param<number>('viewer');
  const regexp = engineOf(db) === 'postgres' ? sql.raw('~') : sql.raw('regexp');
  const candidates = db
    .selectFrom('parties as p')
    .select((eb) => {
      const is = (key: Key, text: Slot) => eb(key, '=', param<string>(text));
      const exact = [
        is('p.first_name_key', 'whole'),
        is('p.last_name_key', 'whole'),
        is('p.preferred_name_key', 'whole'),
      ];
      if (severalTokens) {
        exact.push(
          eb.and([is('p.first_name_key', 'head'), is('p.last_name_key', 'rest')]),
          eb.and([is('p.last_name_key', 'head'), is('p.first_name_key', 'rest')]),
          eb.and([is('p.preferred_name_key', 'head'), is('p.last_name_key', 'rest')]),
        );
      }
      return [
        'p.id',
        'p.first_name_key',
        'p.last_name_key',
        eb.case().when(eb.or(exact)).then(0).else(1).end().as('exact_rank'),
        eb
          .case()
          .when(
            eb.exists(
              membersOfClubs(db, leafLodgesOf(db, viewer))
                .select('mate.id')
                .where('mate.party_id', '=', sql.ref<number>('p.id')),
            ),
          )
          .then(0)
          .else(1)
          .end()
          .as('own_rank'),
      ];
    })
    .where((eb) => namesFound(eb, param, severalTokens, regexp))
    .orderBy('exact_rank')
    .orderBy('own_rank')
    .orderBy('p.last_name_key')
    .orderBy('p.first_name_key')
    .orderBy('p.id')
    .limit(param<number>('window'));

  return (
    db
      .selectFrom(candidates.as('c'))
      // The names to show are read for the page only, not for every name the window ranks.
      .innerJoin('parties as shown', 'shown.id', 'c.id')
      .select([
        'c.id',
        'shown.first_name',
        'shown.middle_name',
        'shown.last_name',
        'shown.suffix',
        'shown.preferred_name',
        'shown.avatar_medium_key',
      ])
      .where(({ exists }) =>
        exists(
          membersOfOrganizations(db, organizationIdsOf(db, viewer))
            .select('fellow.id')
            .where('fellow.party_id', '=', sql.ref<number>('c.id'))
            // Keeps it a check of each row in the window: PostgreSQL would otherwise turn it into
            // a join that first gathers every member of the organisation (70,000 at scale).
            .limit(1)
            .offset(0),
        ),
      )
      .orderBy('c.exact_rank')
      .orderBy('c.own_rank')
      .orderBy('c.last_name_key')
      .orderBy('c.first_name_key')
      .orderBy('c.id')
      .limit(param<number>('limit'))
      .offset(param<number>('offset'))
  );
}

/** How many names the tokens find, counted up to the window and one more. */
function buildCount(db: Kysely<Database>, param: Param<Slot>, severalTokens: boolean) {
  const regexp = engineOf(db) === 'postgres' ? sql.raw('~') : sql.raw('regexp');
  return db
    .selectFrom((inner) =>
      inner
        .selectFrom('parties as p')
        .select('p.id')
        .where((eb) => namesFound(eb, param, severalTokens, regexp))
        .limit(param<number>('window'))
        .as('named'),
    )
    .select((eb) => eb.fn.countAll<number>().as('named'));
}

const searchOneToken = prepare((db, param: Param<Slot>) => buildSearch(db, param, false));
const searchSeveralTokens = prepare((db, param: Param<Slot>) => buildSearch(db, param, true));
const countOneToken = prepare((db, param: Param<Slot>) => buildCount(db, param, false));
const countSeveralTokens = prepare((db, param: Param<Slot>) => buildCount(db, param, true));

/** A regular expression (the same in JavaScript and PostgreSQL) for tokens that begin successive words from the first. */
function successiveWords(tokens: readonly string[]): string {
  const escaped = tokens.map((token) => token.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&'));
  return `^${escaped.join('[^ ]* ')}`;
}

export interface MemberSearch {
  /** The searcher's party: whom they may see, and whose lodge-mates come first. */
  viewer: number;
  /** The search's tokens (common/member-search.ts searchTokens), at least one. */
  tokens: readonly string[];
  pageSize: number;
  page: number;
}

/**
 * One page of the members the searcher may see whose names the tokens find, and one more row
 * when more follow.
 */
export async function findMembers(db: Kysely<Database>, search: MemberSearch) {
  const { tokens, pageSize, page } = search;
  const [head = '', ...tail] = tokens;
  const whole = tokens.join(' ');
  const rest = tail.join(' ');
  const values: Record<Exclude<Slot, 'window'>, unknown> = {
    viewer: search.viewer,
    whole,
    wholeTop: whole + TOP,
    head,
    headTop: head + TOP,
    rest,
    restTop: rest + TOP,
    words: successiveWords(tokens),
    limit: pageSize + 1,
    offset: page * pageSize,
  };
  const query = tail.length === 0 ? searchOneToken : searchSeveralTokens;
  const count = tail.length === 0 ? countOneToken : countSeveralTokens;
  const wanted = (page + 1) * pageSize + 1;
  const window = Math.max(WINDOW, wanted * 4);
  // Ranked first, checked for visibility after: a window of the best-ranked names is checked,
  // and every name only when the window held too few visible ones and there were more.
  let { rows } = await query.run(db, { ...values, window });
  if (rows.length < pageSize + 1) {
    // Less than a page: either the window held every name found (the common case: a name
    // typed out) or too few visible ones among more; a bounded count tells which.
    const counted = await count.run(db, { ...values, window: window + 1 });
    if (Number(counted.rows[0]?.named ?? 0) > window) {
      ({ rows } = await query.run(db, { ...values, window: ALL }));
    }
  }
  return rows;
}
