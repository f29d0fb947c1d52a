import crypto from 'node:crypto';

/**
 * Request signatures (docs/architecture.md §5). The browser signs
 *   METHOD "\n" path-and-query "\n" X-SALT "\n" body
 * with its non-extractable key; the server checks it against the key the session was opened
 * with. X-SALT is `<epoch ms>.<32 lowercase hex>`; X-SIGNATURE is base64url without padding.
 */

export type KeyType = 'ed25519' | 'p256';

export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

const SALT = /^(\d{13})\.([0-9a-f]{32})$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export class InvalidPublicKeyError extends Error {
  constructor(reason: string) {
    super(`public_key ${reason}`);
    this.name = 'InvalidPublicKeyError';
  }
}

export interface ParsedPublicKey {
  readonly type: KeyType;
  readonly key: crypto.KeyObject;
}

/** Reads a standard-base64 SPKI DER key; only Ed25519 and P-256 are accepted. */
export function parsePublicKey(base64: string): ParsedPublicKey {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64) || base64.length > 400) {
    throw new InvalidPublicKeyError('must be the base64 SPKI encoding of a public key');
  }
  let key: crypto.KeyObject;
  try {
    key = crypto.createPublicKey({
      key: Buffer.from(base64, 'base64'),
      format: 'der',
      type: 'spki',
    });
  } catch {
    throw new InvalidPublicKeyError('must be the base64 SPKI encoding of a public key');
  }
  if (key.asymmetricKeyType === 'ed25519') return { type: 'ed25519', key };
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') {
    return { type: 'p256', key };
  }
  throw new InvalidPublicKeyError('must be an Ed25519 or P-256 key');
}

export function signedText(
  method: string,
  pathAndQuery: string,
  salt: string,
  body: string,
): string {
  return `${method.toUpperCase()}\n${pathAndQuery}\n${salt}\n${body}`;
}

export type SaltCheck =
  | { readonly ok: true; readonly timestamp: number }
  | { readonly ok: false; readonly reason: 'malformed' | 'stale' };

/** Checks the salt's shape and that its time is within five minutes of ours. */
export function checkSalt(salt: string | undefined, now: number): SaltCheck {
  const match = salt ? SALT.exec(salt) : null;
  if (!match) return { ok: false, reason: 'malformed' };
  const timestamp = Number(match[1]);
  if (Math.abs(now - timestamp) > MAX_CLOCK_SKEW_MS) return { ok: false, reason: 'stale' };
  return { ok: true, timestamp };
}

export function verifySignature(
  publicKey: ParsedPublicKey,
  text: string,
  signature: string | undefined,
): boolean {
  if (!signature || !BASE64URL.test(signature) || signature.length > 200) return false;
  const bytes = Buffer.from(signature, 'base64url');
  const data = Buffer.from(text, 'utf8');
  try {
    if (publicKey.type === 'ed25519') return crypto.verify(null, data, publicKey.key, bytes);
    // WebCrypto's ECDSA signature is r||s (IEEE P1363), not DER.
    return crypto.verify('sha256', data, { key: publicKey.key, dsaEncoding: 'ieee-p1363' }, bytes);
  } catch {
    return false;
  }
}

/** What a client does; used by tests, the bench and any non-browser client written in TypeScript. */
export function signRequest(
  privateKey: crypto.KeyObject,
  method: string,
  pathAndQuery: string,
  body: string,
  options: { now?: number; salt?: string } = {},
): { salt: string; signature: string } {
  const salt =
    options.salt ?? `${options.now ?? Date.now()}.${crypto.randomBytes(16).toString('hex')}`;
  const data = Buffer.from(signedText(method, pathAndQuery, salt, body), 'utf8');
  const signature =
    privateKey.asymmetricKeyType === 'ed25519'
      ? crypto.sign(null, data, privateKey)
      : crypto.sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return { salt, signature: signature.toString('base64url') };
}

export function exportPublicKey(key: crypto.KeyObject): string {
  return key.export({ format: 'der', type: 'spki' }).toString('base64');
}
