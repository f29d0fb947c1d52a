import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_UPLOAD_REQUEST_BYTES } from '../../../common/constants.ts';
import {
  calendarEventAnswerSchema,
  calendarEventIdParamsSchema,
  createCalendarEventRequestSchema,
  deleteCalendarEventQuerySchema,
  recurrencePreviewAnswerSchema,
  recurrencePreviewRequestSchema,
  updateCalendarEventRequestSchema,
} from '../../../common/schemas/calendar-event.ts';
import { mailLinkOriginOf } from '../../http/origin.ts';
import {
  announceCalendarEvent,
  createCalendarEvent,
  deleteCalendarEvent,
  getCalendarEventForEdit,
  updateCalendarEvent,
} from '../../services/calendar-event-writes.ts';
import {
  cancelCalendarEventOccurrence,
  previewRecurrence,
} from '../../services/calendar-series.ts';

/**
 * Writing events (§7 Calendar; API-CAL-03..06, AMB-06): the edit load, create, update, delete
 * and Announce. Each answers with the event as GET /calendar_events/{id}.json shows it.
 */
export function registerCalendarEventWriteRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/calendar_events/:id/edit.json',
    {
      schema: {
        summary: 'The event for its edit form (times as labels like 1:00pm); 403 for others',
        tags: ['calendar'],
        params: calendarEventIdParamsSchema,
        response: { 200: calendarEventAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: {
        calendar_event: await getCalendarEventForEdit(
          app.services,
          request.actor,
          request.params.id,
        ),
      },
    }),
  );

  api.post(
    '/calendar_events',
    {
      bodyLimit: MAX_UPLOAD_REQUEST_BYTES,
      schema: {
        summary: 'Create an event of a lodge the member is webmaster of',
        tags: ['calendar'],
        body: createCalendarEventRequestSchema,
        response: { 200: calendarEventAnswerSchema },
        refusals: [403],
      },
    },
    async (request) => ({
      data: {
        calendar_event: await createCalendarEvent(
          app.services,
          request.actor,
          request.body.calendar_event,
        ),
      },
    }),
  );

  api.put(
    '/calendar_events/:id.json',
    {
      bodyLimit: MAX_UPLOAD_REQUEST_BYTES,
      schema: {
        summary:
          'Edit an event (an admin or a webmaster of its lodge); the lodge stays; a meeting of a series by scope',
        tags: ['calendar'],
        params: calendarEventIdParamsSchema,
        body: updateCalendarEventRequestSchema,
        response: { 200: calendarEventAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: {
        calendar_event: await updateCalendarEvent(
          app.services,
          request.actor,
          request.params.id,
          request.body.calendar_event,
          mailLinkOriginOf(app, request),
          request.body.scope,
        ),
      },
    }),
  );

  api.delete(
    '/calendar_events/:id',
    {
      schema: {
        summary:
          'Delete an event while comments are off or none exist (403 otherwise); a meeting of a series by scope',
        tags: ['calendar'],
        params: calendarEventIdParamsSchema,
        querystring: deleteCalendarEventQuerySchema,
        response: { 204: z.undefined() },
        refusals: [403, 404],
      },
    },
    async (request, reply) => {
      await deleteCalendarEvent(
        app.services,
        request.actor,
        request.params.id,
        mailLinkOriginOf(app, request),
        request.query.scope,
      );
      return reply.code(204).send();
    },
  );

  api.post(
    '/calendar_events/:id/announce.json',
    {
      schema: {
        summary: "Announce an event to its lodge's members: a notice and an e-mail each, once",
        tags: ['calendar'],
        params: calendarEventIdParamsSchema,
        response: { 200: calendarEventAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: {
        calendar_event: await announceCalendarEvent(
          app.services,
          request.actor,
          request.params.id,
          mailLinkOriginOf(app, request),
        ),
      },
    }),
  );

  api.post(
    '/calendar_events/:id/cancel.json',
    {
      schema: {
        summary: 'Cancel one meeting of a series (as edit); its page stays, marked cancelled',
        tags: ['calendar'],
        params: calendarEventIdParamsSchema,
        response: { 200: calendarEventAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: {
        calendar_event: await cancelCalendarEventOccurrence(
          app.services,
          request.actor,
          request.params.id,
          mailLinkOriginOf(app, request),
        ),
      },
    }),
  );

  api.post(
    '/calendar_events/recurrence_preview.json',
    {
      schema: {
        summary: "A repeating meeting's rule in words and its first dates, before saving",
        tags: ['calendar'],
        body: recurrencePreviewRequestSchema,
        response: { 200: recurrencePreviewAnswerSchema },
      },
    },
    async (request) => ({ data: previewRecurrence(request.actor, request.body) }),
  );
}
