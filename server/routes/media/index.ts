import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  MEDIA_CACHE_CONTROL,
  MEDIA_PREFIX,
  contentTypeOfKey,
  isValidStorageKey,
} from '../../storage/storage.ts';

// The route's own tests and the API tests read it here, where the headers are set.
export { MEDIA_CACHE_CONTROL } from '../../storage/storage.ts';

/**
 * GET /media/<key>: photos and avatars from storage (docs/architecture.md §1), outside the API prefix and
 * without a session: the key is the secret, as with any unguessable-URL image host. The content
 * type comes from the key's extension, which the image pipeline chose from the real bytes.
 */
export function registerMediaRoutes(app: FastifyInstance): void {
  const notFound = (reply: FastifyReply) =>
    reply
      .code(404)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send('Not found');

  const headersFor = (reply: FastifyReply, contentType: string, size: number) =>
    reply
      .header('content-type', contentType)
      .header('content-length', String(size))
      .header('cache-control', MEDIA_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff');

  // Objects are read whole rather than streamed, from a folder or a bucket alike: they are at
  // most a few megabytes (the image pipeline's limit), a file stream left unread (a HEAD, a
  // client gone early) held its request open and stalled shutdown, and an S3 body left unread
  // would hold one of the S3 client's pooled connections (docs/decisions.md D75).
  app.get<{ Params: { '*': string } }>(
    `${MEDIA_PREFIX}/*`,
    { schema: { hide: true }, logLevel: 'warn' },
    async (request, reply) => {
      const key = request.params['*'];
      const bytes = isValidStorageKey(key) ? await app.services.storage.get(key) : null;
      if (!bytes) return notFound(reply);
      return headersFor(reply, contentTypeOfKey(key), bytes.length).send(bytes);
    },
  );
}
