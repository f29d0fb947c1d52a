import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  InvalidPublicKeyError,
  MAX_CLOCK_SKEW_MS,
  checkSalt,
  exportPublicKey,
  parsePublicKey,
  signRequest,
  signedText,
  verifySignature,
} from './signatures.ts';

const path = '/api/private/mobile/v1/posts.json?page=1';

describe.each([
  ['ed25519', () => crypto.generateKeyPairSync('ed25519')],
  ['p256', () => crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' })],
] as const)('request signatures with %s keys (AMB-02)', (type, generate) => {
  const pair = generate();
  const publicKey = parsePublicKey(exportPublicKey(pair.publicKey));

  it('reads the SPKI key and its type', () => {
    expect(publicKey.type).toBe(type);
  });

  it('accepts a signature over method, path, salt and body', () => {
    const body = '{"a":1}';
    const { salt, signature } = signRequest(pair.privateKey, 'POST', path, body);
    expect(verifySignature(publicKey, signedText('POST', path, salt, body), signature)).toBe(true);
  });

  it('refuses a tampered body, path, method or salt', () => {
    const { salt, signature } = signRequest(pair.privateKey, 'POST', path, '{"a":1}');
    expect(verifySignature(publicKey, signedText('POST', path, salt, '{"a":2}'), signature)).toBe(
      false,
    );
    expect(
      verifySignature(publicKey, signedText('POST', `${path}&x=1`, salt, '{"a":1}'), signature),
    ).toBe(false);
    expect(verifySignature(publicKey, signedText('PUT', path, salt, '{"a":1}'), signature)).toBe(
      false,
    );
    const otherSalt = `${Date.now()}.${'0'.repeat(32)}`;
    expect(
      verifySignature(publicKey, signedText('POST', path, otherSalt, '{"a":1}'), signature),
    ).toBe(false);
  });

  it('refuses a signature made by another key', () => {
    const other = generate();
    const { salt, signature } = signRequest(other.privateKey, 'GET', path, '');
    expect(verifySignature(publicKey, signedText('GET', path, salt, ''), signature)).toBe(false);
  });

  it('refuses a missing or malformed signature', () => {
    const text = signedText('GET', path, `${Date.now()}.${'a'.repeat(32)}`, '');
    expect(verifySignature(publicKey, text, undefined)).toBe(false);
    expect(verifySignature(publicKey, text, 'not base64url!')).toBe(false);
    expect(verifySignature(publicKey, text, 'AAAA')).toBe(false);
  });
});

describe('parsePublicKey', () => {
  it('refuses keys that are not Ed25519 or P-256', () => {
    const rsa = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
    expect(() => parsePublicKey(exportPublicKey(rsa.publicKey))).toThrow(InvalidPublicKeyError);
    const p384 = crypto.generateKeyPairSync('ec', { namedCurve: 'P-384' });
    expect(() => parsePublicKey(exportPublicKey(p384.publicKey))).toThrow(InvalidPublicKeyError);
  });

  it('refuses text that is not a key', () => {
    expect(() => parsePublicKey('hello')).toThrow(InvalidPublicKeyError);
    expect(() => parsePublicKey('not base64 at all!')).toThrow(InvalidPublicKeyError);
  });
});

describe('checkSalt', () => {
  const now = 1_790_000_000_000;
  const nonce = 'f'.repeat(32);

  it('accepts a fresh salt', () => {
    expect(checkSalt(`${now - 1000}.${nonce}`, now)).toEqual({ ok: true, timestamp: now - 1000 });
  });

  it('refuses a salt more than five minutes off either way', () => {
    expect(checkSalt(`${now - MAX_CLOCK_SKEW_MS - 1}.${nonce}`, now)).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(checkSalt(`${now + MAX_CLOCK_SKEW_MS + 1}.${nonce}`, now)).toMatchObject({ ok: false });
  });

  it('refuses a malformed salt', () => {
    for (const salt of [undefined, '', `${now}`, `${now}.${'F'.repeat(32)}`, `${now}.abc`]) {
      expect(checkSalt(salt, now)).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});
