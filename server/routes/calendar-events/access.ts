import { signedIn } from '../../test/access-matrix.ts';
import type { AccessEntry, MatrixContext, Outcomes } from '../../test/access-matrix.ts';

/*
 * Who gets what from this folder's operations (the permission matrix, docs/decisions.md D55).
 * Olentangy Lodge (L2) is W's: W and the admin write its events, the others get a 403 for an
 * event they see (a PUBLIC one) and a 404 for one they may not (a CLUB one: only its lodge's
 * members, and its webmaster and the admin, see it). Writes act on a new event of W's each time.
 */

/** A PUBLIC event of L2, changed by its webmaster or an admin (§6 Event edit, PERM-06). */
const BY_WEBMASTER_OR_ADMIN = (status: number): Outcomes => ({
  visitor: 401,
  M: 403,
  M2: 403,
  W: status,
  A: status,
  X: 403,
});

/** W's lodge-only event of L2: seen by W (its webmaster and member) and the admin only. */
const LODGE_ONLY: Outcomes = { visitor: 401, M: 404, M2: 404, W: 200, A: 200, X: 404 };

/** The Centennial Banquet (Harmony Lodge, PUBLIC), which X too has answered. */
async function banquetWithX(ctx: MatrixContext): Promise<number> {
  const banquet = await ctx.demo.event('L1', 'Centennial Banquet');
  await ctx.once('X answers the banquet', () =>
    ctx.ok('X', 'POST', '/event_attendees.json', {
      calendar_event_id: banquet,
      status: 'YES',
      guests: 0,
    }),
  );
  return banquet;
}

/** A new weekly series of W's lodge L2 (PUBLIC); answers its first meeting's id (D80). */
async function meetingOfL2(ctx: MatrixContext): Promise<number> {
  const answer = await ctx.ok<{ data: { calendar_event: { id: number } } }>(
    'W',
    'POST',
    '/calendar_events',
    {
      calendar_event: {
        club_id: ctx.demo.club('L2').id,
        name: `Stated Meeting ${ctx.unique()}`,
        new_description: '<p>Dinner at 6:30.</p>',
        access: 'PUBLIC',
        start_date_string: '05/11/2027',
        start_time_string: '7:30pm',
        time_zone_id: 1,
        recurrence: { frequency: 'weekly', ends: { kind: 'after_count', count: 3 } },
      },
    },
  );
  return answer.data.calendar_event.id;
}

export const access: readonly AccessEntry[] = [
  {
    operation: 'GET /calendar_events/{id}/edit.json',
    expect: BY_WEBMASTER_OR_ADMIN(200),
    request: async (ctx) => ({
      path: `/calendar_events/${await ctx.demo.event('L2', 'Open House')}/edit.json`,
    }),
  },
  {
    // Only a webmaster of the lodge creates its events; being admin is not enough (PERM-06).
    operation: 'POST /calendar_events',
    expect: { visitor: 401, M: 403, M2: 403, W: 200, A: 403, X: 403 },
    request: async (ctx) => ({
      path: '/calendar_events',
      body: {
        calendar_event: {
          club_id: ctx.demo.club('L2').id,
          name: `Ladies Night ${ctx.unique()}`,
          new_description: '<p>Dinner and dancing.</p>',
          access: 'PUBLIC',
          start_date_string: '05/16/2027',
          start_time_string: '7:00pm',
          time_zone_id: 1,
        },
      },
    }),
  },
  {
    operation: 'GET /calendar_events/{id}.json',
    expect: LODGE_ONLY,
    request: async (ctx) => ({
      path: `/calendar_events/${await ctx.fixtures.sharedLodgeOnlyEventOfL2()}.json`,
    }),
  },
  {
    operation: 'PUT /calendar_events/{id}.json',
    expect: BY_WEBMASTER_OR_ADMIN(200),
    request: async (ctx) => ({
      path: `/calendar_events/${await ctx.fixtures.eventOfL2('PUBLIC')}.json`,
      body: { calendar_event: { name: 'Lodge Supper, moved' } },
    }),
  },
  {
    operation: 'DELETE /calendar_events/{id}',
    expect: BY_WEBMASTER_OR_ADMIN(204),
    request: async (ctx) => ({
      path: `/calendar_events/${await ctx.fixtures.eventOfL2('PUBLIC')}`,
    }),
  },
  {
    // The notices and e-mails go to the lodge's members (the test server's outbox).
    operation: 'POST /calendar_events/{id}/announce.json',
    expect: BY_WEBMASTER_OR_ADMIN(200),
    request: async (ctx) => ({
      path: `/calendar_events/${await ctx.fixtures.eventOfL2('PUBLIC')}/announce.json`,
    }),
  },
  {
    operation: 'GET /calendar_events.json',
    expect: signedIn(200),
    request: async () => ({ path: '/calendar_events.json?group=my_events' }),
  },
  {
    // Another organisation's club: its calendar is a 404, as its home is (issue 21, D40).
    operation: 'GET /clubs/calendar_events.json',
    expect: { ...signedIn(200), X: 404 },
    request: async (ctx) => ({
      path: `/clubs/calendar_events.json?subdomain=${ctx.demo.club('L1').subdomain}`,
    }),
  },
  {
    // Every member sees a PUBLIC event and its RSVPs, but of the members who answered only those
    // they may see in the directory (D37; issue 21): Harmony's to X, X to the personas.
    operation: 'GET /calendar_events/{id}/attendees',
    expect: signedIn(200),
    request: async (ctx) => ({ path: `/calendar_events/${await banquetWithX(ctx)}/attendees` }),
  },
  {
    // An RSVP to W's lodge-only event: those who may not see it get its 404.
    operation: 'POST /event_attendees.json',
    expect: LODGE_ONLY,
    request: async (ctx) => ({
      path: '/event_attendees.json',
      body: {
        calendar_event_id: await ctx.fixtures.sharedLodgeOnlyEventOfL2(),
        status: 'YES',
        guests: 1,
      },
    }),
  },
  {
    // M2's RSVP to the banquet: only M2 changes it, an admin neither (mayChangeRsvp).
    operation: 'PUT /event_attendees/{id}.json',
    expect: { visitor: 401, M: 403, M2: 200, W: 403, A: 403, X: 403 },
    request: async (ctx) => {
      const answer = await ctx.ok<{ data: { event_attendee: { id: number } } }>(
        'M2',
        'POST',
        '/event_attendees.json',
        { calendar_event_id: await ctx.demo.event('L1', 'Centennial Banquet'), status: 'YES' },
      );
      return {
        path: `/event_attendees/${answer.data.event_attendee.id}.json`,
        body: { status: 'YES', guests: 1 },
      };
    },
  },
  {
    // Cancel one meeting of a series: as edit (PERM-06); a member gets the 403 of an event they see.
    operation: 'POST /calendar_events/{id}/cancel.json',
    expect: BY_WEBMASTER_OR_ADMIN(200),
    request: async (ctx) => ({
      path: `/calendar_events/${await meetingOfL2(ctx)}/cancel.json`,
    }),
  },
  {
    // The form's preview writes nothing and shows nothing of anyone's: every member may ask.
    operation: 'POST /calendar_events/recurrence_preview.json',
    expect: signedIn(200),
    request: async () => ({
      path: '/calendar_events/recurrence_preview.json',
      body: {
        start_date_string: '01/12/2027',
        start_time_string: '7:30pm',
        time_zone_id: 1,
        recurrence: { frequency: 'monthly_by_weekday', week_of_month: 2, skip_months: [7, 8] },
      },
    }),
  },
];
