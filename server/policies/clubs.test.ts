import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor.ts';
import { VISITOR } from '../auth/actor.ts';
import { maySeeClubDashboard, mayViewClub } from './clubs.ts';

const member: Actor = { kind: 'member', userId: 1, partyId: 1, isAdmin: false };
const admin: Actor = { kind: 'member', userId: 2, partyId: 2, isAdmin: true };
const ORGANIZATION = 7;
const LODGE = 40;

describe('mayViewClub (D37, D40)', () => {
  it("a member sees the clubs of their organisations, not another organisation's", () => {
    expect(mayViewClub(member, ORGANIZATION, new Set([ORGANIZATION]))).toBe(true);
    expect(mayViewClub(member, ORGANIZATION, new Set([8]))).toBe(false);
    expect(mayViewClub(member, ORGANIZATION, new Set())).toBe(false);
  });

  it('an admin sees every club; a visitor none', () => {
    expect(mayViewClub(admin, ORGANIZATION, new Set())).toBe(true);
    expect(mayViewClub(VISITOR, ORGANIZATION, new Set([ORGANIZATION]))).toBe(false);
  });
});

describe('maySeeClubDashboard (PERM-04, AMB-05)', () => {
  it("a webmaster of the club, not of another club's", () => {
    expect(maySeeClubDashboard(member, LODGE, new Set([LODGE]))).toBe(true);
    expect(maySeeClubDashboard(member, LODGE, new Set([41]))).toBe(false);
  });

  it('an admin always; a visitor never', () => {
    expect(maySeeClubDashboard(admin, LODGE, new Set())).toBe(true);
    expect(maySeeClubDashboard(VISITOR, LODGE, new Set([LODGE]))).toBe(false);
  });
});
