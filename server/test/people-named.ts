import type { NamedField } from './access-matrix.ts';

/*
 * The permission matrix's content check (docs/decisions.md D55): which members an answer names,
 * wherever it names them, so that none slips past the directory's rule (D37) in a list that
 * was never meant to show them (the attendee list of issue 21).
 */

/** One mention of a party in an answer; `path` with array positions as `[]`. */
export interface NamedParty {
  readonly path: string;
  readonly partyId: number;
}

const PARTY_ID_KEY = /(^|_)party_id$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Every party an answer names: an object carrying a person's names (a number `id` beside a
 * `display_name`, the shape every answer gives a party in), and every number under a key
 * ending in `party_id` (a message's sender, an officer, the last to write in a chat).
 */
export function partiesNamedIn(value: unknown, path = ''): NamedParty[] {
  if (Array.isArray(value)) return value.flatMap((item) => partiesNamedIn(item, `${path}[]`));
  if (!isRecord(value)) return [];
  const found: NamedParty[] = [];
  if (typeof value.id === 'number' && typeof value.display_name === 'string') {
    found.push({ path, partyId: value.id });
  }
  for (const [key, inner] of Object.entries(value)) {
    const at = path === '' ? key : `${path}.${key}`;
    if (PARTY_ID_KEY.test(key) && typeof inner === 'number')
      found.push({ path: at, partyId: inner });
    else found.push(...partiesNamedIn(inner, at));
  }
  return found;
}

/** Whether an allowed field is the one at `path` or holds it (`data.club` holds `data.club.x`). */
function isAllowed(path: string, allowed: readonly NamedField[]): boolean {
  if (allowed.length === 0) return false;
  const fields = [path];
  for (let index = 0; index < path.length; index += 1) {
    if (path[index] === '.' || path[index] === '[') fields.push(path.slice(0, index));
  }
  return fields.some((field) => allowed.some(({ at }) => at.test(field)));
}

/**
 * What an answer says that the viewer may not learn: each field outside `allowed` (a field
 * covers everything under it) that names parties `sees` refuses, once per field, with up to
 * three of them.
 */
export function unseenPeople(
  answer: unknown,
  sees: (partyId: number) => boolean,
  allowed: readonly NamedField[],
): string[] {
  const hidden = new Map<string, Set<number>>();
  for (const { path, partyId } of partiesNamedIn(answer)) {
    if (sees(partyId) || isAllowed(path, allowed)) continue;
    let parties = hidden.get(path);
    if (!parties) hidden.set(path, (parties = new Set()));
    parties.add(partyId);
  }
  return [...hidden].map(([path, parties]) => {
    const some = [...parties].slice(0, 3).join(', ');
    const more = parties.size > 3 ? ` and ${parties.size - 3} more` : '';
    return `${path} names ${parties.size} the viewer may not see (D37): ${some}${more}`;
  });
}

// ---- Names given without an id ---------------------------------------------------------------

/** A name shorter than this, or of one word, would turn up in ordinary words by chance. */
const SHORTEST_NAME = 8;

/** Letters and digits: a name found must not be part of a longer word. */
const EDGE_BEFORE = '(?<![\\p{L}\\p{N}])';
const EDGE_AFTER = '(?![\\p{L}\\p{N}])';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function patternOf(names: ReadonlySet<string>): RegExp {
  // Longest first, so that a full name is found whole rather than the display name inside it.
  const alternatives = [...names].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp(`${EDGE_BEFORE}(?:${alternatives.join('|')})${EDGE_AFTER}`, 'gu');
}

/**
 * One pattern of the names of people the viewer may not see (`hidden`), for finding them in an
 * answer's text whatever field carries them. Left out, so the search cannot cry wolf: names of
 * one word or under eight characters, and every name found in `known`, the texts an answer
 * may hold by right (the names of the people the viewer sees, club and organisation names):
 * a stranger called like a brother of one's own lodge is no leak. Undefined when none is left.
 */
export function unseenNamePattern(
  hidden: Iterable<string>,
  known: Iterable<string>,
): RegExp | undefined {
  const names = new Set(
    [...hidden].filter((name) => name.length >= SHORTEST_NAME && /\s/.test(name.trim())),
  );
  const knownText = [...known].join('\n');
  // Matches do not overlap, so a name hidden under another's match is found on a later pass.
  for (;;) {
    if (names.size === 0) return undefined;
    const pattern = patternOf(names);
    const found = new Set(knownText.match(pattern));
    if (found.size === 0) return pattern;
    for (const name of found) names.delete(name);
  }
}

/**
 * What an answer says by name that the viewer may not learn: every string in it (`[]` marks
 * array positions in a path) is searched with `pattern`, and each field outside `allowed` (a
 * field covers everything under it) where a hidden name turns up is reported once, with up to
 * three names.
 */
export function unseenNames(
  answer: unknown,
  pattern: RegExp,
  allowed: readonly NamedField[],
): string[] {
  const hidden = new Map<string, Set<string>>();
  const search = (value: unknown, path: string): void => {
    if (allowed.some((field) => field.at.test(path))) return;
    if (typeof value === 'string') {
      const names = value.match(pattern);
      if (!names) return;
      let found = hidden.get(path);
      if (!found) hidden.set(path, (found = new Set()));
      for (const name of names) found.add(name);
    } else if (Array.isArray(value)) {
      for (const item of value) search(item, `${path}[]`);
    } else if (isRecord(value)) {
      for (const [key, inner] of Object.entries(value)) {
        search(inner, path === '' ? key : `${path}.${key}`);
      }
    }
  };
  search(answer, '');
  return [...hidden].map(([path, names]) => {
    const some = [...names]
      .slice(0, 3)
      .map((name) => `"${name}"`)
      .join(', ');
    const more = names.size > 3 ? ` and ${names.size - 3} more` : '';
    return `${path || 'the answer'} gives the name of ${names.size} the viewer may not see (D37): ${some}${more}`;
  });
}
