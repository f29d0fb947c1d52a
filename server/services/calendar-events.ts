/**
 * The calendar's reads (§7 Calendar; API-CAL-01, -02, -07..09): the three tabs, a club's
 * calendar, one event, its attendees, and the member's own RSVP.
 *
 * Each list's events and order are db/calendar/lists.ts (docs/decisions.md D31), its pages
 * services/unguarded/calendar.ts. Who sees what is mayViewCalendarEvent
 * (policies/calendar-events.ts), written as SQL in db/calendar/lists.ts `visibleTo` and held to
 * the policy on the demo data by calendar-events.db.test.ts.
 */
import type { Transaction } from 'kysely';
import { NO_SUCH_EVENT, NO_SUCH_RSVP, ONLY_OWN_RSVP } from '../../common/messages.ts';
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
import {
  insertRsvp,
  lockEvent,
  namedAttendeesOf,
  recountAttendance,
  rsvpById,
  rsvpIdOf,
  rsvpWithCounts,
  unnamedAttendeeCount,
  updateRsvp,
} from '../db/calendar/attendees.ts';
import { partyVisibleTo } from '../db/parties.ts';
import type { PartyFilter } from '../db/calendar/attendees.ts';
import {
  calendarClubBySubdomain,
  clubsOfTypes,
  clubTree,
  clubTypesOfOrganization,
} from '../db/calendar/clubs.ts';
import { eventById } from '../db/calendar/events.ts';
import type { EventRowWithBody } from '../db/calendar/events.ts';
import {
  eventsOfClub,
  eventsOfClubs,
  eventsOfPart,
  MY_EVENTS,
  nearbyEvents,
  otherEvents,
  todayByZone,
} from '../db/calendar/lists.ts';
import { currentClubIdsOf } from '../db/memberships.ts';
import type { AttendeeStatus, Database } from '../db/schema.ts';
import { NotFoundError } from '../errors.ts';
import { assertAllowed } from '../policies/assert.ts';
import { mayChangeRsvp, mayViewCalendarEvent } from '../policies/calendar-events.ts';
import {
  presentAttendanceCounts,
  presentCalendarEventDetail,
  presentEventAttendee,
  presentOwnAttendee,
} from '../presenters/calendar-event.ts';
import { visibleClubOr404 } from './club-visibility.ts';
import { throwIfCancelled } from './cancelled-events.ts';
import { scheduleReminder } from './unguarded/event-reminders.ts';
import { storedEventById } from '../db/content-events.ts';
import type { ServiceContext } from './context.ts';
import {
  nearbyClubsOf,
  presentEventPage,
  readCalendarPage,
  type CalendarPage,
  type CalendarPageRequest,
  type CalendarViewer,
} from './unguarded/calendar.ts';
import { eventWithAbilities, withEventAbilities } from './unguarded/event-abilities.ts';

// calendar-event-writes.ts reads an event's row as the lists do.
export { selectEvents } from '../db/calendar/events.ts';
export type { CalendarPage, CalendarPageRequest } from './unguarded/calendar.ts';

function viewerOf(member: Member): CalendarViewer {
  return { partyId: member.partyId, userId: member.userId, seesAll: member.isAdmin };
}

/** GET /calendar_events.json?group=: one page of a calendar tab (CAL-01, CAL-02). */
export async function listCalendarEvents(
  ctx: ServiceContext,
  actor: Actor,
  group: CalendarGroup,
  request: CalendarPageRequest,
): Promise<CalendarPage> {
  const member = requireMember(actor);
  const page = await readCalendarTab(ctx, member, group, request);
  return { ...page, calendar_events: await withEventAbilities(ctx, member, page.calendar_events) };
}

async function readCalendarTab(
  ctx: ServiceContext,
  member: Member,
  group: CalendarGroup,
  request: CalendarPageRequest,
): Promise<CalendarPage> {
  const viewer = viewerOf(member);
  if (group === 'my_events') return readCalendarPage(ctx, viewer, MY_EVENTS, request);
  const near = await nearbyClubsOf(ctx, member);
  if (group === 'nearby_events') {
    if (near.size === 0) return { calendar_events: [], next_cursor: null };
    return readCalendarPage(ctx, viewer, nearbyEvents(near), request);
  }
  return readCalendarPage(ctx, viewer, otherEvents([...near.keys()]), request);
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
    await calendarClubBySubdomain(ctx.db, subdomain),
  );
  const [types, tree] = await Promise.all([
    clubTypesOfOrganization(ctx.db, club.organization_id),
    clubTree(ctx.db, club.id),
  ]);
  const shown = typeNames === undefined ? tree : await clubsOfTypes(ctx.db, tree, typeNames);
  const page: CalendarPage =
    shown.length === 0
      ? { calendar_events: [], next_cursor: null }
      : await readCalendarPage(ctx, viewerOf(member), eventsOfClubs(shown), request);
  return {
    ...page,
    calendar_events: await withEventAbilities(ctx, member, page.calendar_events),
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
  const rows = await eventsOfPart(ctx.db, eventsOfClub(clubId), 'u', {
    who: { partyId: member.partyId, userId: member.userId },
    seesAll: member.isAdmin,
    t: now,
    today: todayByZone(now),
    from: null,
    limit: 1,
  });
  const [event] = await presentEventPage(
    ctx,
    member.partyId,
    rows.map((row) => row.id),
  );
  return event ? eventWithAbilities(ctx, member, event) : null;
}

