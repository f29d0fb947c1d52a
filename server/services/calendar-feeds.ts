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
import { hashToken, newToken } from '../auth/tokens.ts';
import {
  deleteFeedOf,
  feedEventsOf,
  feedOf,
  feedUserOf,
  icsEventById,
  insertFeed,
  seriesExceptionsOf,
  seriesForIcs,
} from '../db/calendar/feeds.ts';
import type { IcsEventRow } from '../db/calendar/feeds.ts';
import type { Access } from '../db/schema.ts';
import { zonedTimeToInstant } from '../../common/event-time.ts';
import { currentClubIdsOf } from '../db/memberships.ts';
import { NotFoundError } from '../errors.ts';
import { mayViewCalendarEvent } from '../policies/calendar-events.ts';
import type { IcsEvent } from '../presenters/calendar-ics.ts';
import type { ServiceContext } from './context.ts';
import { plainText } from './rich-text.ts';
import { icsEventOf } from './unguarded/event-ics.ts';

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
  return (await feedOf(ctx.db, member.userId)) ?? null;
}

/** POST /calendar_feed.json: a new address; the old one, if any, stops answering. */
export async function renewCalendarFeed(
  ctx: ServiceContext,
  actor: Actor,
): Promise<NewCalendarFeed> {
  const member = requireMember(actor);
  const feed = { token: newToken(), created_at: Date.now() };
  await ctx.db.transaction().execute(async (trx) => {
    await deleteFeedOf(trx, member.userId);
    await insertFeed(trx, {
      userId: member.userId,
      tokenHash: hashToken(feed.token),
      createdAt: feed.created_at,
    });
  });
  return feed;
}

/** DELETE /calendar_feed.json: no address any more. */
export async function deleteCalendarFeed(ctx: ServiceContext, actor: Actor): Promise<void> {
  const member = requireMember(actor);
  await deleteFeedOf(ctx.db, member.userId);
}

type SeriesIcsRow = Awaited<ReturnType<typeof seriesForIcs>>[number];

/**
 * The feed's rows as calendar programs want them (D80): a single event as itself; a series as
 * one VEVENT with its RRULE and an EXDATE for each cancelled meeting, and a VEVENT with
 * RECURRENCE-ID for each meeting changed alone or that the member said No to, never the rule's
 * expanded copies. Only what the member may see.
 */
async function icsEventsOf(
  ctx: ServiceContext,
  member: Member,
  rows: readonly IcsEventRow[],
  appUrl: string,
): Promise<IcsEvent[]> {
  const clubIds = await currentClubIdsOf(ctx.db, member.partyId);
  const visible = (row: { club_id: number; party_id: number | null; access: Access }) =>
    mayViewCalendarEvent(
      member,
      { clubId: row.club_id, partyId: row.party_id, access: row.access },
      clubIds,
    );
  const events = rows
    .filter((row) => row.series_id === null && visible(row))
    .map((row) => icsEventOf(row, appUrl));
  const seriesIds = [
    ...new Set(rows.flatMap((row) => (row.series_id === null ? [] : [row.series_id]))),
  ];
  if (seriesIds.length === 0) return events;
  const [series, exceptions] = await Promise.all([
    seriesForIcs(ctx.db, seriesIds),
    seriesExceptionsOf(ctx.db, member.partyId, seriesIds),
  ]);
  for (const one of series.filter(visible)) {
    const uid = `calendar-event-series-${one.id}`;
    const own = exceptions.filter((row) => row.series_id === one.id);
    const meeting = rows.find((row) => row.series_id === one.id && row.cancelled_at === null);
    events.push(seriesIcsEvent(one, own, meeting?.id ?? own[0]?.id ?? 0, appUrl));
    const overrides = new Map<number, IcsEventRow>();
    for (const row of own) if (row.cancelled_at === null) overrides.set(row.id, row);
    for (const row of rows) {
      if (row.series_id === one.id && row.status === 'NO' && row.cancelled_at === null) {
        overrides.set(row.id, row);
      }
    }
    for (const row of overrides.values()) {
      if (!visible(row) || row.recurrence_start_at === null) continue;
      events.push({
        ...icsEventOf(row, appUrl),
        uid,
        recurrenceId: Number(row.recurrence_start_at),
      });
    }
  }
  return events.sort((a, b) => a.start_at - b.start_at);
}

function seriesIcsEvent(
  series: SeriesIcsRow,
  exceptions: readonly IcsEventRow[],
  meetingId: number,
  appUrl: string,
): IcsEvent {
  const startAt = zonedTimeToInstant(series.start_date, series.start_minutes, series.time_zone_id);
  return {
    id: meetingId,
    uid: `calendar-event-series-${series.id}`,
    name: series.name,
    location: series.location,
    description: plainText(series.body),
    start_at: startAt,
    end_at: series.duration_minutes === null ? null : startAt + series.duration_minutes * 60_000,
    time_zone_id: series.time_zone_id,
    club_name: series.club_name,
    updated_at: Number(series.updated_at),
    url: `${appUrl}/calendar/${meetingId}`,
    going: null,
    repeating: {
      rrule: series.rrule,
      exdates: exceptions
        .filter((row) => row.cancelled_at !== null && row.recurrence_start_at !== null)
        .map((row) => Number(row.recurrence_start_at)),
    },
  };
}

/** The member of a live feed address, if they may still sign in; else a 404. */
async function feedMember(ctx: ServiceContext, token: string): Promise<Member> {
  const row = await feedUserOf(ctx.db, hashToken(token));
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
  const rows = await feedEventsOf(ctx.db, member, {
    from: now - FEED_PAST_MS,
    to: now + FEED_AHEAD_MS,
    max: FEED_MAX_EVENTS,
  });
  return icsEventsOf(ctx, member, rows, appUrl);
}

/**
 * GET /calendar_events/{id}.ics: one event the member may see, for their own calendar; for a
 * meeting of a series, the series (its rule, cancelled and changed meetings), as the feed has it.
 */
export async function calendarEventForIcs(
  ctx: ServiceContext,
  actor: Actor,
  id: number,
  appUrl: string,
): Promise<IcsEvent[]> {
  const member = requireMember(actor);
  const row = await icsEventById(ctx.db, member.partyId, id);
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
  return row.series_id === null
    ? [icsEventOf(row, appUrl)]
    : icsEventsOf(ctx, member, [row], appUrl);
}
