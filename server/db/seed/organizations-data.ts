import { DEFAULT_STATUS_STYLES } from '../../../common/schemas/console-clubs.ts';
import { DEMO_CLUBS, DEMO_ORGANIZATION_NAME } from './personas.ts';
import type { TownKey } from './places.ts';

/*
 * The demo's three organisations and their clubs: a Masonic grand lodge with districts and
 * lodges across Ohio, and national Elks and Moose bodies whose lodges cover the other seven
 * time zones. Lodge names are made up in the style of real ones.
 */

export type OrganizationKey = 'masons' | 'elks' | 'moose';

export interface GroupDef {
  readonly key: string;
  readonly name: string;
  readonly formalName: string;
  readonly subdomain: string;
  readonly town: TownKey;
}

export interface LodgeDef {
  readonly name: string;
  readonly number: number;
  readonly town: TownKey;
  readonly group: string;
}

export interface OrganizationDef {
  readonly key: OrganizationKey;
  readonly name: string;
  readonly memberNumberMin: number | null;
  readonly memberNumberMax: number | null;
  /** Generated member numbers count up from here (personas use lower numbers). */
  readonly memberNumberStart: number;
  readonly isRecognized: boolean;
  /** Club hierarchy from the top: [top, group, lodge]. */
  readonly clubTypes: readonly [string, string, string];
  readonly top: GroupDef;
  readonly groups: readonly GroupDef[];
  readonly lodges: readonly LodgeDef[];
  readonly lodgeName: (lodge: LodgeDef) => string;
  readonly lodgeFormalName: (lodge: LodgeDef) => string;
  readonly lodgeSubdomain: (lodge: LodgeDef) => string;
  readonly officers: {
    readonly top: readonly string[];
    readonly group: readonly string[];
    readonly lodge: readonly string[];
  };
  /** Lodge officers who are also the lodge's webmasters. */
  readonly webmasterTitles: readonly string[];
  /** Share of the roster whose first organisation this is. */
  readonly memberShare: number;
  readonly womenShare: number;
  readonly titles: readonly (readonly [string, number])[];
  /** Yearly lodge dues range in dollars. */
  readonly dues: readonly [number, number];
  /** Words used in generated text. */
  readonly meetingWord: string;
  readonly memberWord: string;
}

function lodge(name: string, number: number, town: TownKey, group: string): LodgeDef {
  return { name, number, town, group };
}

function ordinal(n: number): string {
  const suffix =
    n % 10 === 1 && n !== 11
      ? 'st'
      : n % 10 === 2 && n !== 12
        ? 'nd'
        : n % 10 === 3 && n !== 13
          ? 'rd'
          : 'th';
  return `${n}${suffix}`;
}

function district(n: number, town: TownKey): GroupDef {
  return {
    key: `d${n}`,
    name: `District ${n}`,
    formalName: `${ordinal(n)} Masonic District of Ohio`,
    subdomain: `ohdistrict${n}`,
    town,
  };
}

const STATE_NAMES: Record<string, string> = {
  AK: 'Alaska',
  AZ: 'Arizona',
  HI: 'Hawaii',
  IN: 'Indiana',
  CO: 'Colorado',
  WA: 'Washington',
  CA: 'California',
  TX: 'Texas',
  IL: 'Illinois',
  NM: 'New Mexico',
  ID: 'Idaho',
  NV: 'Nevada',
  MO: 'Missouri',
  PA: 'Pennsylvania',
};

function association(body: 'Elks' | 'Moose', state: string, town: TownKey): GroupDef {
  const stateName = STATE_NAMES[state] ?? state;
  return {
    key: state,
    name: `${stateName} ${body} Association`,
    formalName: `${stateName} State ${body} Association`,
    subdomain: `${body.toLowerCase()}-${state.toLowerCase()}`,
    town,
  };
}

