import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPublicKey, signRequest } from '../../server/auth/signatures.ts';
import { BARE_REFUSAL_STATUS, createBareHandler } from './bare-handler.ts';
import { bareSpecFrom } from './bare-spec.ts';
import { sendOnce } from './http.ts';
import type { BenchRequest, CapturedResponse, RequestSigner } from './scenario.ts';

const lodgehallAnswer: CapturedResponse = {
  status: 200,
  rawHeaders: ['content-type', 'application/json; charset=utf-8', 'x-user-metadata', 'eyJ9'],
  body: Buffer.from('{"data":{"posts":[]}}'),
};

const member = generateKeyPairSync('ed25519');
const stranger = generateKeyPairSync('ed25519');

/** Signs as the bench's member does, optionally with another key, salt or signed text. */
function signer(options: { key?: typeof member; now?: number; signBody?: string } = {}) {
  return {
    publicKey: exportPublicKey(member.publicKey),
    headersFor(request: BenchRequest) {
      const { salt, signature } = signRequest(
        (options.key ?? member).privateKey,
        request.method,
        request.path,
        options.signBody ?? request.body ?? '',
        options.now === undefined ? {} : { now: options.now },
      );
      return { 'x-salt': salt, 'x-signature': signature };
    },
  } satisfies RequestSigner;
}

const feed: BenchRequest = { method: 'GET', path: '/api/private/mobile/v1/posts.json?page=0' };
const write: BenchRequest = {
  method: 'POST',
  path: '/api/private/mobile/v1/posts.json',
  headers: { 'content-type': 'application/json' },
  body: '{"post":{"body":"Lodge night"}}',
};

function listen(handler: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

describe('the bare-signed baseline (issue 8 §6)', () => {
  let server: http.Server;
  let url = '';

  beforeAll(async () => {
    ({ server, url } = await listen(
      createBareHandler(bareSpecFrom(lodgehallAnswer, exportPublicKey(member.publicKey))),
    ));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers Lodgehall's bytes to a request signed by the member's key", async () => {
    for (const request of [feed, write]) {
      const answer = await sendOnce(url, request, signer());
      expect(answer.status, request.method).toBe(200);
      expect(answer.body.equals(lodgehallAnswer.body)).toBe(true);
      expect(answer.rawHeaders).toContain('x-user-metadata');
    }
  });

  it('refuses a missing, forged, stale or misdirected signature', async () => {
    const refused = [
      await sendOnce(url, feed),
      await sendOnce(url, feed, signer({ key: stranger })),
      await sendOnce(url, feed, signer({ now: Date.now() - 10 * 60 * 1000 })),
      await sendOnce(url, write, signer({ signBody: '{"post":{"body":"Other"}}' })),
      await sendOnce(url, feed, {
        ...signer(),
        headersFor: (request) => signer().headersFor({ ...request, path: '/other.json' }),
      }),
    ];
    for (const answer of refused) {
      expect(answer.status).toBe(BARE_REFUSAL_STATUS);
      expect(answer.body.equals(lodgehallAnswer.body)).toBe(false);
    }
  });
});

describe('the bare baseline', () => {
  it('answers the same bytes to anything, signed or not', async () => {
    const { server, url } = await listen(createBareHandler(bareSpecFrom(lodgehallAnswer)));
    try {
      for (const answer of [
        await sendOnce(url, feed),
        await sendOnce(url, write, signer({ key: stranger })),
      ]) {
        expect(answer.status).toBe(200);
        expect(answer.body.equals(lodgehallAnswer.body)).toBe(true);
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
