import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ROSTER_IMPORT_MAX_BODY_BYTES,
  rosterImportAnswerSchema,
  rosterImportParamsSchema,
  rosterImportRequestSchema,
} from '../../../common/schemas/console.ts';
import { httpRefusal } from '../../errors.ts';
import { getRosterImport, startRosterImport } from '../../services/roster-imports.ts';

const MEGABYTES = Math.round(ROSTER_IMPORT_MAX_BODY_BYTES / (1024 * 1024));
const TOO_LARGE = `The file is too large: send at most ${MEGABYTES} MB at a time, or split it.`;

/**
 * The roster import of the secretary's console (issue 23, D65): start one, then poll it. Signed
 * member routes: administrators and secretaries pass, the service decides (requireConsole).
 */
export function registerRosterImportRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/admin/roster_imports.json',
    {
      schema: {
        summary:
          'Check (dry_run) or import a roster CSV file in the background; answers it running (202)',
        tags: ['console'],
        body: rosterImportRequestSchema,
        response: { 202: rosterImportAnswerSchema },
        refusals: [403, 404, 409],
      },
      // A 100,000-row file is some 20 MB of JSON.
      bodyLimit: ROSTER_IMPORT_MAX_BODY_BYTES,
      // A body announced too large is refused before it is read, with what to do about it;
      // one sent without a length is cut off at the limit with the plain 413.
      onRequest: async (request) => {
        if (Number(request.headers['content-length'] ?? 0) > ROSTER_IMPORT_MAX_BODY_BYTES) {
          throw httpRefusal(413, TOO_LARGE);
        }
      },
    },
    async (request, reply) => {
      const started = await startRosterImport(app.services, request.actor, request.body);
      return reply.code(202).send({ data: { import: started } });
    },
  );

  api.get(
    '/admin/roster_imports/:id.json',
    {
      schema: {
        summary: 'A roster import and its progress, to the user who started it or an administrator',
        tags: ['console'],
        params: rosterImportParamsSchema,
        response: { 200: rosterImportAnswerSchema },
        refusals: [403, 404],
      },
    },
    async (request) => ({
      data: { import: await getRosterImport(app.services, request.actor, request.params.id) },
    }),
  );
}
