import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, USER_METADATA_HEADER } from '../../common/constants.ts';
import { MEMBER } from '../db/seed/personas.ts';
import { MEDIA_CACHE_CONTROL } from '../routes/media/index.ts';
import { startTestServer } from '../test/api-harness.ts';
import type { TestServer } from '../test/api-harness.ts';
import { seedDemoData, signInAs } from '../test/member-client.ts';
import type { MemberClient } from '../test/member-client.ts';
import { sendRaw } from '../test/raw-http.ts';
import type { RawAnswer } from '../test/raw-http.ts';

interface Problem {
  type: string;
  title: string;
  status: number;
}

let server: TestServer;
let member: MemberClient;
let webRoot: string;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'lodgehall-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Lodgehall</title>');
  fs.writeFileSync(path.join(webRoot, 'assets', 'main-abc123.js'), 'console.log(1)');
  server = await startTestServer({
    webRoot,
    beforeListen(app) {
      // A JSON endpoint of the test's own, to reach the body parser through HTTP.
      app.post(`${API_PREFIX}/test-echo`, async (request) => ({ data: request.body }));
    },
  });
  await seedDemoData(server);
  member = await signInAs(server, MEMBER.username);
});

afterAll(async () => {
  await server.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

function raw(requestLine: string, headers: readonly string[] = ['Host: lodgehall.test']): string {
  return `${requestLine}\r\n${headers.map((header) => `${header}\r\n`).join('')}\r\n`;
}

/**
 * A refusal as docs/architecture.md §4 wants it: problem+json, a readable title, nothing of the
 * framework (FST_ codes, its messages) and nothing of the request echoed back.
 */
function expectProblem(answer: RawAnswer, status: number, name: string): Problem {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  expect(answer.headers['cache-control']).toBe('no-store');
  const problem = JSON.parse(answer.body) as Problem;
  expect(problem).toEqual({
    type: `https://lodgehall.org/problems/${name}`,
    title: expect.stringMatching(/^[A-Z][^{}]+\.$/),
    status,
  });
  expect(answer.body).not.toMatch(/FST_|statusCode|"error"|"message"|"code"/);
  expect(answer.body).not.toContain('/api/');
  expect(answer.body).not.toContain('posts');
  return problem;
}

describe('refusals of the framework and of Node are problem+json (issue 8 §4)', () => {
  it.each(['/posts/%.json', '/posts/%E0%A4%A', '/posts/%ZZ'])(
    'answers the undecodable address %s with 400 malformed-url',
    async (suffix) => {
      const answer = await sendRaw(server.baseUrl, raw(`GET ${API_PREFIX}${suffix} HTTP/1.1`));
      const problem = expectProblem(answer, 400, 'malformed-url');
      expect(problem.title).toBe('The address of the request is not valid.');
      expect(answer.body).not.toContain('%');
    },
  );

  it('answers a path parameter over the router limit with 414 uri-too-long', async () => {
    const id = 'a'.repeat(300);
    const answer = await sendRaw(
      server.baseUrl,
      raw(`GET ${API_PREFIX}/posts/${id}.json HTTP/1.1`),
    );
    expectProblem(answer, 414, 'uri-too-long');
    expect(answer.body).not.toContain('aaaa');
  });

  it('answers a 70 KB cookie with 431 and closes the connection', async () => {
    const answer = await sendRaw(
      server.baseUrl,
      raw(`GET ${API_PREFIX}/session.json HTTP/1.1`, [
        'Host: lodgehall.test',
        `Cookie: lodgehall_session=${'x'.repeat(70 * 1024)}`,
      ]),
      { untilClosed: true },
    );
    const problem = expectProblem(answer, 431, 'request-header-fields-too-large');
    expect(problem.title).toBe('The request headers are too large.');
    expect(answer.headers.connection).toBe('close');
    expect(answer.closed).toBe(true);
    expect(answer.body).not.toContain('xxxx');
  });

  it.each([
    ['a request line that is not HTTP', 'HELLO\r\n\r\n'],
    ['an unknown method', raw(`BREW ${API_PREFIX}/session.json HTTP/1.1`)],
    [
      'Content-Length together with chunked encoding',
      raw(`POST ${API_PREFIX}/test-echo HTTP/1.1`, [
        'Host: lodgehall.test',
        'Content-Type: application/json',
        'Content-Length: 2',
        'Transfer-Encoding: chunked',
      ]) + '2\r\n{}\r\n0\r\n\r\n',
    ],
    [
      // Node reads what follows the declared body as the next request, before the first is
      // answered; the connection cannot be trusted after that, so the one answer is the 400.
      'a body longer than its Content-Length',
      raw(`POST ${API_PREFIX}/test-echo HTTP/1.1`, [
        'Host: lodgehall.test',
        'Content-Type: application/json',
        'Content-Length: 2',
      ]) + '{}{"more": true}',
    ],
  ])('answers %s with 400 bad-request and closes the connection', async (_name, request) => {
    const answer = await sendRaw(server.baseUrl, request, { untilClosed: true });
    expectProblem(answer, 400, 'bad-request');
    expect(answer.closed).toBe(true);
  });

  it('answers a request without Host with 400 bad-request', async () => {
    const answer = await sendRaw(
      server.baseUrl,
      raw(`GET ${API_PREFIX}/organizations.json HTTP/1.1`, []),
    );
    const problem = expectProblem(answer, 400, 'bad-request');
    expect(problem.title).toBe('The request has no Host header.');
  });

  it('answers an Expect other than 100-continue with 417 expectation-failed', async () => {
    const answer = await sendRaw(
      server.baseUrl,
      raw(`GET ${API_PREFIX}/organizations.json HTTP/1.1`, ['Host: lodgehall.test', 'Expect: tea']),
    );
    expectProblem(answer, 417, 'expectation-failed');
  });

  it.each([
    ['text/plain', 'text/plain', undefined, 'Send the request body as JSON.'],
    [
      'no JSON type at all',
      'application/x-www-form-urlencoded',
      undefined,
      'Send the request body as JSON.',
    ],
    [
      'JSON in another charset',
      'application/json; charset=iso-8859-1',
      undefined,
      'Send the request body as JSON in UTF-8.',
    ],
    [
      'compressed JSON',
      'application/json',
      'gzip',
      'Send the request body as JSON without compression.',
    ],
  ])(
    'answers a body as %s with 415 unsupported-media-type',
    async (_name, type, encoding, title) => {
      const headers = ['Host: lodgehall.test', `Content-Type: ${type}`, 'Content-Length: 2'];
      if (encoding) headers.push(`Content-Encoding: ${encoding}`);
      const answer = await sendRaw(
        server.baseUrl,
        raw(`POST ${API_PREFIX}/test-echo HTTP/1.1`, headers) + '{}',
      );
      expect(expectProblem(answer, 415, 'unsupported-media-type').title).toBe(title);
    },
  );

  it('still reads JSON declared as UTF-8, in any spelling', async () => {
    for (const type of ['application/json; charset=utf-8', 'application/json;charset="UTF8"']) {
      const answer = await server.request('POST', '/test-echo', {
        rawBody: '{"a":1}',
        headers: { 'content-type': type },
      });
      expect(answer.status, type).toBe(200);
      expect(answer.body).toEqual({ data: { a: 1 } });
    }
  });

  it('answers a method a path does not serve as an unknown endpoint, 404 not-found', async () => {
    const answer = await sendRaw(server.baseUrl, raw(`PATCH ${API_PREFIX}/session.json HTTP/1.1`));
    expectProblem(answer, 404, 'not-found');
  });

  it('does not read a body sent with GET', async () => {
    const answer = await sendRaw(
      server.baseUrl,
      raw(`GET ${API_PREFIX}/organizations.json HTTP/1.1`, [
        'Host: lodgehall.test',
        'Content-Type: text/plain',
        'Content-Length: 5',
      ]) + 'hello',
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('answers 503 service-unavailable to a request that arrives while the server closes', async () => {
    let closingAnswer: RawAnswer | undefined;
    let baseUrl = '';
    const closing = await startTestServer({
      beforeListen(app) {
        // Runs after the app's own preClose hook, while the server still listens.
        app.addHook('preClose', async () => {
          closingAnswer = await sendRaw(
            baseUrl,
            raw(`GET ${API_PREFIX}/organizations.json HTTP/1.1`),
          );
        });
      },
    });
    baseUrl = closing.baseUrl;
    await closing.close();
    if (!closingAnswer) throw new Error('no answer while closing');
    expectProblem(closingAnswer, 503, 'service-unavailable');
    expect(closingAnswer.headers.connection).toBe('close');
  });
});

describe('Cache-Control (issue 8 §4)', () => {
  it('forbids storing the signed answers that carry member data', async () => {
    for (const target of ['/session.json', '/posts.json?page=0', '/organizations.json']) {
      const answer = await member.request('GET', target);
      expect(answer.status, target).toBe(200);
      expect(answer.headers.get('cache-control'), target).toBe('no-store');
      expect(answer.headers.get(USER_METADATA_HEADER), target).not.toBeNull();
    }
    expect(member.signIn.headers.get('cache-control')).toBe('no-store');
  });

  it('forbids storing refusals', async () => {
    const unsigned = await member.request('GET', '/session.json', { unsigned: true });
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers.get('cache-control')).toBe('no-store');
    const unknown = await server.request('GET', '/no-such-thing.json');
    expect(unknown.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves public, cacheable answers alone', async () => {
    const visitor = await server.request('GET', '/organizations.json');
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get('cache-control')).toBeNull();

    const asset = await server.request('GET', '//app/assets/main-abc123.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const page = await server.request('GET', '//app/news');
    expect(page.headers.get('cache-control')).toBe('no-cache');

    await server.app.services.storage.put('demo/cache-1.png', Buffer.from('png'), 'image/png');
    const media = await fetch(`${server.baseUrl}/media/demo/cache-1.png`);
    await media.arrayBuffer();
    expect(media.status).toBe(200);
    expect(media.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
  });
});