export const MASONS: OrganizationDef = {
  key: 'masons',
  name: DEMO_ORGANIZATION_NAME,
  memberNumberMin: 6,
  memberNumberMax: 8,
  memberNumberStart: 1_100_000,
  isRecognized: true,
  clubTypes: ['Grand Lodge', 'District', 'Lodge'],
  top: {
    key: 'top',
    name: 'Grand Lodge of Ohio',
    formalName: 'The Grand Lodge of Free & Accepted Masons of Ohio',
    subdomain: DEMO_CLUBS.grandLodge,
    town: 'springfieldOh',
  },
  groups: [
    district(1, 'cleveland'),
    district(2, 'toledo'),
    district(3, 'akron'),
    district(4, 'columbus'),
    district(5, 'dayton'),
    district(6, 'zanesville'),
  ],
  lodges: [
    lodge('Western Reserve', 507, 'cleveland', 'd1'),
    lodge('Tyrian', 370, 'cleveland', 'd1'),
    lodge('Lakeside', 668, 'lakewood', 'd1'),
    lodge('Parma', 721, 'parma', 'd1'),
    lodge('King Solomon', 56, 'elyria', 'd1'),
    lodge('Erie Shores', 634, 'lorain', 'd1'),
    lodge('Mentor', 772, 'mentor', 'd1'),
    lodge('Maumee Valley', 144, 'toledo', 'd2'),
    lodge('Sanford L. Collins', 396, 'toledo', 'd2'),
    lodge('Findlay', 227, 'findlay', 'd2'),
    lodge('Shawnee', 208, 'lima', 'd2'),
    lodge('Science', 50, 'sandusky', 'd2'),
    lodge('Wood County', 112, 'bowlingGreen', 'd2'),
    lodge('Akron', 83, 'akron', 'd3'),
    lodge('Cornerstone', 725, 'cuyahogaFalls', 'd3'),
    lodge('Canton', 60, 'canton', 'd3'),
    lodge('Western Star', 21, 'youngstown', 'd3'),
    lodge('Ebenezer', 33, 'wooster', 'd3'),
    lodge('Rockton', 316, 'kent', 'd3'),
    lodge('Harmony', 412, 'columbus', 'd4'),
    lodge('Olentangy', 614, 'westerville', 'd4'),
    lodge('Capital City', 652, 'germanVillage', 'd4'),
    lodge('New England', 4, 'worthington', 'd4'),
    lodge('Dublin', 716, 'dublin', 'd4'),
    lodge('Hiram', 18, 'delaware', 'd4'),
    lodge('Newark', 97, 'newark', 'd4'),
    lodge('Marion', 70, 'marion', 'd4'),
    lodge('Lancaster', 57, 'lancaster', 'd4'),
    lodge('Cincinnati', 133, 'cincinnati', 'd5'),
    lodge('Hyde Park', 589, 'hydePark', 'd5'),
    lodge("St. John's", 13, 'dayton', 'd5'),
    lodge('Washington', 17, 'hamilton', 'd5'),
    lodge('Jefferson', 90, 'middletown', 'd5'),
    lodge('Kettering', 755, 'kettering', 'd5'),
    lodge('Clark', 101, 'springfieldOh', 'd5'),
    lodge('Beavercreek', 790, 'beavercreek', 'd5'),
    lodge('Amity', 5, 'zanesville', 'd6'),
    lodge('Paramuthia', 25, 'athens', 'd6'),
    lodge('American Union', 1, 'marietta', 'd6'),
    lodge('Scioto', 6, 'chillicothe', 'd6'),
    lodge('Aurora', 48, 'portsmouth', 'd6'),
    lodge('Guernsey', 66, 'cambridge', 'd6'),
  ],
  lodgeName: (l) => `${l.name} Lodge No. ${l.number}`,
  lodgeFormalName: (l) => `${l.name} Lodge No. ${l.number}, F&AM`,
  lodgeSubdomain: (l) => `${l.name.toLowerCase().replace(/[^a-z]/g, '')}${l.number}`,
  officers: {
    top: [
      'Grand Master',
      'Deputy Grand Master',
      'Senior Grand Warden',
      'Junior Grand Warden',
      'Grand Treasurer',
      'Grand Secretary',
    ],
    group: ['District Deputy Grand Master', 'District Education Officer', 'District Lecturer'],
    lodge: [
      'Worshipful Master',
      'Senior Warden',
      'Junior Warden',
      'Treasurer',
      'Secretary',
      'Senior Deacon',
      'Junior Deacon',
      'Chaplain',
      'Tiler',
    ],
  },
  webmasterTitles: ['Worshipful Master', 'Secretary'],
  memberShare: 0.64,
  womenShare: 0,
  titles: [
    ['Master Mason', 78],
    ['Past Master', 10],
    ['Life Member', 9],
    ['50-Year Member', 3],
  ],
  dues: [95, 185],
  meetingWord: 'Stated Communication',
  memberWord: 'Brothers',
};

