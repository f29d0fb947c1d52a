import { MEMBER_STATUS_VALUES } from '../../common/schemas/console.ts';
import type {
  ClubTreeEntry,
  ConsoleClubDetail,
  ConsoleOrganizationDetail,
  StatusStyle,
} from '../../common/schemas/console-clubs.ts';
import type { ConsoleClubRow } from '../db/console-clubs.ts';
import type { MemberStatusValue } from '../db/schema.ts';
import { mediaUrl, presentAvatar } from './media.ts';

/** A closing instant as the day it happened (UTC), which is all the console shows. */
function dayOf(instant: number | null): string | null {
  return instant === null ? null : new Date(instant).toISOString().slice(0, 10);
}

export function presentOrganizationDetail(
  row: {
    id: number;
    name: string;
    member_number_min_length: number | null;
    member_number_max_length: number | null;
    is_recognized: number;
  },
  types: readonly {
    id: number;
    name: string;
    rank: number;
    is_leaf: number;
    club_count: number | string | null;
  }[],
  styles: Record<MemberStatusValue, StatusStyle>,
  mayEdit: boolean,
): ConsoleOrganizationDetail {
  return {
    id: row.id,
    name: row.name,
    member_number_min_length: row.member_number_min_length,
    member_number_max_length: row.member_number_max_length,
    is_recognized: row.is_recognized === 1,
    club_types: types.map((type) => ({
      id: type.id,
      name: type.name,
      rank: type.rank,
      is_leaf: type.is_leaf === 1,
      // PostgreSQL's count is a bigint, read as text.
      club_count: Number(type.club_count ?? 0),
    })),
    statuses: MEMBER_STATUS_VALUES.map((status) => ({ status, ...styles[status] })),
    abilities: { edit: mayEdit },
  };
}

export function presentClubTreeEntry(row: {
  id: number;
  group_id: number | null;
  name: string;
  formal_name: string;
  subdomain: string;
  type_name: string;
  closed_at: number | null;
}): ClubTreeEntry {
  return {
    id: row.id,
    group_id: row.group_id,
    name: row.name,
    formal_name: row.formal_name,
    subdomain: row.subdomain,
    type_name: row.type_name,
    closed_at: dayOf(row.closed_at),
  };
}

export function presentConsoleClub(
  row: ConsoleClubRow,
  abilities: ConsoleClubDetail['abilities'],
): ConsoleClubDetail {
  return {
    id: row.id,
    organization_id: row.organization_id,
    name: row.name,
    formal_name: row.formal_name,
    club_type_id: row.club_type_id,
    group_id: row.group_id,
    group_name: row.group_name,
    subdomain: row.subdomain,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    time_zone_id: row.time_zone_id,
    lat: row.lat,
    lng: row.lng,
    description: row.description,
    introduction: row.introduction,
    is_hiding_stock_introduction: row.is_hiding_stock_introduction === 1,
    meetings: row.meetings,
    map_url: row.map_url,
    default_url: row.default_url,
    closed_at: dayOf(row.closed_at),
    avatar: presentAvatar(row.avatar_medium_key),
    map_image: row.map_image === null ? null : mediaUrl(row.map_image),
    abilities,
  };
}
