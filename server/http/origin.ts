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
