import type { FastifyInstance } from 'fastify';
import { MEDIA_PREFIX, isValidStorageKey } from '../../storage/storage.ts';

/** Keys are unguessable and never reused, so an object can be cached for good. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * GET /media/<key>: photos and avatars from storage (ARCHITECTURE §1), outside the API prefix and
 * without a session: the key is the secret, as with any unguessable-URL image host. The content
 * type comes from the key's extension, which the image pipeline chose from the real bytes.
 */
export function registerMediaRoutes(app: FastifyInstance): void {
  app.get<{ Params: { '*': string } }>(
    `${MEDIA_PREFIX}/*`,
    { schema: { hide: true }, logLevel: 'warn' },
    async (request, reply) => {
      const key = request.params['*'];
      const object = isValidStorageKey(key) ? await app.services.storage.stream(key) : null;
      if (!object) {
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send('Not found');
      }
      return reply
        .header('content-type', object.contentType)
        .header('content-length', String(object.size))
        .header('cache-control', MEDIA_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .send(object.body);
    },
  );
}
