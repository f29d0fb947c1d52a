/*
 * The demo accounts of the acceptance checklist ("Personas"). The server prints them at start,
 * the README lists them, and tests sign in with them, so their details are fixed here rather
 * than drawn by the generator.
 */

export const DEMO_PASSWORD = 'correct-horse-lodge';

export type PersonaKey = 'M' | 'M2' | 'W' | 'A' | 'S';

export interface Persona {
  readonly key: PersonaKey;
  readonly username: string;
  readonly description: string;
  readonly firstName: string;
  readonly middleName: string | null;
  readonly lastName: string;
  readonly suffix: string | null;
  readonly preferredName: string | null;
  readonly birthDate: string;
  /** Number with the Grand Lodge of Ohio. */
  readonly memberNumber: string;
  readonly email: string;
  readonly cellPhone: string;
  readonly isAdmin: boolean;
}

export const MEMBER: Persona = {
  key: 'M',
  username: 'member',
  description: 'M: a member of Harmony Lodge No. 412 (role user, not a webmaster or admin)',
  firstName: 'Daniel',
  middleName: 'Thomas',
  lastName: 'Whitfield',
  suffix: null,
  preferredName: null,
  birthDate: '1961-03-14',
  memberNumber: '104215',
  email: 'daniel.whitfield@example.com',
  cellPhone: '6145550142',
  isAdmin: false,
};

export const MEMBER2: Persona = {
  key: 'M2',
  username: 'member2',
  description: 'M2: a second member of Harmony Lodge No. 412',
  firstName: 'William',
  middleName: 'Joseph',
  lastName: 'Harper',
  suffix: 'Jr.',
  preferredName: 'Bill Harper',
  birthDate: '1957-09-02',
  memberNumber: '104388',
  email: 'bill.harper@example.net',
  cellPhone: '6145550187',
  isAdmin: false,
};

export const WEBMASTER: Persona = {
  key: 'W',
  username: 'webmaster',
  description: 'W: webmaster of Olentangy Lodge No. 614 (posts as the lodge; no console)',
  firstName: 'Raymond',
  middleName: 'Earl',
  lastName: 'Kowalski',
  suffix: null,
  preferredName: null,
  birthDate: '1966-11-23',
  memberNumber: '105027',
  email: 'ray.kowalski@example.org',
  cellPhone: '6145550163',
  isAdmin: false,
};

export const ADMIN: Persona = {
  key: 'A',
  username: 'admin',
  description: 'A: an administrator, member of Cornerstone Lodge No. 725',
  firstName: 'Gregory',
  middleName: 'Allen',
  lastName: 'Simmons',
  suffix: null,
  preferredName: null,
  birthDate: '1970-05-30',
  memberNumber: '105311',
  email: 'greg.simmons@example.com',
  cellPhone: '2165550119',
  isAdmin: true,
};

/** Last in the list, so adding it moved no other persona's id (issue 23). */
export const SECRETARY: Persona = {
  key: 'S',
  username: 'secretary',
  description:
    'S: secretary of Harmony Lodge No. 412 (its roster, officers and dues in the console)',
  firstName: 'Walter',
  middleName: 'James',
  lastName: 'Brennan',
  suffix: null,
  preferredName: null,
  birthDate: '1955-08-19',
  memberNumber: '104477',
  email: 'walter.brennan@example.com',
  cellPhone: '6145550128',
  isAdmin: false,
};

export const PERSONAS: readonly Persona[] = [MEMBER, MEMBER2, WEBMASTER, ADMIN, SECRETARY];

/**
 * A member on the roster with contacts on file but no account yet, to try registration
 * (organisation "Grand Lodge of Ohio F&AM", this member number, this birth date).
 */
export const DEMO_REGISTRANT = {
  firstName: 'Harold',
  middleName: 'Eugene',
  lastName: 'Baxter',
  birthDate: '1949-07-04',
  memberNumber: '104590',
  email: 'harold.baxter@example.com',
  cellPhone: '6145550171',
} as const;

/** Where the personas belong (subdomains of the seeded lodges). */
export const DEMO_CLUBS = {
  /** L1: M's and M2's lodge. */
  L1: 'harmony412',
  /** L2: W's lodge, in the same district as L1. */
  L2: 'olentangy614',
  /** A's lodge, in another district. */
  L3: 'cornerstone725',
  /** The grand lodge of the demo's Masonic organisation. */
  grandLodge: 'grandlodgeohio',
} as const;

export const DEMO_ORGANIZATION_NAME = 'Grand Lodge of Ohio F&AM';
