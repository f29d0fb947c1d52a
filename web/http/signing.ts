import { SALT_HEADER, SIGNATURE_HEADER } from '../../common/constants.ts';

/**
 * The request-signing seam (docs/architecture.md §5, AMB-02, AMB-51).
 *
 * Every call after sign-in carries X-SALT and X-SIGNATURE, made with the session's
 * non-extractable private key. The session module installs the signer once a session holds
 * `app_public_key` (sign-in, step four of registration or reset, or a restored session at
 * start-up) and removes it when the session ends; until then, and for the calls that AMB-51
 * leaves unsigned (sign-in, organisations, registration and reset steps), the client sends no
 * signature headers.
 */
export interface RequestToSign {
  /** Upper-case HTTP method. */
  method: string;
  /** The request target exactly as sent, e.g. `/api/private/mobile/v1/posts.json?page=1`. */
  pathAndQuery: string;
  /** The exact request body text, empty when there is none. */
  body: string;
}

/** Returns the headers to add (X-SALT and X-SIGNATURE). */
export type RequestSigner = (request: RequestToSign) => Promise<Record<string, string>>;

let signer: RequestSigner | null = null;

export function setRequestSigner(next: RequestSigner | null): void {
  signer = next;
}

export function getRequestSigner(): RequestSigner | null {
  return signer;
}

/** The key types of docs/architecture.md §5 (the same names as session-keys.ts). */
export type SigningAlgorithm = 'Ed25519' | 'ECDSA-P256';

/** Bytes of random nonce in X-SALT: 16 bytes, 32 hex characters. */
const NONCE_BYTES = 16;

function hex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0');
  return text;
}

/** `X-SALT`: `<epoch milliseconds>.<32 lowercase hex characters of random nonce>`. */
export function makeSalt(now: number = Date.now()): string {
  const nonce = new Uint8Array(NONCE_BYTES);
  crypto.getRandomValues(nonce);
  return `${Math.floor(now)}.${hex(nonce)}`;
}

/** The signed text: `METHOD\npath-and-query\nX-SALT\nbody`, as UTF-8 bytes. */
export function signingInput(request: RequestToSign, salt: string): Uint8Array<ArrayBuffer> {
  const text = `${request.method.toUpperCase()}\n${request.pathAndQuery}\n${salt}\n${request.body}`;
  return new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
}

/** base64url without padding (RFC 4648 §5), the encoding of `X-SIGNATURE`. */
export function toBase64Url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export interface SignerOptions {
  /** The clock for X-SALT, in epoch milliseconds (the server-corrected clock in the app). */
  now?: () => number;
  subtle?: SubtleCrypto;
}

/**
 * The signer of docs/architecture.md §5 for the session's private key: Ed25519 signs the input
 * directly; ECDSA P-256 signs it with SHA-256 and WebCrypto's 64-byte r||s form.
 */
export function createRequestSigner(
  privateKey: CryptoKey,
  algorithm: SigningAlgorithm,
  options: SignerOptions = {},
): RequestSigner {
  const subtle = options.subtle ?? crypto.subtle;
  const now = options.now ?? Date.now;
  const params: AlgorithmIdentifier | EcdsaParams =
    algorithm === 'Ed25519' ? { name: 'Ed25519' } : { name: 'ECDSA', hash: 'SHA-256' };
  return async (request) => {
    const salt = makeSalt(now());
    const signature = await subtle.sign(params, privateKey, signingInput(request, salt));
    return { [SALT_HEADER]: salt, [SIGNATURE_HEADER]: toBase64Url(signature) };
  };
}
