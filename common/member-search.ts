import { SEARCH_MIN_CHARS } from './constants.ts';

/**
 * Member search (SRCH-03..08, AMB-10), written once: the browser narrows its results with
 * `matchesMemberSearch`, and the server's SQL (server/services/member-search.ts) mirrors it
 * over keys stored by `foldName`. The cases both are tested against are in
 * member-search-cases.ts.
 *
 * The rule, over a name's first, last and preferred name, each compared as a folded prefix:
 *  - the whole text begins the first, the last or the preferred name (one token: `smi` finds
 *    Smith; several: `van bu` finds Van Buren);
 *  - several tokens match when the first token begins one name and the rest, joined by single
 *    spaces, begin another, in either order: first and last, or preferred and last (a member
 *    known as "Jack Smith" is found by `jack sm`, docs/decisions.md D38);
 *  - or when each token begins a successive word of the preferred name, from its first word
 *    (`jack ray` finds "Jack Ray Smith"; `ray smith` does not: a name is looked up from its
 *    start, as the one-token rule does).
 */

/** A name as the directory compares it. */
export interface SearchableName {
  first_name: string | null;
  last_name: string | null;
  preferred_name?: string | null;
}

/**
 * A name or search text as it is compared: accents and case folded (José is jose), apostrophes
 * and full stops dropped (O'Brien is obrien, St. John is st john), runs of spaces made one.
 * Stored keys are made by this function, so it must never change without a migration that
 * writes them again.
 */
export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The folded tokens of a search text. */
export function searchTokens(text: string): string[] {
  const folded = foldName(text);
  return folded === '' ? [] : folded.split(' ');
}

/**
 * Whether a search text is long enough to search (SRCH-01: 2 characters, counted trimmed), as
 * the search compares it: folded, so `a.` is one letter and is not searched.
 */
export function isSearchable(text: string): boolean {
  return searchTokens(text).join(' ').length >= SEARCH_MIN_CHARS;
}

/** The three keys of a name, folded. */
export interface NameKeys {
  first: string;
  last: string;
  preferred: string | null;
}

export function nameKeys(name: SearchableName): NameKeys {
  const preferred = name.preferred_name ? foldName(name.preferred_name) : '';
  return {
    first: foldName(name.first_name ?? ''),
    last: foldName(name.last_name ?? ''),
    preferred: preferred === '' ? null : preferred,
  };
}

/** Whether the tokens find the name (the rule at the top of this file). */
export function keysMatch(keys: NameKeys, tokens: readonly string[]): boolean {
  const [head, ...tail] = tokens;
  if (head === undefined) return false;
  const preferred = keys.preferred ?? '';
  const whole = tokens.join(' ');
  if (
    keys.first.startsWith(whole) ||
    keys.last.startsWith(whole) ||
    (preferred !== '' && preferred.startsWith(whole))
  ) {
    return true;
  }
  if (tail.length === 0) return false;
  const rest = tail.join(' ');
  const pairs: [string, string][] = [
    [keys.first, keys.last],
    [keys.last, keys.first],
  ];
  if (preferred !== '') pairs.push([preferred, keys.last], [keys.last, preferred]);
  if (pairs.some(([one, other]) => one.startsWith(head) && other.startsWith(rest))) return true;
  const words = preferred.split(' ');
  return tokens.every((token, index) => words[index]?.startsWith(token) === true);
}

/** Whether a search text finds the name: the browser's local narrowing (SRCH-10). */
export function matchesMemberSearch(name: SearchableName, text: string): boolean {
  return keysMatch(nameKeys(name), searchTokens(text));
}

/** The stored search keys of a party (parties.first_name_key, ...), as the SQL compares them. */
export function searchKeysOf(name: SearchableName): {
  first_name_key: string;
  last_name_key: string;
  preferred_name_key: string | null;
} {
  const keys = nameKeys(name);
  return {
    first_name_key: keys.first,
    last_name_key: keys.last,
    preferred_name_key: keys.preferred,
  };
}
