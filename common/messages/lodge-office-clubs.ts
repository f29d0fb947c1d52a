/*
 * The Lodge Office's organisation settings and clubs (issue 23, docs/decisions.md D68): every
 * word of those screens and of the server's refusals there, in plain words for secretaries.
 */

// ---- Validation (server and form alike) ----

export const NAME_NEEDED = 'Enter a name.';
export const MEMBER_NUMBER_RANGE = 'Use a length from 1 to 30.';
export const MEMBER_NUMBER_MIN_ABOVE_MAX =
  'The shortest length cannot be more than the longest length.';
export const COLOUR_FORMAT = 'Use a colour written like #2b8a3e.';
export const LEVEL_NAMES_UNIQUE = 'Each level needs a different name.';
export const LEVELS_NEEDED = 'Keep at least one level.';
export const LEVEL_IN_USE = (name: string) =>
  `The level ${name} still has clubs, so it cannot be removed. Move or close its clubs first.`;
export const colourTooLight = (ratio: number) =>
  `This colour is too light to see on a white page (contrast ${ratio.toFixed(1)} to 1; at least 3 to 1 is needed). Choose a darker colour.`;
export const SUBDOMAIN_FORMAT =
  'Use small letters, digits and hyphens only, beginning and ending with a letter or digit.';
export const SUBDOMAIN_TAKEN = 'Another club already uses this web address name.';
export const PARENT_CYCLE =
  'A club cannot sit under itself or under one of the clubs below it. Choose another parent.';
export const PARENT_OTHER_ORGANIZATION = 'Choose a parent club of the same organisation.';
export const TYPE_OTHER_ORGANIZATION = 'Choose a level of this organisation.';
export const LATITUDE_RANGE = 'Use a latitude from -90 to 90.';
export const LONGITUDE_RANGE = 'Use a longitude from -180 to 180.';
export const LAT_LNG_TOGETHER = 'Enter both latitude and longitude, or neither.';
export const WEB_ADDRESS_FORMAT = 'Use a web address beginning with https:// or http://.';
export const CLUB_ALREADY_CLOSED = 'This club is already closed.';
export const TOP_CLUB_ADMIN_ONLY = 'Only an administrator can add a club at the top.';

// ---- The home ----

export const ORGANIZATION_CARD_TITLE = 'Organisation';
export const ORGANIZATION_CARD_TEXT =
  'The name, the member-number rule, the levels of lodges and how each status looks in the status checker.';
export const OPEN_ORGANIZATION = 'Open the organisation';
export const CLUBS_CARD_TITLE = 'Lodges';
export const CLUBS_CARD_TEXT =
  'Every lodge in a tree: add one, change its details and meetings, or close it.';
export const OPEN_CLUBS = 'Open the lodges';
export const CREATE_ORGANIZATION = 'Create the organisation';

// ---- Organisation screen ----

export const ORGANIZATION_TITLE = 'Organisation settings';
export const NEW_ORGANIZATION_TITLE = 'New organisation';
export const ORGANIZATION_NAME = 'Name';
export const MEMBER_NUMBER_RULE = 'Member-number rule';
export const MEMBER_NUMBER_MIN = 'Shortest member number (digits)';
export const MEMBER_NUMBER_MAX = 'Longest member number (digits)';
export const RECOGNIZED_LABEL = 'Members can check statuses of this organisation';
export const RECOGNIZED_HINT = 'Shown in the status checker’s list of organisations.';
export const LEVELS_TITLE = 'Levels of lodges';
export const LEVELS_HINT =
  'From the top (for example Grand Lodge) down to the lodges. The bottom level holds the members.';
export const levelLabel = (rank: number) => `Level ${rank + 1}`;
export const ADD_LEVEL = 'Add a level';
export const removeLevel = (name: string) => `Remove the level ${name || 'without a name'}`;
export const STATUSES_TITLE = 'How statuses look';
export const STATUSES_HINT =
  'The words and colour the status checker shows for each status. A colour must be dark enough to see on white.';
export const statusTitleLabel = (status: string) => `Words for “${status}”`;
export const statusColourLabel = (status: string) => `Colour for “${status}”`;
export const SAVE_ORGANIZATION = 'Save the organisation';
export const CREATE_ORGANIZATION_BUTTON = 'Create the organisation';
export const ORGANIZATION_SAVED = 'The organisation is saved.';
export const ORGANIZATION_READ_ONLY =
  'Only an administrator or the Grand Secretary can change these settings.';
export const LOADING_ORGANIZATION = 'Loading the organisation…';
export const ORGANIZATION_LOAD_FAILED = 'The organisation could not be loaded.';

