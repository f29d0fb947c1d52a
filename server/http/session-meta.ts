import type { FastifyRequest } from 'fastify';
import type { NewSessionMeta } from '../auth/sessions.ts';

/** What a new session records of the client that opened it (sign-in, registration, reset). */
export function sessionMeta(request: FastifyRequest): NewSessionMeta {
  const one = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value[0] : value) ?? null;
  };
  return {
    ip: request.ip,
    userAgent: one('user-agent'),
    clientId: one('x-client-id'),
    clientVersion: one('x-client-version'),
  };
}
