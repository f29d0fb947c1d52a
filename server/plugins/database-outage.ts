import type { FastifyBaseLogger } from 'fastify';
import { ServiceUnavailableError } from '../errors.ts';

/**
 * When a client may ask again while the database is gone (D76): a PostgreSQL restart or a
 * fail-over takes seconds, and the pool's connection timeout is 5 s, so asking sooner mostly
 * meets the same refusal, while a much longer wait keeps members out after it is back.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** How often, during an outage, the database is asked whether it is back (to log the end). */
const PROBE_INTERVAL_MS = 1000;

export function databaseUnavailableProblem(): ServiceUnavailableError {
  return new ServiceUnavailableError(
    DATABASE_RETRY_AFTER_SECONDS,
    'The database cannot be reached. Please try again in a moment.',
  );
}

/**
 * One process's view of a database outage, so that it is logged once (its start as an error,
 * its end with its length) rather than once per request that meets it. Requests keep trying the
 * database meanwhile: the pool reconnects by itself, nothing here holds them back.
 */
export interface DatabaseOutage {
  /** Something met the database gone. */
  failed(error: unknown): void;
  /** The database answered. */
  reachable(): void;
  close(): void;
}

export function createDatabaseOutage(
  ping: () => Promise<void>,
  log: FastifyBaseLogger,
): DatabaseOutage {
  let since: number | undefined;
  let probe: NodeJS.Timeout | undefined;
  const outage: DatabaseOutage = {
    failed(error) {
      if (since !== undefined) {
        log.debug({ err: error }, 'the database is still unreachable');
        return;
      }
      since = Date.now();
      log.error({ err: error }, 'the database cannot be reached');
      // Its end is noticed even when no request comes to meet it.
      probe = setInterval(() => {
        ping().then(
          () => outage.reachable(),
          () => undefined,
        );
      }, PROBE_INTERVAL_MS);
      probe.unref();
    },
    reachable() {
      if (since === undefined) return;
      const outageMs = Date.now() - since;
      since = undefined;
      clearInterval(probe);
      log.info({ outageMs }, 'the database is reachable again');
    },
    close() {
      clearInterval(probe);
    },
  };
  return outage;
}
