import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BASE_PATH } from '../../../common/constants.ts';
import {
  CALENDAR_FEED_PREFIX,
  calendarEventIcsParamsSchema,
  calendarFeedAnswerSchema,
  newCalendarFeedAnswerSchema,
} from '../../../common/schemas/calendar-feed.ts';
import { originOf } from '../../http/origin.ts';
import { presentIcs } from '../../presenters/calendar-ics.ts';
import {
  calendarEventForIcs,
  calendarFeedEvents,
  deleteCalendarFeed,
  getCalendarFeed,
  renewCalendarFeed,
} from '../../services/calendar-feeds.ts';

const ICS_TYPE = 'text/calendar; charset=utf-8';

/** The member's feed address and one event's download (signed API calls, decision D30). */
export function registerCalendarFeedRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/calendar_feed.json',
    {
      schema: {
        summary:
          'Whether the member has a private calendar feed, and since when; its address is shown only when made',
        tags: ['calendar'],
        response: { 200: calendarFeedAnswerSchema },
      },
    },
    async (request) => {
      const feed = await getCalendarFeed(app.services, request.actor);
      return { data: { calendar_feed: feed ? { url: null, created_at: feed.created_at } : null } };
    },
  );

  api.post(
    '/calendar_feed.json',
    {
      schema: {
        summary: 'A new calendar feed address, answered this once; the old one stops answering',
        tags: ['calendar'],
        response: { 200: newCalendarFeedAnswerSchema },
      },
    },
    async (request) => {
      const feed = await renewCalendarFeed(app.services, request.actor);
      const url = `${originOf(app, request)}${CALENDAR_FEED_PREFIX}/${feed.token}.ics`;
      return { data: { calendar_feed: { url, created_at: feed.created_at } } };
    },
  );

  api.delete(
    '/calendar_feed.json',
    {
      schema: {
        summary: 'No calendar feed address any more',
        tags: ['calendar'],
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await deleteCalendarFeed(app.services, request.actor);
      return reply.code(204).send();
    },
  );

  api.get(
    '/calendar_events/:id.ics',
    {
      schema: {
        summary: 'One event as iCalendar, to add to a calendar program',
        tags: ['calendar'],
        params: calendarEventIcsParamsSchema,
        produces: ['text/calendar'],
        // The body is text, sent as is; the schema only documents it.
        response: { 200: z.string().describe('The event as iCalendar (RFC 5545)') },
        refusals: [404],
      },
    },
    async (request, reply) => {
      const origin = originOf(app, request);
      const events = await calendarEventForIcs(
        app.services,
        request.actor,
        request.params.id,
        `${origin}${BASE_PATH}`,
      );
      return reply
        .type(ICS_TYPE)
        .header('content-disposition', `attachment; filename="event-${request.params.id}.ics"`)
        .send(presentIcs(events[0]?.name ?? '', events, request.host));
    },
  );
}

/**
 * GET /feeds/calendar/{token}.ics: the feed itself, outside the API and the app's routes, with
 * no session: calendar programs cannot sign. The token in the address is the secret.
 */
export function registerCalendarFeedDownloadRoutes(app: FastifyInstance): void {
  app.get<{ Params: { token: string } }>(
    `${CALENDAR_FEED_PREFIX}/:token.ics`,
    { schema: { hide: true } },
    async (request, reply) => {
      const origin = originOf(app, request);
      const events = await calendarFeedEvents(
        app.services,
        request.params.token,
        `${origin}${BASE_PATH}`,
      );
      return reply
        .type(ICS_TYPE)
        .header('cache-control', 'private, no-store')
        .send(presentIcs('Lodgehall: My Events', events, request.host));
    },
  );
}
