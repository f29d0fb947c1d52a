/** The directory, member and lodge search, party detail and the club pages. Read through common/messages.ts. */

/** Directory, search and party detail (DIR-*, PARTY-*, STAT-*). */
export const DIRECTORY_MEMBERS = 'Members';
export const DIRECTORY_LODGES = 'Lodges';
export const BY_NAME = 'By Name';
export const BY_CITY = 'By City';
export const RECENT = 'Recent';
export const FAVORITE = 'Favorite';
export const SEARCH_TO_NARROW = 'Search to narrow results.';
export const NO_MATCHES = 'No Matches';
export const NO_LODGES = 'No lodges to view.';
export const NO_RECENT_CONTACTS = 'No Recent Contacts';
export const LAST_CONTACTED = 'Last contacted';
export const CHAT = 'Chat';
export const PHONE_MOBILE = 'Mobile';
export const PHONE_HOME = 'Home';
export const PHONE_OFFICE = 'Office';
export const PHONE_OTHER = 'other';
export const E_MAIL = 'E-Mail';
export const MEMBER_NUMBER = 'Member Number';
export const ORGANIZATION = 'Organization';

/** Club pages (CLUB-02, CLUB-13, PERM-04). */
export const CLUB_HOME = 'Home';
export const CLUB_CALENDAR = 'Calendar';
export const CLUB_POSTS = 'Posts';
export const CLUB_FILES = 'Files';
export const CLUB_PHOTOS = 'Photos';
export const CLUB_DASHBOARD = 'Dashboard';

/** Error catalogue (§8). */
export const ERROR_MAKING_FAVORITE = 'Error making favorite.';
export const ERROR_REMOVING_FAVORITE = 'Error removing favorite.';
/** Member search and status check failures. */
export const SEARCHING_ERROR = 'Searching Error';
/** Lodge search failure (note the lower-case e: a different string from SEARCHING_ERROR). */
export const LODGE_SEARCHING_ERROR = 'Searching error';

/** Party detail and the member's contact lists (PARTY-*, DIR-16, DIR-17); Lodgehall's own words. */
export const NO_SUCH_PARTY = 'No such member.';
export const CANNOT_CONTACT_YOURSELF = 'must be another member';
export const LOADING_PARTY = 'Loading the member…';
export const LOADING_CONTACTS = 'Loading the members…';
export const NO_FAVORITE_CONTACTS = 'No favorite members yet. Open a member and choose Favorite.';
export const PARTY_CLUBS = 'Lodges';
export const PARTY_CONTACT = 'Contact';
export const BACK_TO_DIRECTORY = 'Back to the Directory';
export const MEMBER_OF_CLUB_NOTE = 'You are a member';
/** The favourite switch of a club on the party page, for screen readers. */
export const favoriteClubLabel = (club: string): string => `Favorite: ${club}`;

/** The directory screen's own words (not in the spec; D38). */
export const DIRECTORY_TITLE = 'Directory';
export const DIRECTORY_TABS_LABEL = 'Members or lodges';
export const MEMBERS_TABS_LABEL = 'Which members';
export const LODGES_TABS_LABEL = 'Which lodges';
export const MEMBER_SEARCH_LABEL = 'Search members by name';
export const MEMBER_SEARCH_HINT = 'First, last or preferred name, e.g. “john sm”.';
export const SEARCHING = 'Searching…';
export const MORE_RESULTS = 'More results';
