import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../app.ts';
import type { BuildAppOptions } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { AppConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { unfinishedJobCount } from '../db/jobs.ts';
import { createTestDatabase } from './test-database.ts';
import type { TestDatabase } from './test-database.ts';
import { API_PREFIX } from '../../common/constants.ts';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer is JSON, else undefined. */
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is, e.g. to test malformed JSON. */
  rawBody?: string;
  headers?: Record<string, string>;
}

/** A listening Lodgehall, in this process or another, reached over real HTTP. */
export interface HttpTarget {
  readonly baseUrl: string;
  /** Real HTTP to the listening server; `path` is relative to the API prefix unless it starts with `//`. */
  request<T = unknown>(
    method: string,
    path: string,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
}

export interface TestServer extends HttpTarget {
  readonly app: FastifyInstance;
  readonly database: TestDatabase;
  readonly config: AppConfig;
  close(): Promise<void>;
}

/** Requests to the Lodgehall listening at `baseUrl`, as a browser sends them. */
export function httpTarget(baseUrl: string): HttpTarget {
  return {
    baseUrl,
    async request<T>(method: string, path: string, requestOptions: RequestOptions = {}) {
      const url = path.startsWith('//')
        ? `${baseUrl}${path.slice(1)}`
        : `${baseUrl}${API_PREFIX}${path}`;
      const headers: Record<string, string> = { ...requestOptions.headers };
      let body: string | undefined = requestOptions.rawBody;
      if (requestOptions.body !== undefined) body = JSON.stringify(requestOptions.body);
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      const response = await fetch(url, { method, headers, body, redirect: 'manual' });
      const text = await response.text();
      const type = response.headers.get('content-type') ?? '';
      const parsed: unknown = type.includes('json') && text !== '' ? JSON.parse(text) : undefined;
      return { status: response.status, headers: response.headers, body: parsed as T, text };
    },
  };
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Runs on the app before it listens, e.g. to add data. */
  beforeListen?: (app: FastifyInstance, database: TestDatabase) => Promise<void> | void;
  webRoot?: string;
  /** Told of every route the app registers, as Fastify's onRoute hook is. */
  onRoute?: (route: RouteOptions) => void;
  /** A PostgreSQL server of the test's own to make the database on (createTestDatabase). */
  postgresUrl?: string;
  /** The app's logger, to read what it logs; none by default. */
  logger?: BuildAppOptions['logger'];
  /** false: the job queue does not run here (another process runs the jobs). */
  runJobs?: boolean;
}

/**
 * Hooks `listener` onto the next Fastify instance made, before any of its routes: buildApp
 * registers them before it returns, too early for a hook added afterwards. Fastify announces
 * each new instance on this channel for tools that must be there from the start. Answers the
 * instance it hooked, for the caller to check it was its own.
 */
function onRoutesOfNextApp(
  listener: (route: RouteOptions) => void,
): () => FastifyInstance | undefined {
  const channel = diagnostics.channel('fastify.initialization');
  let hooked: FastifyInstance | undefined;
  const attach = (message: unknown) => {
    channel.unsubscribe(attach);
    hooked = (message as { fastify: FastifyInstance }).fastify;
    hooked.addHook('onRoute', listener);
  };
  channel.subscribe(attach);
  return () => hooked;
}

/**
 * Starts the real app on a fresh database (of the engine this Vitest project runs) on a random
 * port, and talks to it over HTTP the way a browser would.
 */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const database = await createTestDatabase(
    options.postgresUrl ? { postgresUrl: options.postgresUrl } : {},
  );
  const config = loadConfig({
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...database.env,
    ...options.env,
  });
  // Fastify() is buildApp's first, synchronous step: the instance announced next is this one.
  const hooked = options.onRoute ? onRoutesOfNextApp(options.onRoute) : undefined;
  const app = await buildApp({
    config,
    database: database.handle,
    logger: options.logger ?? false,
    jobs: TEST_JOB_TIMINGS,
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
  });
  if (hooked && hooked() !== app) throw new Error('onRoute was hooked onto another Fastify app');
  await options.beforeListen?.(app, database);
  const server = await listening(app, database, config, () => database.drop());
  // The real queue, as server/main.ts starts it once the node listens (D79).
  if (options.runJobs !== false) await app.services.jobs.start();
  return server;
}

/** A test's queue looks often, and retries soon on SQLite (PostgreSQL's back-off is its own). */
const TEST_JOB_TIMINGS = { pollIntervalMs: 100, recoverIntervalMs: 1000, retryBaseMs: 200 };

/**
 * Waits until the server's job queue has run every job that is due (a retry waiting for its
 * time is not waited for): the mail a request queued is then in the outbox (D79).
 */
export async function drainJobs(server: TestServer, timeoutMs = 15_000): Promise<void> {
  const { db, engine } = server.database.handle;
  const deadline = Date.now() + timeoutMs;
  while ((await unfinishedJobCount(db, engine, Date.now())) > 0) {
    if (Date.now() > deadline) throw new Error(`jobs still unfinished after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Another node on the first one's PostgreSQL database, as a second process behind a balancer:
 * its own app, pool, bus and memory, the same settings. Closing it leaves the database be.
 */
export async function startAnotherNode(first: TestServer): Promise<TestServer> {
  const url = first.config.DATABASE_URL;
  if (!url) throw new Error('several nodes share a PostgreSQL database, not a SQLite file');
  const handle = await openDatabase({ url, dataDir: first.database.dataDir });
  const app = await buildApp({ config: first.config, database: handle, logger: false });
  const database: TestDatabase = { ...first.database, handle, drop: () => handle.close() };
  return listening(app, database, first.config, () => handle.close());
}

async function listening(
  app: FastifyInstance,
  database: TestDatabase,
  config: AppConfig,
  release: () => Promise<void>,
): Promise<TestServer> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  return {
    ...httpTarget(baseUrl),
    app,
    database,
    config,
    async close() {
      await app.close();
      await release();
    },
  };
}
