/**
 * Calendar feeds (decisions D30, D54): a member's private address that calendar programs
 * subscribe to, holding their My Events (their lodges' and followed lodges' events they may
 * see) and the events they answered, and one event's download. The address is a secret of its
 * own: the feed is read with no session, so only its token's hash is kept (the address is
 * shown once, when made), a new address replaces the old one at once, and a member who may no
 * longer sign in gets no feed.
 */
import { NO_SUCH_CALENDAR_FEED, NO_SUCH_EVENT } from '../../common/messages.ts';
import { requireMember, type Actor, type Member } from '../auth/actor.ts';
import { mayStillSignIn } from '../auth/sessions.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { clubIdsOf, currentClubIdsOf } from '../db/memberships.ts';
import { NotFoundError } from '../errors.ts';
import { mayViewCalendarEvent } from '../policies/calendar-events.ts';
import type { IcsEvent } from '../presenters/calendar-ics.ts';
import type { ServiceContext } from './context.ts';
import { plainText } from './rich-text.ts';

/** The feed holds events from a month back to a little over a year ahead, at most 500. */
export const FEED_PAST_MS = 31 * 86_400_000;
export const FEED_AHEAD_MS = 400 * 86_400_000;
export const FEED_MAX_EVENTS = 500;

/** That the member has a feed, and since when; its address is not kept to show again. */
export interface CalendarFeed {
  created_at: number;
}

/** A feed just made: the one time its token is at hand. */
export interface NewCalendarFeed extends CalendarFeed {
  token: string;
}

/** GET /calendar_feed.json: whether the member has a feed, or null before they made one. */
export async function getCalendarFeed(
  ctx: ServiceContext,
  actor: Actor,
): Promise<CalendarFeed | null> {
  const member = requireMember(actor);
  const row = await ctx.db
    .selectFrom('calendar_feeds')
    .select('created_at')
    .where('user_id', '=', member.userId)
    .executeTakeFirst();
  return row ?? null;
}

/** POST /calendar_feed.json: a new address; the old one, if any, stops answering. */
export async function renewCalendarFeed(
  ctx: ServiceContext,
  actor: Actor,
): Promise<NewCalendarFeed> {
  const member = requireMember(actor);
  const feed = { token: newToken(), created_at: Date.now() };
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('calendar_feeds').where('user_id', '=', member.userId).execute();
    await trx
      .insertInto('calendar_feeds')
      .values({
        user_id: member.userId,
        token_hash: hashToken(feed.token),
        created_at: feed.created_at,
      })
      .execute();
  });
  return feed;
}

/** DELETE /calendar_feed.json: no address any more. */
export async function deleteCalendarFeed(ctx: ServiceContext, actor: Actor): Promise<void> {
  const member = requireMember(actor);
  await ctx.db.deleteFrom('calendar_feeds').where('user_id', '=', member.userId).execute();
}

function selectEvents(ctx: ServiceContext, partyId: number) {
  return ctx.db
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
    ]);
}

type EventRow = Awaited<ReturnType<ReturnType<typeof selectEvents>['executeTakeFirstOrThrow']>>;

function icsEventOf(row: EventRow, appUrl: string): IcsEvent {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    description: plainText(row.body),
    start_at: row.start_at,
    end_at: row.end_at,
    time_zone_id: row.time_zone_id,
    club_name: row.club_name,
    updated_at: row.updated_at,
    url: `${appUrl}/calendar/${row.id}`,
    going: row.status === null ? null : row.status === 'YES',
  };
}

/** The member of a live feed address, if they may still sign in; else a 404. */
async function feedMember(ctx: ServiceContext, token: string): Promise<Member> {
  const row = await ctx.db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .innerJoin('parties as p', 'p.id', 'u.party_id')
    .select(['u.id', 'u.party_id', 'u.is_admin'])
    .where('f.token_hash', '=', hashToken(token))
    .where(mayStillSignIn)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(NO_SUCH_CALENDAR_FEED);
  return { kind: 'member', userId: row.id, partyId: row.party_id, isAdmin: row.is_admin === 1 };
}

/**
 * GET /feeds/calendar/{token}.ics: the member's My Events and the events they answered, from a
 * month back, soonest first, each only if the member may see it.
 */
export async function calendarFeedEvents(
  ctx: ServiceContext,
  token: string,
  appUrl: string,
  now = Date.now(),
): Promise<IcsEvent[]> {
  const member = await feedMember(ctx, token);
  const rows = await selectEvents(ctx, member.partyId)
    .where((eb) =>
      eb.or([
        eb('e.club_id', 'in', clubIdsOf(ctx.db, member.partyId)),
        eb(
          'e.club_id',
          'in',
          eb
            .selectFrom('favorite_clubs as fc')
            .select('fc.club_id')
            .where('fc.user_id', '=', member.userId),
        ),
        eb('a.id', 'is not', null),
      ]),
    )
    .where('e.start_at', '>=', now - FEED_PAST_MS)
    .where('e.start_at', '<', now + FEED_AHEAD_MS)
    .orderBy('e.start_at')
    .orderBy('e.id')
    .limit(FEED_MAX_EVENTS)
    .execute();
  const clubIds = await currentClubIdsOf(ctx.db, member.partyId);
  return rows
    .filter((row) =>
      mayViewCalendarEvent(
        member,
        { clubId: row.club_id, partyId: row.party_id, access: row.access },
        clubIds,
      ),
    )
    .map((row) => icsEventOf(row, appUrl));
}

/** GET /calendar_events/{id}.ics: one event the member may see, for their own calendar. */
export async function calendarEventForIcs(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  appUrl: string,
): Promise<IcsEvent> {
  const member = requireMember(actor);
  const row = await selectEvents(ctx, member.partyId).where('e.id', '=', id).executeTakeFirst();
  if (
    !row ||
    !mayViewCalendarEvent(
      member,
      { clubId: row.club_id, partyId: row.party_id, access: row.access },
      await currentClubIdsOf(ctx.db, member.partyId),
    )
  ) {
    throw new NotFoundError(NO_SUCH_EVENT);
  }
  return icsEventOf(row, appUrl);
}