// ---- Clubs tree ----

export const CLUBS_TITLE = 'Lodges';
export const LOADING_CLUBS = 'Loading the lodges…';
export const CLUBS_LOAD_FAILED = 'The lodges could not be loaded.';
export const NO_CLUBS = 'There are no lodges yet.';
export const ADD_TOP_CLUB = 'Add a club at the top';
export const addClubUnder = (name: string) => `Add a club under ${name}`;
export const expandClub = (name: string) => `Show the clubs under ${name}`;
export const collapseClub = (name: string) => `Hide the clubs under ${name}`;
export const editClub = (name: string) => `Change ${name}`;
export const CLOSED_BADGE = 'Closed';

// ---- Club form ----

export const NEW_CLUB_TITLE = 'New club';
export const EDIT_CLUB_TITLE = 'Change the club';
export const CLUB_NAME = 'Name';
export const CLUB_FORMAL_NAME = 'Formal name';
export const CLUB_TYPE = 'Level';
export const CLUB_PARENT = 'Parent club';
export const NO_PARENT = 'None (top)';
export const CLUB_SUBDOMAIN = 'Web address name';
export const CLUB_SUBDOMAIN_HINT = 'Part of the lodge’s address, for example harmony412.';
export const CLUB_ADDRESS1 = 'Address';
export const CLUB_ADDRESS2 = 'Address, second line';
export const CLUB_CITY = 'City';
export const CLUB_STATE = 'State';
export const CLUB_ZIP = 'ZIP';
export const CLUB_TIME_ZONE = 'Time zone';
export const CLUB_LAT = 'Latitude';
export const CLUB_LNG = 'Longitude';
export const CLUB_DESCRIPTION = 'Description';
export const CLUB_INTRODUCTION = 'Introduction';
export const CLUB_HIDE_STOCK = 'Hide the standard description on the lodge’s page';
export const CLUB_MEETINGS_LABEL = 'Meetings';
export const CLUB_MAP_URL = 'Map link';
export const CLUB_DEFAULT_URL = 'Lodge’s own website';
export const CLUB_DEFAULT_URL_HINT =
  'Its Files, Photos and Dashboard pages are linked from the lodge’s page.';
export const SAVE_CLUB = 'Save the club';
export const CREATE_CLUB = 'Add the club';
export const CLUB_SAVED = 'The club is saved.';
export const LOADING_CONSOLE_CLUB = 'Loading the club…';
export const CLUB_LOAD_FAILED = 'The club could not be loaded.';
export const BACK_TO_CLUBS = 'Back to the lodges';
export const VIEW_CLUB_PAGE = 'Open the lodge’s page';

// ---- Closing ----

export const CLOSE_CLUB = 'Close this club';
export const closeClubQuestion = (name: string) => `Close ${name}?`;
export const CLOSE_CLUB_EXPLAINED =
  'A closed club no longer shows in lodge search or in the lists to choose a lodge from. Its posts, events and members’ history stay, and can still be read. This cannot be undone from this screen.';
export const CONFIRM_CLOSE = 'Yes, close the club';
export const KEEP_OPEN = 'No, keep it open';
export const clubClosedOn = (date: string) => `This club was closed on ${date}.`;
export const SAVE_FAILED = 'The changes could not be saved. Please try again.';
export const CLOSE_FAILED = 'The club could not be closed. Please try again.';
export const CLOSING = 'Closing…';
export const FIRST_CLUB = 'Add the first lodge';
export const CLUB_NAMES_SECTION = 'Name and place in the tree';
export const CLUB_TEXTS_SECTION = 'Meetings and description';
export const CLUB_PLACE_SECTION = 'Where it meets';
export const ORGANIZATION_NAME_SECTION = 'Name and status checks';
export const CLUB_INTRODUCTION_HINT =
  'Shown at the top of the lodge’s page. Paragraphs written as <p>…</p> and bold as <b>…</b> are kept.';
export const CLUB_IMAGES_SECTION = 'Emblem and map';
export const CLUB_EMBLEM = 'Emblem';
export const CLUB_MAP_IMAGE = 'Map picture';
export const CLUB_IMAGE_HINT = 'A JPEG, PNG or GIF picture; it is cut to a square.';
export const chooseClubImage = (what: string) => `Choose a new ${what.toLowerCase()}`;
export const NO_CLUB_IMAGE = 'None yet.';
export const CLUB_IMAGE_SAVED = 'The picture is saved.';
export const CLUB_IMAGE_FAILED = 'The picture could not be saved. Please try again.';
export const clubImageAlt = (what: string, club: string) => `${what} of ${club}`;
