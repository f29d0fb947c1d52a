import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor.ts';
import { VISITOR } from '../auth/actor.ts';
import type { Access } from '../db/schema.ts';
import {
  mayAnnounceCalendarEvent,
  mayChangeRsvp,
  mayCreateCalendarEvent,
  mayDeleteCalendarEvent,
  mayEditCalendarEvent,
  mayViewCalendarEvent,
} from './calendar-events.ts';

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

describe('mayCreateCalendarEvent (PERM-06, EVF-03: webmaster lodges only)', () => {
  it("a lodge's webmaster, not a member, an admin who is not its webmaster, or a visitor", () => {
    expect(mayCreateCalendarEvent(member, LODGE, inLodge)).toBe(true);
    expect(mayCreateCalendarEvent(member, LODGE, elsewhere)).toBe(false);
    expect(mayCreateCalendarEvent(admin, LODGE, new Set())).toBe(false);
    expect(mayCreateCalendarEvent(VISITOR, LODGE, inLodge)).toBe(false);
  });
});

describe('mayEditCalendarEvent and mayAnnounceCalendarEvent (§6, PERM-07, AMB-06)', () => {
  it("an admin or a webmaster of the event's lodge; not its creator as such", () => {
    for (const may of [mayEditCalendarEvent, mayAnnounceCalendarEvent]) {
      expect(may(member, event('PUBLIC'), inLodge)).toBe(true);
      expect(may(admin, event('PUBLIC'), new Set())).toBe(true);
      expect(may(member, event('PUBLIC'), elsewhere)).toBe(false);
      expect(may(creator, event('PUBLIC'), elsewhere)).toBe(false);
      expect(may(VISITOR, event('PUBLIC'), inLodge)).toBe(false);
    }
  });
});

describe('mayDeleteCalendarEvent (§6: only while comments are off or none exist)', () => {
  it.each([
    [true, 0, true],
    [false, 3, true],
    [true, 1, false],
  ])('allows comments %s with %i comments: %s', (allowsComments, commentCount, allowed) => {
    const comments = { allowsComments, commentCount };
    expect(mayDeleteCalendarEvent(member, event('PUBLIC'), comments, inLodge)).toBe(allowed);
    expect(mayDeleteCalendarEvent(admin, event('PUBLIC'), comments, new Set())).toBe(allowed);
    expect(mayDeleteCalendarEvent(member, event('PUBLIC'), comments, elsewhere)).toBe(false);
  });
});
