import { displayName } from '../../common/display-name.ts';
import type { SessionParty as PartySummary } from '../../common/schemas/session.ts';
import { presentAvatar } from './media.ts';

export interface PartySummaryRow {
  id: number;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  suffix: string | null;
  preferred_name: string | null;
  avatar_medium_key: string | null;
}

export function presentPartySummary(row: PartySummaryRow): PartySummary {
  return {
    id: row.id,
    first_name: row.first_name,
    middle_name: row.middle_name,
    last_name: row.last_name,
    suffix: row.suffix,
    preferred_name: row.preferred_name,
    display_name: displayName(row),
    avatar: presentAvatar(row.avatar_medium_key),
  };
}

/** The author's columns a post or comment query selects beside its own, `author_` first. */
export interface AuthorColumns<Name extends string | null = string> {
  author_first_name: Name;
  author_middle_name: string | null;
  author_last_name: Name;
  author_suffix: string | null;
  author_preferred_name: string | null;
  author_avatar_medium_key: string | null;
}

/** The author of a post or comment; none for a lodge's post, whose row has no author's names. */
export function presentAuthor(partyId: number, row: AuthorColumns): PartySummary;
export function presentAuthor(
  partyId: number | null,
  row: AuthorColumns<string | null>,
): PartySummary | null;
export function presentAuthor(
  partyId: number | null,
  row: AuthorColumns<string | null>,
): PartySummary | null {
  if (partyId === null || row.author_first_name === null || row.author_last_name === null) {
    return null;
  }
  return presentPartySummary({
    id: partyId,
    first_name: row.author_first_name,
    middle_name: row.author_middle_name,
    last_name: row.author_last_name,
    suffix: row.author_suffix,
    preferred_name: row.author_preferred_name,
    avatar_medium_key: row.author_avatar_medium_key,
  });
}
