import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { AppConfig } from '../config.ts';
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

export interface TestServer {
  readonly app: FastifyInstance;
  readonly database: TestDatabase;
  readonly baseUrl: string;
  readonly config: AppConfig;
  /** Real HTTP to the listening server; `path` is relative to the API prefix unless it starts with `//`. */
  request<T = unknown>(
    method: string,
    path: string,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Runs on the app before it listens, e.g. to add data. */
  beforeListen?: (app: FastifyInstance, database: TestDatabase) => Promise<void> | void;
  webRoot?: string;
}

/**
 * Starts the real app on a fresh database (of the engine this Vitest project runs) on a random
 * port, and talks to it over HTTP the way a browser would.
 */
export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const config = loadConfig({
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...database.env,
    ...options.env,
  });
  const app = await buildApp({
    config,
    database: database.handle,
    logger: false,
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
  });
  await options.beforeListen?.(app, database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  return {
    app,
    database,
    baseUrl,
    config,
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
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
