import { searchKeysOf } from '../../../common/member-search.ts';
import type { MemberStatusValue, RoleName } from '../schema.ts';
import { demoAvatarKey, DEMO_AVATAR_COUNT } from './content.ts';
import {
  DIFFICULT_LAST_NAMES,
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  NICKNAMES,
  SUFFIXES,
} from './names.ts';
import { STATUS_COLORS } from './organizations-data.ts';
import type { OrganizationKey } from './organizations-data.ts';
import { DEMO_CLUBS, DEMO_REGISTRANT, PERSONAS } from './personas.ts';
import type { Persona, PersonaKey } from './personas.ts';
import { CANADIAN_TOWNS, DIRECTIONS, STREETS, TOWNS, WINTER_TOWNS } from './places.ts';
import type { Town } from './places.ts';
import type { Random } from './random.ts';
import { asciiSlug, DAY, displayName } from './seed-context.ts';
import type { ClubInfo, MemberInfo, OrganizationInfo, SeedContext } from './seed-context.ts';
import { formatDate, utcDateOf } from '../../../common/event-time.ts';

/*
 * The roster: about 2,000 people per unit of scale with names, birth dates, standing in one
 * or more organisations, lodge memberships, officers, contacts and (for some) user accounts.
 * It is drawn in memory first (it is small even at scale 50) because officers and webmasters
 * are chosen among a lodge's members before any row is written.
 */

/** Birth years count back from here, not from "now", so the roster does not drift by day. */
const REFERENCE_YEAR = 2025;
const BASE_MEMBERS = 2_000;
const MIN_MEMBERS = 120;

interface Standing {
  org: OrganizationKey;
  number: string;
  status: MemberStatusValue;
  title: string;
}

interface MembershipDraft {
  club: ClubInfo;
  joinedOn: string;
  leftAt: number | null;
  roles: Set<RoleName>;
}

interface Draft {
  id: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
  preferredName: string | null;
  birthDate: string;
  avatar: number | null;
  persona: Persona | null;
  registrant: boolean;
  home: Town;
  standings: Standing[];
  memberships: MembershipDraft[];
  leftAt: number | null;
  hasUser: boolean;
}

interface OrgCounter {
  next: number;
  step: number;
}

function isActive(d: Draft): boolean {
  return d.standings[0]?.status === 'active';
}

function activeIn(d: Draft, org: OrganizationKey): boolean {
  return d.standings.some((s) => s.org === org && s.status === 'active');
}

function pickFirstName(rng: Random, female: boolean): string {
  return rng.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
}

function pickLastName(rng: Random): string {
  return rng.chance(0.02) ? rng.pick(DIFFICULT_LAST_NAMES) : rng.pick(LAST_NAMES);
}

function birthDate(rng: Random): string {
  const age = rng.weighted<readonly [number, number]>([
    [[22, 40], 14],
    [[40, 60], 30],
    [[60, 80], 42],
    [[80, 96], 14],
  ]);
  const year = REFERENCE_YEAR - rng.int(age[0], age[1]);
  return formatDate(year, rng.int(1, 12), rng.int(1, 28));
}

function joinedOn(rng: Random, birth: string, now: number): string {
  const birthYear = Number(birth.slice(0, 4));
  const nowYear = Number(utcDateOf(now).slice(0, 4));
  const first = Math.min(nowYear - 1, Math.max(birthYear + 21, 1955));
  const year = rng.int(first, nowYear - 1);
  return formatDate(year, rng.int(1, 12), rng.int(1, 28));
}

function weightedClub(rng: Random, clubs: readonly ClubInfo[]): ClubInfo {
  return rng.weighted(clubs.map((c) => [c, c.weight] as const));
}

function status(rng: Random): MemberStatusValue {
  return rng.weighted<MemberStatusValue>([
    ['active', 88],
    ['suspended', 4],
    ['demitted', 5],
    ['deceased', 3],
  ]);
}

function nextNumber(rng: Random, counter: OrgCounter): string {
  counter.next += rng.int(1, counter.step);
  return String(counter.next);
}

