import { CsvError, parse } from 'csv-parse/sync';
import {
  CONTACT_EMAIL_MAX,
  CONTACT_PHONE_MAX,
  CONTACT_TEXT_MAX,
  EMAIL_PATTERN,
  ZIP4_PATTERN,
  phoneDigits,
} from '../../../../common/schemas/contact-info.ts';
import {
  MEMBER_STATUS_VALUES,
  ROLE_NAMES,
  ROSTER_IMPORT_MAX_ROWS,
} from '../../../../common/schemas/console.ts';
import type {
  ConsoleRoleName,
  MemberStatusValue,
  RosterRowError,
} from '../../../../common/schemas/console.ts';
import { memberNumberErrors } from '../../../../common/schemas/member-status.ts';
import type { ConsoleScope } from '../../../policies/console.ts';
import { mayManageClub } from '../../../policies/console.ts';

/*
 * The roster file (docs/roster-csv.md, D64): its columns, and a file read into checked rows.
 * Everything here is pure: the organisation's clubs, countries and rules come in as plain data,
 * so every rule of the format is tested without a database.
 */

export const REQUIRED_COLUMNS = [
  'member_number',
  'first_name',
  'last_name',
  'birth_date',
  'club',
] as const;

export const OPTIONAL_COLUMNS = [
  'middle_name',
  'suffix',
  'preferred_name',
  'email',
  'cell_phone',
  'home_phone',
  'office_phone',
  'address_1',
  'address_2',
  'city',
  'state',
  'zip',
  'country',
  'roles',
  'status',
  'joined_on',
] as const;

/**
 * A cell a spreadsheet would run as a formula begins with =, +, -, @, a tab or a carriage return
 * (OWASP's CSV injection); `'` before it makes the spreadsheet show it as text. Cells already
 * beginning with apostrophes before such a character get one more, so reading strips exactly
 * the one that writing added and every value comes back as it was (D71, docs/roster-csv.md).
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** The cell as every CSV we write holds it: text, never a formula. */
export function guardFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The value a guarded cell holds: the writer's apostrophe removed. */
export function unguardFormula(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}

/** csv-stringify's options for every CSV we write: CRLF lines, each text cell guarded. */
export const CSV_WRITE_OPTIONS = {
  record_delimiter: 'windows',
  // csv-stringify quotes a line feed but not a lone carriage return, which would split the row.
  quoted_match: /\r/,
  cast: { string: (value: string) => guardFormula(value) },
} as const;

/** The export's column order; an import takes them in any order. */
export const ROSTER_COLUMNS = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS] as const;
export type RosterColumn = (typeof ROSTER_COLUMNS)[number];

const NAME_MAX = 100;
const PHONE_MIN_DIGITS = 7;
const PHONE_PUNCTUATION = /^[\d\s().+-]+$/;

export interface RosterClub {
  id: number;
  subdomain: string;
  formal_name: string;
}
export interface RosterCountry {
  id: number;
  code: string;
  name: string;
  is_default: number;
  is_zip4: number;
}
export interface RosterState {
  id: number;
  country_id: number;
  code: string;
  name: string;
}

/** What rows are checked against: the organisation's rules and reference data. */
export interface RosterReference {
  memberNumberMin: number | null;
  memberNumberMax: number | null;
  clubs: readonly RosterClub[];
  countries: readonly RosterCountry[];
  states: readonly RosterState[];
  scope: ConsoleScope;
}

export interface RosterAddress {
  address_1: string;
  address_2: string | null;
  city: string;
  state: string | null;
  state_id: number | null;
  zip: string;
  country_id: number;
}

/**
 * A member as the file gives them. `undefined` means "the file says nothing, keep what is on
 * record": a column the file lacks, and a blank contact, status or joined_on (D64).
 */
export interface RosterPerson {
  first_name: string;
  middle_name: string | null | undefined;
  last_name: string;
  suffix: string | null | undefined;
  preferred_name: string | null | undefined;
  birth_date: string;
  email: string | undefined;
  cell_phone: string | undefined;
  home_phone: string | undefined;
  office_phone: string | undefined;
  address: RosterAddress | undefined;
  status: MemberStatusValue | undefined;
}

export interface RosterMembershipLine {
  line: number;
  clubId: number;
  /** Exactly these besides 'user'; undefined when the file has no roles column. */
  roles: ConsoleRoleName[] | undefined;
  joined_on: string | undefined;
}

export interface RosterFileMember {
  line: number;
  member_number: string;
  person: RosterPerson;
  memberships: RosterMembershipLine[];
}

export interface ReadRoster {
  totalRows: number;
  members: RosterFileMember[];
  errors: RosterRowError[];
  failure: string | null;
}

