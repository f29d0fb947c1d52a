import http from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchRequest, CapturedResponse, RequestSigner } from './scenario.ts';

/** Every byte of load goes to this host only (the servers listen on nothing else). */
export const BENCH_HOST = '127.0.0.1';

const MAX_CAPTURE_BYTES = 64 * 1024 * 1024;

/**
 * Sends one request with exactly the given headers and reads the raw answer. `node:http` is
 * used rather than `fetch` because fetch adds `accept-encoding` and decompresses: the load
 * tools send neither, and the bare server must repeat the bytes they would receive.
 * `agent` is a keep-alive pool for a caller that sends many (the mixed load); without it each
 * call has a socket of its own.
 */
export function sendOnce(
  baseUrl: string,
  request: BenchRequest,
  signer?: RequestSigner,
  timeoutMs = 15_000,
  agent: http.Agent | false = false,
): Promise<CapturedResponse> {
  const url = new URL(request.path, baseUrl);
  if (url.hostname !== BENCH_HOST) {
    return Promise.reject(new Error(`refusing to send bench traffic to ${url.hostname}`));
  }
  const headers: Record<string, string> = {
    ...request.headers,
    ...signer?.headersFor(request),
  };
  const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
  if (body) headers['content-length'] = String(body.length);

  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: BENCH_HOST,
        port: url.port,
        method: request.method,
        path: request.path,
        headers,
        // Without a pool, a fresh socket per call: no pooled connection outlives the harness.
        agent,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_CAPTURE_BYTES) {
            req.destroy(new Error(`answer of ${request.path} is over ${MAX_CAPTURE_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${request.method} ${request.path} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** A port that was free a moment ago; the tiny race is acceptable for a local bench. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, BENCH_HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * Polls until `path` answers 200. `stillRunning` lets a server that exits early fail the
 * wait at once instead of after the whole timeout.
 */
export async function waitForOk(
  baseUrl: string,
  path: string,
  timeoutMs: number,
  stillRunning: () => boolean,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (!stillRunning()) throw new Error(`the server exited before ${path} answered 200 (${last})`);
    try {
      const answer = await sendOnce(baseUrl, { method: 'GET', path }, undefined, 2_000);
      if (answer.status === 200) return;
      last = `last answer ${answer.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await sleep(50);
  }
  throw new Error(`${path} did not answer 200 within ${Math.round(timeoutMs / 1000)} s (${last})`);
}

/** Header value by name, case-insensitive; repeated headers joined as Node would. */
export function headerValue(response: CapturedResponse, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const values: string[] = [];
  for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) {
    if (response.rawHeaders[i]?.toLowerCase() === wanted) {
      values.push(response.rawHeaders[i + 1] ?? '');
    }
  }
  return values.length ? values.join(', ') : undefined;
}

/**
 * The `cookie` request header that carries every cookie a response set, for scenarios that
 * sign in (issue 3). Attributes (Path, HttpOnly, ...) are dropped.
 */
export function cookieHeaderFrom(response: CapturedResponse): string {
  const pairs: string[] = [];
  for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) {
    if (response.rawHeaders[i]?.toLowerCase() !== 'set-cookie') continue;
    const pair = (response.rawHeaders[i + 1] ?? '').split(';')[0]?.trim();
    if (pair) pairs.push(pair);
  }
  return pairs.join('; ');
}

/** Bytes of the status line and headers as they crossed the wire (without Date/Connection drift). */
export function headerBytes(response: CapturedResponse): number {
  let size = 'HTTP/1.1 200 OK\r\n'.length + 2;
  for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) {
    size += Buffer.byteLength(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}\r\n`);
  }
  return size;
}
