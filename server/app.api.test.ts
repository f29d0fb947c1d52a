import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './test/api-harness.ts';
import type { TestServer } from './test/api-harness.ts';

interface Problem {
  type: string;
  title: string;
  status: number;
  errors?: Record<string, string[]>;
}

let server: TestServer;
let webRoot: string;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lodgehall-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Lodgehall</title>');
  fs.writeFileSync(path.join(webRoot, 'assets', 'main-abc123.js'), 'console.log(1)');
  server = await startTestServer({
    webRoot,
    beforeListen(app) {
      // A JSON endpoint of the test's own, to reach the body parser and limits through HTTP.
      app.post('/api/private/mobile/v1/test-echo', async (request) => ({ data: request.body }));
    },
  });
});

afterAll(async () => {
  await server.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('operations endpoints', () => {
  it('answers /healthz', async () => {
    const response = await server.request('GET', '//healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('answers /readyz when the database is reachable', async () => {
    const response = await server.request('GET', '//readyz');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'ready' });
  });
});

describe('API errors (docs/architecture.md §4)', () => {
  it('answers an unknown API path with a problem+json 404', async () => {
    const response = await server.request<Problem>('GET', '/no-such-thing.json');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.body).toMatchObject({ status: 404, title: expect.any(String) });
    expect(response.body.type).toMatch(/\/not-found$/);
  });

  it('answers malformed JSON with a problem+json 400', async () => {
    const response = await server.request<Problem>('POST', '/test-echo', { rawBody: '{"a":' });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(response.body.type).toMatch(/\/malformed-json$/);
  });

  it('answers a body over the limit with a problem+json 413', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 10) });
    const response = await server.request<Problem>('POST', '/test-echo', { rawBody: big });
    expect(response.status).toBe(413);
    expect(response.body.type).toMatch(/\/payload-too-large$/);
  });

  it('accepts a well-formed body under the limit', async () => {
    const response = await server.request('POST', '/test-echo', { body: { hello: 'lodge' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { hello: 'lodge' } });
  });
});

describe('headers', () => {
  it('sends a strict Content-Security-Policy and other security headers', async () => {
    const response = await server.request('GET', '//app/about');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('gives every answer a request id, keeping a sane one from the caller', async () => {
    const own = await server.request('GET', '//healthz', {
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(own.headers.get('x-request-id')).toBe('abc-123');
    const made = await server.request('GET', '//healthz', {
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the SPA under /app (ACC-01)', () => {
  it('redirects / and /app to /app/', async () => {
    const root = await server.request('GET', '//');
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/app/');
    const app = await server.request('GET', '//app');
    expect(app.headers.get('location')).toBe('/app/');
  });

  it('serves index.html for client routes, uncached', async () => {
    for (const route of ['/app/', '/app/news', '/app/clubs/l1sub/news/12', '/app/no-such-page']) {
      const response = await server.request('GET', `/${route}`);
      expect(response.status, route).toBe(200);
      expect(response.text).toContain('<title>Lodgehall</title>');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await server.request('GET', '//app/assets/main-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('answers a missing asset with 404, not index.html', async () => {
    const response = await server.request('GET', '//app/assets/missing-000.js');
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('<title>');
  });
});

describe('OpenAPI', () => {
  it('serves the document generated from the route schemas', async () => {
    const response = await server.request<{
      openapi: string;
      paths: Record<string, unknown>;
    }>('GET', '/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(Object.keys(response.body.paths)).toContain('/api/private/mobile/v1/organizations.json');
  });

  it('serves a page to browse it', async () => {
    const response = await server.request('GET', '/docs/');
    expect(response.status).toBe(200);
    expect(response.text).toContain('swagger');
    // Its own policy, still without inline scripts, and without an HTTPS upgrade that would
    // break a plain-HTTP install.
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
