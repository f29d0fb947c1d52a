import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPublicKey } from '../../auth/signatures.ts';
import { MEMBER, MEMBER2 } from '../../db/seed/personas.ts';
import { SIGN_IN_ACCOUNT_LIMIT } from '../../services/session.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { seedDemoData } from '../../test/member-client.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true', SIGN_IN_LIMIT_PER_ADDRESS: '12' } });
  await seedDemoData(server);
});

afterAll(async () => {
  await server.close();
});

function attempt(username: string, password: string, ip: string) {
  const public_key = exportPublicKey(crypto.generateKeyPairSync('ed25519').publicKey);
  return server.request<{ type: string }>('POST', '/session.json', {
    body: { user: { username, password, public_key } },
    headers: { 'x-forwarded-for': ip },
  });
}

describe('sign-in rate limits', () => {
  it(`allows ${SIGN_IN_ACCOUNT_LIMIT.max} tries at one account, then answers 429 with Retry-After`, async () => {
    for (let i = 0; i < SIGN_IN_ACCOUNT_LIMIT.max; i += 1) {
      // A different address each time: the account limit holds whatever the address.
      expect((await attempt(MEMBER.username, 'guess', `198.51.100.${i + 1}`)).status).toBe(401);
    }
    const limited = await attempt(MEMBER.username, 'correct-horse-lodge', '198.51.100.99');
    expect(limited.status).toBe(429);
    expect(limited.body.type).toMatch(/\/too-many-requests$/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_ACCOUNT_LIMIT.windowMs / 1000);
  });

  it('lets the member in again once the window has passed', async () => {
    await server.database.handle.db
      .updateTable('rate_limit_counters')
      .set({ reset_at: Date.now() - 1 })
      .execute();
    expect((await attempt(MEMBER.username, 'correct-horse-lodge', '198.51.100.7')).status).toBe(
      200,
    );
  });

  it('allows SIGN_IN_LIMIT_PER_ADDRESS sign-ins per address, then 429', async () => {
    const ip = '203.0.113.50';
    for (let i = 0; i < server.config.SIGN_IN_LIMIT_PER_ADDRESS; i += 1) {
      expect((await attempt(`nobody-${i}`, 'x', ip)).status).toBe(401);
    }
    expect((await attempt(MEMBER2.username, 'correct-horse-lodge', ip)).status).toBe(429);
    // Another address is not affected.
    expect((await attempt(MEMBER2.username, 'correct-horse-lodge', '203.0.113.51')).status).toBe(
      200,
    );
  });
});
