import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consoleScopeAnswerSchema } from '../../../common/schemas/console.ts';
import { consoleScopeFor } from '../../services/console-scope.ts';

/** The console's opening (issue 23, D63): who the user is there and what they manage. */
export function registerAdminScopeRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/scope.json',
    {
      schema: {
        summary:
          "The console's scope: administrator or not, and the organisations and clubs the user manages; 403 for anyone but administrators and secretaries",
        tags: ['console'],
        response: { 200: consoleScopeAnswerSchema },
        refusals: [403],
      },
    },
    async (request) => ({ data: await consoleScopeFor(app.services, request.actor) }),
  );
}
