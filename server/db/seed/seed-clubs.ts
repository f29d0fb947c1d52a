import { lodgeSearchKey } from '../../../common/lodge-search.ts';
import {
  demoClubAvatarKey,
  demoMapKey,
  DEMO_CLUB_AVATAR_COUNT,
  DEMO_MAP_COUNT,
} from './content.ts';
import { ORGANIZATIONS } from './organizations-data.ts';
import type { GroupDef, LodgeDef, OrganizationDef } from './organizations-data.ts';
import { DEMO_CLUBS } from './personas.ts';
import { DIRECTIONS, STREETS, TOWNS } from './places.ts';
import type { Random } from './random.ts';
import { DAY, escapeHtml } from './seed-context.ts';
import type { ClubInfo, MeetingSchedule, OrganizationInfo, SeedContext } from './seed-context.ts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ORDINALS = ['', '1st', '2nd', '3rd', '4th'];

function clockTime(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

function schedule(rng: Random, def: OrganizationDef): MeetingSchedule {
  const weeks = rng.weighted<readonly number[]>([
    [[2, 4], 4],
    [[1, 3], 4],
    [[1], 1],
    [[3], 1],
  ]);
  const weekday =
    def.key === 'masons'
      ? rng.weighted([
          [1, 2],
          [2, 3],
          [3, 2],
          [4, 2],
        ])
      : rng.int(2, 4);
  const minutes = def.key === 'masons' ? rng.pick([19 * 60 + 30, 19 * 60 + 30, 19 * 60]) : 19 * 60;
  return { weeks, weekday, minutes };
}

export function meetingsText(def: OrganizationDef, s: MeetingSchedule): string {
  const weeks = s.weeks.map((w) => ORDINALS[w]).join(' and ');
  const plural = s.weeks.length > 1 ? 's' : '';
  const day = `${WEEKDAYS[s.weekday]}${plural}`;
  const dinner = clockTime(s.minutes - 60);
  return `${def.meetingWord}s on the ${weeks} ${day} at ${clockTime(s.minutes)}. Dinner at ${dinner}.`;
}

function streetAddress(rng: Random): string {
  const direction = rng.chance(0.3) ? `${rng.pick(DIRECTIONS)} ` : '';
  return `${rng.int(100, 4999)} ${direction}${rng.pick(STREETS)}`;
}

function jitter(rng: Random, value: number): number {
  return Math.round((value + (rng.next() - 0.5) * 0.03) * 1e6) / 1e6;
}

interface ClubSpec {
  level: 0 | 1 | 2;
  name: string;
  formalName: string;
  subdomain: string;
  town: GroupDef['town'];
  groupId: number | null;
  lodge: LodgeDef | null;
}

export async function seedClubs(ctx: SeedContext): Promise<void> {
  const { writer, ids, world, now } = ctx;
  const rng = ctx.rng.fork('clubs');
  let lodgeIndex = 0;

  for (const def of ORGANIZATIONS) {
    const orgId = ids.take('organizations');
    await writer.add('organizations', {
      id: orgId,
      name: def.name,
      member_number_min_length: def.memberNumberMin,
      member_number_max_length: def.memberNumberMax,
      is_recognized: def.isRecognized ? 1 : 0,
    });
    const typeIds: number[] = [];
    for (const [rank, name] of def.clubTypes.entries()) {
      const id = ids.take('club_types');
      typeIds.push(id);
      await writer.add('club_types', {
        id,
        organization_id: orgId,
        name,
        rank,
        is_leaf: rank === def.clubTypes.length - 1 ? 1 : 0,
      });
    }
    const org: OrganizationInfo = {
      id: orgId,
      def,
      clubTypeIds: [typeIds[0] ?? 0, typeIds[1] ?? 0, typeIds[2] ?? 0],
      top: null,
      groups: [],
      lodges: [],
      members: [],
    };
    world.organizations.set(def.key, org);

    const addClub = async (spec: ClubSpec): Promise<ClubInfo> => {
      const id = ids.take('clubs');
      const town = TOWNS[spec.town];
      const isLodge = spec.level === 2;
      const meeting = isLodge ? schedule(rng, def) : null;
      const [low, high] = def.dues;
      const info: ClubInfo = {
        id,
        org,
        level: spec.level,
        name: spec.name,
        formalName: spec.formalName,
        subdomain: spec.subdomain,
        town,
        groupId: spec.groupId,
        lodge: spec.lodge,
        schedule: meeting,
        duesCents: isLodge ? Math.round(rng.int(low, high) / 5) * 500 : 0,
        // Lodges differ in size; the personas' lodges are busy ones.
        weight: spec.subdomain === DEMO_CLUBS.L1 ? 3 : isLodge ? 0.4 + rng.next() * 1.6 : 0,
        members: [],
        users: [],
        webmasters: [],
      };
      world.clubs.set(id, info);
      world.clubsBySubdomain.set(spec.subdomain, info);

      // "a constituent lodge of the Grand Lodge ...", not "of the The Grand Lodge ...".
      const topName = (org.top?.formalName ?? def.name).replace(/^The /, '');
      const description = isLodge
        ? `${spec.formalName} is a constituent lodge of the ${topName}, meeting in ${town.city}, ${town.state}. Visitors in good standing are always welcome.`
        : spec.level === 1
          ? `${spec.formalName} brings together the lodges of its area under the ${topName}.`
          : `${spec.formalName} is the governing body of the ${def.name}.`;
      let introduction: string | null = null;
      let hidingStock = 0;
      if (
        spec.subdomain === DEMO_CLUBS.L1 ||
        (spec.subdomain !== DEMO_CLUBS.L2 && rng.chance(0.7))
      ) {
        introduction = [
          `<p>Welcome to ${escapeHtml(spec.name)}! We have served ${escapeHtml(town.city)} since ${rng.int(1820, 1975)}.</p>`,
          `<p>${escapeHtml(def.memberWord[0]?.toUpperCase() + def.memberWord.slice(1))} and their families gather for fellowship, charity and ${isLodge ? 'our regular meetings' : 'our annual events'}. If you are interested in joining, please speak to any member or contact the Secretary.</p>`,
        ].join('');
        // Some clubs replace the stock description with their own words; L2 shows it.
        hidingStock = spec.subdomain !== DEMO_CLUBS.L1 && rng.chance(0.3) ? 1 : 0;
      }
      const lat = jitter(rng, town.lat);
      const lng = jitter(rng, town.lng);
      const withAvatar =
        spec.subdomain === DEMO_CLUBS.L2 || (spec.subdomain !== DEMO_CLUBS.L1 && rng.chance(0.4));
      const avatar = withAvatar
        ? demoClubAvatarKey((lodgeIndex % DEMO_CLUB_AVATAR_COUNT) + 1)
        : null;
      const mapImage = isLodge && lodgeIndex < DEMO_MAP_COUNT * 5 && lodgeIndex % 5 === 0;
      await writer.add('clubs', {
        id,
        organization_id: orgId,
        club_type_id: typeIds[spec.level] ?? 0,
        group_id: spec.groupId,
        name: spec.name,
        formal_name: spec.formalName,
        subdomain: spec.subdomain,
        default_url: `https://${spec.subdomain}.example.org`,
        avatar_key: avatar?.key ?? null,
        avatar_medium_key: avatar?.medium ?? null,
        address1: streetAddress(rng),
        address2: rng.chance(0.15) ? rng.pick(['2nd Floor', 'Suite 200', 'Rear entrance']) : null,
        city: town.city,
        state: town.state,
        zip: town.zip,
        lat,
        lng,
        time_zone_id: town.timeZoneId,
        description,
        meetings: meeting ? meetingsText(def, meeting) : null,
        map_url: `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=15/${lat}/${lng}`,
        map_image: mapImage ? demoMapKey(lodgeIndex / 5 + 1) : null,
        introduction,
        is_hiding_stock_introduction: hidingStock,
        search_key: lodgeSearchKey({
          name: spec.name,
          formal_name: spec.formalName,
          city: town.city,
        }),
        created_at: now - rng.int(400, 2000) * DAY,
        updated_at: now - rng.int(1, 300) * DAY,
      });
      if (isLodge) lodgeIndex++;
      return info;
    };

    const top = await addClub({
      level: 0,
      name: def.top.name,
      formalName: def.top.formalName,
      subdomain: def.top.subdomain,
      town: def.top.town,
      groupId: null,
      lodge: null,
    });
    org.top = top;
    const groupIds = new Map<string, number>();
    for (const group of def.groups) {
      const info = await addClub({
        level: 1,
        name: group.name,
        formalName: group.formalName,
        subdomain: group.subdomain,
        town: group.town,
        groupId: top.id,
        lodge: null,
      });
      org.groups.push(info);
      groupIds.set(group.key, info.id);
    }
    for (const lodge of def.lodges) {
      const info = await addClub({
        level: 2,
        name: def.lodgeName(lodge),
        formalName: def.lodgeFormalName(lodge),
        subdomain: def.lodgeSubdomain(lodge),
        town: lodge.town,
        groupId: groupIds.get(lodge.group) ?? null,
        lodge,
      });
      org.lodges.push(info);
    }
  }
}
