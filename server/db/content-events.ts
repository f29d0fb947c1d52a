/**
 * Calendar events as content records are written (services/calendar-event-writes.ts): the
 * event as a write needs it, its own row inserted and changed, the Announce's claim and its
 * recipients' first addresses, and the event that owns a comment container. The calendar's
 * reads are services/calendar-events.ts's.
 */
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { membersOfClubs } from './memberships.ts';
import type { Access, Database } from './schema.ts';

type Db = Kysely<Database>;

/** The event's row as the writes need it: its own columns, its lodge's name, its comments. */
export interface StoredEventRow {
  id: number;
  club_id: number;
  party_id: number | null;
  name: string;
  location: string | null;
  access: Access;
  announced: number;
  allows_comments: number;
  comment_container_id: number;
  comment_count: number;
  calendar_event_description_id: number;
  start_at: number;
  end_at: number | null;
  time_zone_id: number;
  club_name: string;
  /** A meeting of a series (D80): its series, the rule's instant, its own change, cancelled. */
  series_id: number | null;
  recurrence_start_at: number | null;
  occurrence_changed: number;
  cancelled_at: number | null;
}

export async function storedEventById(db: Db, id: number): Promise<StoredEventRow | undefined> {
  const found = await db
    .selectFrom('calendar_events as e')
    .innerJoin('clubs as c', 'c.id', 'e.club_id')
    .innerJoin('comment_containers as cc', 'cc.id', 'e.comment_container_id')
    .select([
      'e.id',
      'e.club_id',
      'e.party_id',
      'e.name',
      'e.location',
      'e.access',
      'e.announced',
      'e.allows_comments',
      'e.comment_container_id',
      'cc.comment_count',
      'e.calendar_event_description_id',
      'e.start_at',
      'e.end_at',
      'e.time_zone_id',
      'c.name as club_name',
      'e.series_id',
      'e.recurrence_start_at',
      'e.occurrence_changed',
      'e.cancelled_at',
    ])
    .where('e.id', '=', id)
    .executeTakeFirst();
  return found
    ? {
        ...found,
        comment_count: Number(found.comment_count),
        start_at: Number(found.start_at),
        end_at: found.end_at === null ? null : Number(found.end_at),
        recurrence_start_at:
          found.recurrence_start_at === null ? null : Number(found.recurrence_start_at),
        cancelled_at: found.cancelled_at === null ? null : Number(found.cancelled_at),
      }
    : undefined;
}

export async function clubIdExists(db: Db, clubId: number): Promise<boolean> {
  const row = await db.selectFrom('clubs').select('id').where('id', '=', clubId).executeTakeFirst();
  return row !== undefined;
}

export async function insertEventRow(
  trx: Transaction<Database>,
  event: Insertable<Database['calendar_events']>,
): Promise<number> {
  const row = await trx
    .insertInto('calendar_events')
    .values(event)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEventRow(
  trx: Transaction<Database>,
  id: number,
  changes: Updateable<Database['calendar_events']>,
): Promise<void> {
  await trx.updateTable('calendar_events').set(changes).where('id', '=', id).execute();
}

/**
 * Sets `announced` if it is not set yet; whether this call set it. Of two at once, only the
 * first gets past it: the second finds it set.
 */
export async function claimAnnouncement(
  trx: Transaction<Database>,
  id: number,
  now: number,
): Promise<boolean> {
  const claimed = await trx
    .updateTable('calendar_events')
    .set({ announced: 1, announced_at: now, updated_at: now })
    .where('id', '=', id)
    .where('announced', '=', 0)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/** The parties with a current membership of the club, but one. */
export async function clubMemberPartyIds(
  db: Db,
  clubId: number,
  except: number,
): Promise<number[]> {
  const rows = await membersOfClubs(db, [clubId])
    .select('mate.party_id')
    .distinct()
    .where('mate.party_id', '!=', except)
    .execute();
  return rows.map((row) => row.party_id);
}

/** Rows per statement when reading for a whole lodge: well under every engine's limit. */
const CHUNK = 500;

/** Each party's first e-mail address (by contact type, then age); blank ones are skipped. */
export async function firstEmailAddresses(
  db: Db,
  partyIds: readonly number[],
): Promise<Map<number, string>> {
  const firstAddress = new Map<number, string>();
  for (let start = 0; start < partyIds.length; start += CHUNK) {
    const rows = await db
      .selectFrom('emails as e')
      .innerJoin('contact_types as t', 't.id', 'e.contact_type_id')
      .select(['e.party_id', 'e.address'])
      .where('e.party_id', 'in', partyIds.slice(start, start + CHUNK))
      .orderBy('e.party_id')
      .orderBy('t.sort_order')
      .orderBy('e.id')
      .execute();
    for (const row of rows) {
      const address = row.address.trim();
      if (address !== '' && !firstAddress.has(row.party_id)) {
        firstAddress.set(row.party_id, address);
      }
    }
  }
  return firstAddress;
}

/** The event that owns this comment container, if an event does. */
export async function eventOwningContainer(
  db: Db,
  containerId: number,
): Promise<
  | {
      id: number;
      party_id: number | null;
      club_id: number;
      access: Access;
      name: string;
      allows_comments: number;
    }
  | undefined
> {
  return (
    db
      .selectFrom('calendar_events')
      .select(['id', 'party_id', 'club_id', 'access', 'name', 'allows_comments'])
      .where('comment_container_id', '=', containerId)
      // The meetings of a series share its container (D80): the first one stands for them.
      .orderBy('id')
      .executeTakeFirst()
  );
}
