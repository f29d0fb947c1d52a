import type { SearchableLodge } from './lodge-search.ts';

/**
 * The lodge-search rule as a table of cases (SRCH-12, AMB-11). The browser's narrowing is
 * unit-tested against it (lodge-search.test.ts) and the server's SQL against it on both engines
 * (server/routes/clubs/clubs.api.test.ts), so the two can never disagree.
 */
export interface LodgeSearchCase {
  /** What the member types. */
  text: string;
  lodge: SearchableLodge;
  matches: boolean;
  /** Which rule the case shows, with its checklist id. */
  why: string;
}

const ROYAL_OAK = {
  name: 'Royal Oak Lodge No. 9',
  formal_name: 'Royal Oak Lodge No. 9, F&AM',
  city: 'Dayton',
};
const ELKS = {
  name: 'Mariposa Elks Lodge No. 1620',
  formal_name: 'Mariposa Lodge No. 1620, B.P.O. Elks',
  city: 'San José',
};
const ST_JOHNS = {
  name: "St. John's Lodge No. 13",
  formal_name: "St. John's Lodge No. 13, F&AM",
  city: null,
};

export const LODGE_SEARCH_CASES: readonly LodgeSearchCase[] = [
  { text: 'oak', lodge: ROYAL_OAK, matches: true, why: 'AMB-11 inside the name' },
  { text: 'OAK', lodge: ROYAL_OAK, matches: true, why: 'AMB-11 case-insensitive' },
  { text: 'ak lo', lodge: ROYAL_OAK, matches: true, why: 'AMB-11 a substring, not a prefix' },
  { text: 'f&am', lodge: ROYAL_OAK, matches: true, why: 'AMB-11 formal name' },
  { text: 'dayt', lodge: ROYAL_OAK, matches: true, why: 'AMB-11 city' },
  { text: ' oak/\\ ', lodge: ROYAL_OAK, matches: true, why: 'SRCH-12 slashes stripped, trimmed' },
  { text: 'o/a\\k', lodge: ROYAL_OAK, matches: true, why: 'SRCH-12 slashes inside stripped' },
  { text: 'elm', lodge: ROYAL_OAK, matches: false, why: 'AMB-11 not in any field' },
  { text: 'dayton royal', lodge: ROYAL_OAK, matches: false, why: 'AMB-11 never across fields' },
  { text: 'no. 9, f', lodge: ROYAL_OAK, matches: true, why: 'AMB-11 full stops folded' },
  { text: 'jose', lodge: ELKS, matches: true, why: 'AMB-11 accents folded' },
  { text: 'JOSÉ', lodge: ELKS, matches: true, why: 'AMB-11 accents typed are folded too' },
  { text: 'b.p.o', lodge: ELKS, matches: true, why: 'AMB-11 full stops dropped' },
  { text: 'bpo', lodge: ELKS, matches: true, why: 'AMB-11 full stops dropped' },
  { text: 'johns', lodge: ST_JOHNS, matches: true, why: 'AMB-11 apostrophe dropped' },
  { text: "st. john's", lodge: ST_JOHNS, matches: true, why: 'AMB-11 apostrophe typed' },
  { text: '13', lodge: ST_JOHNS, matches: true, why: 'AMB-11 the number' },
  { text: '%', lodge: ROYAL_OAK, matches: false, why: 'a wildcard is a plain character' },
  { text: 'o_k', lodge: ROYAL_OAK, matches: false, why: 'a wildcard is a plain character' },
  { text: ' / ', lodge: ROYAL_OAK, matches: false, why: 'SRCH-12 nothing left finds nothing' },
];
