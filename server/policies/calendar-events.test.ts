import { describe, expect, it } from 'vitest';
import type { Actor } from '../auth/actor.ts';
import { VISITOR } from '../auth/actor.ts';
import type { Access } from '../db/schema.ts';
import {
  calendarEventAbilities,
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

// The cases web/pages/calendar/event-permissions.test.ts asserted on the browser's copy of the
// rules, asked now of the abilities every event is sent with (D58).
describe('calendarEventAbilities (PERM-13, PERM-14, CAL-21, PERM-07)', () => {
  const L2 = 22;
  const webmasterOfL2: Actor = { kind: 'member', userId: 30, partyId: 30, isAdmin: false };
  const webmasterClubs = new Set([L2]);
  const none = new Set<number>();
  const l2Event = { clubId: L2 };
  // The member's own lodge (11), of which nobody here is webmaster.
  const otherEvent = { clubId: 11 };
  const fresh = {
    allowsComments: true,
    commentCount: 0,
    announced: false,
    inSeries: false,
    cancelled: false,
  };
  const abilities = (
    actor: Actor,
    event: { clubId: number },
    state: Partial<typeof fresh> = {},
    clubs: ReadonlySet<number> = webmasterClubs,
  ) => calendarEventAbilities(actor, event, { ...fresh, ...state }, clubs);

  it('edit: an admin and a webmaster of the event’s lodge', () => {
    expect(abilities(admin, l2Event, {}, none).edit).toBe(true);
    expect(abilities(webmasterOfL2, l2Event).edit).toBe(true);
  });

  it('edit: not a webmaster of another lodge, a member of the lodge, or nobody signed in', () => {
    expect(abilities(webmasterOfL2, otherEvent).edit).toBe(false);
    expect(abilities(member, otherEvent, {}, none).edit).toBe(false);
    expect(abilities(VISITOR, l2Event, {}, none).edit).toBe(false);
  });

  it('delete: with no comments, or with comments off', () => {
    expect(abilities(webmasterOfL2, l2Event).delete).toBe(true);
    const off = { allowsComments: false, commentCount: 3 };
    expect(abilities(webmasterOfL2, l2Event, off).delete).toBe(true);
    expect(abilities(admin, l2Event, off, none).delete).toBe(true);
  });

  it('delete: not once a comment exists, even for an admin', () => {
    const commented = { commentCount: 1 };
    expect(abilities(webmasterOfL2, l2Event, commented).delete).toBe(false);
    expect(abilities(admin, l2Event, commented, none).delete).toBe(false);
  });

  it('delete: not for those who may not edit', () => {
    expect(abilities(member, otherEvent, {}, none).delete).toBe(false);
    expect(abilities(webmasterOfL2, otherEvent).delete).toBe(false);
  });

  it('announce: the lodge’s webmaster and an admin while the event is not announced', () => {
    expect(abilities(webmasterOfL2, l2Event, { announced: false }).announce).toBe(true);
    expect(abilities(admin, l2Event, { announced: false }, none).announce).toBe(true);
  });

  it('announce: not once announced', () => {
    expect(abilities(webmasterOfL2, l2Event, { announced: true }).announce).toBe(false);
    expect(abilities(admin, l2Event, { announced: true }, none).announce).toBe(false);
  });

  it('announce: never a member, nor a webmaster of another lodge', () => {
    expect(abilities(member, otherEvent, { announced: false }, none).announce).toBe(false);
    expect(abilities(webmasterOfL2, otherEvent, { announced: false }).announce).toBe(false);
  });

  it('cancel: a meeting of a series not cancelled yet, by those who may edit it', () => {
    const meeting = { inSeries: true };
    expect(abilities(webmasterOfL2, l2Event, meeting).cancel).toBe(true);
    expect(abilities(admin, l2Event, meeting, none).cancel).toBe(true);
    expect(abilities(member, otherEvent, meeting, none).cancel).toBe(false);
    expect(abilities(webmasterOfL2, l2Event, { ...meeting, cancelled: true }).cancel).toBe(false);
    expect(abilities(webmasterOfL2, l2Event).cancel).toBe(false);
  });
});
