import { foldName } from './member-search.ts';

/**
 * Lodge search (SRCH-12, AMB-11), written once: the browser narrows its results with
 * `matchesLodgeSearch`, and the server's SQL (server/services/clubs.ts) mirrors it over the key
 * `lodgeSearchKey` stores in clubs.search_key. The cases both are tested against are in
 * lodge-search-cases.ts.
 *
 * The rule: the text, with slashes and backslashes stripped and trimmed (SRCH-12), then folded
 * as member search folds names (case, accents, apostrophes and full stops; `foldName`), is
 * found anywhere inside the folded name, formal name or city of the club (a substring, not a
 * prefix: `oak` finds Royal Oak Lodge and Oakwood alike).
 */

/** A club as lodge search compares it. */
export interface SearchableLodge {
  name: string;
  formal_name: string;
  city: string | null;
}

/** SRCH-12: what is sent and compared: the text without `/` and `\`, trimmed. */
export function cleanLodgeSearchText(text: string): string {
  return text.replace(/[/\\]/g, '').trim();
}

/** The folded text a club's key must contain; '' finds nothing. */
export function lodgeSearchNeedle(text: string): string {
  return foldName(cleanLodgeSearchText(text));
}

/**
 * Between the three folded fields of a key: a folded search text never holds a line break
 * (foldName makes every run of spaces one space), so a match never spans two fields.
 */
const FIELD_SEPARATOR = '\n';

/**
 * The stored key of a club (clubs.search_key): its folded name, formal name and city. Keys are
 * made by this function, so it must never change without a migration that writes them again.
 */
export function lodgeSearchKey(club: SearchableLodge): string {
  return [club.name, club.formal_name, club.city ?? ''].map(foldName).join(FIELD_SEPARATOR);
}

/** Whether a search text finds the club: the browser's local narrowing (SRCH-10, AMB-11). */
export function matchesLodgeSearch(club: SearchableLodge, text: string): boolean {
  const needle = lodgeSearchNeedle(text);
  return needle !== '' && lodgeSearchKey(club).includes(needle);
}

/** A lodge as the lists sort it: by city (By City's headings), then by formal name (DIR-10). */
export interface SortableLodge {
  id: number;
  formal_name: string;
  city: string | null;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Formal names in the order a reader expects ("No. 9" before "No. 10"), then by id. */
export function compareLodges(a: SortableLodge, b: SortableLodge): number {
  return collator.compare(a.formal_name, b.formal_name) || a.id - b.id;
}

/** One city heading of By City and its lodges. */
export interface LodgeCity<T> {
  /** The city; '' for lodges whose city is not recorded (listed last). */
  city: string;
  lodges: T[];
}

/**
 * DIR-09, DIR-10: lodges under their city headings, the cities in alphabetical order and each
 * city's lodges by formal name, whatever order the lodges come in.
 */
export function groupLodgesByCity<T extends SortableLodge>(lodges: readonly T[]): LodgeCity<T>[] {
  const byCity = new Map<string, T[]>();
  for (const lodge of lodges) {
    const city = lodge.city?.trim() ?? '';
    const list = byCity.get(city) ?? [];
    list.push(lodge);
    byCity.set(city, list);
  }
  return [...byCity]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : collator.compare(a, b)))
    .map(([city, list]) => ({ city, lodges: list.sort(compareLodges) }));
}
