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

/**
 * What an answer says that the viewer may not learn: each field outside `allowed` that names
 * parties `sees` refuses, once per field, with up to three of them.
 */
export function unseenPeople(
  answer: unknown,
  sees: (partyId: number) => boolean,
  allowed: readonly NamedField[],
): string[] {
  const hidden = new Map<string, Set<number>>();
  for (const { path, partyId } of partiesNamedIn(answer)) {
    if (sees(partyId) || allowed.some((field) => field.at.test(path))) continue;
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
