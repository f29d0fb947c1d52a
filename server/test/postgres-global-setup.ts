import type { TestProject } from 'vitest/node';
import { checkPostgresUrl, startThrowawayPostgres } from './throwaway-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/**
 * PostgreSQL tests never skip: they use TEST_DATABASE_URL when given (a server whose user may
 * create databases), and otherwise start a throwaway PostgreSQL for this run (D7).
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    await checkPostgresUrl(given);
    project.provide('postgresUrl', given);
    return async () => undefined;
  }
  const server = await startThrowawayPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}
