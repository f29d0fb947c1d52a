import { ROLE_WEBMASTER } from '../../../common/constants.ts';
import type { CalendarEvent } from '../../../common/schemas/calendar-event.ts';
import type { User } from '../../../common/schemas/session.ts';

type EventViewer = Pick<User, 'is_admin' | 'clubs'>;
type EventFacts = Pick<
  CalendarEvent,
  'club' | 'announced' | 'allows_comments' | 'comment_container'
>;

/**
 * What the event screen offers (§6 Roles and permissions; PERM-07, PERM-13, PERM-14). These
 * decide only what to show: the server checks the same rules on every write, so they must
 * never be looser. A webmaster is one of the event's own club, as for a lodge's posts
 * (post-permissions.ts): a webmaster of another lodge, or of the district above, is not.
 */
function webmasterOrAdmin(user: EventViewer | null, event: Pick<EventFacts, 'club'>): boolean {
  if (!user) return false;
  if (user.is_admin) return true;
  const clubId = event.club.id;
  return user.clubs.some(
    (club) => club.id === clubId && club.club_member_role_names.includes(ROLE_WEBMASTER),
  );
}

/** Edit (PERM-13): an admin or a webmaster of the event's club. */
export function mayChangeEvent(user: EventViewer | null, event: Pick<EventFacts, 'club'>): boolean {
  return webmasterOrAdmin(user, event);
}

/**
 * Delete (PERM-14): those who may edit, and only while comments are off or none exist yet, so
 * a thread members wrote in is never deleted with the event.
 */
export function mayDeleteEvent(user: EventViewer | null, event: EventFacts): boolean {
  return (
    webmasterOrAdmin(user, event) &&
    (!event.allows_comments || event.comment_container.comment_count === 0)
  );
}

/** Announce (CAL-21, PERM-07): those who may edit, while the event is not announced. */
export function mayAnnounceEvent(user: EventViewer | null, event: EventFacts): boolean {
  return !event.announced && webmasterOrAdmin(user, event);
}