/** MM/DD/YYYY (a month or day may have one digit) or YYYY-MM-DD, as 'YYYY-MM-DD'; null when neither or not a real day. */
export function rosterDate(text: string): string | null {
  let year: number;
  let month: number;
  let day: number;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (us) [year, month, day] = [Number(us[3]), Number(us[1]), Number(us[2])];
  else if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  if (date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** Stops the parser when the whole file is refused. */
class Refusal extends Error {}

const KNOWN = new Set<string>(ROSTER_COLUMNS);

/** The header's failure, or null when every required column is there and none is unknown. */
function headerFailure(header: string[]): string | null {
  const unknown = header.filter((name) => !KNOWN.has(name));
  if (unknown.length) {
    return `Unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `"${n}"`).join(', ')} in the header; the columns are ${ROSTER_COLUMNS.join(', ')}.`;
  }
  const repeated = header.filter((name, index) => header.indexOf(name) !== index);
  if (repeated.length) {
    return `The header names ${[...new Set(repeated)].join(', ')} more than once.`;
  }
  const missing = REQUIRED_COLUMNS.filter((name) => !header.includes(name));
  if (missing.length) {
    return `The header lacks the required column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}.`;
  }
  return null;
}

/**
 * Reads and checks every row, and groups the rows of one member number. Rows are checked as
 * the parser reads them and never kept as text, so a big file costs little beyond its members.
 */
export function readRoster(csv: string, reference: RosterReference): ReadRoster {
  const refused = (failure: string): ReadRoster => ({
    totalRows: 0,
    members: [],
    errors: [],
    failure,
  });
  if (csv.includes('\uFFFD')) {
    const line = csv.slice(0, csv.indexOf('\uFFFD')).split('\n').length;
    return refused(
      `The file is not UTF-8 text (an unreadable character on line ${line}). Save it as "CSV UTF-8" and try again.`,
    );
  }
  let reader: RowReader | null = null;
  let rows = 0;
  try {
    parse(
      // One record delimiter, so csv-parse's line count is the file's (a quoted CRLF becomes LF).
      csv.replace(/\r\n?/g, '\n'),
      {
        bom: true,
        relax_column_count: true,
        skip_empty_lines: true,
        skip_records_with_empty_values: true,
        on_record: (record: string[], context: { lines: number }) => {
          const breaks = record.reduce((sum, field) => sum + field.split('\n').length - 1, 0);
          const line = context.lines - breaks;
          if (!reader) {
            const header = record.map((name) => name.trim().toLowerCase());
            const failure = headerFailure(header);
            if (failure) throw new Refusal(failure);
            reader = new RowReader(header, reference);
          } else if (++rows > ROSTER_IMPORT_MAX_ROWS) {
            throw new Refusal(
              `The file has more than ${ROSTER_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows; split it into smaller files.`,
            );
          } else {
            reader.read(line, record);
          }
          // Nothing is collected: each row is checked above.
          return null;
        },
      },
    );
  } catch (error) {
    if (error instanceof Refusal) return refused(error.message);
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      return refused(`The file is not valid CSV${line ? ` (line ${line})` : ''}: ${error.message}`);
    }
    throw error;
  }
  const done: RowReader | null = reader;
  if (!done) return refused('The file is empty: it needs a header row naming the columns.');
  return {
    totalRows: rows,
    members: [...(done as RowReader).members.values()],
    errors: (done as RowReader).errors,
    failure: null,
  };
}

class RowReader {
  readonly members = new Map<string, RosterFileMember>();
  readonly errors: RosterRowError[] = [];
  private readonly index: Map<string, number>;
  private readonly clubsBySubdomain = new Map<string, RosterClub>();
  private readonly clubsByFormalName = new Map<string, RosterClub[]>();
  private readonly countries = new Map<string, RosterCountry>();
  private readonly statesByCountry = new Map<number, Map<string, RosterState>>();
  private readonly defaultCountry: RosterCountry | undefined;

  constructor(
    header: string[],
    private readonly reference: RosterReference,
  ) {
    this.index = new Map(header.map((name, position) => [name, position]));
    for (const club of reference.clubs) {
      this.clubsBySubdomain.set(club.subdomain.toLowerCase(), club);
      const key = club.formal_name.trim().toLowerCase();
      this.clubsByFormalName.set(key, [...(this.clubsByFormalName.get(key) ?? []), club]);
    }
    for (const country of reference.countries) {
      this.countries.set(country.code.toLowerCase(), country);
      this.countries.set(country.name.toLowerCase(), country);
    }
    for (const state of reference.states) {
      const states = this.statesByCountry.get(state.country_id) ?? new Map<string, RosterState>();
      states.set(state.code.toLowerCase(), state);
      states.set(state.name.toLowerCase(), state);
      this.statesByCountry.set(state.country_id, states);
    }
    this.defaultCountry =
      reference.countries.find((country) => country.is_default === 1) ?? reference.countries[0];
  }

  read(line: number, fields: string[]): void {
    const before = this.errors.length;
    const fail = (column: string, message: string): void => {
      this.errors.push({ line, column, message });
    };
    if (fields.length !== this.index.size) {
      fail('', `The row has ${fields.length} fields; the header has ${this.index.size}.`);
      return;
    }
    /** The trimmed cell; undefined when the file has no such column. */
    const cell = (column: RosterColumn): string | undefined => {
      const position = this.index.get(column);
      return position === undefined
        ? undefined
        : unguardFormula((fields[position] ?? '').trim()).trim();
    };
    const text = (column: RosterColumn, max: number, required: boolean): string | null => {
      const value = cell(column) ?? '';
      if (value === '') {
        if (required) fail(column, "Can't be blank.");
        return null;
      }
      if (value.length > max) fail(column, `Is longer than ${max} characters.`);
      return value;
    };
    /** A name the roster owns: a blank clears it; a missing column keeps it. */
    const optionalName = (column: RosterColumn): string | null | undefined =>
      cell(column) === undefined ? undefined : text(column, NAME_MAX, false);

    const memberNumber = cell('member_number') ?? '';
    for (const message of memberNumberErrors(memberNumber, {
      member_number: {
        minimum_length: this.reference.memberNumberMin,
        maximum_length: this.reference.memberNumberMax,
      },
    })) {
      fail('member_number', message);
    }
    const firstName = text('first_name', NAME_MAX, true);
    const lastName = text('last_name', NAME_MAX, true);
    const birthText = cell('birth_date') ?? '';
    const birthDate = birthText === '' ? null : rosterDate(birthText);
    if (birthText === '') fail('birth_date', "Can't be blank.");
    else if (birthDate === null) {
      fail('birth_date', `"${birthText}" is not a real date as MM/DD/YYYY or YYYY-MM-DD.`);
    }
    const club = this.club(cell('club') ?? '', fail);

    const email = text('email', CONTACT_EMAIL_MAX, false);
    if (email !== null && !EMAIL_PATTERN.test(email)) fail('email', 'Invalid e-mail format.');
    const phone = (column: 'cell_phone' | 'home_phone' | 'office_phone'): string | undefined => {
      const value = cell(column) ?? '';
      if (value === '') return undefined;
      const digits = phoneDigits(value);
      if (!PHONE_PUNCTUATION.test(value)) {
        fail(column, 'Use digits, spaces, dashes, dots or brackets only.');
      } else if (digits.length < PHONE_MIN_DIGITS || digits.length > CONTACT_PHONE_MAX) {
        fail(column, `Needs ${PHONE_MIN_DIGITS} to ${CONTACT_PHONE_MAX} digits.`);
      }
      return digits;
    };
    const cellPhone = phone('cell_phone');
    const homePhone = phone('home_phone');
    const officePhone = phone('office_phone');
    const address = this.address(cell, text, fail);

    const statusText = (cell('status') ?? '').toLowerCase();
    let status: MemberStatusValue | undefined;
    if (statusText !== '') {
      status = MEMBER_STATUS_VALUES.find((value) => value === statusText);
      if (!status) fail('status', `Must be one of ${MEMBER_STATUS_VALUES.join(', ')}.`);
    }
    const rolesText = cell('roles');
    let roles: ConsoleRoleName[] | undefined;
    if (rolesText !== undefined) {
      const names = rolesText
        .split(';')
        .map((name) => name.trim().toLowerCase())
        .filter((name) => name !== '');
      roles = [];
      for (const name of names) {
        const role = ROLE_NAMES.find((value) => value === name);
        if (!role) fail('roles', `"${name}" is not a role; use ${ROLE_NAMES.join(' or ')}.`);
        else if (!roles.includes(role)) roles.push(role);
      }
      roles.sort();
    }
    const joinedText = cell('joined_on') ?? '';
    const joinedOn = joinedText === '' ? undefined : rosterDate(joinedText);
    if (joinedOn === null) {
      fail('joined_on', `"${joinedText}" is not a real date as MM/DD/YYYY or YYYY-MM-DD.`);
    }

    if (this.errors.length > before || !club || !firstName || !lastName || !birthDate) return;
    const person: RosterPerson = {
      first_name: firstName,
      middle_name: optionalName('middle_name'),
      last_name: lastName,
      suffix: optionalName('suffix'),
      preferred_name: optionalName('preferred_name'),
      birth_date: birthDate,
      email: email ?? undefined,
      cell_phone: cellPhone,
      home_phone: homePhone,
      office_phone: officePhone,
      address,
      status,
    };
    const membership: RosterMembershipLine = {
      line,
      clubId: club.id,
      roles,
      joined_on: joinedOn ?? undefined,
    };
    const known = this.members.get(memberNumber);
    if (!known) {
      this.members.set(memberNumber, {
        line,
        member_number: memberNumber,
        person,
        memberships: [membership],
      });
      return;
    }
    const twice = known.memberships.find((m) => m.clubId === club.id);
    if (twice) {
      fail('club', `Member ${memberNumber} is in this club already on line ${twice.line}.`);
      return;
    }
    this.merge(known, person, fail);
    if (this.errors.length === before) known.memberships.push(membership);
  }

  /** A member's second row must tell the same person; a blank contact or status defers to the other row. */
  private merge(
    known: RosterFileMember,
    person: RosterPerson,
    fail: (column: string, message: string) => void,
  ): void {
    const differs = `Differs from line ${known.line}, the same member number's first row.`;
    for (const key of [
      'first_name',
      'middle_name',
      'last_name',
      'suffix',
      'preferred_name',
      'birth_date',
    ] as const) {
      if (known.person[key] !== person[key]) fail(key, differs);
    }
    for (const key of ['email', 'cell_phone', 'home_phone', 'office_phone', 'status'] as const) {
      const mine = person[key];
      const theirs = known.person[key];
      if (mine === undefined) continue;
      if (theirs === undefined) Object.assign(known.person, { [key]: mine });
      else if (theirs !== mine) fail(key, differs);
    }
    if (person.address) {
      if (!known.person.address) known.person.address = person.address;
      else if (JSON.stringify(known.person.address) !== JSON.stringify(person.address)) {
        fail('address_1', differs);
      }
    }
  }

  private club(
    value: string,
    fail: (column: string, message: string) => void,
  ): RosterClub | undefined {
    if (value === '') {
      fail('club', "Can't be blank.");
      return undefined;
    }
    const key = value.toLowerCase();
    let club = this.clubsBySubdomain.get(key);
    if (!club) {
      const named = this.clubsByFormalName.get(key) ?? [];
      if (named.length > 1) {
        fail(
          'club',
          `"${value}" is ambiguous: ${named.length} clubs have this formal name; use the subdomain (${named.map((c) => c.subdomain).join(', ')}).`,
        );
        return undefined;
      }
      club = named[0];
    }
    if (!club) {
      fail('club', `Unknown club "${value}": use a club's subdomain or formal name.`);
      return undefined;
    }
    if (!mayManageClub(this.reference.scope, club.id)) {
      fail('club', `"${value}" is not one of your clubs.`);
      return undefined;
    }
    return club;
  }

  private address(
    cell: (column: RosterColumn) => string | undefined,
    text: (column: RosterColumn, max: number, required: boolean) => string | null,
    fail: (column: string, message: string) => void,
  ): RosterAddress | undefined {
    const parts = ['address_1', 'address_2', 'city', 'state', 'zip'] as const;
    const countryText = cell('country') ?? '';
    let country = this.defaultCountry;
    if (countryText !== '') {
      country = this.countries.get(countryText.toLowerCase());
      if (!country) fail('country', `Unknown country "${countryText}".`);
    }
    if (parts.every((part) => (cell(part) ?? '') === '')) return undefined;
    const address1 = text('address_1', CONTACT_TEXT_MAX, true);
    const address2 = text('address_2', CONTACT_TEXT_MAX, false);
    const city = text('city', CONTACT_TEXT_MAX, true);
    const zip = text('zip', CONTACT_TEXT_MAX, true);
    const stateText = text('state', CONTACT_TEXT_MAX, false);
    if (!country || !address1 || !city || !zip) return undefined;
    if (country.is_zip4 === 1 && !ZIP4_PATTERN.test(zip)) {
      fail('zip', 'Invalid zipcode format (12345 or 12345-6789).');
    }
    const states = this.statesByCountry.get(country.id);
    let state: string | null = stateText;
    let stateId: number | null = null;
    if (states && stateText !== null) {
      const known = states.get(stateText.toLowerCase());
      if (!known) fail('state', `Unknown state "${stateText}" of ${country.name}.`);
      else [state, stateId] = [known.code, known.id];
    }
    return {
      address_1: address1,
      address_2: address2,
      city,
      state,
      state_id: stateId,
      zip,
      country_id: country.id,
    };
  }
}
