import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OutgoingHttpHeaders } from 'node:http';
import { eventStreamQuerySchema, lastEventIdSchema } from '../../../common/schemas/chat.ts';
import { ValidationError } from '../../errors.ts';
import { openEventStream } from '../../services/event-streams.ts';

const NOT_AN_EVENT_ID = 'is not a valid event id';

/**
 * GET /events (docs/decisions.md D43): server-sent events for the signed-in member, signed like
 * every call; the browser reads it with fetch, which can send the signature headers
 * (EventSource cannot). The answer is written to the raw response: Fastify's serializer and
 * onSend hooks would wait for a body that never ends.
 */
export function registerEventRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/events',
    {
      // Not in the OpenAPI document: an endless text/event-stream answer is not an operation a
      // generated client can call (docs/api.md "Events" describes it).
      schema: { hide: true, querystring: eventStreamQuerySchema },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const header = request.headers['last-event-id'];
      let lastEventId = request.query.last_event_id ?? null;
      if (typeof header === 'string' && header !== '') {
        const parsed = lastEventIdSchema.safeParse(header.trim());
        if (!parsed.success) throw new ValidationError({ last_event_id: [NOT_AN_EVENT_ID] });
        lastEventId = parsed.data;
      }
      reply.hijack();
      const { raw } = reply;
      // The headers hooks set so far (security, request id) go out with the stream's own.
      const headers: OutgoingHttpHeaders = {
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx and other proxies would otherwise hold the events back in a buffer.
        'x-accel-buffering': 'no',
        // A stream ends when it is closed (sign-out, shutdown); its connection goes with it
        // rather than idling in keep-alive, which would hold a closing server open.
        connection: 'close',
      };
      raw.writeHead(200, headers);
      raw.write(': open\n\n');
      try {
        await openEventStream(app.services, request.actor, request.session, lastEventId, {
          write: (text) => raw.write(text),
          get pendingBytes() {
            return raw.writableLength;
          },
          end: () => raw.end(),
          onClose: (listener) => {
            if (raw.destroyed) listener();
            else raw.once('close', listener);
          },
        });
      } catch (error) {
        request.log.error({ err: error }, 'an event stream could not open');
        raw.end();
      }
    },
  );
}
