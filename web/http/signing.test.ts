/// <reference types="node" />
import { createPublicKey, verify } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateSessionKeys, type SessionKeyAlgorithm } from './session-keys.ts';
import {
  createRequestSigner,
  makeSalt,
  signingInput,
  toBase64Url,
  type RequestToSign,
} from './signing.ts';

/**
 * The signing wire format of docs/architecture.md §5, signed with WebCrypto as the browser does and
 * checked with node:crypto as an independent verifier (and so as the server can).
 */

function fromBase64Url(text: string): Buffer {
  return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

async function keysFor(algorithm: SessionKeyAlgorithm) {
  if (algorithm === 'Ed25519') return generateSessionKeys();
  // Force the fallback: a SubtleCrypto that has no Ed25519.
  const subtle = {
    generateKey: (params: AlgorithmIdentifier, extractable: boolean, usages: KeyUsage[]) =>
      (params as Algorithm).name === 'Ed25519'
        ? Promise.reject(new DOMException('not supported', 'NotSupportedError'))
        : crypto.subtle.generateKey(params as EcKeyGenParams, extractable, usages),
    exportKey: (format: 'spki', key: CryptoKey) => crypto.subtle.exportKey(format, key),
  } as unknown as SubtleCrypto;
  return generateSessionKeys(subtle);
}

function nodeVerifies(
  algorithm: SessionKeyAlgorithm,
  publicKeyBase64: string,
  text: string,
  signature: Buffer,
): boolean {
  const key = createPublicKey({
    key: Buffer.from(publicKeyBase64, 'base64'),
    format: 'der',
    type: 'spki',
  });
  return algorithm === 'Ed25519'
    ? verify(null, Buffer.from(text, 'utf8'), key, signature)
    : verify('sha256', Buffer.from(text, 'utf8'), { key, dsaEncoding: 'ieee-p1363' }, signature);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('X-SALT (docs/architecture.md §5)', () => {
  it('is epoch milliseconds, a dot and 32 lowercase hex characters', () => {
    const salt = makeSalt(1_700_000_000_123);
    expect(salt).toMatch(/^1700000000123\.[0-9a-f]{32}$/);
  });

  it('is different every time', () => {
    const salts = new Set(Array.from({ length: 50 }, () => makeSalt(1)));
    expect(salts.size).toBe(50);
  });
});

describe('the signed text', () => {
  it('is METHOD, path-and-query, salt and body joined by newlines, in UTF-8', () => {
    const input = signingInput(
      {
        method: 'post',
        pathAndQuery: '/api/private/mobile/v1/posts.json?page=1',
        body: '{"a":"é"}',
      },
      '1.00',
    );
    expect(new TextDecoder().decode(input)).toBe(
      'POST\n/api/private/mobile/v1/posts.json?page=1\n1.00\n{"a":"é"}',
    );
    // é is two bytes in UTF-8.
    expect(input.length).toBe(
      'POST\n/api/private/mobile/v1/posts.json?page=1\n1.00\n{"a":""}'.length + 2,
    );
  });

  it('ends with an empty body when there is none', () => {
    const input = signingInput({ method: 'GET', pathAndQuery: '/x', body: '' }, 's');
    expect(new TextDecoder().decode(input)).toBe('GET\n/x\ns\n');
  });
});

describe('base64url without padding', () => {
  it('uses - and _ and drops =', () => {
    expect(toBase64Url(new Uint8Array([0xfb, 0xff, 0xfe]))).toBe('-__-');
    expect(toBase64Url(new Uint8Array([1]))).toBe('AQ');
  });
});

describe.each(['Ed25519', 'ECDSA-P256'] as const)('the %s signer', (algorithm) => {
  const request: RequestToSign = {
    method: 'PUT',
    pathAndQuery: '/api/private/mobile/v1/posts/5.json?x=1&y=%C3%A9',
    body: '{"post":{"subject":"Lodge night – café"}}',
  };

  it('makes a signature that node:crypto verifies over the exact wire text', async () => {
    const keys = await keysFor(algorithm);
    expect(keys.algorithm).toBe(algorithm);
    expect(keys.keyPair.privateKey.extractable).toBe(false);
    const signer = createRequestSigner(keys.keyPair.privateKey, keys.algorithm, {
      now: () => 1_700_000_000_000,
    });
    const headers = await signer(request);
    const salt = headers['X-SALT'] ?? '';
    const signature = headers['X-SIGNATURE'] ?? '';
    expect(salt).toMatch(/^1700000000000\.[0-9a-f]{32}$/);
    expect(signature).toMatch(/^[A-Za-z0-9_-]+$/);
    const bytes = fromBase64Url(signature);
    // Ed25519 and P-256 (r||s) signatures are both 64 bytes.
    expect(bytes.length).toBe(64);
    const text = `PUT\n${request.pathAndQuery}\n${salt}\n${request.body}`;
    expect(nodeVerifies(algorithm, keys.publicKeyBase64, text, bytes)).toBe(true);
  });

  it('does not verify when the body, the path, the method or the salt differ', async () => {
    const keys = await keysFor(algorithm);
    const signer = createRequestSigner(keys.keyPair.privateKey, keys.algorithm);
    const headers = await signer(request);
    const salt = headers['X-SALT'] ?? '';
    const bytes = fromBase64Url(headers['X-SIGNATURE'] ?? '');
    const variants = [
      `PUT\n${request.pathAndQuery}\n${salt}\n${request.body} `,
      `PUT\n${request.pathAndQuery}&z=1\n${salt}\n${request.body}`,
      `POST\n${request.pathAndQuery}\n${salt}\n${request.body}`,
      `PUT\n${request.pathAndQuery}\n${salt}0\n${request.body}`,
    ];
    for (const text of variants) {
      expect(nodeVerifies(algorithm, keys.publicKeyBase64, text, bytes)).toBe(false);
    }
  });
});
