import type { RoleName } from '../../../db/schema.ts';
import type { StoredAddress, StoredMember } from '../../../db/roster.ts';
import type { RosterAddress, RosterFileMember, RosterMembershipLine } from './roster-csv.ts';
import type { RosterSetting } from './roster-data.ts';

/*
 * The difference between the file and the roster, member by member (D64), as rows to write.
 * A value the file leaves out (undefined) is never a change; a member with no change writes
 * nothing, not even an audit row.
 */

type Value = string | number | null;
export type ContactField = 'email' | 'cell_phone' | 'home_phone' | 'office_phone';
export const CONTACT_FIELDS: readonly ContactField[] = [
  'email',
  'cell_phone',
  'home_phone',
  'office_phone',
];

export interface AuditDraft {
  action: 'member.added' | 'member.updated';
  partyId: number | null;
  clubId: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
  /** For a new member: whose party id is filled in at write time. */
  member: RosterFileMember | null;
}

export class RosterPlan {
  added = 0;
  updated = 0;
  /** The file's rows of the members counted in `updated`. */
  updatedRows = 0;
  unchanged = 0;
  readonly newMembers: RosterFileMember[] = [];
  /** [id, first, middle, last, suffix, preferred, birth, keys x3, updated_at] */
  readonly partyUpdates: Value[][] = [];
  /** [status id, status, color, status_on, updated_at] */
  readonly statusUpdates: Value[][] = [];
  /** Per contact field: [id, value, updated_at] */
  readonly contactUpdates = new Map<ContactField, Value[][]>(
    CONTACT_FIELDS.map((field) => [field, []]),
  );
  readonly contactInserts: { partyId: number; field: ContactField; value: string }[] = [];
  /** [id, address_1, address_2, city, state, state_id, zip, country_id, updated_at] */
  readonly addressUpdates: Value[][] = [];
  readonly addressInserts: { partyId: number; address: RosterAddress }[] = [];
  /** [membership id, joined_on] */
  readonly membershipUpdates: Value[][] = [];
  readonly membershipInserts: {
    partyId: number;
    memberNumber: string;
    line: RosterMembershipLine;
  }[] = [];
  readonly roleReplacements: { membershipId: number; roles: RoleName[]; addUser: boolean }[] = [];
  readonly audits: AuditDraft[] = [];
  /** Parties whose status left 'active': their sessions end in the import's transaction. */
  readonly endedActiveParties: number[] = [];
  private readonly changedNumbers = new Set<string>();

  constructor(
    readonly setting: RosterSetting,
    readonly now: number,
    readonly today: string,
  ) {}

  counts(): { added: number; updated: number; unchanged: number } {
    return { added: this.added, updated: this.updated, unchanged: this.unchanged };
  }

  changed(member: RosterFileMember): boolean {
    return this.changedNumbers.has(member.member_number);
  }

  markChanged(member: RosterFileMember): void {
    this.changedNumbers.add(member.member_number);
  }

  subdomain(clubId: number): string {
    return this.setting.clubsById.get(clubId)?.subdomain ?? String(clubId);
  }
}

function sameAddress(stored: StoredAddress, file: RosterAddress): boolean {
  return (
    stored.address_1 === file.address_1 &&
    stored.address_2 === file.address_2 &&
    stored.city === file.city &&
    (stored.state ?? null) === file.state &&
    stored.zip === file.zip &&
    stored.country_id === file.country_id
  );
}

/** The address as the audit log shows it: the country's code instead of its id. */
function shownAddress(plan: RosterPlan, address: StoredAddress | RosterAddress | null) {
  if (!address) return null;
  const { state_id: _stateId, country_id: countryId, ...rest } = address;
  return { ...rest, country: plan.setting.countriesById.get(countryId)?.code ?? null };
}

