import { describe, expect, it } from 'vitest';
import { ROSTER_IMPORT_MAX_ROWS } from '../../../../common/schemas/console.ts';
import type { ConsoleScope } from '../../../policies/console.ts';
import { stringify } from 'csv-stringify/sync';
import { parse } from 'csv-parse/sync';
import {
  CSV_WRITE_OPTIONS,
  guardFormula,
  readRoster,
  rosterDate,
  unguardFormula,
} from './roster-csv.ts';
import type { RosterReference } from './roster-csv.ts';

const reference = (scope: ConsoleScope = { kind: 'all' }): RosterReference => ({
  memberNumberMin: 4,
  memberNumberMax: 6,
  clubs: [
    { id: 1, subdomain: 'harmony412', formal_name: 'Harmony Lodge No. 412' },
    { id: 2, subdomain: 'olentangy614', formal_name: 'Olentangy Lodge No. 614' },
    { id: 3, subdomain: 'union1', formal_name: 'Union Lodge' },
    { id: 4, subdomain: 'union2', formal_name: 'Union Lodge' },
  ],
  countries: [
    { id: 10, code: 'US', name: 'United States', is_default: 1, is_zip4: 1 },
    { id: 11, code: 'FR', name: 'France', is_default: 0, is_zip4: 0 },
  ],
  states: [{ id: 20, country_id: 10, code: 'OH', name: 'Ohio' }],
  scope,
});

const HEADER = 'member_number,first_name,last_name,birth_date,club';

describe('rosterDate', () => {
  it('reads MM/DD/YYYY and YYYY-MM-DD as real days only', () => {
    expect(rosterDate('07/04/1949')).toBe('1949-07-04');
    expect(rosterDate('7/4/1949')).toBe('1949-07-04');
    expect(rosterDate('1949-07-04')).toBe('1949-07-04');
    expect(rosterDate('02/29/2024')).toBe('2024-02-29');
    expect(rosterDate('02/29/2023')).toBeNull();
    expect(rosterDate('13/01/1950')).toBeNull();
    expect(rosterDate('1950-1-5')).toBeNull();
    expect(rosterDate('04.07.1949')).toBeNull();
  });
});