function freeTextName(rng: Random): string {
  return `${pickFirstName(rng, false)} ${rng.chance(0.5) ? `${rng.pick(MALE_FIRST_NAMES)[0]}. ` : ''}${pickLastName(rng)}`;
}

function personaDraft(
  persona: Persona,
  id: number,
  l1: ClubInfo,
  clubs: Map<string, ClubInfo>,
): Draft {
  const lodge =
    persona.key === 'W'
      ? clubs.get(DEMO_CLUBS.L2)
      : persona.key === 'A'
        ? clubs.get(DEMO_CLUBS.L3)
        : l1;
  if (!lodge) throw new Error('The personas’ lodges are missing from the demo clubs');
  const membership: MembershipDraft = {
    club: lodge,
    joinedOn:
      persona.key === 'M' ? '1994-10-11' : persona.key === 'M2' ? '1982-04-20' : '2003-02-17',
    leftAt: null,
    roles: new Set<RoleName>(
      persona.key === 'W'
        ? ['user', 'webmaster']
        : persona.key === 'S'
          ? ['user', 'secretary']
          : ['user'],
    ),
  };
  const memberships = [membership];
  if (persona.key === 'M') {
    // M also belongs to the district (a non-leaf club), which must not become a post audience.
    const district =
      lodge.groupId === null ? undefined : [...clubs.values()].find((c) => c.id === lodge.groupId);
    if (district) {
      memberships.push({
        club: district,
        joinedOn: '2019-01-01',
        leftAt: null,
        roles: new Set(['user']),
      });
    }
  }
  return {
    id,
    firstName: persona.firstName,
    middleName: persona.middleName,
    lastName: persona.lastName,
    suffix: persona.suffix,
    preferredName: persona.preferredName,
    birthDate: persona.birthDate,
    avatar: persona.key === 'W' ? 1 : persona.key === 'M2' ? 3 : null,
    persona,
    registrant: false,
    home: lodge.town,
    standings: [
      {
        org: 'masons',
        number: persona.memberNumber,
        status: 'active',
        title: persona.key === 'W' ? 'Past Master' : 'Master Mason',
      },
    ],
    memberships,
    leftAt: null,
    hasUser: true,
  };
}

