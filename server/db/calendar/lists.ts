/**
 * Which events a calendar list holds and in what order (docs/decisions.md D31): My Events,
 * Nearby Events, Other Events and a club's calendar, each an upcoming part (the event's local
 * date is today or later in its own zone) soonest first, then a past part latest first, read in
 * keyset pages of ids; events.ts reads the rows of the ids.
 *
 * `visibleTo` is the SQL twin of mayViewCalendarEvent (policies/calendar-events.ts), held to the
 * policy on the demo data by services/calendar-events.db.test.ts.
 */
import { sql } from 'kysely';
import type { Expression, ExpressionBuilder, Kysely, RawBuilder, SqlBool } from 'kysely';
import { localDateOf, TIME_ZONE_IDS } from '../../../common/event-time.ts';
import type { TimeZoneId } from '../../../common/event-time.ts';
import { MAX_RECORD_ID } from '../../../common/schemas/record-id.ts';
import { clubIdsOf } from '../memberships.ts';
import { prepare } from '../prepared.ts';
import type { Param } from '../prepared.ts';
import type { Database } from '../schema.ts';
import { fromEvents } from './events.ts';
import type { EventQuery, EventsDb } from './events.ts';
import { followedClubIds } from './clubs.ts';

type Db = Kysely<Database>;
type EventsEb = ExpressionBuilder<EventsDb, 'e'>;

const DAY_MS = 86_400_000;

/** The member a list is for: values, or a prepared query's stand-ins (db/prepared.ts). */
export interface Who {
  partyId: number;
  userId: number;
}

/** The SQL twin of mayViewCalendarEvent for a member who is not an admin. */
function visibleTo(db: Db, eb: EventsEb, who: Who): Expression<SqlBool> {
  return eb.or([
    eb('e.party_id', '=', who.partyId),
    eb('e.access', 'in', ['PUBLIC', 'MEMBER']),
    eb.and([eb('e.access', '=', 'CLUB'), eb('e.club_id', 'in', clubIdsOf(db, who.partyId))]),
  ]);
}

/** My Events' lodges: those the member belongs to (any level) and those they follow. */
function isMine(db: Db, eb: EventsEb, who: Who): Expression<SqlBool> {
  return eb.or([
    eb('e.club_id', 'in', clubIdsOf(db, who.partyId)),
    eb('e.club_id', 'in', followedClubIds(db, who.userId)),
  ]);
}

// ---- Order --------------------------------------------------------------------------------

/** The upcoming part, or the past part, of a list. */
export type Part = 'u' | 'p';

/** Today's date in each of the spec's zones, and the earliest of them for a zone the table lacks. */
export type Today = Record<TimeZoneId | 'earliest', string>;

/** Today's date in each of the spec's zones at `t`, as the column stores dates. */
export function todayByZone(t: number): Today {
  const today = { earliest: '' } as Today;
  for (const id of TIME_ZONE_IDS) {
    today[id] = localDateOf(t, id);
    if (today.earliest === '' || today[id] < today.earliest) today.earliest = today[id];
  }
  return today;
}

/** Upcoming: the event's local date is today or later in its own zone (D31). */
function upcoming(today: Today): RawBuilder<SqlBool> {
  const cases = TIME_ZONE_IDS.map((id) => sql`when ${id} then ${today[id]}`);
  return sql<SqlBool>`e.local_start_date >= case e.time_zone_id ${sql.join(cases, sql` `)} else ${today.earliest} end`;
}

/** An event as a list's first pass selects it: its id and what its sort keys are made of. */
export interface KeyRow {
  id: number;
  start_at: number;
  local_start_date: string;
  club_id: number;
}

