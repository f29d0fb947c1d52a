/**
 * The calendar's event rows (§7 Calendar): one event as every calendar answer shows it, and a
 * page of them with their photos and one member's RSVPs. Which events a list holds and in what
 * order is lists.ts; these read the rows of ids already chosen.
 */
import type { Kysely } from 'kysely';
import { CALENDAR_PAGE_SIZE } from '../../../common/constants.ts';
import { prepare } from '../prepared.ts';
import type { Param } from '../prepared.ts';
import type { Database } from '../schema.ts';

type Db = Kysely<Database>;
export type EventsDb = Database & { e: Database['calendar_events'] };

/** The events table as `e`, which the lists' filters narrow before any join. */
export function fromEvents(db: Db) {
  return (db as unknown as Kysely<EventsDb>).selectFrom('calendar_events as e');
}

export type EventQuery = ReturnType<typeof fromEvents>;

/** Events as `e` with what an answer shows of each: club, type, comment count, description. */
export function selectEvents(db: Db) {
  return (
    fromEvents(db)
      .innerJoin('clubs as c', 'c.id', 'e.club_id')
      .innerJoin('club_types as ct', 'ct.id', 'c.club_type_id')
      // A meeting of a series (D80) shows its rule; a single event finds none.
      .leftJoin('calendar_event_series as s', 's.id', 'e.series_id')
      // Its comments are the series' until it is changed alone; then its own.
      .innerJoin('comment_containers as cc', (join) =>
        join.on((eb) =>
          eb(
            'cc.id',
            '=',
            eb
              .case()
              .when(eb.and([eb('e.occurrence_changed', '=', 0), eb('s.id', 'is not', null)]))
              .then(eb.ref('s.comment_container_id'))
              .else(eb.ref('e.comment_container_id'))
              .end(),
          ),
        ),
      )
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
        'cc.id as comment_container_id',
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
        'e.series_id',
        'e.occurrence_changed',
        'e.cancelled_at',
        's.rrule as series_rrule',
        's.start_date as series_start_date',
        's.start_minutes as series_start_minutes',
        's.time_zone_id as series_time_zone_id',
      ])
  );
}

export type EventRowWithBody = Awaited<
  ReturnType<ReturnType<typeof selectEvents>['executeTakeFirstOrThrow']>
>;

/** One event's row with its description, whoever may see it; undefined if there is none. */
export function eventById(db: Db, id: number): Promise<EventRowWithBody | undefined> {
  return selectEvents(db).where('e.id', '=', id).executeTakeFirst();
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

/**
 * The rows of the events `ids` (at most a page; in no order, an unknown id left out), their
 * photos in their order, and the party's RSVPs to them: three prepared reads at once.
 */
export async function eventsPage(db: Db, ids: readonly number[], partyId: number) {
  const values = slotValues(ids);
  const [events, photos, rsvps] = await Promise.all([
    eventsOfPage.run(db, values),
    photosOfPage.run(db, values),
    rsvpsOfPage.run(db, { ...values, party: partyId }),
  ]);
  return { events: events.rows, photos: photos.rows, rsvps: rsvps.rows };
}
