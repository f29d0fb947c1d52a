import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor.ts';
import { VISITOR } from '../auth/actor.ts';
import { mayRecordContactWith, mayViewParty } from './parties.ts';

const member: Actor = { kind: 'member', userId: 2, partyId: 20, isAdmin: false };
const admin: Actor = { kind: 'member', userId: 3, partyId: 30, isAdmin: true };

describe('mayViewParty (D37, PARTY-01)', () => {
  it('a member sees themself, with or without a shared organisation', () => {
    expect(mayViewParty(member, 20, false)).toBe(true);
    expect(mayViewParty(member, 20, true)).toBe(true);
  });

  it('another party only while they share a current organisation with the viewer', () => {
    expect(mayViewParty(member, 21, true)).toBe(true);
    expect(mayViewParty(member, 21, false)).toBe(false);
  });

  it('an admin is held to the same roster rule', () => {
    expect(mayViewParty(admin, 21, false)).toBe(false);
    expect(mayViewParty(admin, 21, true)).toBe(true);
  });

  it('a visitor sees no one', () => {
    expect(mayViewParty(VISITOR, 21, true)).toBe(false);
  });
});

describe('mayRecordContactWith (ENT-18)', () => {
  it('another party yes, oneself and a visitor no', () => {
    expect(mayRecordContactWith(member, 21)).toBe(true);
    expect(mayRecordContactWith(member, 20)).toBe(false);
    expect(mayRecordContactWith(VISITOR, 21)).toBe(false);
  });
});
