import type { FastifyInstance } from 'fastify';
import { databaseUnavailableProblem } from '../../plugins/database-outage.ts';
import type { DatabaseOutage } from '../../plugins/database-outage.ts';
import { sendProblem } from '../../plugins/problems.ts';

/** What readiness asks of the database: the handle of db/database.ts is one. */
export interface Pingable {
  readonly engine: string;
  ping(): Promise<void>;
}

/** Liveness answers while the process runs; readiness also needs the database. */
export function registerHealthRoutes(
  app: FastifyInstance,
  database: Pingable,
  outage: DatabaseOutage,
): void {
  app.get('/healthz', { schema: { hide: true }, logLevel: 'warn' }, async () => ({
    status: 'ok',
  }));

  // Whatever stops the ping, the node is not ready: the balancer sends its members elsewhere.
  app.get('/readyz', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    try {
      await database.ping();
    } catch (error) {
      outage.failed(error);
      return sendProblem(reply, databaseUnavailableProblem());
    }
    outage.reachable();
    return { status: 'ready', database: database.engine };
  });
}
