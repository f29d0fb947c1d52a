/*
 * Geography for the demo: real towns with their zip codes, approximate coordinates, area codes
 * and the spec's time-zone ids (§9: 1 Eastern, 2 Central, 3 Mountain, 4 Pacific, 5 Alaska,
 * 6 Arizona, 7 Hawaii, 8 Indiana (East)). Street numbers and phone numbers are invented; phone
 * numbers use the 555 exchange.
 */

export interface Town {
  readonly city: string;
  /** Two-letter state or province code. */
  readonly state: string;
  readonly zip: string;
  readonly lat: number;
  readonly lng: number;
  readonly areaCode: string;
  readonly timeZoneId: number;
}

function town(
  city: string,
  state: string,
  zip: string,
  lat: number,
  lng: number,
  areaCode: string,
  timeZoneId: number,
): Town {
  return { city, state, zip, lat, lng, areaCode, timeZoneId };
}

export const TOWNS = {
  cleveland: town('Cleveland', 'OH', '44114', 41.4993, -81.6944, '216', 1),
  lakewood: town('Lakewood', 'OH', '44107', 41.482, -81.7982, '216', 1),
  parma: town('Parma', 'OH', '44129', 41.4048, -81.7229, '440', 1),
  elyria: town('Elyria', 'OH', '44035', 41.3684, -82.1076, '440', 1),
  lorain: town('Lorain', 'OH', '44052', 41.4528, -82.1824, '440', 1),
  mentor: town('Mentor', 'OH', '44060', 41.6662, -81.3396, '440', 1),
  toledo: town('Toledo', 'OH', '43604', 41.6528, -83.5379, '419', 1),
  findlay: town('Findlay', 'OH', '45840', 41.0442, -83.6499, '419', 1),
  lima: town('Lima', 'OH', '45801', 40.7426, -84.1052, '419', 1),
  sandusky: town('Sandusky', 'OH', '44870', 41.4489, -82.708, '419', 1),
  bowlingGreen: town('Bowling Green', 'OH', '43402', 41.3748, -83.6513, '419', 1),
  akron: town('Akron', 'OH', '44308', 41.0814, -81.519, '330', 1),
  canton: town('Canton', 'OH', '44702', 40.7989, -81.3784, '330', 1),
  youngstown: town('Youngstown', 'OH', '44503', 41.0998, -80.6495, '330', 1),
  cuyahogaFalls: town('Cuyahoga Falls', 'OH', '44221', 41.1339, -81.4846, '330', 1),
  wooster: town('Wooster', 'OH', '44691', 40.8051, -81.9351, '330', 1),
  kent: town('Kent', 'OH', '44240', 41.1537, -81.3579, '330', 1),
  columbus: town('Columbus', 'OH', '43215', 39.9612, -82.9988, '614', 1),
  germanVillage: town('Columbus', 'OH', '43206', 39.949, -82.9927, '614', 1),
  westerville: town('Westerville', 'OH', '43081', 40.1262, -82.9291, '614', 1),
  worthington: town('Worthington', 'OH', '43085', 40.0931, -83.018, '614', 1),
  dublin: town('Dublin', 'OH', '43017', 40.0992, -83.1141, '614', 1),
  delaware: town('Delaware', 'OH', '43015', 40.2987, -83.068, '740', 1),
  newark: town('Newark', 'OH', '43055', 40.0581, -82.4013, '740', 1),
  marion: town('Marion', 'OH', '43302', 40.5887, -83.1285, '740', 1),
  lancaster: town('Lancaster', 'OH', '43130', 39.7137, -82.5993, '740', 1),
  cincinnati: town('Cincinnati', 'OH', '45202', 39.1031, -84.512, '513', 1),
  hydePark: town('Cincinnati', 'OH', '45208', 39.1367, -84.4355, '513', 1),
  dayton: town('Dayton', 'OH', '45402', 39.7589, -84.1916, '937', 1),
  hamilton: town('Hamilton', 'OH', '45011', 39.3995, -84.5613, '513', 1),
  middletown: town('Middletown', 'OH', '45042', 39.5151, -84.3983, '513', 1),
  kettering: town('Kettering', 'OH', '45429', 39.6895, -84.1688, '937', 1),
  springfieldOh: town('Springfield', 'OH', '45502', 39.9242, -83.8088, '937', 1),
  beavercreek: town('Beavercreek', 'OH', '45434', 39.7092, -84.0633, '937', 1),
  zanesville: town('Zanesville', 'OH', '43701', 39.9403, -82.0132, '740', 1),
  athens: town('Athens', 'OH', '45701', 39.3292, -82.1013, '740', 1),
  marietta: town('Marietta', 'OH', '45750', 39.4154, -81.4548, '740', 1),
  chillicothe: town('Chillicothe', 'OH', '45601', 39.3331, -82.9824, '740', 1),
  portsmouth: town('Portsmouth', 'OH', '45662', 38.7317, -82.9977, '740', 1),
  cambridge: town('Cambridge', 'OH', '43725', 40.0312, -81.5885, '740', 1),
  pittsburgh: town('Pittsburgh', 'PA', '15222', 40.4406, -79.9959, '412', 1),
  anchorage: town('Anchorage', 'AK', '99501', 61.2181, -149.9003, '907', 5),
  juneau: town('Juneau', 'AK', '99801', 58.3019, -134.4197, '907', 5),
  fairbanks: town('Fairbanks', 'AK', '99701', 64.8378, -147.7164, '907', 5),
  phoenix: town('Phoenix', 'AZ', '85004', 33.4484, -112.074, '602', 6),
  tucson: town('Tucson', 'AZ', '85701', 32.2226, -110.9747, '520', 6),
  mesa: town('Mesa', 'AZ', '85201', 33.4152, -111.8315, '480', 6),
  honolulu: town('Honolulu', 'HI', '96813', 21.3069, -157.8583, '808', 7),
  hilo: town('Hilo', 'HI', '96720', 19.7241, -155.0868, '808', 7),
  indianapolis: town('Indianapolis', 'IN', '46204', 39.7684, -86.1581, '317', 8),
  fortWayne: town('Fort Wayne', 'IN', '46802', 41.0793, -85.1394, '260', 8),
  bloomington: town('Bloomington', 'IN', '47404', 39.1653, -86.5264, '812', 8),
  denver: town('Denver', 'CO', '80202', 39.7392, -104.9903, '303', 3),
  albuquerque: town('Albuquerque', 'NM', '87102', 35.0844, -106.6504, '505', 3),
  boise: town('Boise', 'ID', '83702', 43.615, -116.2023, '208', 3),
  seattle: town('Seattle', 'WA', '98101', 47.6062, -122.3321, '206', 4),
  sacramento: town('Sacramento', 'CA', '95814', 38.5816, -121.4944, '916', 4),
  reno: town('Reno', 'NV', '89501', 39.5296, -119.8138, '775', 4),
  dallas: town('Dallas', 'TX', '75201', 32.7767, -96.797, '214', 2),
  springfieldIl: town('Springfield', 'IL', '62701', 39.7817, -89.6501, '217', 2),
  kansasCity: town('Kansas City', 'MO', '64106', 39.0997, -94.5786, '816', 2),
  chicago: town('Chicago', 'IL', '60614', 41.9214, -87.6513, '773', 2),
  mooseheart: town('Mooseheart', 'IL', '60539', 41.8206, -88.3334, '630', 2),
  // Where snowbirds spend the winter (seasonal addresses).
  naples: town('Naples', 'FL', '34102', 26.142, -81.7948, '239', 1),
  sarasota: town('Sarasota', 'FL', '34236', 27.3364, -82.5307, '941', 1),
  theVillages: town('The Villages', 'FL', '32162', 28.9342, -81.9598, '352', 1),
  scottsdale: town('Scottsdale', 'AZ', '85251', 33.4942, -111.9261, '480', 6),
} as const satisfies Record<string, Town>;

