import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Keeps a caller's request id when it is sane (so a proxy's id follows the request), else makes one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : crypto.randomUUID();
}

/**
 * The SPA is built to need nothing but its own origin: no inline script, no CDN. Mantine sets
 * element styles at run time, which is why inline styles (not scripts) stay allowed.
 */
export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Helmet's header set, computed once: @fastify/helmet rebuilds the policy on every request,
 * which cost about a tenth of a small API call (docs/decisions.md D11).
 */
export function securityHeaders(
  https: boolean,
  /** Origins beside our own that images may come from: a static map provider's (D40). */
  imageOrigins: readonly string[] = [],
): Record<string, string> {
  const directives = Object.entries(CONTENT_SECURITY_POLICY).map(([name, values]) => {
    const all = name === 'img-src' ? [...values, ...imageOrigins] : values;
    return `${name} ${all.join(' ')}`;
  });
  if (https) directives.push('upgrade-insecure-requests');
  const headers: Record<string, string> = {
    'content-security-policy': directives.join('; '),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  // HSTS on plain HTTP would pin browsers to an https://localhost that does not exist.
  if (https) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}

export function registerSecurity(app: FastifyInstance, config: AppConfig): void {
  const mapTemplate = config.MAP_IMAGE_URL_TEMPLATE;
  const headers = securityHeaders(
    config.PUBLIC_URL?.startsWith('https:') ?? false,
    mapTemplate ? [new URL(mapTemplate).origin] : [],
  );
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
}
