/**
 * The calendar's reads and RSVPs (§7 Calendar; API-CAL-01, -02, -07..09): the three tabs, a
 * club's calendar, one event, its attendees, and the member's own RSVP.
 *
 * Every list has the same order (docs/decisions.md D31): first the upcoming events (those
 * on or after today's date in the event's own zone) soonest first, then the past ones latest
 * first; Nearby Events orders each day's events by how near their lodge is. Pages are keyset
 * pages: the answer's `next_cursor` holds the instant page 0 was read (so "today" does not
 * move while paging), the part of the list and the last event's sort key.
 *
 * Who sees what is mayViewCalendarEvent (policies/calendar-events.ts), written as SQL in
 * `visibleTo` and held to the policy on the demo data by calendar-events.db.test.ts.
 */
import { sql } from 'kysely';
import type {
  Expression,
  ExpressionBuilder,
  Kysely,
  RawBuilder,
  SqlBool,
  Transaction,
} from 'kysely';
import { CALENDAR_PAGE_SIZE } from '../../common/constants.ts';
import { eventLocalFields, localDateOf, TIME_ZONE_IDS } from '../../common/event-time.ts';
import type { EventLocalFields, TimeZoneId } from '../../common/event-time.ts';
import { prepare } from '../db/prepared.ts';
import type { Param } from '../db/prepared.ts';
import {
  INVALID_CHOICE,
  NO_SUCH_EVENT,
  NO_SUCH_RSVP,
  ONLY_OWN_RSVP,
} from '../../common/messages.ts';
import type {
  CalendarEvent,
  CalendarEventDetail,
  CalendarGroup,
  CreateEventAttendeeRequest,
  EventAttendanceCounts,
  EventAttendeeList,
  OwnEventAttendee,
  UpdateEventAttendeeRequest,
} from '../../common/schemas/calendar-event.ts';
import { requireMember, type Actor, type Member } from '../auth/actor.ts';
import { clubIdsOf, currentClubIdsOf, leafLodgesOf } from '../db/memberships.ts';
import type { AttendeeStatus, Database } from '../db/schema.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { MAX_RECORD_ID } from '../../common/schemas/record-id.ts';
import { assertAllowed } from '../policies/assert.ts';
import { mayChangeRsvp, mayViewCalendarEvent } from '../policies/calendar-events.ts';
import {
  presentAttendanceCounts,
  presentCalendarEvent,
  presentCalendarEventDetail,
  presentEventAttendee,
  presentOwnAttendee,
} from '../presenters/calendar-event.ts';
import type { CalendarEventRow } from '../presenters/calendar-event.ts';
import type { PhotoRow } from '../presenters/post.ts';
import { visibleClubOr404 } from './club-visibility.ts';
import type { ServiceContext } from './context.ts';
import { visibleParty } from './parties.ts';
import { shortBody } from './rich-text.ts';

type Db = Kysely<Database>;
type EventsDb = Database & { e: Database['calendar_events'] };
type EventsEb = ExpressionBuilder<EventsDb, 'e'>;

/** Nearby Events: other lodges within 50 miles of one of the member's lodges (D31). */
export const NEARBY_KM = 80.4672;
const DAY_MS = 86_400_000;

// ---- Visibility in SQL: mirrors mayViewCalendarEvent --------------------------------------

/** The SQL twin of mayViewCalendarEvent for a member who is not an admin. */
function visibleTo(db: Db, eb: EventsEb, who: Who): Expression<SqlBool> {
  return eb.or([
    eb('e.party_id', '=', who.partyId),
    eb('e.access', 'in', ['PUBLIC', 'MEMBER']),
    eb.and([eb('e.access', '=', 'CLUB'), eb('e.club_id', 'in', clubIdsOf(db, who.partyId))]),
  ]);
}

/** The member a list is for: values, or a prepared query's stand-ins (db/prepared.ts). */
interface Who {
  partyId: number;
  userId: number;
}

function followedClubIds(db: Db, userId: number) {
  return db
    .selectFrom('favorite_clubs as fc')
    .select('fc.club_id')
    .where('fc.user_id', '=', userId);
}