export function diffMember(
  plan: RosterPlan,
  member: RosterFileMember,
  stored: StoredMember | null,
): void {
  const person = member.person;
  if (!stored) {
    plan.added++;
    plan.markChanged(member);
    plan.newMembers.push(member);
    plan.audits.push({
      action: 'member.added',
      partyId: null,
      clubId: member.memberships[0]?.clubId ?? null,
      before: null,
      after: {
        member_number: member.member_number,
        first_name: person.first_name,
        last_name: person.last_name,
        clubs: member.memberships.map((m) => plan.subdomain(m.clubId)),
      },
      member,
    });
    return;
  }
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const change = (key: string, from: unknown, to: unknown): void => {
    before[key] = from;
    after[key] = to;
  };

  type PartyField =
    'first_name' | 'middle_name' | 'last_name' | 'suffix' | 'preferred_name' | 'birth_date';
  const party: Record<PartyField, string | null> = {
    first_name: stored.first_name,
    middle_name: stored.middle_name,
    last_name: stored.last_name,
    suffix: stored.suffix,
    preferred_name: stored.preferred_name,
    birth_date: stored.birth_date,
  };
  let partyChanged = false;
  for (const key of Object.keys(party) as PartyField[]) {
    const value = person[key];
    if (value === undefined || value === party[key]) continue;
    change(key, party[key], value);
    party[key] = value;
    partyChanged = true;
  }
  if (partyChanged) plan.partyUpdates.push([stored.party_id, ...Object.values(party)]);

  if (person.status !== undefined && person.status !== stored.status) {
    change('status', stored.status, person.status);
    plan.statusUpdates.push([
      stored.status_id,
      person.status,
      plan.setting.statusColors[person.status],
      plan.today,
      plan.now,
    ]);
    if (stored.status === 'active') plan.endedActiveParties.push(stored.party_id);
  }

  for (const field of CONTACT_FIELDS) {
    const value = person[field];
    const current = stored[field];
    if (value === undefined || current?.value === value) continue;
    change(field, current?.value ?? null, value);
    if (current) plan.contactUpdates.get(field)?.push([current.id, value, plan.now]);
    else plan.contactInserts.push({ partyId: stored.party_id, field, value });
  }

  const address = person.address;
  if (address && !(stored.address && sameAddress(stored.address.value, address))) {
    change(
      'address',
      shownAddress(plan, stored.address?.value ?? null),
      shownAddress(plan, address),
    );
    if (stored.address) {
      plan.addressUpdates.push([
        stored.address.id,
        address.address_1,
        address.address_2,
        address.city,
        address.state,
        address.state_id,
        address.zip,
        address.country_id,
        plan.now,
      ]);
    } else {
      plan.addressInserts.push({ partyId: stored.party_id, address });
    }
  }

  for (const line of member.memberships) {
    const key = `club ${plan.subdomain(line.clubId)}`;
    const existing = stored.memberships.find((m) => m.club_id === line.clubId);
    if (!existing) {
      change(key, null, { joined_on: line.joined_on ?? null, roles: line.roles ?? [] });
      plan.membershipInserts.push({
        partyId: stored.party_id,
        memberNumber: member.member_number,
        line,
      });
      continue;
    }
    const was: Record<string, unknown> = {};
    const is: Record<string, unknown> = {};
    if (line.joined_on !== undefined && line.joined_on !== existing.joined_on) {
      was.joined_on = existing.joined_on;
      is.joined_on = line.joined_on;
      plan.membershipUpdates.push([existing.id, line.joined_on]);
    }
    if (line.roles !== undefined && line.roles.join(';') !== existing.roles.join(';')) {
      was.roles = existing.roles;
      is.roles = line.roles;
      plan.roleReplacements.push({
        membershipId: existing.id,
        roles: line.roles,
        addUser: !existing.has_user_role,
      });
    }
    if (Object.keys(is).length) change(key, was, is);
  }

  if (Object.keys(after).length === 0) {
    plan.unchanged++;
    return;
  }
  plan.updated++;
  plan.updatedRows += member.memberships.length;
  plan.markChanged(member);
  plan.audits.push({
    action: 'member.updated',
    partyId: stored.party_id,
    clubId: member.memberships[0]?.clubId ?? null,
    before,
    after,
    member: null,
  });
}