export interface SortKey {
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

/** 'YYYY-MM-DD' as the number YYYYMMDD, and back: a day in a cursor. */
function dayNumber(date: string): number {
  return Number(date.replaceAll('-', ''));
}
function dayText(day: number): string {
  const text = String(day).padStart(8, '0');
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

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

// ---- A part of a list ---------------------------------------------------------------------

type ZoneParam = `z${TimeZoneId}`;
type PartParam = 'party' | 'user' | 'bound' | 'earliest' | 'limit' | ZoneParam;

/** What one part's query is run with; all values, or all stand-ins when prepared. */
interface PartValues {
  who: Who;
  /** The plain start_at bound of the part (see buildPart). */
  bound: number;
  today: Today;
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
  // A cancelled meeting of a series (D80) keeps its page but leaves every list.
  query = query.where('e.cancelled_at', 'is', null);
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

function preparePart(filter: Filter, which: Part) {
  return prepare((db, param: Param<PartParam>) => {
    const today = { earliest: param<string>('earliest') } as Today;
    for (const id of TIME_ZONE_IDS) today[id] = param<string>(`z${id}`);
    return buildPart(db, filter, START_AND_ID, which, false, null, {
      who: { partyId: param<number>('party'), userId: param<number>('user') },
      bound: param<number>('bound'),
      today,
      limit: param<number>('limit'),
    });
  });
}

/** A list: which events it holds, their order, and its first page built once if it is hot. */
export interface CalendarList {
  readonly filter: Filter;
  readonly keys: readonly SortKey[];
  readonly firstPage?: Readonly<Record<Part, ReturnType<typeof preparePart>>>;
}

const myEventsFilter: Filter = (db, query, who) => query.where((eb) => isMine(db, eb, who));

/**
 * My Events: the events of the member's clubs and followed clubs. Its first page for a member
 * who is not an admin is built once (db/prepared.ts): the calendar's hot read, asked again
 * whenever the list is 15 seconds old (CAL-06).
 */
export const MY_EVENTS: CalendarList = {
  filter: myEventsFilter,
  keys: START_AND_ID,
  firstPage: { u: preparePart(myEventsFilter, 'u'), p: preparePart(myEventsFilter, 'p') },
};

/** Nearby Events: the events of the clubs of `distances` (club id to metres), nearest first. */
export function nearbyEvents(distances: ReadonlyMap<number, number>): CalendarList {
  return {
    filter: (_db, q) => q.where('e.club_id', 'in', [...distances.keys()]),
    keys: nearbyKeys(distances),
  };
}

/** Other Events: those neither of My Events' clubs nor of the nearby clubs `nearIds`. */
export function otherEvents(nearIds: readonly number[]): CalendarList {
  return {
    filter: (db, q, who) => {
      let query = q.where((eb) => eb.not(isMine(db, eb, who)));
      if (nearIds.length > 0) query = query.where('e.club_id', 'not in', nearIds);
      return query;
    },
    keys: START_AND_ID,
  };
}

/** The events of the clubs `clubIds` (a club's calendar). */
export function eventsOfClubs(clubIds: readonly number[]): CalendarList {
  return { filter: (_db, q) => q.where('e.club_id', 'in', clubIds), keys: START_AND_ID };
}

/** The events of the one club (its home's next event). */
export function eventsOfClub(clubId: number): CalendarList {
  return { filter: (_db, q) => q.where('e.club_id', '=', clubId), keys: START_AND_ID };
}

export interface PartRequest {
  who: Who;
  /** An admin sees every event (mayViewCalendarEvent); anyone else what visibleTo lets through. */
  seesAll: boolean;
  /** The instant the list is read at (page 0's, for every page of it). */
  t: number;
  /** todayByZone(t), made once per page. */
  today: Today;
  /** The last sort key read in this part, or null from its start. */
  from: readonly number[] | null;
  limit: number;
}

/** Up to `limit` events of one part of the list, after `from`, in the list's order. */
export async function eventsOfPart(
  db: Db,
  list: CalendarList,
  which: Part,
  request: PartRequest,
): Promise<KeyRow[]> {
  const { who, seesAll, t, today, from, limit } = request;
  const bound = which === 'u' ? t - 2 * DAY_MS : t + DAY_MS;
  const prepared = list.firstPage?.[which];
  if (prepared && !seesAll && (!from || from.length === 0)) {
    const zones = Object.fromEntries(TIME_ZONE_IDS.map((id) => [`z${id}`, today[id]]));
    const { rows } = await prepared.run(db, {
      ...zones,
      party: who.partyId,
      user: who.userId,
      bound,
      earliest: today.earliest,
      limit,
    } as Record<PartParam, unknown>);
    return rows;
  }
  return buildPart(db, list.filter, list.keys, which, seesAll, from, {
    who,
    bound,
    today,
    limit,
  }).execute();
}
