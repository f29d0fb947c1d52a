import { describe, expect, it } from 'vitest';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import { VISITOR, requireAdmin, requireMember } from './actor.ts';
import type { Actor } from './actor.ts';

const member: Actor = { kind: 'member', userId: 7, partyId: 70, isAdmin: false };
const admin: Actor = { kind: 'member', userId: 1, partyId: 10, isAdmin: true };

describe('the guards a service opens with', () => {
  it('requireMember refuses a visitor with a 401 and answers any member', () => {
    expect(() => requireMember(VISITOR)).toThrow(UnauthorizedError);
    expect(requireMember(member)).toBe(member);
    expect(requireMember(admin)).toBe(admin);
  });

  it('requireAdmin (D62) refuses a visitor with a 401 and a member who is not an administrator with a 403', () => {
    expect(() => requireAdmin(VISITOR)).toThrow(UnauthorizedError);
    expect(() => requireAdmin(member)).toThrow(ForbiddenError);
    expect(requireAdmin(admin)).toBe(admin);
  });
});
