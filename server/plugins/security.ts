import crypto from 'node:crypto';
import helmet from '@fastify/helmet';
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
export const CONTENT_SECURITY_POLICY = {
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

export async function registerSecurity(app: FastifyInstance, config: AppConfig): Promise<void> {
  const https = config.PUBLIC_URL?.startsWith('https:') ?? false;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: https
        ? { ...CONTENT_SECURITY_POLICY, 'upgrade-insecure-requests': [] }
        : CONTENT_SECURITY_POLICY,
    },
    // HSTS on plain HTTP would pin browsers to an https://localhost that does not exist.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
