import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeaderFrom, headerValue, sendOnce } from './http.ts';
import type { CapturedResponse } from './scenario.ts';

const answer: CapturedResponse = {
  status: 200,
  rawHeaders: [
    'Set-Cookie',
    'sid=abc; Path=/; HttpOnly',
    'X-A',
    '1',
    'set-cookie',
    'theme=dark',
    'x-a',
    '2',
  ],
  body: Buffer.alloc(0),
};

describe('header helpers', () => {
  it('joins repeated headers, whatever their case', () => {
    expect(headerValue(answer, 'x-a')).toBe('1, 2');
    expect(headerValue(answer, 'missing')).toBeUndefined();
  });

  it('turns Set-Cookie answers into one cookie request header', () => {
    expect(cookieHeaderFrom(answer)).toBe('sid=abc; theme=dark');
  });
});

describe('sendOnce', () => {
  let server: http.Server;
  let baseUrl = '';
  const seen: {
    method?: string;
    url?: string;
    headers?: http.IncomingHttpHeaders;
    body?: string;
  }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        res.writeHead(201, ['X-Exact-Case', 'yes', 'content-type', 'text/plain']);
        res.end('made');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the exact request with signer headers and reads the raw answer', async () => {
    const got = await sendOnce(
      baseUrl,
      {
        method: 'POST',
        path: '/x.json?page=1',
        headers: { 'content-type': 'application/json' },
        body: '{"a":1}',
      },
      {
        publicKey: 'unused',
        headersFor: (request) => ({ 'x-signature': `${request.method} ${request.path}` }),
      },
    );
    expect(got.status).toBe(201);
    expect(got.body.toString()).toBe('made');
    expect(got.rawHeaders.slice(0, 2)).toEqual(['X-Exact-Case', 'yes']);
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      url: '/x.json?page=1',
      body: '{"a":1}',
      headers: { 'x-signature': 'POST /x.json?page=1', 'content-length': '7' },
    });
    // No compression asked for: the load tools do not ask either.
    expect(seen.at(-1)?.headers?.['accept-encoding']).toBeUndefined();
  });

  it('refuses any host but 127.0.0.1', async () => {
    await expect(sendOnce('http://example.org', { method: 'GET', path: '/' })).rejects.toThrow(
      /refusing/,
    );
  });
});