export const ELKS: OrganizationDef = {
  key: 'elks',
  name: 'Benevolent and Protective Order of Elks',
  memberNumberMin: 5,
  memberNumberMax: 7,
  memberNumberStart: 20_000,
  isRecognized: true,
  clubTypes: ['Grand Lodge', 'State Association', 'Lodge'],
  top: {
    key: 'top',
    name: 'Elks Grand Lodge',
    formalName: 'Grand Lodge of the Benevolent and Protective Order of Elks of the USA',
    subdomain: 'elksgrandlodge',
    town: 'chicago',
  },
  groups: [
    association('Elks', 'AK', 'anchorage'),
    association('Elks', 'AZ', 'phoenix'),
    association('Elks', 'HI', 'honolulu'),
    association('Elks', 'IN', 'indianapolis'),
    association('Elks', 'CO', 'denver'),
    association('Elks', 'WA', 'seattle'),
    association('Elks', 'CA', 'sacramento'),
    association('Elks', 'TX', 'dallas'),
    association('Elks', 'IL', 'springfieldIl'),
  ],
  lodges: [
    lodge('Anchorage', 1351, 'anchorage', 'AK'),
    lodge('Juneau', 420, 'juneau', 'AK'),
    lodge('Phoenix', 335, 'phoenix', 'AZ'),
    lodge('Tucson', 385, 'tucson', 'AZ'),
    lodge('Honolulu', 616, 'honolulu', 'HI'),
    lodge('Indianapolis', 13, 'indianapolis', 'IN'),
    lodge('Fort Wayne', 155, 'fortWayne', 'IN'),
    lodge('Denver', 17, 'denver', 'CO'),
    lodge('Seattle', 92, 'seattle', 'WA'),
    lodge('Sacramento', 6, 'sacramento', 'CA'),
    lodge('Dallas', 71, 'dallas', 'TX'),
    lodge('Springfield', 158, 'springfieldIl', 'IL'),
  ],
  lodgeName: (l) => `${l.name} Elks Lodge No. ${l.number}`,
  lodgeFormalName: (l) => `${l.name} Lodge No. ${l.number}, B.P.O. Elks`,
  lodgeSubdomain: (l) => `elks${l.number}`,
  officers: {
    top: ['Grand Exalted Ruler', 'Grand Secretary', 'Grand Treasurer'],
    group: ['President', 'Vice President', 'Secretary', 'Treasurer'],
    lodge: [
      'Exalted Ruler',
      'Leading Knight',
      'Loyal Knight',
      'Lecturing Knight',
      'Secretary',
      'Treasurer',
      'Esquire',
      'Chaplain',
      'Inner Guard',
      'Tiler',
    ],
  },
  webmasterTitles: ['Exalted Ruler', 'Secretary'],
  memberShare: 0.22,
  womenShare: 0.35,
  titles: [
    ['Elk', 80],
    ['Life Member', 12],
    ['Past Exalted Ruler', 8],
  ],
  dues: [75, 140],
  meetingWord: 'Lodge Meeting',
  memberWord: 'Elks',
};

export const MOOSE: OrganizationDef = {
  key: 'moose',
  name: 'Loyal Order of Moose',
  // The Moose set no member-number rules, so the status checker's length check has a case
  // where it does not apply.
  memberNumberMin: null,
  memberNumberMax: null,
  memberNumberStart: 3_000_000,
  isRecognized: false,
  clubTypes: ['Moose International', 'State Association', 'Lodge'],
  top: {
    key: 'top',
    name: 'Moose International',
    formalName: 'Moose International, Inc.',
    subdomain: 'mooseinternational',
    town: 'mooseheart',
  },
  groups: [
    association('Moose', 'AK', 'fairbanks'),
    association('Moose', 'AZ', 'mesa'),
    association('Moose', 'HI', 'hilo'),
    association('Moose', 'IN', 'bloomington'),
    association('Moose', 'NM', 'albuquerque'),
    association('Moose', 'ID', 'boise'),
    association('Moose', 'NV', 'reno'),
    association('Moose', 'MO', 'kansasCity'),
    association('Moose', 'PA', 'pittsburgh'),
  ],
  lodges: [
    lodge('Fairbanks', 1392, 'fairbanks', 'AK'),
    lodge('Mesa', 1005, 'mesa', 'AZ'),
    lodge('Hilo', 1751, 'hilo', 'HI'),
    lodge('Bloomington', 1206, 'bloomington', 'IN'),
    lodge('Albuquerque', 1008, 'albuquerque', 'NM'),
    lodge('Boise', 2009, 'boise', 'ID'),
    lodge('Reno', 1035, 'reno', 'NV'),
    lodge('Kansas City', 2285, 'kansasCity', 'MO'),
    lodge('Pittsburgh', 46, 'pittsburgh', 'PA'),
  ],
  lodgeName: (l) => `${l.name} Moose Lodge ${l.number}`,
  lodgeFormalName: (l) => `${l.name} Lodge No. ${l.number}, Loyal Order of Moose`,
  lodgeSubdomain: (l) => `moose${l.number}`,
  officers: {
    top: ['Supreme Governor', 'Director General'],
    group: ['President', 'Secretary'],
    lodge: [
      'Governor',
      'Junior Governor',
      'Prelate',
      'Administrator',
      'Treasurer',
      'Sergeant-at-Arms',
      'Trustee',
    ],
  },
  webmasterTitles: ['Governor', 'Administrator'],
  memberShare: 0.14,
  womenShare: 0.4,
  titles: [
    ['Moose Member', 75],
    ['Fellow of the Moose', 15],
    ['Pilgrim Degree', 10],
  ],
  dues: [45, 75],
  meetingWord: 'Lodge Meeting',
  memberWord: 'members',
};

export const ORGANIZATIONS: readonly OrganizationDef[] = [MASONS, ELKS, MOOSE];

/** The demo's card colours: the defaults an organisation starts with (D68). */
export const STATUS_COLORS = {
  active: DEFAULT_STATUS_STYLES.active.color,
  suspended: DEFAULT_STATUS_STYLES.suspended.color,
  demitted: DEFAULT_STATUS_STYLES.demitted.color,
  deceased: DEFAULT_STATUS_STYLES.deceased.color,
  expelled: DEFAULT_STATUS_STYLES.expelled.color,
} as const;
