import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  sessionAnswerSchema,
  signInRequestSchema,
  signedInAnswerSchema,
} from '../../../common/schemas/session.ts';
import { clearSessionCookie, isSecure, setSessionCookie } from '../../http/cookies.ts';
import { sessionMeta } from '../../http/session-meta.ts';
import { signIn, signOut } from '../../services/session.ts';
import { currentUser } from '../../services/users.ts';

export function registerSessionRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const secure = isSecure(app.services.config.PUBLIC_URL);

  api.post(
    '/session.json',
    {
      config: { public: true },
      schema: {
        summary: 'Sign in (unsigned); opens a session bound to the given public key',
        tags: ['session'],
        body: signInRequestSchema,
        response: { 200: signedInAnswerSchema },
        refusals: [403, 429],
      },
    },
    async (request, reply) => {
      const { token, user, app_public_key } = await signIn(
        app.services,
        request.body.user,
        sessionMeta(request),
      );
      setSessionCookie(reply, token, secure);
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
      clearSessionCookie(reply);
      return reply.code(204).send();
    },
  );
}
