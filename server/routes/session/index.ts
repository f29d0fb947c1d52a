import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  sessionAnswerSchema,
  signInRequestSchema,
  signedInAnswerSchema,
} from '../../../common/schemas/session.ts';
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '../../auth/sessions.ts';
import type { NewSessionMeta } from '../../auth/sessions.ts';
import { signIn, signOut } from '../../services/session.ts';
import { currentUser } from '../../services/users.ts';

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

/** The session cookie: HttpOnly, SameSite=Lax, Secure under HTTPS (ARCHITECTURE §5). */
export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.services.config.PUBLIC_URL?.startsWith('https:') ?? false,
    path: '/',
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export function registerSessionRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/session.json',
    {
      config: { public: true },
      schema: {
        summary: 'Sign in (unsigned); opens a session bound to the given public key',
        tags: ['session'],
        body: signInRequestSchema,
        response: { 200: signedInAnswerSchema },
      },
    },
    async (request, reply) => {
      const { token, user, app_public_key } = await signIn(
        app.services,
        request.body.user,
        sessionMeta(request),
      );
      setSessionCookie(app, reply, token);
      return { data: { user, app_public_key } };
    },
  );

  api.get(
    '/session.json',
    {
      schema: {
        summary: 'The signed-in user',
        tags: ['session'],
        response: { 200: sessionAnswerSchema },
      },
    },
    async (request) => ({ data: { user: await currentUser(app.services, request.actor) } }),
  );

  api.delete(
    '/session.json',
    {
      schema: { summary: 'Sign out', tags: ['session'], response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      await signOut(app.services, request.actor, request.session?.id ?? null);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send();
    },
  );
}
