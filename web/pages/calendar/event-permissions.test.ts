import { describe, expect, it } from 'vitest';
import { testCalendarEvent, testUser } from '../../test/fixtures.ts';
import { mayAnnounceEvent, mayChangeEvent, mayDeleteEvent } from './event-permissions.ts';

const L2 = {
  id: 22,
  name: 'Olentangy Lodge No. 614',
  subdomain: 'olentangy614',
  type_name: 'Lodge',
  default_url: null,
};

const webmasterOfL2 = testUser({
  party_id: 30,
  clubs: [
    {
      id: 22,
      name: L2.name,
      subdomain: L2.subdomain,
      is_leaf: true,
      club_member_role_names: ['user', 'webmaster'],
      full_address: null,
      time_zone_id: 1,
    },
  ],
});
const admin = testUser({ is_admin: true });
// M: an ordinary member of Harmony Lodge No. 412 (club 11).
const member = testUser();

/** An event of L2; the fixture's own events are of M's lodge 11. */
function l2Event(overrides: Parameters<typeof testCalendarEvent>[1] = {}) {
  return testCalendarEvent(5, { club: L2, clubId: L2.id, calendar_id: L2.id, ...overrides });
}

describe('mayChangeEvent (PERM-13)', () => {
  it('lets an admin and a webmaster of the event’s lodge edit', () => {
    expect(mayChangeEvent(admin, l2Event())).toBe(true);
    expect(mayChangeEvent(webmasterOfL2, l2Event())).toBe(true);
  });

  it('refuses a webmaster of another lodge, a member of the lodge, and nobody signed in', () => {
    expect(mayChangeEvent(webmasterOfL2, testCalendarEvent(6))).toBe(false);
    expect(mayChangeEvent(member, testCalendarEvent(6))).toBe(false);
    expect(mayChangeEvent(null, l2Event())).toBe(false);
  });
});

describe('mayDeleteEvent (PERM-14)', () => {
  it('allows deleting an event with no comments, or with comments off', () => {
    expect(mayDeleteEvent(webmasterOfL2, l2Event())).toBe(true);
    const off = l2Event({ allows_comments: false, comment_container: { id: 9, comment_count: 3 } });
    expect(mayDeleteEvent(webmasterOfL2, off)).toBe(true);
    expect(mayDeleteEvent(admin, off)).toBe(true);
  });

  it('refuses once a comment exists, even to an admin', () => {
    const commented = l2Event({ comment_container: { id: 9, comment_count: 1 } });
    expect(mayDeleteEvent(webmasterOfL2, commented)).toBe(false);
    expect(mayDeleteEvent(admin, commented)).toBe(false);
  });

  it('refuses those who may not edit', () => {
    expect(mayDeleteEvent(member, testCalendarEvent(6))).toBe(false);
    expect(mayDeleteEvent(webmasterOfL2, testCalendarEvent(6))).toBe(false);
  });
});

describe('mayAnnounceEvent (CAL-21, PERM-07)', () => {
  it('shows Announce to the lodge’s webmaster and an admin while the event is not announced', () => {
    expect(mayAnnounceEvent(webmasterOfL2, l2Event({ announced: false }))).toBe(true);
    expect(mayAnnounceEvent(admin, l2Event({ announced: false }))).toBe(true);
  });

  it('hides it once announced', () => {
    expect(mayAnnounceEvent(webmasterOfL2, l2Event({ announced: true }))).toBe(false);
    expect(mayAnnounceEvent(admin, l2Event({ announced: true }))).toBe(false);
  });

  it('never shows it to a member, nor to a webmaster of another lodge', () => {
    expect(mayAnnounceEvent(member, testCalendarEvent(6, { announced: false }))).toBe(false);
    expect(mayAnnounceEvent(webmasterOfL2, testCalendarEvent(6, { announced: false }))).toBe(false);
  });
});
