import { describe, expect, it } from 'vitest';
import type { Member } from '../auth/actor.ts';
import { duesPaymentRefusal, mayPayDues, mayUseCheckout } from './dues.ts';

const member: Member = { kind: 'member', userId: 1, partyId: 10, isAdmin: false };
const admin: Member = { kind: 'member', userId: 2, partyId: 20, isAdmin: true };

describe('dues policy (D50)', () => {
  it('a member pays only their own dues; an admin is no exception', () => {
    expect(mayPayDues(member, { partyId: 10, paidAt: null })).toBe(true);
    expect(mayPayDues(member, { partyId: 11, paidAt: null })).toBe(false);
    expect(mayPayDues(admin, { partyId: 10, paidAt: null })).toBe(false);
  });

  it('no rows is a 404, all paid a 422, anything unpaid may be paid', () => {
    expect(duesPaymentRefusal(member, [])).toBe('not-found');
    expect(duesPaymentRefusal(member, [{ partyId: 11, paidAt: null }])).toBe('not-found');
    expect(duesPaymentRefusal(member, [{ partyId: 10, paidAt: 5 }])).toBe('nothing-due');
    expect(
      duesPaymentRefusal(member, [
        { partyId: 10, paidAt: 5 },
        { partyId: 10, paidAt: null },
      ]),
    ).toBeNull();
  });

  it('the checkout page is for the paying member signed in, not for whoever has the address', () => {
    expect(mayUseCheckout(10, 10)).toBe(true);
    expect(mayUseCheckout(11, 10)).toBe(false);
    expect(mayUseCheckout(null, 10)).toBe(false);
  });
});
