import type { Kysely } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import type { StoredMember } from '../../../db/roster.ts';
import type { Database } from '../../../db/schema.ts';
import { mayManageClub, mayWorkInOrganization } from '../../../policies/console.ts';
import type { ConsoleScope } from '../../../policies/console.ts';
import { CSV_WRITE_OPTIONS, ROSTER_COLUMNS } from './roster-csv.ts';
import type { RosterColumn } from './roster-csv.ts';
import { loadRosterSetting, rosterMembers } from './roster-data.ts';
import type { RosterSetting } from './roster-data.ts';

export interface RosterExportOptions {
  organizationId: number;
  clubId?: number;
  scope: ConsoleScope;
}

/** Rows gathered before one chunk is yielded. */
const CHUNK_ROWS = 1_000;
// Formula-guarded cells (D71): the import strips the guard again.
const CSV_OPTIONS = CSV_WRITE_OPTIONS;

function rowsOf(setting: RosterSetting, member: StoredMember, options: RosterExportOptions) {
  const address = member.address?.value ?? null;
  const person: Partial<Record<RosterColumn, string>> = {
    member_number: member.member_number,
    first_name: member.first_name,
    last_name: member.last_name,
    birth_date: member.birth_date ?? '',
    middle_name: member.middle_name ?? '',
    suffix: member.suffix ?? '',
    preferred_name: member.preferred_name ?? '',
    email: member.email?.value ?? '',
    cell_phone: member.cell_phone?.value ?? '',
    home_phone: member.home_phone?.value ?? '',
    office_phone: member.office_phone?.value ?? '',
    address_1: address?.address_1 ?? '',
    address_2: address?.address_2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    zip: address?.zip ?? '',
    country: address ? (setting.countriesById.get(address.country_id)?.code ?? '') : '',
    status: member.status,
  };
  return member.memberships
    .filter(
      (m) =>
        mayManageClub(options.scope, m.club_id) &&
        (options.clubId === undefined || m.club_id === options.clubId),
    )
    .map((m) => {
      const row: Partial<Record<RosterColumn, string>> = {
        ...person,
        club: setting.clubsById.get(m.club_id)?.subdomain ?? '',
        roles: m.roles.filter((role) => role !== 'user').join(';'),
        joined_on: m.joined_on ?? '',
      };
      return ROSTER_COLUMNS.map((column) => row[column] ?? '');
    });
}

/**
 * The organisation's roster (or one club's rows) in the import's format (docs/roster-csv.md),
 * as CSV chunks, the header first: one row per member and club, each membership's latest, so
 * an export imports back unchanged. Only the clubs of `scope` are written.
 */
export async function* exportRoster(
  db: Kysely<Database>,
  options: RosterExportOptions,
): AsyncGenerator<string> {
  yield stringify([[...ROSTER_COLUMNS]], CSV_OPTIONS);
  if (!mayWorkInOrganization(options.scope, options.organizationId)) return;
  const setting = await loadRosterSetting(db, options.organizationId, options.scope);
  if (!setting) return;
  let rows: string[][] = [];
  for await (const member of rosterMembers(db, setting)) {
    rows.push(...rowsOf(setting, member, options));
    if (rows.length >= CHUNK_ROWS) {
      yield stringify(rows, CSV_OPTIONS);
      rows = [];
    }
  }
  if (rows.length) yield stringify(rows, CSV_OPTIONS);
}
