import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  calendarEventAnswerSchema,
  calendarEventIdParamsSchema,
  calendarListAnswerSchema,
  calendarListQuerySchema,
  clubCalendarAnswerSchema,
  clubCalendarListQuerySchema,
  createEventAttendeeRequestSchema,
  eventAttendeeAnswerSchema,
  eventAttendeeIdParamsSchema,
  eventAttendeesAnswerSchema,
  updateEventAttendeeRequestSchema,
} from '../../../common/schemas/calendar-event.ts';
import {
  createEventAttendee,
  getCalendarEvent,
  listCalendarEvents,
  listClubCalendarEvents,
  listEventAttendees,
  updateEventAttendee,
} from '../../services/calendar-events.ts';
import { registerCalendarEventWriteRoutes } from './event-writes.ts';

/**
 * The calendar's reads and RSVPs (§7 Calendar; API-CAL-01, -02, -07..09), and the event writes
 * of event-writes.ts. Signed member routes: the auth plugin guards them.
 */
export function registerCalendarEventRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  registerCalendarEventWriteRoutes(app);

  api.get(
    '/calendar_events.json',
    {
      schema: {
        summary: 'A calendar tab: upcoming events soonest first, then past ones; cursor pages',
        tags: ['calendar'],
        querystring: calendarListQuerySchema,
        response: { 200: calendarListAnswerSchema },
      },
    },
    async (request) => {
      const { group, cursor } = request.query;
      const page = await listCalendarEvents(app.services, request.actor, group, { cursor });
      return { data: page };
    },
  );

  api.get(
    '/clubs/calendar_events.json',
    {
      schema: {
        summary: "A club's calendar: its events and its sub-clubs', with the type names",
        tags: ['calendar'],
        querystring: clubCalendarListQuerySchema,
        response: { 200: clubCalendarAnswerSchema },
        refusals: [404],
      },
    },
    async (request) => {
      const { subdomain, cursor, types } = request.query;
      const typeNames = types?.split(',').map((name) => name.trim());
      const page = await listClubCalendarEvents(
        app.services,
        request.actor,
        subdomain,
        { cursor },
        typeNames,
      );
      return { data: page };
    },
  );

  api.get(
    '/calendar_events/:id.json',
    {
      schema: {
        summary:
          'One event with its description; 404 when the member may not see it, 410 when it was deleted',
        tags: ['calendar'],
        params: calendarEventIdParamsSchema,
        response: { 200: calendarEventAnswerSchema },
        refusals: [404, 410],
      },
    },
    async (request) => {
      const event = await getCalendarEvent(app.services, request.actor, request.params.id);
      return { data: { calendar_event: event } };
    },
  );

  api.get(
    '/calendar_events/:id/attendees',
    {
      schema: {
        summary:
          "An event's RSVPs, going first: those one may find named, the others counted; 404 if hidden",
        tags: ['calendar'],
        params: calendarEventIdParamsSchema,
        response: { 200: eventAttendeesAnswerSchema },
        refusals: [404],
      },
    },
    async (request) => ({
      data: await listEventAttendees(app.services, request.actor, request.params.id),
    }),
  );

  api.post(
    '/event_attendees.json',
    {
      schema: {
        summary: "RSVP to an event (guests 0 to 9); a second one changes the member's RSVP",
        tags: ['calendar'],
        body: createEventAttendeeRequestSchema,
        response: { 200: eventAttendeeAnswerSchema },
        refusals: [404],
      },
    },
    async (request) => ({
      data: await createEventAttendee(app.services, request.actor, request.body),
    }),
  );

  api.put(
    '/event_attendees/:id.json',
    {
      schema: {
        summary: "Change one's own RSVP; another member's is a 403",
        tags: ['calendar'],
        params: eventAttendeeIdParamsSchema,
        body: updateEventAttendeeRequestSchema,
        response: { 200: eventAttendeeAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: await updateEventAttendee(app.services, request.actor, request.params.id, request.body),
    }),
  );
}
