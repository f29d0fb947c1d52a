/*
 * A big, realistic roster file for measuring `roster-import` (issue 23, D64):
 *
 *   npm run lodgehall -- seed                          # a demo database (DATA_DIR or DATABASE_URL)
 *   npx tsx bench/roster-file.ts --rows 100000 --organization 1 > /tmp/roster.csv
 *   /usr/bin/time -v npm run lodgehall -- roster-import /tmp/roster.csv --organization 1
 *
 * It reads the organisation's clubs and member-number rule from the database so every row is
 * valid, and writes members with numbers of the rule's longest length starting at 5 followed by
 * zeros, so they do not meet the demo's own. About one member in six belongs to two clubs;
 * dates come in both accepted forms; some fields hold commas and so are quoted.
 */
import { parseArgs } from 'node:util';
import { stringify } from 'csv-stringify/sync';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { organizationForRoster, rosterClubs } from '../server/db/roster.ts';
import { LAST_NAMES, MALE_FIRST_NAMES, NICKNAMES, SUFFIXES } from '../server/db/seed/names.ts';
import { STREETS, TOWNS } from '../server/db/seed/places.ts';
import { Random } from '../server/db/seed/random.ts';
import { ROSTER_COLUMNS } from '../server/services/unguarded/roster/roster-csv.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    organization: { type: 'string', default: '1' },
    seed: { type: 'string', default: '1' },
  },
});
const rows = Number(values.rows);
const random = new Random(Number(values.seed), 'roster-file');
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const [organization] = await organizationForRoster(database.db, values.organization ?? '1');
if (!organization) throw new Error(`No organisation ${values.organization}`);
const clubs = await rosterClubs(database.db, organization.id);
await database.close();
const digits = organization.member_number_max_length ?? 8;
const towns = Object.values(TOWNS);
const pad = (n: number): string => String(n).padStart(2, '0');

const out: string[][] = [];
const flush = (): void => {
  process.stdout.write(stringify(out, { record_delimiter: 'windows' }));
  out.length = 0;
};
out.push([...ROSTER_COLUMNS]);
let written = 0;
for (let member = 0; written < rows; member++) {
  const first = random.pick(MALE_FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const town = random.pick(towns);
  const [year, month, day] = [random.int(1930, 2000), random.int(1, 12), random.int(1, 28)];
  const birth = random.chance(0.5)
    ? `${pad(month)}/${pad(day)}/${year}`
    : `${year}-${pad(month)}-${pad(day)}`;
  const nicknames = NICKNAMES[first];
  const person: Record<string, string> = {
    member_number: String(5 * 10 ** (digits - 1) + member),
    first_name: first,
    last_name: last,
    birth_date: birth,
    middle_name: random.chance(0.5) ? random.pick(MALE_FIRST_NAMES) : '',
    suffix: random.chance(0.05) ? random.weighted(SUFFIXES) : '',
    preferred_name: nicknames && random.chance(0.3) ? `${random.pick(nicknames)} ${last}` : '',
    email: random.chance(0.9) ? `${first}.${last}.${member}@example.org`.toLowerCase() : '',
    cell_phone: random.chance(0.8) ? `(${town.areaCode}) 555-${random.int(1000, 9999)}` : '',
    home_phone: random.chance(0.3) ? `${town.areaCode}555${random.int(1000, 9999)}` : '',
    office_phone: random.chance(0.1) ? `${town.areaCode}-555-${random.int(1000, 9999)}` : '',
    address_1: `${random.int(10, 9999)} ${random.pick(STREETS)}`,
    address_2: random.chance(0.05) ? `Apt ${random.int(1, 40)}, Rear` : '',
    city: town.city,
    state: town.state,
    zip: town.zip,
    country: 'US',
    status: random.chance(0.95) ? 'active' : 'suspended',
  };
  const count = random.chance(0.15) ? 2 : 1;
  const first_club = random.int(0, clubs.length - 1);
  for (let n = 0; n < count && written < rows; n++) {
    const club = clubs[(first_club + n) % clubs.length];
    if (!club) continue;
    const row: Record<string, string> = {
      ...person,
      club: club.subdomain,
      roles: random.chance(0.01) ? 'webmaster' : '',
      joined_on: `${random.int(1960, 2024)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`,
    };
    out.push(ROSTER_COLUMNS.map((column) => row[column] ?? ''));
    written++;
  }
  if (out.length >= 5_000) flush();
}
flush();