export async function seedMembers(ctx: SeedContext): Promise<void> {
  const { world, ids, now } = ctx;
  const rng = ctx.rng.fork('members');
  const total = Math.max(MIN_MEMBERS, Math.round(BASE_MEMBERS * ctx.scale));
  const orgs = [...world.organizations.values()];
  const l1 = world.clubsBySubdomain.get(DEMO_CLUBS.L1);
  if (!l1) throw new Error('Lodge L1 is missing from the demo clubs');

  const counters = new Map<OrganizationKey, OrgCounter>();
  for (const org of orgs) {
    const expected = total * 1.2;
    const max = org.def.memberNumberMax ? 10 ** org.def.memberNumberMax - 1 : 99_999_999;
    const room = Math.floor((max - org.def.memberNumberStart) / expected);
    counters.set(org.def.key, {
      next: org.def.memberNumberStart,
      step: Math.max(1, Math.min(17, room)),
    });
  }

  // ---- Draw the roster.
  const drafts: Draft[] = [];
  for (const persona of PERSONAS) {
    drafts.push(personaDraft(persona, ids.take('parties'), l1, world.clubsBySubdomain));
  }
  drafts.push({
    id: ids.take('parties'),
    firstName: DEMO_REGISTRANT.firstName,
    middleName: DEMO_REGISTRANT.middleName,
    lastName: DEMO_REGISTRANT.lastName,
    suffix: null,
    preferredName: null,
    birthDate: DEMO_REGISTRANT.birthDate,
    avatar: null,
    persona: null,
    registrant: true,
    home: l1.town,
    standings: [
      {
        org: 'masons',
        number: DEMO_REGISTRANT.memberNumber,
        status: 'active',
        title: 'Master Mason',
      },
    ],
    memberships: [{ club: l1, joinedOn: '1975-05-06', leftAt: null, roles: new Set(['user']) }],
    leftAt: null,
    hasUser: false,
  });

  const shares = orgs.map((o) => [o, o.def.memberShare] as const);
  while (drafts.length < total) {
    const org = rng.weighted(shares);
    const female = rng.chance(org.def.womenShare);
    const firstName = pickFirstName(rng, female);
    const lastName = pickLastName(rng);
    const middleRoll = rng.next();
    const middleName =
      middleRoll < 0.55
        ? pickFirstName(rng, female)
        : middleRoll < 0.7
          ? (pickFirstName(rng, female)[0] ?? 'A')
          : null;
    const suffix = !female && rng.chance(0.1) ? rng.weighted(SUFFIXES) : null;
    const nicknames = NICKNAMES[firstName];
    const preferredName =
      nicknames && rng.chance(0.5) ? `${rng.pick(nicknames)} ${lastName}` : null;
    const birth = birthDate(rng);
    const draft: Draft = {
      id: ids.take('parties'),
      firstName,
      middleName,
      lastName,
      suffix,
      preferredName,
      birthDate: birth,
      avatar: rng.chance(0.12) ? rng.int(1, DEMO_AVATAR_COUNT) : null,
      persona: null,
      registrant: false,
      home: TOWNS.columbus,
      standings: [],
      memberships: [],
      leftAt: null,
      hasUser: false,
    };
    const join = (lodge: ClubInfo, standing: MemberStatusValue): void => {
      const leftAt =
        standing === 'demitted' || standing === 'deceased' ? now - rng.int(30, 3000) * DAY : null;
      draft.memberships.push({
        club: lodge,
        joinedOn: joinedOn(rng, birth, now),
        leftAt,
        roles: new Set(['user']),
      });
    };
    const addOrganisation = (target: OrganizationInfo): void => {
      const counter = counters.get(target.def.key);
      if (!counter) return;
      const standing = status(rng);
      draft.standings.push({
        org: target.def.key,
        number: nextNumber(rng, counter),
        status: standing,
        title: rng.weighted(target.def.titles),
      });
      const first = weightedClub(rng, target.lodges);
      join(first, standing);
      if (rng.chance(0.16)) {
        const nearby = target.lodges.filter((c) => c.groupId === first.groupId && c !== first);
        const second =
          rng.chance(0.7) && nearby.length ? rng.pick(nearby) : weightedClub(rng, target.lodges);
        if (second !== first) join(second, standing);
        if (rng.chance(0.25)) {
          const third = weightedClub(rng, target.lodges);
          if (!draft.memberships.some((m) => m.club === third)) join(third, standing);
        }
      }
    };
    addOrganisation(org);
    if (rng.chance(0.08)) {
      const other = rng.pick(orgs.filter((o) => o !== org));
      addOrganisation(other);
    }
    draft.home = draft.memberships[0]?.club.town ?? TOWNS.columbus;
    if (draft.standings.every((s) => s.status === 'demitted' || s.status === 'deceased')) {
      draft.leftAt = Math.max(...draft.memberships.map((m) => m.leftAt ?? 0));
    }
    drafts.push(draft);
  }

  // Current members of each club, for officers, webmasters and everything after.
  const byId = new Map(drafts.map((d) => [d.id, d]));
  const current = (d: Draft): MembershipDraft[] => d.memberships.filter((m) => m.leftAt === null);
  for (const d of drafts) {
    for (const m of current(d)) m.club.members.push(d.id);
  }

  // ---- Officers and webmasters.
  const excluded = new Set(
    drafts.filter((d) => d.persona && d.persona.key !== 'W').map((d) => d.id),
  );
  const w = drafts.find((d) => d.persona?.key === 'W');
  const officerRows: {
    club: ClubInfo;
    title: string;
    sort: number;
    holder: number | null;
    name: string | null;
    previous: number | null;
    previousName: string | null;
  }[] = [];
  const nowYear = Number(utcDateOf(now).slice(0, 4));
  const officerRng = ctx.rng.fork('officers');

  const ensureMembership = (d: Draft, club: ClubInfo, role: RoleName | null): void => {
    let m = d.memberships.find((x) => x.club === club && x.leftAt === null);
    if (!m) {
      m = {
        club,
        joinedOn: formatDate(nowYear - officerRng.int(1, 6), 1, 1),
        leftAt: null,
        roles: new Set(['user']),
      };
      d.memberships.push(m);
      club.members.push(d.id);
    }
    if (role) m.roles.add(role);
  };

  const appoint = (
    club: ClubInfo,
    titles: readonly string[],
    pool: readonly number[],
    webmasterTitles: readonly string[],
  ): void => {
    const org = club.org.def.key;
    const candidates = pool.filter(
      (id) => !excluded.has(id) && activeIn(byId.get(id) as Draft, org),
    );
    const used = new Set<number>();
    titles.forEach((title, index) => {
      let holder: number | null = null;
      let name: string | null = null;
      if (club.subdomain === DEMO_CLUBS.L2 && title === 'Secretary' && w) {
        holder = w.id;
      } else if (officerRng.chance(0.92) && candidates.length > used.size) {
        for (let tries = 0; tries < 20 && holder === null; tries++) {
          const pick = officerRng.pick(candidates);
          if (!used.has(pick) && pick !== w?.id) holder = pick;
        }
      }
      if (holder === null) name = freeTextName(officerRng);
      else used.add(holder);
      let previous: number | null = null;
      let previousName: string | null = null;
      if (officerRng.chance(0.5)) {
        if (candidates.length && officerRng.chance(0.9)) previous = officerRng.pick(candidates);
        else previousName = freeTextName(officerRng);
      }
      officerRows.push({ club, title, sort: index + 1, holder, name, previous, previousName });
      if (holder !== null) {
        const d = byId.get(holder) as Draft;
        ensureMembership(d, club, webmasterTitles.includes(title) ? 'webmaster' : null);
      }
    });
  };

  for (const org of orgs) {
    for (const lodge of org.lodges) {
      appoint(lodge, org.def.officers.lodge, lodge.members, org.def.webmasterTitles);
      // Some lodges let a further member keep the web pages, and every lodge has someone
      // (its officers may all be off the roster) so that it can post and hold events.
      const hasWebmaster = (): boolean =>
        lodge.members.some((id) =>
          byId.get(id)?.memberships.some((m) => m.club === lodge && m.roles.has('webmaster')),
        );
      if (officerRng.chance(0.3) || !hasWebmaster()) {
        const eligible = lodge.members.filter(
          (id) => !excluded.has(id) && id !== w?.id && activeIn(byId.get(id) as Draft, org.def.key),
        );
        if (eligible.length)
          ensureMembership(byId.get(officerRng.pick(eligible)) as Draft, lodge, 'webmaster');
      }
    }
    for (const group of org.groups) {
      const pool = org.lodges.filter((l) => l.groupId === group.id).flatMap((l) => l.members);
      appoint(group, org.def.officers.group, pool, org.def.officers.group.slice(0, 1));
    }
    if (org.top) {
      const pool = org.lodges.flatMap((l) => l.members);
      appoint(org.top, org.def.officers.top, pool, [
        org.def.officers.top[0] ?? '',
        'Grand Secretary',
      ]);
    }
  }

  // ---- Accounts: every persona, and many (not all) active members, so registration can be tried.
  for (const d of drafts) {
    if (d.persona || d.registrant || !isActive(d)) continue;
    const webmaster = d.memberships.some((m) => m.roles.has('webmaster'));
    d.hasUser = rng.chance(webmaster ? 0.9 : 0.42);
  }

  // ---- Write.
  await writeMembers(ctx, drafts, officerRows.length);
  for (const row of officerRows) {
    const positionId = ids.take('officer_positions');
    await ctx.writer.add('officer_positions', {
      id: positionId,
      club_id: row.club.id,
      title: row.title,
      sort_order: row.sort,
    });
    if (row.previous !== null || row.previousName !== null) {
      await ctx.writer.add('officer_terms', {
        id: ids.take('officer_terms'),
        officer_position_id: positionId,
        party_id: row.previous,
        full_name: row.previousName,
        from_date: formatDate(nowYear - 1, 1, 1),
        to_date: formatDate(nowYear - 1, 12, 31),
      });
    }
    await ctx.writer.add('officer_terms', {
      id: ids.take('officer_terms'),
      officer_position_id: positionId,
      party_id: row.holder,
      full_name: row.name,
      from_date: formatDate(nowYear, 1, 1),
      to_date: null,
    });
  }
}

