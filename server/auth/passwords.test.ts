import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const stored = await hashPassword('correct-horse-lodge');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored, 'correct-horse-lodge')).toBe(true);
    expect(await verifyPassword(stored, 'Correct-horse-lodge')).toBe(false);
  });

  it('salts each hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('treats a malformed stored hash as a wrong password', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});
