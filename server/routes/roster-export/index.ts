import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rosterExportQuerySchema } from '../../../common/schemas/console.ts';
import type { RosterExportQuery } from '../../../common/schemas/console.ts';
import { exportRosterCsv } from '../../services/roster-imports.ts';

const CSV_TYPE = 'text/csv; charset=utf-8';

/** Chunks with the first already read: a failure before any byte is still a problem answer. */
async function* startingWith(
  first: IteratorResult<string>,
  rest: AsyncIterator<string>,
): AsyncGenerator<string> {
  if (first.done) return;
  yield first.value;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/** The roster export of the secretary's console (issue 23, D65), in the import's own format. */
export function registerRosterExportRoutes(app: FastifyInstance): void {
  // Without the zod type provider: its typed reply takes the documented string, not a stream.
  // The query is still validated by the schema (the app's validator compiler).
  app.get<{ Querystring: RosterExportQuery }>(
    '/admin/roster_export.csv',
    {
      schema: {
        summary:
          "The organisation's roster (or one club's) as CSV in the import's format (docs/roster-csv.md)",
        tags: ['console'],
        querystring: rosterExportQuerySchema,
        produces: ['text/csv'],
        // The body is streamed text; the schema only documents it.
        response: { 200: z.string().describe('The roster as CSV, a header row first') },
        refusals: [403, 404],
      },
    },
    async (request, reply) => {
      const roster = await exportRosterCsv(app.services, request.actor, request.query);
      const chunks = roster.chunks[Symbol.asyncIterator]();
      const first = await chunks.next();
      return reply
        .type(CSV_TYPE)
        .header('content-disposition', `attachment; filename="${roster.filename}"`)
        .send(Readable.from(startingWith(first, chunks)));
    },
  );
}
