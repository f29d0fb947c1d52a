/**
 * The calendar's pages, for the guarded use cases of services/calendar-events.ts: these take
 * the viewer as plain values and check nothing themselves (the caller has done so).
 *
 * Every list has the same order (docs/decisions.md D31): first the upcoming events (those on or
 * after today's date in the event's own zone) soonest first, then the past ones latest first;
 * Nearby Events orders each day's events by how near their lodge is. Pages are keyset pages:
 * the answer's `next_cursor` holds the instant page 0 was read (so "today" does not move while
 * paging), the part of the list and the last event's sort key.
 */
import { CALENDAR_PAGE_SIZE } from '../../../common/constants.ts';
import { INVALID_CHOICE } from '../../../common/messages.ts';
import type { CalendarEvent } from '../../../common/schemas/calendar-event.ts';
import { clubPlaces, followedClubIdsOf } from '../../db/calendar/clubs.ts';
import { leafLodgeIdsOf } from '../../db/posts-feed.ts';
import type { ClubPlace } from '../../db/calendar/clubs.ts';
import { eventsPage } from '../../db/calendar/events.ts';
import { eventsOfPart, todayByZone } from '../../db/calendar/lists.ts';
import type { CalendarList, KeyRow, Part, Who } from '../../db/calendar/lists.ts';
import { currentClubIdsOf } from '../../db/memberships.ts';
import { ValidationError } from '../../errors.ts';
import { presentCalendarEvent, presentOwnAttendee } from '../../presenters/calendar-event.ts';
import type { PhotoRow } from '../../presenters/post.ts';
import type { ServiceContext } from '../context.ts';

/** A viewer of the calendar: who they are, and whether they see every event (an admin). */
export interface CalendarViewer extends Who {
  seesAll: boolean;
}

// ---- Nearby lodges ------------------------------------------------------------------------

/** Nearby Events: other lodges within 50 miles of one of the member's lodges (D31). */
export const NEARBY_KM = 80.4672;

const CLUB_PLACES_TTL_MS = 60_000;

function loadClubPlaces(ctx: ServiceContext): Promise<ClubPlace[]> {
  return ctx.memo('calendar:club-places', CLUB_PLACES_TTL_MS, () => clubPlaces(ctx.db));
}

/** Great-circle distance in metres (haversine; the earth as a sphere is near enough here). */
export function distanceMetres(a: ClubPlace, b: ClubPlace): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The clubs of Nearby Events with their distance (whole metres) to the nearest of the member's
 * leaf lodges: within NEARBY_KM, and not among My Events' lodges.
 */
export async function nearbyClubsOf(ctx: ServiceContext, who: Who): Promise<Map<number, number>> {
  const [places, lodges, mine, followed] = await Promise.all([
    loadClubPlaces(ctx),
    leafLodgeIdsOf(ctx.db, who.partyId),
    currentClubIdsOf(ctx.db, who.partyId),
    followedClubIdsOf(ctx.db, who.userId),
  ]);
  for (const id of followed) mine.add(id);
  const byId = new Map(places.map((place) => [place.id, place]));
  const centres = lodges.flatMap((id) => {
    const place = byId.get(id);
    return place ? [place] : [];
  });
  const near = new Map<number, number>();
  if (centres.length === 0) return near;
  for (const place of places) {
    if (mine.has(place.id)) continue;
    const metres = Math.min(...centres.map((centre) => distanceMetres(centre, place)));
    if (metres <= NEARBY_KM * 1000) near.set(place.id, Math.round(metres));
  }
  return near;
}

// ---- Cursors ------------------------------------------------------------------------------

/** Where a list stands: `t` is when page 0 was read; `keys` the last event's sort key. */
interface Cursor {
  t: number;
  part: Part;
  keys: number[];
}

/** The last instant of year 9999: a cursor's later instant has no date to compare. */
const LATEST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function parseCursor(text: string | undefined, now: number): Cursor | null {
  if (text === undefined) return null;
  const [t, part, ...keys] = text.split('.');
  return {
    t: Number(t ?? now),
    part: part === 'p' ? 'p' : 'u',
    keys: keys.map(Number),
  };
}

function formatCursor(cursor: Cursor): string {
  return [cursor.t, cursor.part, ...cursor.keys].join('.');
}

// ---- Pages --------------------------------------------------------------------------------

