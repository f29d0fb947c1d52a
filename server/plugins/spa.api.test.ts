import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/api-harness.ts';
import type { TestServer } from '../test/api-harness.ts';

/**
 * Issue 8 §3: the SPA's files go out pre-compressed. The web root here is laid out as the build
 * lays it out (web/vite.config.ts writes a .br and a .gz beside each text file), and the
 * requests go over plain node:http, which neither asks for nor undoes an encoding by itself, so
 * the test sees the bytes and headers a browser gets.
 */

const INDEX_HTML = '<!doctype html><title>Lodgehall</title><p>first screen</p>';
const SCRIPT = `console.log(${JSON.stringify('lodge '.repeat(200))});`;

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let server: TestServer;
let webRoot: string;

function writeWithCompressed(file: string, text: string): void {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

function get(pathname: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${server.baseUrl}${pathname}`,
      { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

function decoded(answer: RawAnswer): string {
  switch (answer.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(answer.body).toString('utf8');
    case 'gzip':
      return zlib.gunzipSync(answer.body).toString('utf8');
    case undefined:
      return answer.body.toString('utf8');
    default:
      throw new Error(`unexpected encoding ${answer.headers['content-encoding']}`);
  }
}

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lodgehall-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  writeWithCompressed(path.join(webRoot, 'index.html'), INDEX_HTML);
  writeWithCompressed(path.join(webRoot, 'assets', 'index-abc123.js'), SCRIPT);
  server = await startTestServer({ webRoot });
});

afterAll(async () => {
  await server.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('the SPA is sent pre-compressed (issue 8 §3)', () => {
  it('sends the brotli file to a browser that accepts br, cached as immutable', async () => {
    const answer = await get('/app/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(SCRIPT));
    expect(decoded(answer)).toBe(SCRIPT);
  });

  it('sends the gzip file to a browser that accepts only gzip', async () => {
    const answer = await get('/app/assets/index-abc123.js', 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(answer)).toBe(SCRIPT);
  });

  it('sends the plain file, still varying on Accept-Encoding, to a client that asks for none', async () => {
    const answer = await get('/app/assets/index-abc123.js');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.body.toString('utf8')).toBe(SCRIPT);
  });

  it('sends index.html compressed and never cached stale, for /app/ and for a client route', async () => {
    for (const route of ['/app/', '/app/user/signIn', '/app/news']) {
      const answer = await get(route, 'br, gzip');
      expect(answer.status, route).toBe(200);
      expect(answer.headers['content-encoding'], route).toBe('br');
      expect(answer.headers.vary, route).toMatch(/accept-encoding/i);
      expect(answer.headers['content-type'], route).toMatch(/^text\/html/);
      expect(answer.headers['cache-control'], route).toBe('no-cache');
      expect(decoded(answer), route).toBe(INDEX_HTML);
    }
  });

  it('answers a missing asset with 404 whatever the browser accepts', async () => {
    const answer = await get('/app/assets/missing-000.js', 'br, gzip');
    expect(answer.status).toBe(404);
    expect(decoded(answer)).not.toContain('<title>');
  });
});