describe('readRoster', () => {
  it('takes a BOM, CRLF, header names in any case and order, and quoted commas', () => {
    const csv = `\uFEFFClub,LAST_NAME,First_Name,member_number,birth_date,address_1,city,zip,state\r\nharmony412,Smith,John,1234,01/02/1950,"12 Main St, Rear",Columbus,43215,oh\r\n`;
    const read = readRoster(csv, reference());
    expect(read.failure).toBeNull();
    expect(read.errors).toEqual([]);
    expect(read.totalRows).toBe(1);
    expect(read.members[0]).toMatchObject({
      line: 2,
      member_number: '1234',
      person: {
        first_name: 'John',
        last_name: 'Smith',
        birth_date: '1950-01-02',
        address: { address_1: '12 Main St, Rear', state: 'OH', state_id: 20, country_id: 10 },
      },
      memberships: [{ line: 2, clubId: 1 }],
    });
  });

  it('counts the physical lines of quoted line breaks and skips blank lines', () => {
    const csv = [
      `${HEADER},address_1,city,zip`,
      '1234,John,Smith,1950-01-02,harmony412,"12 Main St',
      'Back door",Columbus,43215',
      '',
      ',,,,,,,',
      '12,Bad,Number,1950-01-02,harmony412,,,',
    ].join('\r\n');
    const read = readRoster(csv, reference());
    expect(read.totalRows).toBe(2);
    expect(read.members[0]?.person.address?.address_1).toBe('12 Main St\nBack door');
    expect(read.errors).toEqual([
      {
        line: 6,
        column: 'member_number',
        message: 'Must be 4 to 6 digits.',
      },
    ]);
  });

  it('names bad dates, an unknown club, an ambiguous formal name and a club out of scope', () => {
    const csv = [
      `${HEADER},joined_on`,
      '1001,A,One,02/30/1950,harmony412,',
      '1002,B,Two,1950-01-02,nowhere,',
      '1003,C,Three,1950-01-02,Union Lodge,',
      '1004,D,Four,1950-01-02,Olentangy Lodge No. 614,1990/01/01',
      '1005,E,Five,1950-01-02,harmony lodge no. 412,',
    ].join('\n');
    const scope: ConsoleScope = {
      kind: 'clubs',
      clubIds: new Set([1]),
      organizationIds: new Set([1]),
    };
    const read = readRoster(csv, reference(scope));
    expect(read.errors.map((e) => [e.line, e.column])).toEqual([
      [2, 'birth_date'],
      [3, 'club'],
      [4, 'club'],
      [5, 'club'],
      [5, 'joined_on'],
    ]);
    expect(read.errors[0]?.message).toContain('not a real date');
    expect(read.errors[1]?.message).toBe(
      'Unknown club "nowhere": use a club\'s subdomain or formal name.',
    );
    expect(read.errors[2]?.message).toContain('ambiguous');
    expect(read.errors[2]?.message).toContain('union1, union2');
    expect(read.errors[3]?.message).toBe('"Olentangy Lodge No. 614" is not one of your clubs.');
    // A unique formal name is as good as the subdomain, in any case.
    expect(read.members.map((m) => m.member_number)).toEqual(['1005']);
    expect(read.members[0]?.memberships[0]?.clubId).toBe(1);
  });

  it('groups a member of two clubs and refuses the same club twice or a different person', () => {
    const csv = [
      `${HEADER},roles`,
      '1001,John,Smith,1950-01-02,harmony412,secretary; Webmaster',
      '1001,John,Smith,01/02/1950,olentangy614,',
      '1001,John,Smith,1950-01-02,harmony412,',
      '1001,Jon,Smith,1950-01-02,union1,',
    ].join('\n');
    const read = readRoster(csv, reference());
    expect(read.members).toHaveLength(1);
    expect(read.members[0]?.memberships).toEqual([
      { line: 2, clubId: 1, roles: ['secretary', 'webmaster'], joined_on: undefined },
      { line: 3, clubId: 2, roles: [], joined_on: undefined },
    ]);
    expect(read.errors).toEqual([
      { line: 4, column: 'club', message: 'Member 1001 is in this club already on line 2.' },
      {
        line: 5,
        column: 'first_name',
        message: "Differs from line 2, the same member number's first row.",
      },
    ]);
  });

  it('checks e-mail, phones, roles, status, country and zip', () => {
    const csv = [
      `${HEADER},email,cell_phone,roles,status,address_1,city,zip,country`,
      '1001,A,One,1950-01-02,harmony412,nope,(614) 555-0100,treasurer,retired,1 Main,Paris,75001,France',
      '1002,B,Two,1950-01-02,harmony412,b@example.org,12,,Suspended,1 Main,Columbus,4321,US',
      '1003,C,Three,1950-01-02,harmony412,,,,,1 Main,Columbus,43215,Narnia',
    ].join('\n');
    const read = readRoster(csv, reference());
    expect(read.errors.map((e) => `${e.line} ${e.column}`)).toEqual([
      '2 email',
      '2 status',
      '2 roles',
      '3 cell_phone',
      '3 zip',
      '4 country',
    ]);
  });

  it('refuses a file with no header, a missing required column or an unknown one', () => {
    expect(readRoster('', reference()).failure).toContain('needs a header row');
    expect(readRoster('\n\n', reference()).failure).toContain('needs a header row');
    expect(
      readRoster('member_number,first_name,last_name,club\n1,a,b,c', reference()).failure,
    ).toBe('The header lacks the required column birth_date.');
    expect(readRoster(`${HEADER},emial\n`, reference()).failure).toContain(
      'Unknown column "emial"',
    );
    expect(readRoster(`${HEADER},club\n`, reference()).failure).toContain('more than once');
  });

  it('refuses text that was not UTF-8 and CSV it cannot read', () => {
    expect(
      readRoster(`${HEADER}\n1001,Ren\uFFFD,X,1950-01-02,harmony412`, reference()).failure,
    ).toContain('not UTF-8 text (an unreadable character on line 2)');
    expect(
      readRoster(`${HEADER}\n1001,"John,Smith,1950-01-02,harmony412\n`, reference()).failure,
    ).toContain('not valid CSV');
  });

  it('says which row has the wrong number of fields', () => {
    const read = readRoster(`${HEADER}\n1001,John,Smith,1950-01-02\n`, reference());
    expect(read.errors).toEqual([
      { line: 2, column: '', message: 'The row has 4 fields; the header has 5.' },
    ]);
  });

  it('refuses an over-long file whole, with a clear message', () => {
    const row = '1001,John,Smith,1950-01-02,harmony412\n';
    const csv = `${HEADER}\n${row.repeat(ROSTER_IMPORT_MAX_ROWS + 1)}`;
    const read = readRoster(csv, reference());
    expect(read.failure).toBe(
      `The file has more than ${ROSTER_IMPORT_MAX_ROWS.toLocaleString('en-US')} rows; split it into smaller files.`,
    );
    expect(read.members).toEqual([]);
    // Reading 200,001 rows takes seconds on a busy machine.
  }, 120_000);
});

describe('the formula guard (D71)', () => {
  const risky = ['=1+1', '+1 614 555 0100', '-2', '@SUM(A1)', '\tx', '\rx', "'=1", "''+1"];
  const safe = ['Holt', "O'Neill", "'quoted", '1-2', 'a=b', ''];

  it('puts an apostrophe before a cell a spreadsheet would run, and nothing before others', () => {
    for (const value of risky) expect(guardFormula(value)).toBe(`'${value}`);
    for (const value of safe) expect(guardFormula(value)).toBe(value);
  });

  it('takes back exactly what it added, so every value round-trips', () => {
    for (const value of [...risky, ...safe])
      expect(unguardFormula(guardFormula(value))).toBe(value);
  });

  it('guards every cell csv-stringify writes with our options, and csv-parse reads them back', () => {
    const text = stringify([risky, safe], CSV_WRITE_OPTIONS);
    const rows = parse(text, { relax_column_count: true }) as string[][];
    expect(rows.flat().every((cell) => cell === '' || !/^[=+\-@\t\r]/.test(cell))).toBe(true);
    expect(rows.map((row) => row.map(unguardFormula))).toEqual([risky, safe]);
  });
});
