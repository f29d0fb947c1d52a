/**
 * Business constants of the spec (§9) and the wire names shared by the server and the web app.
 * Pure data: no DOM types and no JSX, so the server can import it too.
 */

/** CONST-38: the web app lives under this base path. */
export const BASE_PATH = '/app';
/** CONST-38: every API call goes under this prefix. */
export const API_PREFIX = '/api/private/mobile/v1';

/** AMB-04: the client identifier header and its value for the web app. */
export const CLIENT_ID_HEADER = 'X-Client-Id';
export const CLIENT_VERSION_HEADER = 'X-Client-Version';
export const WEB_CLIENT_ID = 'web-app';
/** §7 and docs/architecture.md §5: request signing and badge headers. */
export const SALT_HEADER = 'X-SALT';
export const SIGNATURE_HEADER = 'X-SIGNATURE';
export const USER_METADATA_HEADER = 'x-user-metadata';

/** CONST-01: the spec's bootstrap delay. Lodgehall does not wait for it (AMB-52). */
export const SPEC_BOOTSTRAP_DELAY_MS = 1200;
/** AMB-52: if the bootstrap call has not settled after this long, the Network Error dialog shows. */
export const BOOTSTRAP_TIMEOUT_MS = 10_000;
/**
 * Issue 8 §5: any other call with no answer after this long ends in the Network Error (ERR-01)
 * and the screen's Try again, plus the time a large body takes to send (see the next).
 */
export const REQUEST_TIMEOUT_MS = 20_000;
/**
 * The slowest upload a call still waits for, in bytes a second (about 0.8 Mbit/s, a weak phone
 * signal): a post's photos travel as base64 in the JSON, so its call may take that much longer.
 */
export const SLOWEST_UPLOAD_BYTES_PER_SECOND = 100_000;
/** CONST-02. */
export const CHAT_POLL_MS = 500;
/** CONST-03. */
export const SCROLL_TO_BOTTOM_DELAY_MS = 300;
/** CONST-04, CONST-05. */
export const SEARCH_DEBOUNCE_MS = 250;
export const SEARCH_MIN_CHARS = 2;
/** CONST-06. */
export const AVATAR_SAVE_DELAY_MS = 200;
/** CONST-08: list refetch age for posts and the calendar; also the queries' default staleTime. */
export const LIST_STALE_MS = 15_000;
/** CONST-09. */
export const DEFAULT_EVENT_DURATION_MS = 60 * 60 * 1000;
/** CONST-10: time slots every 30 minutes. */
export const TIME_SLOT_MINUTES = 30;
/** CONST-11. */
export const MIN_GUESTS = 0;
export const MAX_GUESTS = 9;
/** CONST-12. */
export const MIN_PASSWORD_SCORE = 3;
/** CONST-13. */
export const AUTH_CODE_LENGTH = 6;
/** CONST-14. */
export const PHOTO_MOSAIC_MAX = 3;
/** CONST-31. */
export const CHAT_AVATAR_MAX = 4;
/** CONST-30. */
export const AVATAR_COLOR_COUNT = 20;
/** CONST-33. */
export const MAP_IMAGE_SIZE = 400;
export const MAP_ZOOM = 15;
/** AMB-41. */
export const POSTS_PAGE_SIZE = 20;
/** Events a page of a calendar tab or a club calendar (docs/decisions.md D31). */
export const CALENDAR_PAGE_SIZE = 30;

/**
 * The largest post, event or chat message request, photos included (base64 adds a third):
 * a form with several phone photos fits; a larger one is refused with 413 before it is read.
 */
export const MAX_UPLOAD_REQUEST_BYTES = 32 * 1024 * 1024;

/* CONST-15, CONST-16 and AMB-32 (the time zones, their labels and the default) live in
 * common/event-time.ts with the rest of the calendar's time rules. */

/** CONST-18: access (visibility) values and their labels. */
export const ACCESS_VALUES = ['PUBLIC', 'MEMBER', 'CLUB'] as const;
export type Access = (typeof ACCESS_VALUES)[number];
export const ACCESS_LABELS: Readonly<Record<Access, string>> = {
  PUBLIC: 'Public - visible to anyone',
  MEMBER: 'Member - visible to anyone logged in',
  CLUB: 'Lodge - visible to members of this lodge',
};
/** CONST-16, AMB-42: new events and lodge posts default to PUBLIC. */
export const DEFAULT_ACCESS: Access = 'PUBLIC';
/** CONST-19, AMB-09: the wire value for a member post to 'All followers'. */
export const ALL_FOLLOWERS_ACCESS = 'ALL_FOLLOWERS';
/** CONST-20, AMB-09: the wire value of Post As for a member post. */
export const POST_AS_MEMBER_VALUE = 'MEMBER';

/** CONST-21. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;

/** ENT-11. */
export const ROLE_WEBMASTER = 'webmaster';
export const ROLE_USER = 'user';
/** ENT-12. */
export const PREF_SHOW_HIDDEN_CHATS = 'SHOW_HIDDEN_CHATS';
/** ENT-14, API-CHAT-02. */
export const PARTY_POST_TYPE = 'PartyPost';
export const GROUP_CHAT_TYPE = 'GroupChat';
/** ENT-29. */
export const PHONE_TYPES = ['CellPhone', 'HomePhone', 'OfficePhone'] as const;

/** docs/architecture.md §4: a 422 problem type ends with this name. */
export const UNPROCESSABLE_ENTITY_ERROR = 'unprocessable-entity-error';

/**
 * NAV-07: the external Support link of the signed-in menu. A constant until the server
 * provides it per installation; it opens in a new tab.
 */
export const SUPPORT_URL = 'https://lodgehall.org/support';
/** AMB-25: badges show the exact count up to this, then `99+`. */
export const BADGE_COUNT_MAX = 99;
/** NAV-06, AMB-25: above this count a badge is the wider pill. */
export const BADGE_WIDE_ABOVE = 9;
/** CONST-24: the birth date mask as MaskInput writes it (9 is a digit). */
export const BIRTH_DATE_INPUT_MASK = '99/99/9999';

/**
 * CONST-21, AMB-18: the MIME types that go with IMAGE_EXTENSIONS, checked when a browser reports
 * one ('image/jpg' and 'image/pjpeg' are what some older browsers and phones call JPEG).
 */
export const IMAGE_MIME_TYPES = [
  'image/jpeg',
  'image/jpg',
  'image/pjpeg',
  'image/png',
  'image/gif',
] as const;
