import type { Kysely } from 'kysely';
import type { Engine } from '../database.ts';
import type { Database, MemberStatusValue, TableName } from '../schema.ts';
import type { BatchWriter } from './batch-writer.ts';
import type { LodgeDef, OrganizationDef, OrganizationKey } from './organizations-data.ts';
import type { PersonaKey } from './personas.ts';
import type { Town } from './places.ts';
import type { Random } from './random.ts';

/** What the generators share: the writer, the clock, and what earlier steps made. */
export interface SeedContext {
  readonly db: Kysely<Database>;
  readonly engine: Engine;
  readonly writer: BatchWriter;
  readonly rng: Random;
  /** The reference time everything is placed around (never the clock). */
  readonly now: number;
  readonly scale: number;
  readonly passwordHash: string;
  readonly log: (line: string) => void;
  readonly ids: IdAllocator;
  readonly world: World;
}

export interface MeetingSchedule {
  /** Which weeks of the month (1-4). */
  readonly weeks: readonly number[];
  /** 0 = Sunday. */
  readonly weekday: number;
  /** Local start, minutes after midnight. */
  readonly minutes: number;
}

export interface ClubInfo {
  readonly id: number;
  readonly org: OrganizationInfo;
  /** 0 top, 1 group, 2 lodge. */
  readonly level: 0 | 1 | 2;
  readonly name: string;
  readonly formalName: string;
  readonly subdomain: string;
  readonly town: Town;
  readonly groupId: number | null;
  readonly lodge: LodgeDef | null;
  readonly schedule: MeetingSchedule | null;
  readonly duesCents: number;
  /** Relative size, for spreading members. */
  readonly weight: number;
  /** Current members (party ids). */
  readonly members: number[];
  /** Current members with a user account (party ids). */
  readonly users: number[];
  readonly webmasters: number[];
}

export interface OrganizationInfo {
  readonly id: number;
  readonly def: OrganizationDef;
  readonly clubTypeIds: readonly [number, number, number];
  top: ClubInfo | null;
  readonly groups: ClubInfo[];
  readonly lodges: ClubInfo[];
  readonly members: number[];
}

export interface MemberInfo {
  readonly id: number;
  readonly firstName: string;
  readonly middleName: string | null;
  readonly lastName: string;
  readonly suffix: string | null;
  readonly preferredName: string | null;
  readonly displayName: string;
  readonly email: string | null;
  userId: number | null;
  readonly persona: PersonaKey | null;
  /** Organisations and standing, first one primary. */
  readonly standings: { org: OrganizationKey; number: string; status: MemberStatusValue }[];
  /** Current club memberships, lodges first. */
  readonly clubs: number[];
}

export interface World {
  readonly organizations: Map<OrganizationKey, OrganizationInfo>;
  readonly clubs: Map<number, ClubInfo>;
  readonly clubsBySubdomain: Map<string, ClubInfo>;
  /** Indexed by party id. */
  readonly members: Map<number, MemberInfo>;
  /** Party ids of members with user accounts. */
  readonly users: number[];
  readonly personas: Map<PersonaKey, MemberInfo>;
  /** Demo photo rows, for posts, events and chats. */
  readonly photoIds: number[];
  readonly contactTypeIds: Map<string, number>;
  readonly countryIds: Map<string, number>;
  /** `${countryCode}:${stateCode}` → state id. */
  readonly stateIds: Map<string, number>;
  /** Things notices can point at: a sample of what was made. */
  readonly noticeables: {
    posts: { id: number; subject: string }[];
    events: { id: number; name: string }[];
    comments: { id: number; postId: number; subject: string }[];
  };
  /** Fixtures the persona steps refer to across generators. */
  readonly fixtures: Map<string, number>;
}

export function emptyWorld(): World {
  return {
    organizations: new Map(),
    clubs: new Map(),
    clubsBySubdomain: new Map(),
    members: new Map(),
    users: [],
    personas: new Map(),
    photoIds: [],
    contactTypeIds: new Map(),
    countryIds: new Map(),
    stateIds: new Map(),
    noticeables: { posts: [], events: [], comments: [] },
    fixtures: new Map(),
  };
}

/**
 * Hands out ids per table, after any rows already there (an admin made before the first
 * seed keeps its party and user).
 */
export class IdAllocator {
  private readonly next = new Map<TableName, number>();

  constructor(start: Partial<Record<TableName, number>>) {
    for (const [table, max] of Object.entries(start)) {
      this.next.set(table as TableName, max + 1);
    }
  }

  take(table: TableName): number {
    const id = this.next.get(table) ?? 1;
    this.next.set(table, id + 1);
    return id;
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function displayName(p: {
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
  preferredName: string | null;
}): string {
  if (p.preferredName) return p.preferredName;
  const name = [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');
  return p.suffix ? `${name}, ${p.suffix}` : name;
}

/** ASCII letters and digits only, for usernames and e-mail addresses. */
export function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export { escapeHtml } from '../../../common/escape-html.ts';

export function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}

/** Fills {name} placeholders. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}

/** A value earlier steps must have made; its absence is a bug in the generator. */
export function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`Demo data is missing ${what}`);
  return value;
}