/** The events of `ids` in that order, with their photos and the party's RSVPs, presented. */
export async function presentEventPage(
  ctx: ServiceContext,
  partyId: number,
  ids: readonly number[],
): Promise<CalendarEvent[]> {
  if (ids.length === 0) return [];
  const found = await eventsPage(ctx.db, ids, partyId);
  const byId = new Map(found.events.map((row) => [row.id, row]));
  // An event deleted between the two reads is left out.
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  const photosOf = new Map<number, PhotoRow[]>();
  for (const { calendar_event_id, ...photo } of found.photos) {
    const list = photosOf.get(calendar_event_id) ?? [];
    list.push(photo);
    photosOf.set(calendar_event_id, list);
  }
  const mineOf = new Map(
    found.rsvps.map((row) => [row.calendar_event_id, presentOwnAttendee(row)]),
  );
  const derived = ctx.calendarDerived;
  return rows.map((row) =>
    presentCalendarEvent(row, {
      photos: photosOf.get(row.id) ?? [],
      attendee: mineOf.get(row.id) ?? null,
      description: derived.shortText(row.description_body),
      local: derived.localFields(row.start_at, row.end_at, row.time_zone_id),
      series:
        row.series_rrule === null ||
        row.series_start_date === null ||
        row.series_start_minutes === null ||
        row.series_time_zone_id === null
          ? null
          : derived.seriesWords({
              rrule: row.series_rrule,
              startDate: row.series_start_date,
              startMinutes: row.series_start_minutes,
              timeZoneId: row.series_time_zone_id,
            }),
    }),
  );
}

export interface CalendarPageRequest {
  cursor?: string | undefined;
  /** The clock, for tests; callers leave it out. */
  now?: number | undefined;
}

export interface CalendarPage {
  calendar_events: CalendarEvent[];
  next_cursor: string | null;
}

/**
 * One page of a list: the events it holds that the viewer may see, upcoming part then past
 * part, each in the list's order, starting after the cursor.
 */
export async function readCalendarPage(
  ctx: ServiceContext,
  viewer: CalendarViewer,
  list: CalendarList,
  request: CalendarPageRequest,
): Promise<CalendarPage> {
  const { keys } = list;
  const now = request.now ?? Date.now();
  const cursor = parseCursor(request.cursor, now);
  const t = cursor?.t ?? now;
  // A cursor of another list (another tab's sort key) cannot say where this one stands; nor
  // can one whose instant is no date or whose numbers are beyond what the keys hold.
  if (
    cursor &&
    ((cursor.keys.length > 0 && cursor.keys.length !== keys.length) ||
      cursor.t > LATEST_INSTANT ||
      cursor.keys.some((value, index) => Math.abs(value) > (keys[index]?.limit ?? 0)))
  ) {
    throw new ValidationError({ cursor: [INVALID_CHOICE] });
  }
  const today = todayByZone(t);
  const who = { partyId: viewer.partyId, userId: viewer.userId };
  const part = (which: Part, from: readonly number[] | null, limit: number) =>
    eventsOfPart(ctx.db, list, which, { who, seesAll: viewer.seesAll, t, today, from, limit });
  const size = CALENDAR_PAGE_SIZE;
  const next = (which: Part, row: KeyRow | undefined): string | null =>
    row ? formatCursor({ t, part: which, keys: keys.map((key) => key.of(row)) }) : null;
  const present = (page: readonly KeyRow[]) =>
    presentEventPage(
      ctx,
      viewer.partyId,
      page.map((row) => row.id),
    );

  let rows: KeyRow[] = [];
  if (!cursor || cursor.part === 'u') {
    rows = await part('u', cursor?.keys ?? null, size + 1);
    if (rows.length > size) {
      rows = rows.slice(0, size);
      return {
        calendar_events: await present(rows),
        next_cursor: next('u', rows.at(-1)),
      };
    }
  }
  const room = size - rows.length;
  let past = await part('p', cursor?.part === 'p' ? cursor.keys : null, room + 1);
  let more = false;
  if (past.length > room) {
    past = past.slice(0, room);
    more = true;
  }
  rows = [...rows, ...past];
  return {
    calendar_events: await present(rows),
    // A page that ends just where the past part begins points at that part's start.
    next_cursor: more ? (next('p', past.at(-1)) ?? formatCursor({ t, part: 'p', keys: [] })) : null,
  };
}
