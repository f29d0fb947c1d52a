import type { CapturedResponse } from './scenario.ts';

/** What the bare server repeats: written by the harness, read by `bare-server.ts`. */
export interface BareSpec {
  readonly status: number;
  /** Flat name, value, name, value... list, sent as is. */
  readonly rawHeaders: readonly string[];
  readonly bodyBase64: string;
  /**
   * For `bare-signed`: the member's public key (standard base64 SPKI DER, as `public_key`
   * at sign-in); each request's signature is verified with it before the answer.
   */
  readonly verifyWith?: string;
}

/**
 * Headers that Node's HTTP server writes itself for every answer (Date, Connection,
 * Keep-Alive) or that depend on how the body was framed. Lodgehall's answer went through the
 * same Node server, so both get the same ones; copying them would send them twice.
 */
const PER_RESPONSE_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
]);

/**
 * Everything else is copied, security headers and request ids included: they are bytes
 * Lodgehall sends on every answer, and a fair baseline sends them too.
 */
export function bareSpecFrom(response: CapturedResponse, verifyWith?: string): BareSpec {
  const rawHeaders: string[] = [];
  for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) {
    const name = response.rawHeaders[i] ?? '';
    if (PER_RESPONSE_HEADERS.has(name.toLowerCase())) continue;
    rawHeaders.push(name, response.rawHeaders[i + 1] ?? '');
  }
  rawHeaders.push('content-length', String(response.body.length));
  return {
    status: response.status,
    rawHeaders,
    bodyBase64: response.body.toString('base64'),
    ...(verifyWith === undefined ? {} : { verifyWith }),
  };
}

export function isBareSpec(value: unknown): value is BareSpec {
  if (typeof value !== 'object' || value === null) return false;
  const spec = value as Record<string, unknown>;
  return (
    typeof spec.status === 'number' &&
    Number.isInteger(spec.status) &&
    spec.status >= 100 &&
    spec.status <= 599 &&
    Array.isArray(spec.rawHeaders) &&
    spec.rawHeaders.length % 2 === 0 &&
    spec.rawHeaders.every((item) => typeof item === 'string') &&
    typeof spec.bodyBase64 === 'string' &&
    (spec.verifyWith === undefined || typeof spec.verifyWith === 'string')
  );
}
