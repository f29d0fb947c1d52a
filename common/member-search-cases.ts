import type { SearchableName } from './member-search.ts';

/**
 * The member-search rule as a table of cases (SRCH-03..08, AMB-10, docs/decisions.md D38). The
 * browser's narrowing is unit-tested against it (member-search.test.ts) and the server's SQL
 * against it on both engines (server/routes/member-search/member-search.api.test.ts), so the two
 * can never disagree.
 */
export interface MemberSearchCase {
  /** What the member types. */
  text: string;
  name: SearchableName & { first_name: string; last_name: string };
  matches: boolean;
  /** Which rule the case shows, with its checklist id. */
  why: string;
}

const JOHN_SMITH = { first_name: 'John', last_name: 'Smith', preferred_name: null };
const JACK = { first_name: 'John', last_name: 'Smith', preferred_name: 'Jack' };
const JACK_RAY = { first_name: 'John', last_name: 'Smith', preferred_name: 'Jack Ray Smith' };
const JOSE = { first_name: 'José', last_name: 'Núñez', preferred_name: null };
const OBRIEN = { first_name: 'Patrick', last_name: "O'Brien", preferred_name: null };
const VAN_BUREN = { first_name: 'Martin', last_name: 'Van Buren', preferred_name: null };

export const MEMBER_SEARCH_CASES: readonly MemberSearchCase[] = [
  { text: 'JO', name: JOHN_SMITH, matches: true, why: 'SRCH-03 case-insensitive prefix' },
  { text: 'ohn', name: JOHN_SMITH, matches: false, why: 'SRCH-03 not a prefix' },
  { text: 'smi', name: JOHN_SMITH, matches: true, why: 'SRCH-04 last name' },
  { text: 'jack', name: JACK, matches: true, why: 'SRCH-04 preferred name' },
  { text: 'jo sm', name: JOHN_SMITH, matches: true, why: 'SRCH-05 first then last' },
  { text: 'sm jo', name: JOHN_SMITH, matches: true, why: 'SRCH-06 last then first' },
  { text: '  Jo   SM ', name: JOHN_SMITH, matches: true, why: 'SRCH-05 spaces and case' },
  { text: 'jack ray', name: JACK_RAY, matches: true, why: 'SRCH-07 successive words' },
  { text: 'ja ra sm', name: JACK_RAY, matches: true, why: 'SRCH-07 three words' },
  { text: 'ray smith', name: JACK_RAY, matches: false, why: 'SRCH-07 from the first word' },
  { text: 'jack sm', name: JACK, matches: true, why: 'D38 preferred then last' },
  { text: 'smith jack', name: JACK, matches: true, why: 'D38 last then preferred' },
  { text: 'jo xy', name: JOHN_SMITH, matches: false, why: 'SRCH-08 other token fits nothing' },
  { text: 'jo jo', name: JOHN_SMITH, matches: false, why: 'SRCH-08 both tokens on one name' },
  { text: 'jose', name: JOSE, matches: true, why: 'D38 accents folded' },
  { text: 'NÚÑ', name: JOSE, matches: true, why: 'D38 accents typed are folded too' },
  { text: 'obr', name: OBRIEN, matches: true, why: 'D38 apostrophe dropped' },
  { text: "o'bri", name: OBRIEN, matches: true, why: 'D38 apostrophe typed' },
  { text: 'van bu', name: VAN_BUREN, matches: true, why: 'D38 a name of two words' },
  { text: 'ma van', name: VAN_BUREN, matches: true, why: 'SRCH-05 first then last' },
  { text: 'bu', name: VAN_BUREN, matches: false, why: 'SRCH-03 inside a name' },
  { text: 'j%', name: JOHN_SMITH, matches: false, why: 'a wildcard is a plain character' },
  { text: 'j_hn', name: JOHN_SMITH, matches: false, why: 'a wildcard is a plain character' },
];
