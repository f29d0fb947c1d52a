import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../../plugins/problems.ts';
import { AppError } from '../../errors.ts';

/** What readiness asks of the database: the handle of db/database.ts is one. */
export interface Pingable {
  readonly engine: string;
  ping(): Promise<void>;
}

/** Liveness answers while the process runs; readiness also needs the database. */
export function registerHealthRoutes(app: FastifyInstance, database: Pingable): void {
  app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async () => ({
    status: 'ok',
  }));

  app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.engine };
    } catch (error) {
      request.log.error({ err: error }, 'database unreachable');
      return sendProblem(
        reply,
        new AppError(503, 'service-unavailable', 'The database cannot be reached.'),
      );
    }
  });
}
