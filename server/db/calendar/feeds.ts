/**
 * Calendar feeds (D30, D54): the one feed address of a user, kept as its token's hash, and the
 * events a feed or a one-event download holds, with the member's own answer to each.
 */
import type { Kysely } from 'kysely';
import { mayStillSignIn } from '../../auth/sessions.ts';
import { clubIdsOf } from '../memberships.ts';
import type { Database } from '../schema.ts';
import { followedClubIds } from './clubs.ts';

type Db = Kysely<Database>;

/** The user's feed, if they made one. */
export function feedOf(db: Db, userId: number) {
  return db
    .selectFrom('calendar_feeds')
    .select('created_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function deleteFeedOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}

export async function insertFeed(
  db: Db,
  feed: { userId: number; tokenHash: string; createdAt: number },
): Promise<void> {
  await db
    .insertInto('calendar_feeds')
    .values({ user_id: feed.userId, token_hash: feed.tokenHash, created_at: feed.createdAt })
    .execute();
}

/** The user of a live feed address, if they may still sign in (auth/sessions.ts). */
export function feedUserOf(db: Db, tokenHash: string) {
  return db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .innerJoin('parties as p', 'p.id', 'u.party_id')
    .select(['u.id', 'u.party_id', 'u.is_admin'])
    .where('f.token_hash', '=', tokenHash)
    .where(mayStillSignIn)
    .executeTakeFirst();
}

/** Events as a calendar file shows them, with the party's own RSVP status (null if none). */
function icsEvents(db: Db, partyId: number) {
  return db
    .selectFrom('calendar_events as e')
    .innerJoin('clubs as c', 'c.id', 'e.club_id')
    .innerJoin('calendar_event_descriptions as d', 'd.id', 'e.calendar_event_description_id')
    .leftJoin('event_attendees as a', (join) =>
      join.onRef('a.calendar_event_id', '=', 'e.id').on('a.party_id', '=', partyId),
    )
    .select([
      'e.id',
      'e.name',
      'e.location',
      'e.club_id',
      'e.party_id',
      'e.access',
      'e.start_at',
      'e.end_at',
      'e.time_zone_id',
      'e.updated_at',
      'd.body',
      'c.name as club_name',
      'a.status',
      'e.series_id',
      'e.recurrence_start_at',
      'e.occurrence_changed',
      'e.cancelled_at',
    ]);
}

export type IcsEventRow = Awaited<
  ReturnType<ReturnType<typeof icsEvents>['executeTakeFirstOrThrow']>
>;

/** One event as a calendar file shows it, whoever may see it; undefined if there is none. */
export function icsEventById(db: Db, partyId: number, id: number) {
  return icsEvents(db, partyId).where('e.id', '=', id).executeTakeFirst();
}

/**
 * A feed's candidates, soonest first, at most `max`: the events of the member's clubs and
 * followed clubs and those they answered, starting in [from, to). Whether the member may see
 * each is the caller's to ask.
 */
export function feedEventsOf(
  db: Db,
  who: { partyId: number; userId: number },
  window: { from: number; to: number; max: number },
): Promise<IcsEventRow[]> {
  return icsEvents(db, who.partyId)
    .where((eb) =>
      eb.or([
        eb('e.club_id', 'in', clubIdsOf(db, who.partyId)),
        eb('e.club_id', 'in', followedClubIds(db, who.userId)),
        eb('a.id', 'is not', null),
      ]),
    )
    .where('e.start_at', '>=', window.from)
    .where('e.start_at', '<', window.to)
    .orderBy('e.start_at')
    .orderBy('e.id')
    .limit(window.max)
    .execute();
}

/** Series as their one VEVENT shows them (D80): the rule, its start, its own text. */
export function seriesForIcs(db: Db, seriesIds: readonly number[]) {
  return db
    .selectFrom('calendar_event_series as s')
    .innerJoin('clubs as c', 'c.id', 's.club_id')
    .innerJoin('calendar_event_descriptions as d', 'd.id', 's.calendar_event_description_id')
    .select([
      's.id',
      's.club_id',
      's.party_id',
      's.access',
      's.name',
      's.location',
      's.rrule',
      's.start_date',
      's.start_minutes',
      's.time_zone_id',
      's.duration_minutes',
      's.updated_at',
      'd.body',
      'c.name as club_name',
    ])
    .where('s.id', 'in', seriesIds)
    .execute();
}

/**
 * The series' meetings that are not the rule's copy: cancelled ones (EXDATE) and those changed
 * alone (a VEVENT with RECURRENCE-ID), with the party's own answer to each.
 */
export function seriesExceptionsOf(db: Db, partyId: number, seriesIds: readonly number[]) {
  return icsEvents(db, partyId)
    .where('e.series_id', 'in', seriesIds)
    .where((eb) =>
      eb.or([eb('e.cancelled_at', 'is not', null), eb('e.occurrence_changed', '=', 1)]),
    )
    .orderBy('e.recurrence_start_at')
    .execute();
}
