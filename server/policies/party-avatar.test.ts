import { describe, expect, it } from 'vitest';
import { VISITOR, type Actor } from '../auth/actor.ts';
import { mayChangeAvatar } from './party-avatar.ts';

const member: Actor = { kind: 'member', userId: 1, partyId: 10, isAdmin: false };
const admin: Actor = { kind: 'member', userId: 2, partyId: 20, isAdmin: true };

describe('mayChangeAvatar (PERM-02)', () => {
  it('lets a member change their own avatar only; an admin no one else’s; a visitor none', () => {
    expect(mayChangeAvatar(member, 10)).toBe(true);
    expect(mayChangeAvatar(member, 20)).toBe(false);
    expect(mayChangeAvatar(admin, 10)).toBe(false);
    expect(mayChangeAvatar(VISITOR, 10)).toBe(false);
  });
});