function emailFor(rng: Random, d: Draft): string {
  const first = asciiSlug(d.firstName);
  const last = asciiSlug(d.lastName);
  const domain = rng.pick(['example.com', 'example.net', 'example.org']);
  const pattern = rng.int(0, 2);
  if (pattern === 0) return `${first}.${last}${d.id % 7 === 0 ? d.id % 100 : ''}@${domain}`;
  if (pattern === 1) return `${first[0] ?? 'x'}${last}${rng.int(1, 99)}@${domain}`;
  return `${first}${last}${d.birthDate.slice(2, 4)}@${domain}`;
}

function phoneNumber(rng: Random, areaCode: string): string {
  return `${areaCode}555${String(rng.int(100, 9999)).padStart(4, '0')}`;
}

function streetLine(rng: Random): string {
  const direction = rng.chance(0.2) ? `${rng.pick(DIRECTIONS)} ` : '';
  return `${rng.int(10, 9999)} ${direction}${rng.pick(STREETS)}`;
}

function zip(rng: Random, base: string): string {
  return rng.chance(0.3) ? `${base}-${String(rng.int(1, 9999)).padStart(4, '0')}` : base;
}

async function writeMembers(
  ctx: SeedContext,
  drafts: readonly Draft[],
  officerCount: number,
): Promise<void> {
  const { writer, ids, world, now } = ctx;
  const rng = ctx.rng.fork('contacts');
  const type = (name: string): number => {
    const id = world.contactTypeIds.get(name);
    if (id === undefined) throw new Error(`Unknown contact type ${name}`);
    return id;
  };
  const usCountry = world.countryIds.get('US') ?? 0;
  const caCountry = world.countryIds.get('CA') ?? 0;
  const usernames = new Set(PERSONAS.map((p) => p.username));

  for (const d of drafts) {
    const created = now - rng.int(30, 1500) * DAY;
    const avatar = d.avatar === null ? null : demoAvatarKey(d.avatar);
    await writer.add('parties', {
      id: d.id,
      first_name: d.firstName,
      middle_name: d.middleName,
      last_name: d.lastName,
      suffix: d.suffix,
      preferred_name: d.preferredName,
      ...searchKeysOf({
        first_name: d.firstName,
        last_name: d.lastName,
        preferred_name: d.preferredName,
      }),
      birth_date: d.birthDate,
      avatar_key: avatar?.key ?? null,
      avatar_medium_key: avatar?.medium ?? null,
      left_at: d.leftAt,
      created_at: created,
      updated_at: created,
    });

    for (const s of d.standings) {
      const org = world.organizations.get(s.org);
      if (!org) continue;
      await writer.add('member_statuses', {
        id: ids.take('member_statuses'),
        party_id: d.id,
        organization_id: org.id,
        member_number: s.number,
        title: s.title,
        status: s.status,
        color: STATUS_COLORS[s.status],
        updated_at: created,
      });
    }

    const active = isActive(d);
    for (const m of d.memberships) {
      const membershipId = ids.take('memberships');
      const standing = d.standings.find((s) => s.org === m.club.org.def.key);
      await writer.add('memberships', {
        id: membershipId,
        party_id: d.id,
        club_id: m.club.id,
        member_number: standing?.number ?? null,
        joined_on: m.joinedOn,
        left_at: m.leftAt,
        created_at: created,
      });
      for (const role of [...m.roles].sort()) {
        await writer.add('membership_roles', {
          id: ids.take('membership_roles'),
          membership_id: membershipId,
          role_name: role,
        });
      }
      if (m.leftAt === null && d.hasUser && activeIn(d, m.club.org.def.key))
        m.club.users.push(d.id);
      if (m.leftAt === null && m.roles.has('webmaster')) m.club.webmasters.push(d.id);
    }
    for (const s of d.standings) {
      if (s.status === 'active') world.organizations.get(s.org)?.members.push(d.id);
    }

    // Contacts. Every member has a home address; most have an e-mail and a mobile.
    const persona = d.persona;
    const registrant = d.registrant;
    const fixedEmail = persona?.email ?? (registrant ? DEMO_REGISTRANT.email : null);
    const fixedCell = persona?.cellPhone ?? (registrant ? DEMO_REGISTRANT.cellPhone : null);
    const fixed = persona !== null || registrant;
    let email: string | null = null;
    if (fixed || rng.chance(0.92)) {
      email = fixedEmail ?? emailFor(rng, d);
      await writer.add('emails', {
        id: ids.take('emails'),
        party_id: d.id,
        contact_type_id: type('PersonalEmail'),
        address: email,
        created_at: created,
        updated_at: created,
      });
    }
    if (persona?.key === 'M' || (!fixed && rng.chance(0.15))) {
      const work = `${asciiSlug(d.firstName)}.${asciiSlug(d.lastName)}@work.example.com`;
      await writer.add('emails', {
        id: ids.take('emails'),
        party_id: d.id,
        contact_type_id: type('WorkEmail'),
        address: work,
        created_at: created,
        updated_at: created,
      });
    }
    if (fixed || rng.chance(0.8)) {
      await writer.add('phones', {
        id: ids.take('phones'),
        party_id: d.id,
        contact_type_id: type('CellPhone'),
        number: fixedCell ?? phoneNumber(rng, d.home.areaCode),
        extension: null,
        created_at: created,
        updated_at: created,
      });
    }
    if (persona?.key === 'M' || registrant || (!fixed && rng.chance(0.45))) {
      await writer.add('phones', {
        id: ids.take('phones'),
        party_id: d.id,
        contact_type_id: type('HomePhone'),
        number: phoneNumber(rng, d.home.areaCode),
        extension: null,
        created_at: created,
        updated_at: created,
      });
    }
    if (persona?.key === 'M' || (!fixed && rng.chance(0.12))) {
      await writer.add('phones', {
        id: ids.take('phones'),
        party_id: d.id,
        contact_type_id: type('OfficePhone'),
        number: phoneNumber(rng, d.home.areaCode),
        extension: rng.chance(0.5) || persona ? String(rng.int(100, 4999)) : null,
        created_at: created,
        updated_at: created,
      });
    }

    const canadian = !fixed && rng.chance(0.01);
    if (canadian) {
      const place = rng.pick(CANADIAN_TOWNS);
      await writer.add('addresses', {
        id: ids.take('addresses'),
        party_id: d.id,
        contact_type_id: type('HomeAddress'),
        company: null,
        address_1: streetLine(rng),
        address_2: null,
        city: place.city,
        state: place.province,
        state_id: world.stateIds.get(`CA:${place.province}`) ?? null,
        zip: place.postalCode,
        country_id: caCountry,
        start_day: null,
        end_day: null,
        is_invalid: 0,
        invalid_reason: null,
        created_at: created,
        updated_at: created,
      });
    } else {
      const invalid = !fixed && rng.chance(0.02);
      await writer.add('addresses', {
        id: ids.take('addresses'),
        party_id: d.id,
        contact_type_id: type('HomeAddress'),
        company: null,
        address_1: streetLine(rng),
        address_2: rng.chance(0.08) ? `Apt ${rng.int(1, 40)}` : null,
        city: d.home.city,
        state: d.home.state,
        state_id: world.stateIds.get(`US:${d.home.state}`) ?? null,
        zip: zip(rng, d.home.zip),
        country_id: usCountry,
        start_day: null,
        end_day: null,
        is_invalid: invalid ? 1 : 0,
        invalid_reason: invalid
          ? rng.pick([
              'Mail returned as undeliverable',
              'The postal service does not recognise this address',
            ])
          : null,
        created_at: created,
        updated_at: created,
      });
    }
    if (persona?.key === 'M' || (!fixed && rng.chance(0.08))) {
      await writer.add('addresses', {
        id: ids.take('addresses'),
        party_id: d.id,
        contact_type_id: type('OfficeAddress'),
        company: rng.pick([
          'Buckeye Insurance Agency',
          'Miller & Sons Hardware',
          'County Engineer’s Office',
          'First Federal Savings',
          'Riverside Family Dental',
        ]),
        address_1: streetLine(rng),
        address_2: rng.chance(0.5) ? `Suite ${rng.int(100, 900)}` : null,
        city: d.home.city,
        state: d.home.state,
        state_id: world.stateIds.get(`US:${d.home.state}`) ?? null,
        zip: zip(rng, d.home.zip),
        country_id: usCountry,
        start_day: null,
        end_day: null,
        is_invalid: 0,
        invalid_reason: null,
        created_at: created,
        updated_at: created,
      });
    }
    if (persona?.key === 'M2' || (!fixed && rng.chance(0.06))) {
      const winter = TOWNS[rng.pick(WINTER_TOWNS)];
      await writer.add('addresses', {
        id: ids.take('addresses'),
        party_id: d.id,
        contact_type_id: type('SeasonalAddress'),
        company: null,
        address_1: streetLine(rng),
        address_2: rng.chance(0.5) ? `Unit ${rng.int(1, 300)}` : null,
        city: winter.city,
        state: winter.state,
        state_id: world.stateIds.get(`US:${winter.state}`) ?? null,
        zip: winter.zip,
        country_id: usCountry,
        start_day: rng.pick(['11/01', '11/15', '12/01']),
        end_day: rng.pick(['03/31', '04/15', '04/30']),
        is_invalid: 0,
        invalid_reason: null,
        created_at: created,
        updated_at: created,
      });
    }

    let userId: number | null = null;
    if (d.hasUser) {
      userId = ids.take('users');
      let username = persona?.username;
      if (!username) {
        const base = `${asciiSlug(d.firstName)[0] ?? 'm'}${asciiSlug(d.lastName)}`;
        username = base;
        for (let n = 2; usernames.has(username); n++) username = `${base}${n}`;
      }
      usernames.add(username);
      const signedIn = persona || rng.chance(0.7) ? now - rng.int(1, 60 * 24) * 60_000 * 60 : null;
      await writer.add('users', {
        id: userId,
        party_id: d.id,
        username,
        username_key: username.toLowerCase(),
        password_hash: ctx.passwordHash,
        is_admin: persona?.isAdmin ? 1 : 0,
        created_at: created + DAY,
        updated_at: created + DAY,
        last_sign_in_at: signedIn === null ? null : Math.max(signedIn, created + DAY),
        password_changed_at: null,
      });
      if (active) world.users.push(d.id);
    }

    const info: MemberInfo = {
      id: d.id,
      firstName: d.firstName,
      middleName: d.middleName,
      lastName: d.lastName,
      suffix: d.suffix,
      preferredName: d.preferredName,
      displayName: displayName(d),
      email,
      userId,
      persona: (persona?.key ?? null) as PersonaKey | null,
      standings: d.standings.map((s) => ({ org: s.org, number: s.number, status: s.status })),
      clubs: d.memberships.filter((m) => m.leftAt === null).map((m) => m.club.id),
    };
    world.members.set(d.id, info);
    if (persona) world.personas.set(persona.key, info);
  }
  ctx.log(
    `roster: ${drafts.length} members, ${world.users.length} active user accounts, ${officerCount} officer positions`,
  );
}
