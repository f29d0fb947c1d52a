import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The address members reach the app at, for links that leave it (feed addresses, e-mails):
 * PUBLIC_URL when set, else the one this request came to.
 */
export function originOf(app: FastifyInstance, request: FastifyRequest): string {
  return (
    app.services.config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`
  );
}

/**
 * Where links in e-mails point: PUBLIC_URL; without it, the request's own address only while
 * e-mail stays in the outbox (a local install), because the Host header is the caller's to
 * choose and must not decide a link sent to other members. Null: send no link.
 */
export function mailLinkOriginOf(app: FastifyInstance, request: FastifyRequest): string | null {
  if (app.services.config.PUBLIC_URL) return originOf(app, request);
  return app.services.mailer.kind === 'outbox' ? originOf(app, request) : null;
}
