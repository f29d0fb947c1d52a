import { displayName } from '../../common/display-name.ts';
import type {
  FavoriteContact,
  Party,
  PartySummary,
  RecentContact,
} from '../../common/schemas/party.ts';
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

/** A party's row as the party page reads it: its names, avatar and `left_at`, nothing private. */
export interface PartyRow extends PartySummaryRow {
  left_at: number | null;
}

export interface PartyPhoneRow {
  type: string;
  number: string;
  extension: string | null;
}

export interface PartyClubRow {
  id: number;
  name: string;
  subdomain: string;
  type_name: string;
  /** The viewer follows the club: 1 or 0 (or a boolean on PostgreSQL). */
  is_favorite: number | boolean;
  is_member: number | boolean;
}

/** What the viewer's own tables say of the party (their recent contact, their favourite mark). */
export interface ViewerMarks {
  recent: { contact_type: string; contacted_at: number } | null;
  favorite: { party_id: number; created_at: number } | null;
}

/**
 * `GET /parties/{id}` (ENT-04) from exactly the columns it may show: the answer is built field
 * by field, so a column a query adds later (a birth date, a member number) cannot leak.
 */
export function presentParty(
  row: PartyRow,
  phones: readonly PartyPhoneRow[],
  email: string | null,
  clubs: readonly PartyClubRow[],
  marks: ViewerMarks,
): Party {
  return {
    ...presentPartySummary(row),
    left_at: row.left_at,
    phones: phones.map((phone) => ({
      type: phone.type,
      number: phone.number,
      extension: phone.extension,
    })),
    email_address: email === null ? null : { address: email },
    club_list: clubs.map((club) => ({
      id: club.id,
      name: club.name,
      subdomain: club.subdomain,
      type_name: club.type_name,
      is_favorite: Boolean(club.is_favorite),
      is_member: Boolean(club.is_member),
    })),
    user_recent_contact: marks.recent && {
      contact_type: marks.recent.contact_type,
      contacted_at: marks.recent.contacted_at,
    },
    user_favorite_contact: marks.favorite && {
      party_id: marks.favorite.party_id,
      created_at: marks.favorite.created_at,
    },
  };
}

export interface RecentContactRow extends PartySummaryRow {
  contact_type: string;
  contacted_at: number;
}

/** One entry of Members › Recent (ENT-18). */
export function presentRecentContact(row: RecentContactRow): RecentContact {
  return {
    party: presentPartySummary(row),
    contact_type: row.contact_type,
    contacted_at: row.contacted_at,
  };
}

export interface FavoriteContactRow extends PartySummaryRow {
  created_at: number;
}

/** One entry of Members › Favorite (DIR-17). */
export function presentFavoriteContact(row: FavoriteContactRow): FavoriteContact {
  return { party_id: row.id, created_at: row.created_at, party: presentPartySummary(row) };
}