export type TownKey = keyof typeof TOWNS;

export const WINTER_TOWNS: readonly TownKey[] = ['naples', 'sarasota', 'theVillages', 'scottsdale'];

/** Canadian towns for the few members who live over the border. */
export const CANADIAN_TOWNS: readonly { city: string; province: string; postalCode: string }[] = [
  { city: 'Windsor', province: 'ON', postalCode: 'N9A 1A1' },
  { city: 'London', province: 'ON', postalCode: 'N6A 3K7' },
  { city: 'Victoria', province: 'BC', postalCode: 'V8W 1N2' },
  { city: 'Calgary', province: 'AB', postalCode: 'T2P 1J9' },
];

export const STREETS: readonly string[] = [
  'Main St',
  'High St',
  'Broad St',
  'Market St',
  'Church St',
  'Oak St',
  'Maple Ave',
  'Elm St',
  'Walnut St',
  'Cherry St',
  'Washington St',
  'Jefferson Ave',
  'Lincoln Way',
  'Park Ave',
  'Lake Shore Dr',
  'River Rd',
  'Mill St',
  'Spring St',
  'Chestnut St',
  'Franklin Ave',
  'Center St',
  'Prospect Ave',
  'Hillcrest Dr',
  'Sunset Blvd',
  'Meadow Ln',
  'Orchard Dr',
  'Cedar Ln',
  'Birch Rd',
  'Willow Way',
  'Highland Ave',
  'Ridge Rd',
  'Forest Ave',
  'Grant St',
  'Liberty St',
  'Union St',
  'Sycamore St',
  'Poplar St',
  'Dogwood Ct',
  'Fairview Ave',
  'College Ave',
];

export const DIRECTIONS: readonly string[] = ['N', 'S', 'E', 'W'];

export const US_STATES: readonly (readonly [code: string, name: string])[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

export const CANADIAN_PROVINCES: readonly (readonly [code: string, name: string])[] = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
];

export interface CountryDef {
  readonly code: string;
  readonly name: string;
  readonly isDefault: boolean;
  readonly isZip4: boolean;
  readonly states: readonly (readonly [code: string, name: string])[];
  /** The state preselected for a new address in this country. */
  readonly defaultState: string | null;
}

export const COUNTRIES: readonly CountryDef[] = [
  {
    code: 'US',
    name: 'United States',
    isDefault: true,
    isZip4: true,
    states: US_STATES,
    defaultState: 'OH',
  },
  {
    code: 'CA',
    name: 'Canada',
    isDefault: false,
    isZip4: false,
    states: CANADIAN_PROVINCES,
    defaultState: null,
  },
  // A country without a state list, so the form's "state required when the country has
  // states" rule has both cases.
  {
    code: 'GB',
    name: 'United Kingdom',
    isDefault: false,
    isZip4: false,
    states: [],
    defaultState: null,
  },
];
