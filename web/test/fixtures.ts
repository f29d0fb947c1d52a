import type { SessionParty, User } from '../../common/schemas/session.ts';
import type { CalendarEvent } from '../../common/schemas/calendar-event.ts';

/**
 * An author as posts and comments carry one, for tests: the first and last words of the
 * display name as first and last name, and no picture unless given.
 */
export function testParty(
  id: number,
  displayName: string,
  overrides: Partial<SessionParty> = {},
): SessionParty {
  const words = displayName.split(' ');
  return {
    id,
    first_name: words[0] ?? null,
    middle_name: null,
    last_name: words.length > 1 ? (words.at(-1) ?? null) : null,
    suffix: null,
    preferred_name: null,
    display_name: displayName,
    avatar: null,
    ...overrides,
  };
}

/** A signed-in user as the server presents it (§3), for tests. M of the checklist by default. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    username: 'member',
    party_id: 7,
    is_admin: false,
    party: {
      id: 7,
      first_name: 'Daniel',
      middle_name: 'Thomas',
      last_name: 'Whitfield',
      suffix: null,
      preferred_name: null,
      display_name: 'Daniel Thomas Whitfield',
      avatar: null,
    },
    clubs: [
      {
        id: 11,
        name: 'Harmony Lodge No. 412',
        subdomain: 'harmony412',
        is_leaf: true,
        club_member_role_names: ['user'],
        full_address: '12 Main Street, Columbus, OH 43215',
        time_zone_id: 1,
      },
    ],
    status_club_ids: [],
    abilities: { use_console: overrides.is_admin ?? false },
    ...overrides,
  };
}

/** A JSON answer, with optional headers. */
export function respond(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** The x-user-metadata header value for the given counts. */
export function userMetadataHeader(notices: number | null, chats: number | null): string {
  return btoa(JSON.stringify({ unseen_notice_count: notices, unseen_chat_messages_count: chats }));
}

type Answer = Response | (() => Response | Promise<Response>);

/**
 * A fetch stand-in that answers by `METHOD path` (path without the /api/private/mobile/v1
 * prefix and query), a fresh Response every call. Unlisted calls get a 404.
 */
export function fakeApi(routes: Record<string, Answer>): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^.*\/api\/private\/mobile\/v1/, '').replace(/\?.*$/, '');
    const method = (init?.method ?? 'GET').toUpperCase();
    const answer = routes[`${method} ${path}`];
    if (answer === undefined) return respond(404, { type: 'x/not-found', status: 404 });
    if (typeof answer === 'function') return answer();
    return answer.clone();
  };
}

/** The answer of `GET /club_membership_groups.json` for M. */
export function membershipGroupsAnswer() {
  return {
    data: {
      club_membership_groups: [
        {
          id: 1,
          name: 'Grand Lodge of Ohio F&AM',
          group_names: ['Lodges', 'Districts'],
          groups: {
            Lodges: [
              { club_id: 11, club_name: 'Harmony Lodge No. 412', club_subdomain: 'harmony412' },
            ],
            Districts: [{ club_id: 5, club_name: '9th District', club_subdomain: 'district9' }],
          },
        },
      ],
    },
  };
}

/**
 * A calendar event as the server presents it (§3), for tests: on 11/24/2026 at 7:30pm Eastern
 * at Harmony Lodge No. 412 unless overridden.
 */
export function testCalendarEvent(
  id: number,
  overrides: Partial<CalendarEvent> = {},
): CalendarEvent {
  const date = overrides.local_start_date ?? '11/24/2026';
  return {
    id,
    name: `Event ${id}`,
    club: {
      id: 11,
      name: 'Harmony Lodge No. 412',
      subdomain: 'harmony412',
      type_name: 'Lodge',
      default_url: null,
    },
    clubId: 11,
    calendar_id: 11,
    start_time: Date.UTC(2026, 10, 25, 0, 30),
    end_time: null,
    local_start_date: date,
    local_start_time: '7:30pm',
    local_start_date_time_with_duration: 'Tuesday, November 24, 2026 7:30pm EST',
    start_date_string: date,
    start_time_string: '7:30pm',
    end_date_string: null,
    end_time_string: null,
    time_zone_id: 1,
    location: '12 Main Street, Columbus, OH',
    description: '',
    access: 'MEMBER',
    announced: false,
    allows_comments: true,
    comment_container: { id: id + 1000, comment_count: 0 },
    last_activity_at: 0,
    photos: [],
    calendar_event_description_id: id,
    event_attendee: null,
    event_attendance_counts: { yes: 0, no: 0, guests: 0 },
    // What an ordinary member of the lodge may do: nothing (D58); tests override it.
    abilities: { edit: false, delete: false, announce: false, cancel: false },
    // A single event; a meeting of a series (D80) overrides these.
    series_id: null,
    recurrence: null,
    recurrence_description: null,
    occurrence_changed: false,
    cancelled: false,
    ...overrides,
  };
}
