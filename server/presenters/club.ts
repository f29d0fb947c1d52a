import { BASE_PATH, MAP_IMAGE_SIZE, MAP_ZOOM } from '../../common/constants.ts';
import { consoleClubPath } from '../../common/schemas/console-clubs.ts';
import { displayName } from '../../common/display-name.ts';
import type {
  Club,
  ClubLinks,
  ClubOfficer,
  ClubSummary,
  HomePageOption,
  OfficerPosition,
} from '../../common/schemas/club.ts';
import { fullAddress } from './address.ts';
import { mediaUrl, presentAvatar } from './media.ts';

/** The columns a club summary is made of (services/clubs.ts selectClubSummaries). */
export interface ClubSummaryRow {
  id: number;
  name: string;
  formal_name: string;
  type_name: string;
  subdomain: string;
  avatar_medium_key: string | null;
  city: string | null;
  state: string | null;
}

export function presentClubSummary(row: ClubSummaryRow): ClubSummary {
  return {
    id: row.id,
    name: row.name,
    formal_name: row.formal_name,
    type_name: row.type_name,
    subdomain: row.subdomain,
    avatar: presentAvatar(row.avatar_medium_key),
    city: row.city,
    state: row.state,
  };
}

/** A current officer's term, with the roster party's names when the term has a party. */
export interface OfficerRow {
  position_id: number;
  title: string;
  party_id: number | null;
  /** The term's own name: only for officers not on the roster. */
  full_name: string | null;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  suffix: string | null;
}

/** An officer's full name: the roster's (first, middle, last, suffix), else the term's. */
function officerName(row: OfficerRow): string {
  if (row.first_name !== null && row.last_name !== null) {
    return displayName({ ...row, preferred_name: null });
  }
  return row.full_name ?? '';
}

/** Officers by position, in the order the rows come (position order, then term). */
export function presentOfficerPositions(rows: readonly OfficerRow[]): OfficerPosition[] {
  const positions = new Map<number, OfficerPosition>();
  for (const row of rows) {
    let position = positions.get(row.position_id);
    if (!position) {
      position = { title: row.title, current_officers: [] };
      positions.set(row.position_id, position);
    }
    const officer: ClubOfficer = { party_id: row.party_id, full_name: officerName(row) };
    position.current_officers.push(officer);
  }
  return [...positions.values()];
}

/** The club's row as the club home reads it. */
export interface ClubRow extends ClubSummaryRow {
  default_url: string | null;
  address1: string | null;
  address2: string | null;
  zip: string | null;
  time_zone_id: number;
  lat: number | null;
  lng: number | null;
  description: string | null;
  meetings: string | null;
  map_url: string | null;
  map_image: string | null;
  introduction: string | null;
  is_hiding_stock_introduction: number;
}

/** Where the club's map comes from (docs/decisions.md D40). */
export interface MapSettings {
  /** MAP_IMAGE_URL_TEMPLATE: a static map provider's address with {lat}, {lng}, ... */
  imageTemplate?: string | undefined;
}

function fillTemplate(template: string, lat: number, lng: number): string {
  const values: Record<string, string> = {
    lat: String(lat),
    lng: String(lng),
    zoom: String(MAP_ZOOM),
    width: String(MAP_IMAGE_SIZE),
    height: String(MAP_IMAGE_SIZE),
  };
  return template.replace(
    /\{(lat|lng|zoom|width|height)\}/g,
    (_, name: string) => values[name] ?? '',
  );
}

/** An online map at the place, zoomed as the image is (CONST-33). */
function openStreetMapUrl(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=${MAP_ZOOM}/${lat}/${lng}`;
}

/**
 * The map of the club home (CLUB-14, CONST-33): the stored image when the club has one (served
 * by us, so it shows without network access beyond the server), else the configured provider's
 * 400x400 image at zoom 15, else none; the link is the club's own map_url, else OpenStreetMap at
 * its lat/lng.
 */
export function presentHomePageOption(row: ClubRow, map: MapSettings): HomePageOption {
  const place = row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;
  let mapImage: string | null = null;
  if (row.map_image) mapImage = mediaUrl(row.map_image);
  else if (place && map.imageTemplate)
    mapImage = fillTemplate(map.imageTemplate, place.lat, place.lng);
  return {
    map_url: row.map_url ?? (place ? openStreetMapUrl(place.lat, place.lng) : null),
    map_image: mapImage,
    introduction: row.introduction,
    is_hiding_stock_introduction: row.is_hiding_stock_introduction === 1,
  };
}

/**
 * Where the club page's Dashboard leads (AMB-05, D68): the club in the console for those who
 * manage it there (its secretaries, administrators); the club's own site's dashboard for a
 * webmaster without the console; nowhere for anyone else.
 */
export type DashboardTarget = 'console' | 'site' | 'none';

/**
 * AMB-05: Files and Photos are pages of the club's own site (`default_url`); the Dashboard is
 * the club in the console or its site's dashboard (DashboardTarget); Support is the
 * installation's SUPPORT_URL.
 */
export function presentClubLinks(
  club: { id: number; default_url: string | null },
  dashboard: DashboardTarget,
  supportUrl: string,
): ClubLinks {
  const defaultUrl = club.default_url;
  const page = (name: string) => (defaultUrl ? `${defaultUrl.replace(/\/+$/, '')}/${name}` : null);
  const dashboards: Record<DashboardTarget, string | null> = {
    console: `${BASE_PATH}${consoleClubPath(club.id)}`,
    site: page('dashboard'),
    none: null,
  };
  return {
    files: page('files'),
    photos: page('photos'),
    dashboard: dashboards[dashboard],
    support: supportUrl,
  };
}

/** What the club home adds to the club's row, each part read by the service. */
export type ClubParts = Pick<
  Club,
  | 'is_favorite'
  | 'is_member'
  | 'current_officer_positions'
  | 'group'
  | 'groupies'
  | 'organization'
  | 'next_event'
  | 'latest_post'
  | 'links'
>;

export function presentClub(row: ClubRow, map: MapSettings, parts: ClubParts): Club {
  return {
    ...presentClubSummary(row),
    default_url: row.default_url,
    address1: row.address1,
    address2: row.address2,
    zip: row.zip,
    full_address: fullAddress(row),
    time_zone_id: row.time_zone_id,
    lat: row.lat,
    lng: row.lng,
    description: row.description,
    meetings: row.meetings,
    home_page_option: presentHomePageOption(row, map),
    ...parts,
  };
}
