import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError, httpRefusal } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as sent: request signatures are made over these bytes. */
    rawBody?: string;
  }
}

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/**
 * Why a JSON body cannot be read as sent, or undefined when it can: the signature covers the
 * body's UTF-8 text, so another charset or a compressed body would be checked and parsed as
 * something the client did not send.
 */
function unreadableJson(
  contentType: string | undefined,
  contentEncoding: string | undefined,
): string | undefined {
  const charset = contentType ? CHARSET.exec(contentType)?.[1]?.toLowerCase() : undefined;
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    return 'Send the request body as JSON in UTF-8.';
  }
  if (contentEncoding !== undefined && contentEncoding.trim().toLowerCase() !== 'identity') {
    return 'Send the request body as JSON without compression.';
  }
  return undefined;
}

/**
 * The API reads JSON bodies only (any other type is a 415), and keeps their text for the
 * signature check. Like Fastify's own parser it refuses `__proto__` and
 * `constructor.prototype` keys (prototype poisoning).
 */
export function registerJsonBody(app: FastifyInstance): void {
  // Fastify also reads text/plain by default; no route takes it.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const refusal = unreadableJson(
      request.headers['content-type'],
      request.headers['content-encoding'],
    );
    if (refusal) {
      done(httpRefusal(415, refusal), undefined);
      return;
    }
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