// ---- One event ----------------------------------------------------------------------------

/** The event's row if the member may see it (mayViewCalendarEvent); otherwise a 404. */
async function loadVisibleEvent(
  ctx: ServiceContext,
  member: Member,
  id: number,
): Promise<EventRowWithBody> {
  const row = await eventById(ctx.db, id);
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
  const row = await loadVisibleEvent(ctx, member, id).catch(async (error: unknown) => {
    // A deleted event's old link says it was cancelled (D81).
    if (error instanceof NotFoundError) await throwIfCancelled(ctx, member, id);
    throw error;
  });
  const [event] = await presentEventPage(ctx, member.partyId, [row.id]);
  if (!event) throw new NotFoundError(NO_SUCH_EVENT);
  const detail = presentCalendarEventDetail(event, {
    id: row.calendar_event_description_id,
    body: row.description_body,
  });
  return eventWithAbilities(ctx, member, detail);
}

/**
 * GET /calendar_events/{id}/attendees (CAL-19): going first, then by name. Only the members the
 * viewer may find in the directory are named (mayViewParty, D37, written as SQL in
 * `db/parties.ts` `partyVisibleTo`), the viewer always among them; the others are only counted (D53), so an
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
  const shown: PartyFilter = (eb) => partyVisibleTo(ctx.db, eb, member.partyId);
  const [rows, hidden] = await Promise.all([
    namedAttendeesOf(ctx.db, id, shown),
    unnamedAttendeeCount(ctx.db, id, shown),
  ]);
  return {
    event_attendees: rows.map((row) => presentEventAttendee(row, { ...row, id: row.party_id })),
    hidden_attendee_count: hidden,
  };
}

// ---- RSVP (CAL-15, CAL-16): one per member and event -----------------------------------

export interface RsvpAnswer {
  event_attendee: OwnEventAttendee;
  event_attendance_counts: EventAttendanceCounts;
}

/** "Not Going" brings no guests (AMB-43): a NO is saved with 0 whatever was sent. */
function guestsFor(status: AttendeeStatus, guests: number): number {
  return status === 'YES' ? guests : 0;
}

async function rsvpAnswer(ctx: ServiceContext, attendeeId: number): Promise<RsvpAnswer> {
  const row = await rsvpWithCounts(ctx.db, attendeeId);
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
  rsvp: { partyId: number; going: boolean },
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction().execute(async (trx) => {
    // Deleted since it was checked: as unknown as it is now, not a failed insert.
    if (!(await lockEvent(trx, eventId))) throw new NotFoundError(NO_SUCH_EVENT);
    const result = await write(trx);
    await recountAttendance(trx, eventId);
    // Going schedules the member's reminder, Not going cancels it (D81).
    const event = await storedEventById(trx, eventId);
    if (event) {
      // An answer to a meeting called off schedules nothing (D80).
      const going = rsvp.going && event.cancelled_at === null;
      const reminder = { eventId, ...rsvp, going, startAt: event.start_at };
      await scheduleReminder(trx, ctx.jobs, reminder, Date.now());
    }
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
  const eventId = request.calendar_event_id;
  await loadVisibleEvent(ctx, member, eventId);
  const values = {
    status: request.status,
    guests: guestsFor(request.status, request.guests),
    at: Date.now(),
  };
  const rsvp = { partyId: member.partyId, going: request.status === 'YES' };
  const id = await writeRsvp(ctx, eventId, rsvp, async (trx) => {
    const existing = await rsvpIdOf(trx, eventId, member.partyId);
    if (existing !== undefined) {
      await updateRsvp(trx, existing, values);
      return existing;
    }
    return insertRsvp(trx, eventId, member.partyId, values);
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
  const row = await rsvpById(ctx.db, id);
  if (!row) throw new NotFoundError(NO_SUCH_RSVP);
  // An RSVP to an event one may not see is as unknown as the event.
  try {
    await loadVisibleEvent(ctx, member, row.calendar_event_id);
  } catch (error) {
    if (error instanceof NotFoundError) throw new NotFoundError(NO_SUCH_RSVP);
    throw error;
  }
  assertAllowed(mayChangeRsvp(member, row.party_id), ONLY_OWN_RSVP);
  const rsvp = { partyId: row.party_id, going: request.status === 'YES' };
  await writeRsvp(ctx, row.calendar_event_id, rsvp, (trx) =>
    updateRsvp(trx, id, {
      status: request.status,
      guests: guestsFor(request.status, request.guests),
      at: Date.now(),
    }),
  );
  return rsvpAnswer(ctx, id);
}
