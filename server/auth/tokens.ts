import crypto from 'node:crypto';

/** A 256-bit random token for a cookie: only its hash is ever stored. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
