/**
 * Who answered an event (CAL-15, -16, -19): its attendee list, one RSVP, and the counts an
 * event keeps of them (calendar_events.yes_count, no_count, guest_count).
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { AttendeeStatus, Database } from '../schema.ts';
import { PARTY_NAME_COLUMNS } from '../parties.ts';

type Db = Kysely<Database>;

/** Which attendees may be named, as SQL over their party `p` (db/parties.ts partyVisibleTo). */
export type PartyFilter = (
  eb: ExpressionBuilder<Database & { p: Database['parties'] }, 'p'>,
) => Expression<SqlBool>;

function attendeesOf(db: Db, eventId: number) {
  return db
    .selectFrom('event_attendees as ea')
    .innerJoin('parties as p', 'p.id', 'ea.party_id')
    .where('ea.calendar_event_id', '=', eventId);
}

/** The event's attendees that `shown` keeps, with their party: going first, then by name. */
export function namedAttendeesOf(db: Db, eventId: number, shown: PartyFilter) {
  return attendeesOf(db, eventId)
    .select([
      'ea.id',
      'ea.status',
      'ea.guests',
      'p.id as party_id',
      ...PARTY_NAME_COLUMNS,
      'p.avatar_medium_key',
    ])
    .where((eb) => shown(eb))
    .orderBy('ea.status', 'desc')
    .orderBy('p.last_name')
    .orderBy('p.first_name')
    .orderBy('ea.id')
    .execute();
}

/** How many of the event's attendees `shown` leaves out. */
export async function unnamedAttendeeCount(
  db: Db,
  eventId: number,
  shown: PartyFilter,
): Promise<number> {
  const row = await attendeesOf(db, eventId)
    .select((eb) => eb.fn.countAll().as('n'))
    .where((eb) => eb.not(shown(eb)))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An RSVP with its event's counts. */
export function rsvpWithCounts(db: Db, attendeeId: number) {
  return db
    .selectFrom('event_attendees as a')
    .innerJoin('calendar_events as e', 'e.id', 'a.calendar_event_id')
    .select(['a.id', 'a.status', 'a.guests', 'e.yes_count', 'e.no_count', 'e.guest_count'])
    .where('a.id', '=', attendeeId)
    .executeTakeFirstOrThrow();
}

/** An RSVP's event and party; undefined if there is none. */
export function rsvpById(db: Db, id: number) {
  return db
    .selectFrom('event_attendees')
    .select(['id', 'calendar_event_id', 'party_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The id of the party's RSVP to the event, if it has one. */
export async function rsvpIdOf(
  db: Db,
  eventId: number,
  partyId: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('event_attendees')
    .select('id')
    .where('calendar_event_id', '=', eventId)
    .where('party_id', '=', partyId)
    .executeTakeFirst();
  return row?.id;
}

export interface RsvpValues {
  status: AttendeeStatus;
  guests: number;
  /** When it was written (ms). */
  at: number;
}

export async function insertRsvp(
  db: Db,
  eventId: number,
  partyId: number,
  values: RsvpValues,
): Promise<number> {
  const inserted = await db
    .insertInto('event_attendees')
    .values({
      calendar_event_id: eventId,
      party_id: partyId,
      status: values.status,
      guests: values.guests,
      created_at: values.at,
      updated_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateRsvp(db: Db, id: number, values: RsvpValues): Promise<void> {
  await db
    .updateTable('event_attendees')
    .set({ status: values.status, guests: values.guests, updated_at: values.at })
    .where('id', '=', id)
    .execute();
}

/**
 * Locks the event's row for the rest of the transaction (a write that changes nothing), so
 * RSVPs to one event take turns; false if there is no such event.
 */
export async function lockEvent(trx: Db, eventId: number): Promise<boolean> {
  const locked = await trx
    .updateTable('calendar_events')
    .set((eb) => ({ yes_count: eb.ref('yes_count') }))
    .where('id', '=', eventId)
    .executeTakeFirst();
  return Number(locked.numUpdatedRows) > 0;
}

/** Sets the event's stored counts from its RSVPs. */
export async function recountAttendance(trx: Db, eventId: number): Promise<void> {
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
}
