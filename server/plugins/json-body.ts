import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as sent: request signatures are made over these bytes. */
    rawBody?: string;
  }
}

/**
 * Parses JSON bodies while keeping their text for the signature check. Like Fastify's own
 * parser it refuses `__proto__` and `constructor.prototype` keys (prototype poisoning).
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    request.rawBody = text;
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(
        null,
        secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }),
      );
    } catch {
      done(new AppError(400, 'malformed-json', 'The request body is not valid JSON.'), undefined);
    }
  });
}
