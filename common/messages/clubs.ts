/**
 * The club home and the lodge lists, Lodgehall's own words where the spec gives none (the spec's
 * Home, Calendar, Posts, Files, Photos, Dashboard and the lodge search texts are in
 * directory.ts). Read through common/messages.ts.
 */

export const LOADING_CLUB = 'Loading the lodge…';
export const CLUB_PAGES_LABEL = 'Lodge pages';
export const CLUB_LINKS_LABEL = 'Lodge links';
export const CLUB_MEETINGS = 'Meetings';
export const CLUB_NEXT_EVENT = 'Next Event';
export const CLUB_NO_UPCOMING_EVENT = 'No upcoming events.';
export const CLUB_LATEST_POST = 'Latest Post';
/** CLUB-11: the club this one belongs to, and the clubs that belong to it. */
export const CLUB_PARENT_GROUP = 'Part of';
export const CLUB_MEMBER_CLUBS = 'Member Clubs';
export const CLUB_ABOUT = 'Address and Officers';
export const CLUB_OFFICERS = 'Officers';
export const CLUB_ADDRESS = 'Address';
export const clubMapAlt = (club: string): string => `Map showing where ${club} meets`;
export const CLUB_OPEN_MAP = 'Open the map';
export const BACK_TO_CLUB = (club: string): string => `Back to ${club}`;
export const BACK_TO_THE_LODGE = 'Back to the Lodge';
export const LOADING_LODGES = 'Loading the lodges…';
/** By City: the heading of lodges whose city is not recorded. */
export const LODGES_WITHOUT_CITY = 'City not recorded';
export const LODGE_SEARCH_LABEL = 'Search lodges';
export const LODGE_SEARCH_HINT = 'Name, formal name or city, e.g. "harmony" or "columbus".';