/** My Events' lodges: those the member belongs to (any level) and those they follow. */
function isMine(db: Db, eb: EventsEb, who: Who): Expression<SqlBool> {
  return eb.or([
    eb('e.club_id', 'in', clubIdsOf(db, who.partyId)),
    eb('e.club_id', 'in', followedClubIds(db, who.userId)),
  ]);
}

// ---- Nearby lodges ------------------------------------------------------------------------

const CLUB_PLACES_TTL_MS = 60_000;

interface Place {
  id: number;
  lat: number;
  lng: number;
}

function loadClubPlaces(ctx: ServiceContext): Promise<Place[]> {
  return ctx.memo('calendar:club-places', CLUB_PLACES_TTL_MS, async () => {
    const rows = await ctx.db
      .selectFrom('clubs')
      .select(['id', 'lat', 'lng'])
      .where('lat', 'is not', null)
      .where('lng', 'is not', null)
      .execute();
    return rows.flatMap((row) =>
      row.lat !== null && row.lng !== null ? [{ id: row.id, lat: row.lat, lng: row.lng }] : [],
    );
  });
}

/** Great-circle distance in metres (haversine; the earth as a sphere is near enough here). */
export function distanceMetres(a: Place, b: Place): number {
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
export async function nearbyClubsOf(
  ctx: ServiceContext,
  member: Member,
): Promise<Map<number, number>> {
  const [places, lodges, mine, followed] = await Promise.all([
    loadClubPlaces(ctx),
    leafLodgesOf(ctx.db, member.partyId).execute(),
    currentClubIdsOf(ctx.db, member.partyId),
    followedClubIds(ctx.db, member.userId).execute(),
  ]);
  for (const row of followed) mine.add(row.club_id);
  const byId = new Map(places.map((place) => [place.id, place]));
  const centres = lodges.flatMap((row) => {
    const place = byId.get(row.club_id);
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

// ---- Order and cursors ----------------------------------------------------------------------

type Part = 'u' | 'p';

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

/** 'YYYY-MM-DD' as the number YYYYMMDD, and back: a day in a cursor. */
function dayNumber(date: string): number {
  return Number(date.replaceAll('-', ''));
}
function dayText(day: number): string {
  const text = String(day).padStart(8, '0');
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

/** Today's date in each of the spec's zones at `t`, as the column stores dates. */
function todayByZone(t: number): PartValues['today'] {
  const today = { earliest: '' } as PartValues['today'];
  for (const id of TIME_ZONE_IDS) {
    today[id] = localDateOf(t, id);
    if (today.earliest === '' || today[id] < today.earliest) today.earliest = today[id];
  }
  return today;
}

/** Upcoming: the event's local date is today or later in its own zone (D31). */
function upcoming(today: PartValues['today']): RawBuilder<SqlBool> {
  const cases = TIME_ZONE_IDS.map((id) => sql`when ${id} then ${today[id]}`);
  return sql<SqlBool>`e.local_start_date >= case e.time_zone_id ${sql.join(cases, sql` `)} else ${today.earliest} end`;
}

/** An event as a list's first pass selects it: its id and what its sort keys are made of. */
type KeyRow = Pick<CalendarEventRow, 'id' | 'start_at' | 'local_start_date' | 'club_id'>;

interface SortKey {
  expr: RawBuilder<unknown>;
  /** Ascending in the upcoming part; the past part reverses it unless `fixed`. */
  fixed?: boolean;
  /** The value of the key for a row, for the next cursor. */
  of(row: KeyRow): number;
  /** The cursor's number as the value the SQL compares. */
  bind(value: number): unknown;
  /**
   * The largest size a cursor's number may have: what the compared SQL type holds. A larger
   * one failed the query on PostgreSQL (integer out of range) with a 500 (issue 21).
   */
  limit: number;
}

/** A 32-bit integer's range: record ids, distances in metres, days as YYYYMMDD. */
const INT32 = MAX_RECORD_ID;

const START_AND_ID: SortKey[] = [
  {
    expr: sql`e.start_at`,
    of: (row) => row.start_at,
    bind: (value) => value,
    limit: Number.MAX_SAFE_INTEGER,
  },
  { expr: sql`e.id`, of: (row) => row.id, bind: (value) => value, limit: INT32 },
];

/** Nearby Events: each day's events nearest lodge first, then by start. */
function nearbyKeys(distances: ReadonlyMap<number, number>): SortKey[] {
  const cases = [...distances].map(([id, metres]) => sql`when ${id} then ${metres}`);
  const distance = cases.length
    ? sql`(case e.club_id ${sql.join(cases, sql` `)} else 0 end)`
    : sql`0`;
  return [
    {
      expr: sql`e.local_start_date`,
      of: (row) => dayNumber(row.local_start_date),
      bind: (value) => dayText(value),
      limit: INT32,
    },
    {
      expr: distance,
      fixed: true,
      of: (row) => distances.get(row.club_id) ?? 0,
      bind: (v) => v,
      limit: INT32,
    },
    ...START_AND_ID,
  ];
}

function ascending(key: SortKey, part: Part): boolean {
  return part === 'u' || key.fixed === true;
}

/** Rows after the cursor's key in this part's order: (k1 > c1) or (k1 = c1 and k2 > c2) ... */
function after(
  keys: readonly SortKey[],
  part: Part,
  values: readonly number[],
): RawBuilder<SqlBool> {
  const alternatives = keys.map((key, index) => {
    const equal = keys
      .slice(0, index)
      .map((earlier, i) => sql`${earlier.expr} = ${earlier.bind(values[i] ?? 0)}`);
    const beyond = ascending(key, part)
      ? sql`${key.expr} > ${key.bind(values[index] ?? 0)}`
      : sql`${key.expr} < ${key.bind(values[index] ?? 0)}`;
    return sql`(${sql.join([...equal, beyond], sql` and `)})`;
  });
  return sql<SqlBool>`(${sql.join(alternatives, sql` or `)})`;
}

// ---- Reading events -----------------------------------------------------------------------

/** The events table as `e`, which the lists' filters narrow before any join. */
function fromEvents(db: Db) {
  return (db as unknown as Kysely<EventsDb>).selectFrom('calendar_events as e');
}

export function selectEvents(db: Db) {
  return fromEvents(db)
    .innerJoin('clubs as c', 'c.id', 'e.club_id')
    .innerJoin('club_types as ct', 'ct.id', 'c.club_type_id')
    .innerJoin('comment_containers as cc', 'cc.id', 'e.comment_container_id')
    .innerJoin('calendar_event_descriptions as d', 'd.id', 'e.calendar_event_description_id')
    .select([
      'e.id',
      'e.club_id',
      'e.party_id',
      'e.name',
      'e.location',
      'e.calendar_event_description_id',
      'e.access',
      'e.announced',
      'e.allows_comments',
      'e.comment_container_id',
      'e.start_at',
      'e.end_at',
      'e.time_zone_id',
      'e.local_start_date',
      'e.last_activity_at',
      'e.yes_count',
      'e.no_count',
      'e.guest_count',
      'c.name as club_name',
      'c.subdomain as club_subdomain',
      'c.default_url as club_default_url',
      'ct.name as club_type_name',
      'cc.comment_count',
      'd.body as description_body',
    ]);
}

type EventQuery = ReturnType<typeof fromEvents>;
type EventRowWithBody = CalendarEventRow & { description_body: string };

/**
 * Answers computed from a row's own values, kept between requests: the zone arithmetic (Intl)
 * and the description's plain text cost more than the page's SQL (about 20 µs and 15 µs an
 * event), and the same events are asked for again and again. Keyed by what they are made of,
 * so an edited event simply misses; emptied when full.
 */
const DERIVED_CACHE_SIZE = 5_000;
/** Longer descriptions are not kept: the cache stays under about 20 MB. */
const CACHED_BODY_MAX = 4_096;
const localFieldsCache = new Map<string, EventLocalFields>();
const shortTextCache = new Map<string, string>();

function cachedDerived<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    if (cache.size >= DERIVED_CACHE_SIZE) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}

function localFieldsOf(row: CalendarEventRow): EventLocalFields {
  return cachedDerived(localFieldsCache, `${row.start_at}/${row.end_at}/${row.time_zone_id}`, () =>
    eventLocalFields(row.start_at, row.end_at, row.time_zone_id),
  );
}

function shortTextOf(body: string): string {
  if (body.length > CACHED_BODY_MAX) return shortBody(body);
  return cachedDerived(shortTextCache, body, () => shortBody(body));
}

// ---- A page's rows, photos and RSVPs by id, built once (db/prepared.ts) -------------------

type PageSlot = `id${number}`;
const PAGE_SLOTS: readonly PageSlot[] = Array.from(
  { length: CALENDAR_PAGE_SIZE },
  (_, index): PageSlot => `id${index}`,
);

/** Ids in the slots, the rest null (which matches nothing). */
function slotValues(ids: readonly number[]): Record<PageSlot, number | null> {
  if (ids.length > CALENDAR_PAGE_SIZE) throw new Error('a page holds at most a page of events');
  const values: Record<PageSlot, number | null> = {};
  for (const [index, slot] of PAGE_SLOTS.entries()) values[slot] = ids[index] ?? null;
  return values;
}

/**
 * The rows of a page's events. The lists first pick the page's ids on calendar_events alone,
 * then read these: joining and sorting every candidate's club, text and container before the
 * limit cost more than the page (docs/decisions.md D31).
 */
const eventsOfPage = prepare((db, param: Param<PageSlot>) =>
  selectEvents(db).where(
    'e.id',
    'in',
    PAGE_SLOTS.map((slot) => param<number>(slot)),
  ),
);

const photosOfPage = prepare((db, param: Param<PageSlot>) =>
  db
    .selectFrom('calendar_event_photos as ep')
    .innerJoin('photos as ph', 'ph.id', 'ep.photo_id')
    .select(['ep.calendar_event_id', 'ph.id', 'ph.storage_key', 'ph.medium_key'])
    .where(
      'ep.calendar_event_id',
      'in',
      PAGE_SLOTS.map((slot) => param<number>(slot)),
    )
    .orderBy('ep.calendar_event_id')
    .orderBy('ep.sort_order')
    .orderBy('ep.id'),
);

const rsvpsOfPage = prepare((db, param: Param<PageSlot | 'party'>) =>
  db
    .selectFrom('event_attendees')
    .select(['id', 'calendar_event_id', 'status', 'guests'])
    .where('party_id', '=', param<number>('party'))
    .where(
      'calendar_event_id',
      'in',
      PAGE_SLOTS.map((slot) => param<number>(slot)),
    ),
);

/** The events of `ids` in that order, with their photos and the member's RSVPs, presented. */
async function presentPage(
  ctx: ServiceContext,
  member: Member,
  ids: readonly number[],
): Promise<CalendarEvent[]> {
  if (ids.length === 0) return [];
  const values = slotValues(ids);
  const [found, photos, mine] = await Promise.all([
    eventsOfPage.run(ctx.db, values),
    photosOfPage.run(ctx.db, values),
    rsvpsOfPage.run(ctx.db, { ...values, party: member.partyId }),
  ]);
  const byId = new Map(found.rows.map((row) => [row.id, row]));
  // An event deleted between the two reads is left out.
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  const photosOf = new Map<number, PhotoRow[]>();
  for (const { calendar_event_id, ...photo } of photos.rows) {
    const list = photosOf.get(calendar_event_id) ?? [];
    list.push(photo);
    photosOf.set(calendar_event_id, list);
  }
  const mineOf = new Map(mine.rows.map((row) => [row.calendar_event_id, presentOwnAttendee(row)]));
  return rows.map((row) =>
    presentCalendarEvent(row, {
      photos: photosOf.get(row.id) ?? [],
      attendee: mineOf.get(row.id) ?? null,
      description: shortTextOf(row.description_body),
      local: localFieldsOf(row),
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

type ZoneParam = `z${TimeZoneId}`;
type PartParam = 'party' | 'user' | 'bound' | 'earliest' | 'limit' | ZoneParam;

/** What one part's query is run with; all values, or all stand-ins when prepared. */
interface PartValues {
  who: Who;
  /** The plain start_at bound of the part (see buildPart). */
  bound: number;
  /** Today's date in each zone, and the earliest of them for a zone the table lacks. */
  today: Record<TimeZoneId | 'earliest', string>;
  limit: number;
}

type Filter = (db: Db, query: EventQuery, who: Who) => EventQuery;

function buildPart(
  db: Db,
  filter: Filter,
  keys: readonly SortKey[],
  which: Part,
  seesAll: boolean,
  from: readonly number[] | null,
  values: PartValues,
) {
  let query = filter(db, fromEvents(db), values.who);
  if (!seesAll) query = query.where((eb) => visibleTo(db, eb, values.who));
  // The plain start_at bounds let the (club_id, start_at) and (start_at, id) indexes cut the
  // range; the zone-exact test follows (a local day starts within a day of t).
  query =
    which === 'u'
      ? query.where('e.start_at', '>=', values.bound).where(upcoming(values.today))
      : query
          .where('e.start_at', '<', values.bound)
          .where(sql<SqlBool>`not ${upcoming(values.today)}`);
  if (from && from.length > 0) query = query.where(after(keys, which, from));
  for (const key of keys) {
    query = query.orderBy(key.expr, ascending(key, which) ? 'asc' : 'desc');
  }
  // The sort keys ride along so the cursor needs no second look at the row.
  return query
    .select(['e.id', 'e.start_at', 'e.local_start_date', 'e.club_id'])
    .limit(values.limit);
}

const myEventsFilter: Filter = (db, query, who) => query.where((eb) => isMine(db, eb, who));

function preparePart(filter: Filter, which: Part) {
  return prepare((db, param: Param<PartParam>) => {
    const today = { earliest: param<string>('earliest') } as PartValues['today'];
    for (const id of TIME_ZONE_IDS) today[id] = param<string>(`z${id}`);
    return buildPart(db, filter, START_AND_ID, which, false, null, {
      who: { partyId: param<number>('party'), userId: param<number>('user') },
      bound: param<number>('bound'),
      today,
      limit: param<number>('limit'),
    });
  });
}

/**
 * My Events' first page for a member who is not an admin, built once (db/prepared.ts): the
 * calendar's hot read, asked again whenever the list is 15 seconds old (CAL-06).
 */
const myEventsFirstPage: Record<Part, ReturnType<typeof preparePart>> = {
  u: preparePart(myEventsFilter, 'u'),
  p: preparePart(myEventsFilter, 'p'),
};

/**
 * One page of a list: the events `filter` keeps, upcoming part then past part, each in its
 * order by `keys`, starting after the cursor. `firstPage` runs page 0 prepared.
 */
async function readPage(
  ctx: ServiceContext,
  member: Member,
  filter: Filter,
  keys: readonly SortKey[],
  request: CalendarPageRequest,
  firstPage?: Record<Part, ReturnType<typeof preparePart>>,
): Promise<CalendarPage> {
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
  const who = { partyId: member.partyId, userId: member.userId };
  const part = async (
    which: Part,
    from: readonly number[] | null,
    limit: number,
  ): Promise<KeyRow[]> => {
    const bound = which === 'u' ? t - 2 * DAY_MS : t + DAY_MS;
    const prepared = firstPage?.[which];
    if (prepared && !member.isAdmin && (!from || from.length === 0)) {
      const zones = Object.fromEntries(TIME_ZONE_IDS.map((id) => [`z${id}`, today[id]]));
      const { rows } = await prepared.run(ctx.db, {
        ...zones,
        party: who.partyId,
        user: who.userId,
        bound,
        earliest: today.earliest,
        limit,
      } as Record<PartParam, unknown>);
      return rows;
    }
    return buildPart(ctx.db, filter, keys, which, member.isAdmin, from, {
      who,
      bound,
      today,
      limit,
    }).execute();
  };
  const size = CALENDAR_PAGE_SIZE;
  const next = (which: Part, row: KeyRow | undefined): string | null =>
    row ? formatCursor({ t, part: which, keys: keys.map((key) => key.of(row)) }) : null;
  const present = (page: readonly KeyRow[]) =>
    presentPage(
      ctx,
      member,
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

/** GET /calendar_events.json?group=: one page of a calendar tab (CAL-01, CAL-02). */
export async function listCalendarEvents(
  ctx: ServiceContext,
  actor: Actor,
  group: CalendarGroup,
  request: CalendarPageRequest,
): Promise<CalendarPage> {
  const member = requireMember(actor);
  if (group === 'my_events') {
    return readPage(ctx, member, myEventsFilter, START_AND_ID, request, myEventsFirstPage);
  }
  const near = await nearbyClubsOf(ctx, member);
  if (group === 'nearby_events') {
    if (near.size === 0) return { calendar_events: [], next_cursor: null };
    return readPage(
      ctx,
      member,
      (_db, q) => q.where('e.club_id', 'in', [...near.keys()]),
      nearbyKeys(near),
      request,
    );
  }
  return readPage(
    ctx,
    member,
    (db, q, who) => {
      let query = q.where((eb) => eb.not(isMine(db, eb, who)));
      if (near.size > 0) query = query.where('e.club_id', 'not in', [...near.keys()]);
      return query;
    },
    START_AND_ID,
    request,
  );
}

/** The club and every club below it (clubs.group_id), the club first. */
async function clubTree(db: Db, clubId: number): Promise<number[]> {
  const ids = [clubId];
  let frontier = [clubId];
  // The hierarchy is a few levels deep; the guard stops a cycle in bad data.
  for (let depth = 0; frontier.length > 0 && depth < 10; depth++) {
    const children = await db
      .selectFrom('clubs')
      .select('id')
      .where('group_id', 'in', frontier)
      .execute();
    frontier = children.map((row) => row.id).filter((id) => !ids.includes(id));
    ids.push(...frontier);
  }
  return ids;
}

/** Those of `clubIds` whose club type is one of `typeNames`. */
async function clubsOfTypes(
  db: Db,
  clubIds: readonly number[],
  typeNames: readonly string[],
): Promise<number[]> {
  if (typeNames.length === 0) return [];
  const rows = await db
    .selectFrom('clubs as c')
    .innerJoin('club_types as t', 't.id', 'c.club_type_id')
    .select('c.id')
    .where('c.id', 'in', clubIds)
    .where('t.name', 'in', typeNames)
    .execute();
  return rows.map((row) => row.id);
}

export interface ClubCalendarPage extends CalendarPage {
  club_hierarchy: string[];
  type_names: string[];
  club: { id: number; name: string; subdomain: string; type_name: string };
}

/**
 * GET /clubs/calendar_events.json?subdomain=: the events of the club and the clubs below it
 * that the member may see, and the type names its filter needs (CAL-08..10). A club the member
 * may not open (mayViewClub: another organisation's) is the 404 of an unknown one, as its home
 * is (D53).
 */
export async function listClubCalendarEvents(
  ctx: ServiceContext,
  actor: Actor,
  subdomain: string,
  request: CalendarPageRequest,
  /** The type names to show (CAL-10); undefined for all. */
  typeNames?: readonly string[],
): Promise<ClubCalendarPage> {
  const member = requireMember(actor);
  const club = await visibleClubOr404(
    ctx,
    member,
    await ctx.db
      .selectFrom('clubs as c')
      .innerJoin('club_types as t', 't.id', 'c.club_type_id')
      .select([
        'c.id',
        'c.name',
        'c.subdomain',
        'c.organization_id',
        't.rank',
        't.name as type_name',
      ])
      .where('c.subdomain', '=', subdomain)
      .executeTakeFirst(),
  );
  const [types, tree] = await Promise.all([
    ctx.db
      .selectFrom('club_types')
      .select(['name', 'rank'])
      .where('organization_id', '=', club.organization_id)
      .orderBy('rank')
      .orderBy('id')
      .execute(),
    clubTree(ctx.db, club.id),
  ]);
  const shown = typeNames === undefined ? tree : await clubsOfTypes(ctx.db, tree, typeNames);
  const page: CalendarPage =
    shown.length === 0
      ? { calendar_events: [], next_cursor: null }
      : await readPage(
          ctx,
          member,
          (_db, q) => q.where('e.club_id', 'in', shown),
          START_AND_ID,
          request,
        );
  return {
    ...page,
    club_hierarchy: types.map((type) => type.name),
    type_names: types.filter((type) => type.rank >= club.rank).map((type) => type.name),
    club: { id: club.id, name: club.name, subdomain: club.subdomain, type_name: club.type_name },
  };
}

/**
 * The club home's next event (CLUB-09): the first upcoming event of the club itself (not of the
 * clubs below it) that the member may see, by the calendar's own order and visibility (D31), or
 * null when there is none.
 */
export async function nextClubEvent(
  ctx: ServiceContext,
  actor: Actor,
  clubId: number,
  /** The clock, for tests; callers leave it out. */
  now = Date.now(),
): Promise<CalendarEvent | null> {
  const member = requireMember(actor);
  const rows = await buildPart(
    ctx.db,
    (_db, q) => q.where('e.club_id', '=', clubId),
    START_AND_ID,
    'u',
    member.isAdmin,
    null,
    {
      who: { partyId: member.partyId, userId: member.userId },
      bound: now - 2 * DAY_MS,
      today: todayByZone(now),
      limit: 1,
    },
  ).execute();
  const [event] = await presentPage(
    ctx,
    member,
    rows.map((row) => row.id),
  );
  return event ?? null;
}

// ---- One event ----------------------------------------------------------------------------

/** The event's row if the member may see it (mayViewCalendarEvent); otherwise a 404. */
async function loadVisibleEvent(
  ctx: ServiceContext,
  member: Member,
  id: number,
): Promise<EventRowWithBody> {
  const row = await selectEvents(ctx.db).where('e.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFoundError(NO_SUCH_EVENT);
  const clubIds = await currentClubIdsOf(ctx.db, member.partyId);
  const facts = { clubId: row.club_id, partyId: row.party_id, access: row.access };
  if (!mayViewCalendarEvent(member, facts, clubIds)) throw new NotFoundError(NO_SUCH_EVENT);
  return row;
}

/** GET /calendar_events/{id}.json: the event with its description (API-CAL-02, CAL-11). */
export async function getCalendarEvent(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
): Promise<CalendarEventDetail> {
  const member = requireMember(actor);
  const row = await loadVisibleEvent(ctx, member, id);
  const [event] = await presentPage(ctx, member, [row.id]);
  if (!event) throw new NotFoundError(NO_SUCH_EVENT);
  return presentCalendarEventDetail(event, {
    id: row.calendar_event_description_id,
    body: row.description_body,
  });
}

/**
 * GET /calendar_events/{id}/attendees (CAL-19): going first, then by name. Only the members the
 * viewer may find in the directory are named (mayViewParty, D37, written as SQL in
 * `visibleParty`), the viewer always among them; the others are only counted (D53), so an
 * event open to every member does not list another organisation's roster. The event's own
 * counts (yes, no, guests) count everyone.
 */
export async function listEventAttendees(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
): Promise<EventAttendeeList> {
  const member = requireMember(actor);
  await loadVisibleEvent(ctx, member, id);
  const attendees = () =>
    ctx.db
      .selectFrom('event_attendees as ea')
      .innerJoin('parties as p', 'p.id', 'ea.party_id')
      .where('ea.calendar_event_id', '=', id);
  const [rows, hidden] = await Promise.all([
    attendees()
      .select([
        'ea.id',
        'ea.status',
        'ea.guests',
        'p.id as party_id',
        'p.first_name',
        'p.middle_name',
        'p.last_name',
        'p.suffix',
        'p.preferred_name',
        'p.avatar_medium_key',
      ])
      .where((eb) => visibleParty(ctx.db, eb, member))
      .orderBy('ea.status', 'desc')
      .orderBy('p.last_name')
      .orderBy('p.first_name')
      .orderBy('ea.id')
      .execute(),
    attendees()
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) => eb.not(visibleParty(ctx.db, eb, member)))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    event_attendees: rows.map((row) => presentEventAttendee(row, { ...row, id: row.party_id })),
    hidden_attendee_count: Number(hidden.n),
  };
}

// ---- RSVP ---------------------------------------------------------------------------------

export interface RsvpAnswer {
  event_attendee: OwnEventAttendee;
  event_attendance_counts: EventAttendanceCounts;
}

/** "Not Going" brings no guests (AMB-43): a NO is saved with 0 whatever was sent. */
function guestsFor(status: AttendeeStatus, guests: number): number {
  return status === 'YES' ? guests : 0;
}

async function rsvpAnswer(ctx: ServiceContext, attendeeId: number): Promise<RsvpAnswer> {
  const row = await ctx.db
    .selectFrom('event_attendees as a')
    .innerJoin('calendar_events as e', 'e.id', 'a.calendar_event_id')
    .select(['a.id', 'a.status', 'a.guests', 'e.yes_count', 'e.no_count', 'e.guest_count'])
    .where('a.id', '=', attendeeId)
    .executeTakeFirstOrThrow();
  return {
    event_attendee: presentOwnAttendee(row),
    event_attendance_counts: presentAttendanceCounts(row),
  };
}

/**
 * An RSVP write, with the event's stored counts (calendar_events.yes_count...) made right in
 * the same transaction. The event's row is locked first, so RSVPs to one event take turns and
 * the count after the write sees every other committed RSVP (on PostgreSQL a statement blocked
 * on a row lock would still count with its older snapshot).
 */
async function writeRsvp<T>(
  ctx: ServiceContext,
  eventId: number,
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await trx
      .updateTable('calendar_events')
      .set((eb) => ({ yes_count: eb.ref('yes_count') }))
      .where('id', '=', eventId)
      .executeTakeFirst();
    // Deleted since it was checked: as unknown as it is now, not a failed insert.
    if (Number(locked.numUpdatedRows) === 0) throw new NotFoundError(NO_SUCH_EVENT);
    const result = await write(trx);
    const attendees = (status: AttendeeStatus) =>
      trx
        .selectFrom('event_attendees as a')
        .where('a.calendar_event_id', '=', eventId)
        .where('a.status', '=', status);
    await trx
      .updateTable('calendar_events')
      .set({
        yes_count: attendees('YES').select((eb) => eb.fn.countAll<number>().as('n')),
        no_count: attendees('NO').select((eb) => eb.fn.countAll<number>().as('n')),
        guest_count: attendees('YES').select((eb) =>
          eb.fn.coalesce(eb.fn.sum<number>('a.guests'), eb.lit(0)).as('n'),
        ),
      })
      .where('id', '=', eventId)
      .execute();
    return result;
  });
}

/**
 * POST /event_attendees.json (CAL-15): the member's RSVP to an event they may see. A second
 * POST for the same event changes the one RSVP (an event has one per member), as a PUT would.
 */
export async function createEventAttendee(
  ctx: ServiceContext,
  actor: Actor,
  request: CreateEventAttendeeRequest,
): Promise<RsvpAnswer> {
  const member = requireMember(actor);
  await loadVisibleEvent(ctx, member, request.calendar_event_id);
  const now = Date.now();
  const guests = guestsFor(request.status, request.guests);
  const id = await writeRsvp(ctx, request.calendar_event_id, async (trx) => {
    const existing = await trx
      .selectFrom('event_attendees')
      .select('id')
      .where('calendar_event_id', '=', request.calendar_event_id)
      .where('party_id', '=', member.partyId)
      .executeTakeFirst();
    if (existing) {
      await trx
        .updateTable('event_attendees')
        .set({ status: request.status, guests, updated_at: now })
        .where('id', '=', existing.id)
        .execute();
      return existing.id;
    }
    const inserted = await trx
      .insertInto('event_attendees')
      .values({
        calendar_event_id: request.calendar_event_id,
        party_id: member.partyId,
        status: request.status,
        guests,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  });
  return rsvpAnswer(ctx, id);
}

/** PUT /event_attendees/{id}.json (CAL-16): change one's own RSVP; another's is a 403. */
export async function updateEventAttendee(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  request: UpdateEventAttendeeRequest,
): Promise<RsvpAnswer> {
  const member = requireMember(actor);
  const row = await ctx.db
    .selectFrom('event_attendees')
    .select(['id', 'calendar_event_id', 'party_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(NO_SUCH_RSVP);
  // An RSVP to an event one may not see is as unknown as the event.
  try {
    await loadVisibleEvent(ctx, member, row.calendar_event_id);
  } catch (error) {
    if (error instanceof NotFoundError) throw new NotFoundError(NO_SUCH_RSVP);
    throw error;
  }
  assertAllowed(mayChangeRsvp(member, row.party_id), ONLY_OWN_RSVP);
  await writeRsvp(ctx, row.calendar_event_id, (trx) =>
    trx
      .updateTable('event_attendees')
      .set({
        status: request.status,
        guests: guestsFor(request.status, request.guests),
        updated_at: Date.now(),
      })
      .where('id', '=', id)
      .execute(),
  );
  return rsvpAnswer(ctx, id);
}
