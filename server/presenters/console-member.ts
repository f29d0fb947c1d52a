import { displayName } from '../../common/display-name.ts';
import type {
  ConsoleMember,
  ConsoleMembership,
  ConsoleRoleName,
  RosterMember,
} from '../../common/schemas/console.ts';
import type {
  currentClubsOfMembers,
  firstAddressOf,
  membershipsInOrganization,
  rosterEntry,
  rosterPage,
} from '../db/console-members.ts';
import type { phonesOf } from '../db/parties.ts';

type RosterRow = Awaited<ReturnType<typeof rosterPage>>[number];
type ClubRow = Awaited<ReturnType<typeof currentClubsOfMembers>>[number];
type EntryRow = NonNullable<Awaited<ReturnType<typeof rosterEntry>>>;
type MembershipRow = Awaited<ReturnType<typeof membershipsInOrganization>>[number];
type PhoneRow = Awaited<ReturnType<typeof phonesOf>>[number];
type AddressRow = Awaited<ReturnType<typeof firstAddressOf>>;

/** 'YYYY-MM-DD' (UTC) of an instant, as the console shows a membership's end. */
function dayOf(instant: number | null): string | null {
  return instant === null ? null : new Date(Number(instant)).toISOString().slice(0, 10);
}

/**
 * A page of the roster list. Each member's clubs: those of the console user's scope first
 * (`managed`; null for an administrator, whose every club is theirs), then by name.
 */
export function presentRoster(
  rows: readonly RosterRow[],
  clubs: readonly ClubRow[],
  managed: ReadonlySet<number> | null,
): RosterMember[] {
  return rows.map((row) => {
    const own = clubs.filter((club) => club.party_id === row.party_id);
    const first = managed === null ? own : own.filter((club) => managed.has(club.id));
    const then = managed === null ? [] : own.filter((club) => !managed.has(club.id));
    return {
      party_id: row.party_id,
      display_name: displayName(row),
      first_name: row.first_name,
      last_name: row.last_name,
      member_number: row.member_number,
      status: row.status,
      has_account: Boolean(row.has_account),
      clubs: [...first, ...then].map((club) => ({ id: club.id, name: club.name })),
    };
  });
}

/** Membership rows (one per role) as memberships with their roles. */
export function presentMemberships(rows: readonly MembershipRow[]): ConsoleMembership[] {
  const byId = new Map<number, ConsoleMembership & { roles: ConsoleRoleName[] }>();
  for (const row of rows) {
    let membership = byId.get(row.id);
    if (!membership) {
      membership = {
        id: row.id,
        club: { id: row.club_id, name: row.club_name, subdomain: row.subdomain },
        roles: [],
        joined_on: row.joined_on,
        left_on: dayOf(row.left_at),
      };
      byId.set(row.id, membership);
    }
    if (row.role_name === 'webmaster' || row.role_name === 'secretary') {
      membership.roles.push(row.role_name);
    }
  }
  return [...byId.values()].map((membership) => ({
    ...membership,
    roles: [...membership.roles].sort(),
  }));
}

export interface MemberRecordParts {
  entry: EntryRow;
  memberships: readonly MembershipRow[];
  emails: readonly { address: string }[];
  phones: readonly PhoneRow[];
  address: AddressRow;
  mayChangeStatus: boolean;
}

/** A member's record in the console. */
export function presentConsoleMember(parts: MemberRecordParts): ConsoleMember {
  const { entry, address } = parts;
  return {
    party_id: entry.party_id,
    organization: { id: entry.organization_id, name: entry.organization_name },
    display_name: displayName(entry),
    first_name: entry.first_name,
    middle_name: entry.middle_name,
    last_name: entry.last_name,
    suffix: entry.suffix,
    preferred_name: entry.preferred_name,
    birth_date: entry.birth_date,
    member_number: entry.member_number,
    status: { value: entry.status, on: entry.status_on, note: entry.status_note },
    has_account: Boolean(entry.has_account),
    emails: parts.emails.map((email) => email.address),
    phones: parts.phones.map((phone) => ({ kind: phone.type, number: phone.number })),
    address: address
      ? {
          address_1: address.address_1,
          address_2: address.address_2,
          city: address.city,
          state: address.state,
          zip: address.zip,
          country: address.country,
        }
      : null,
    memberships: presentMemberships(parts.memberships),
    abilities: { change_status: parts.mayChangeStatus },
  };
}
