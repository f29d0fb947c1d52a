/** Paths the screens link to, relative to the /app base path (§2). */
export const SIGN_IN_PATH = '/user/signIn';
export const HOME_PATH = '/';
export const HOME_REDIRECT = '/news';
export const MY_ACCOUNT_PATH = '/my_account';
export const CHANGE_PASSWORD_PATH = '/password_change_request';
export const FORGOT_PASSWORD_PATH = '/forgot_password';
export const REGISTER_PATH = '/register';
export const CHATS_PATH = '/chats';
/** ROUTE-15..19: a new 1-on-1, a chat, and its add-member, rename and members screens. */
export const NEW_CHAT_PATH = '/chats/new';
export const chatPath = (id: number): string => `/chats/${id}`;
export const chatAddMemberPath = (id: number): string => `/chats/${id}/add_member`;
export const chatEditPath = (id: number): string => `/chats/${id}/edit`;
export const chatMembersPath = (id: number): string => `/chat_parties/${id}`;
export const NOTICES_PATH = '/notices';
export const NEWS_PATH = '/news';
export const CALENDAR_PATH = '/calendar';
export const DIRECTORY_PATH = '/directory';
export const STATUS_CHECKER_PATH = '/status_checker';
/** The directory's members tabs by address (ROUTE-21..23, AMB-12). */
export const RECENT_CONTACTS_PATH = '/parties/recent';
export const FAVORITE_CONTACTS_PATH = '/parties/favorite';
export const MEMBER_SEARCH_PATH = '/parties/search';

/** ROUTE-24: a member's page. */
export const partyPath = (id: number): string => `/parties/${id}`;

/** NAV-10: a club's page, by its subdomain. */
export const clubPath = (subdomain: string): string => `/clubs/${encodeURIComponent(subdomain)}`;

/** The post screens (ROUTE-04..09). */
export const NEW_POST_PATH = `${NEWS_PATH}/new`;
export const clubNewsPath = (subdomain: string): string => `${clubPath(subdomain)}/news`;

/** The detail in the feed's context (/news/{id}) or a lodge's (/clubs/{subdomain}/news/{id}). */
export const postPath = (post: { id: number }, clubSubdomain: string | null = null): string =>
  clubSubdomain === null ? `${NEWS_PATH}/${post.id}` : `${clubNewsPath(clubSubdomain)}/${post.id}`;

/** Edit lives under /news whatever the context (ROUTE-09). */
export const editPostPath = (post: { id: number }): string => `${NEWS_PATH}/${post.id}/edit`;

/** The calendar screens (ROUTE-02, ROUTE-03, ROUTE-10..13). */
export const NEW_EVENT_PATH = `${CALENDAR_PATH}/new`;

/** An event opened from the main calendar (ROUTE-12). */
export const eventPath = (event: { id: number }): string => `${CALENDAR_PATH}/${event.id}`;

/** A club's calendar (ROUTE-02), by the club's subdomain. */
export const clubCalendarPath = (subdomain: string): string =>
  `${clubPath(subdomain)}${CALENDAR_PATH}`;

/** An event opened from a club's calendar, in that club's context (ROUTE-03). */
export const clubEventPath = (subdomain: string, event: { id: number }): string =>
  `${clubCalendarPath(subdomain)}/${event.id}`;

/** Edit lives under /calendar whatever the context (ROUTE-13). */
export const editEventPath = (event: { id: number }): string => `${CALENDAR_PATH}/${event.id}/edit`;

/** A record's id from the URL (a post's, an event's), or null for anything that cannot be one. */
export function parseRecordId(text: string | undefined): number | null {
  if (text === undefined || !/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** The console (issue 23): its home, the roster, a member's record, the import. */
export const CONSOLE_PATH = '/admin';
export const CONSOLE_MEMBERS_PATH = '/admin/members';
export const CONSOLE_IMPORT_PATH = '/admin/import';
/** A lodge's officers and the invitations to register (issue 23, D69). */
export const CONSOLE_OFFICERS_PATH = '/admin/officers';
export const CONSOLE_INVITATIONS_PATH = '/admin/invitations';
/** Dues and the history of changes (issue 23, D70, D71). */
export const CONSOLE_DUES_PATH = '/admin/dues';
export const CONSOLE_AUDIT_PATH = '/admin/audit';
/** A member's record in the console; the organisation rides along, as the server asks for it. */
export const consoleMemberPath = (partyId: number, organizationId: number): string =>
  `${CONSOLE_MEMBERS_PATH}/${partyId}?organization_id=${organizationId}`;

/** The organisation's settings and the clubs in the console (issue 23, D68). */
export const CONSOLE_ORGANIZATION_PATH = '/admin/organization';
export const CONSOLE_NEW_ORGANIZATION_PATH = '/admin/organizations/new';
export const CONSOLE_CLUBS_PATH = '/admin/clubs';
export const CONSOLE_NEW_CLUB_PATH = '/admin/clubs/new';
export { consoleClubPath } from '../common/schemas/console-clubs.ts';
/** A new club's form, under `parentId` (null: at the top) of the organisation. */
export const consoleNewClubPath = (organizationId: number, parentId: number | null): string =>
  `${CONSOLE_NEW_CLUB_PATH}?organization_id=${organizationId}${parentId === null ? '' : `&parent=${parentId}`}`;
