import { describe, expect, it } from 'vitest';
import { VISITOR } from '../auth/actor.ts';
import type { Actor } from '../auth/actor.ts';
import { maySeeNotice } from './notices.ts';

const member = (partyId: number, isAdmin = false): Actor => ({
  kind: 'member',
  userId: partyId + 100,
  partyId,
  isAdmin,
});

describe('maySeeNotice (API-NOTE-01/02)', () => {
  it('the recipient sees their own notice', () => {
    expect(maySeeNotice(member(7), { partyId: 7 })).toBe(true);
  });

  it('another member, even an admin, does not; nor does a visitor', () => {
    expect(maySeeNotice(member(8), { partyId: 7 })).toBe(false);
    expect(maySeeNotice(member(8, true), { partyId: 7 })).toBe(false);
    expect(maySeeNotice(VISITOR, { partyId: 7 })).toBe(false);
  });
});
