import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor.ts';
import { VISITOR } from '../auth/actor.ts';
import type { Access } from '../db/schema.ts';
import { mayChangeRsvp, mayViewCalendarEvent } from './calendar-events.ts';

const LODGE = 10;
const creator: Actor = { kind: 'member', userId: 1, partyId: 1, isAdmin: false };
const member: Actor = { kind: 'member', userId: 2, partyId: 2, isAdmin: false };
const admin: Actor = { kind: 'member', userId: 3, partyId: 3, isAdmin: true };
const inLodge = new Set([LODGE]);
const elsewhere = new Set([11]);

function event(access: Access) {
  return { clubId: LODGE, partyId: 1, access };
}

describe('mayViewCalendarEvent', () => {
  it.each([
    ['PUBLIC', true, true, true],
    ['MEMBER', true, true, false],
    ['CLUB', true, false, false],
  ] as const)(
    '%s: lodge member %s, other member %s, visitor %s',
    (access, lodge, other, visitor) => {
      expect(mayViewCalendarEvent(member, event(access), inLodge)).toBe(lodge);
      expect(mayViewCalendarEvent(member, event(access), elsewhere)).toBe(other);
      expect(mayViewCalendarEvent(VISITOR, event(access), new Set())).toBe(visitor);
    },
  );

  it('admins and the creator always see it', () => {
    expect(mayViewCalendarEvent(admin, event('CLUB'), elsewhere)).toBe(true);
    expect(mayViewCalendarEvent(creator, event('CLUB'), elsewhere)).toBe(true);
  });
});

describe("mayChangeRsvp (CAL-15, CAL-16: only one's own RSVP)", () => {
  it('the member it belongs to, and nobody else, not even an admin or a visitor', () => {
    expect(mayChangeRsvp(member, 2)).toBe(true);
    expect(mayChangeRsvp(member, 1)).toBe(false);
    expect(mayChangeRsvp(admin, 2)).toBe(false);
    expect(mayChangeRsvp(VISITOR, 2)).toBe(false);
  });
});
