import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPublicKey } from '../../auth/signatures.ts';
import { MEMBER, MEMBER2 } from '../../db/seed/personas.ts';
import { SIGN_IN_ACCOUNT_CEILING, SIGN_IN_PAIR_LIMIT } from '../../services/session.ts';
import { startTestServer } from '../../test/api-harness.ts';
import type { TestServer } from '../../test/api-harness.ts';
import { seedDemoData } from '../../test/member-client.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: 'true', SIGN_IN_LIMIT_PER_ADDRESS: '25' } });
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
  const PASSWORD = 'correct-horse-lodge';
  let nextAddress = 0;
  const freshAddress = () => {
    nextAddress += 1;
    return `198.51.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
  };

  it('wrong passwords from many addresses never keep the member out', async () => {
    for (let i = 0; i < SIGN_IN_PAIR_LIMIT.max * 2; i += 1) {
      expect((await attempt(MEMBER.username, 'guess', freshAddress())).status).toBe(401);
    }
    expect((await attempt(MEMBER.username, PASSWORD, freshAddress())).status).toBe(200);
  });

  it(`allows ${SIGN_IN_PAIR_LIMIT.max} tries at one account from one address, then 429 there only`, async () => {
    const ip = freshAddress();
    for (let i = 0; i < SIGN_IN_PAIR_LIMIT.max; i += 1) {
      expect((await attempt(MEMBER.username, 'guess', ip)).status).toBe(401);
    }
    const limited = await attempt(MEMBER.username, PASSWORD, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.type).toMatch(/\/too-many-requests$/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_PAIR_LIMIT.windowMs / 1000);
    // The same address may still sign in to another account, and the member from another address.
    expect((await attempt(MEMBER2.username, PASSWORD, ip)).status).toBe(200);
    expect((await attempt(MEMBER.username, PASSWORD, freshAddress())).status).toBe(200);
  });

  it('a good sign-in clears the failures of its address', async () => {
    const ip = freshAddress();
    for (let i = 0; i < SIGN_IN_PAIR_LIMIT.max - 1; i += 1) {
      expect((await attempt(MEMBER2.username, 'guess', ip)).status).toBe(401);
    }
    expect((await attempt(MEMBER2.username, PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < SIGN_IN_PAIR_LIMIT.max - 1; i += 1) {
      expect((await attempt(MEMBER2.username, 'guess', ip)).status).toBe(401);
    }
    expect((await attempt(MEMBER2.username, PASSWORD, ip)).status).toBe(200);
  });

  it(`past ${SIGN_IN_ACCOUNT_CEILING.max} failures an address that failed is refused, and the member's own still signs in`, async () => {
    const guessers = Array.from({ length: 10 }, () => freshAddress());
    const counted = await server.database.handle.db
      .selectFrom('rate_limit_counters')
      .select('count')
      .where('key', '=', `sign-in:account:${MEMBER.username}`)
      .executeTakeFirst();
    const toGo = SIGN_IN_ACCOUNT_CEILING.max - (counted?.count ?? 0);
    for (let i = 0; i < toGo; i += 1) {
      const ip = guessers[i % guessers.length] ?? '';
      expect((await attempt(MEMBER.username, 'guess', ip)).status).toBe(401);
    }
    // A guesser that has not reached its own limit is refused by the ceiling, right password or not.
    const guesser = await attempt(MEMBER.username, PASSWORD, guessers[0] ?? '');
    expect(guesser.status).toBe(429);
    expect(Number(guesser.headers.get('retry-after'))).toBeGreaterThan(
      SIGN_IN_PAIR_LIMIT.windowMs / 1000,
    );
    // Its own count ages out after SIGN_IN_PAIR_LIMIT's window; that it failed here does not.
    await server.database.handle.db
      .updateTable('rate_limit_counters')
      .set({ reset_at: Date.now() - 1 })
      .where('key', 'like', 'sign-in:pair:%')
      .where('key', 'not like', '%:failed')
      .execute();
    expect((await attempt(MEMBER.username, PASSWORD, guessers[1] ?? '')).status).toBe(429);
    // A fresh address gets one answer, then it has failed and is refused too.
    const fresh = freshAddress();
    expect((await attempt(MEMBER.username, 'guess', fresh)).status).toBe(401);
    expect((await attempt(MEMBER.username, PASSWORD, fresh)).status).toBe(429);
    // The member, from an address that never failed, signs in.
    expect((await attempt(MEMBER.username, PASSWORD, freshAddress())).status).toBe(200);
    // Once the day is over the guessers are answered again.
    await server.database.handle.db
      .updateTable('rate_limit_counters')
      .set({ reset_at: Date.now() - 1 })
      .execute();
    expect((await attempt(MEMBER.username, PASSWORD, guessers[2] ?? '')).status).toBe(200);
  });

  it('counts an IPv6 address by its /64 network', async () => {
    for (let i = 0; i < SIGN_IN_PAIR_LIMIT.max; i += 1) {
      const ip = `2001:db8:5:6::${(i + 1).toString(16)}`;
      expect((await attempt(MEMBER2.username, 'guess', ip)).status).toBe(401);
    }
    expect((await attempt(MEMBER2.username, PASSWORD, '2001:db8:5:6:ffff::1')).status).toBe(429);
    expect((await attempt(MEMBER2.username, PASSWORD, '2001:db8:5:7::1')).status).toBe(200);
  });

  it('believes only the last proxy: an address the client wrote into X-Forwarded-For is not its own', async () => {
    const ip = freshAddress();
    for (let i = 0; i < SIGN_IN_PAIR_LIMIT.max; i += 1) {
      // A client rotating a made-up first entry still comes from the same last hop.
      expect((await attempt(MEMBER2.username, 'guess', `10.9.8.${i}, ${ip}`)).status).toBe(401);
    }
    expect((await attempt(MEMBER2.username, PASSWORD, `10.9.9.9, ${ip}`)).status).toBe(429);
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
