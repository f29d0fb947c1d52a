import type { MemberStatusValue } from '../schemas/console.ts';

/**
 * The console's words (issue 23, D67): Lodgehall's own, the spec gives none. Written for a lodge secretary, not a programmer: "lodge", "file", "sign in", never "party",
 * "CSV row" or "session".
 */

export const CONSOLE_TITLE = 'Lodge Office';
export const CONSOLE_INTRO =
  'Keep your lodge’s roster: look up members, change a member’s status, and bring members in from a spreadsheet or take them out to one.';
export const BACK_TO_CONSOLE = 'Back to the Lodge Office';
export const LOADING_CONSOLE = 'Loading the Lodge Office…';
export const CONSOLE_LOAD_FAILED = 'The Lodge Office could not be loaded.';
export const YOU_MANAGE = 'You look after';

export const FIRST_START_TITLE = 'Nothing to look after yet';
export const FIRST_START_ADMIN =
  'There is no organisation or lodge here yet. Set things up in this order:';
export const FIRST_START_STEPS = [
  'the organisation (for example, the Grand Lodge): its name and its member-number rule;',
  'its lodges, each with its web address name;',
  'the roster: import the members from a spreadsheet saved as a CSV file.',
] as const;
export const FIRST_START_LATER =
  'Setting up organisations and lodges from this screen is coming next. Until then, the system’s administrator does these first two steps.';
export const FIRST_START_SECRETARY =
  'You are not the secretary of any lodge yet. Ask your Grand Secretary or the system’s administrator to add you as secretary of your lodge.';

// ---- Sections of the home ----
export const ROSTER_TITLE = 'Roster';
export const ROSTER_CARD_TEXT = 'Find a member, see their record and change their status.';
export const OPEN_ROSTER = 'Open the roster';
export const IMPORT_TITLE = 'Import members';
export const IMPORT_CARD_TEXT =
  'Add new members and update existing ones from a spreadsheet saved as a CSV file. You check the file first; nothing changes until you say so.';
export const OPEN_IMPORT = 'Import from a file';
export const EXPORT_TITLE = 'Download the roster';
export const EXPORT_CARD_TEXT =
  'A spreadsheet (CSV file) of the members, in the same layout the import reads.';
export const EXPORT_WHICH = 'Which members';
export const EXPORT_WHOLE_ORGANIZATION = 'Everyone in the organisation';
export const EXPORT_ALL_YOURS = 'All the lodges you look after';
export const DOWNLOAD_CSV = 'Download CSV file';
export const DOWNLOADING = 'Preparing the file…';
export const EXPORT_FAILED = 'The file could not be prepared. Please try again.';
export const EXPORT_DONE = 'The file has been downloaded. Look for it in your Downloads folder.';

// ---- Roster ----
export const ORGANIZATION_LABEL = 'Organisation';
export const SEARCH_ROSTER = 'Search by name or member number';
export const LODGE_FILTER = 'Lodge';
export const ALL_LODGES = 'All lodges';
export const STATUS_FILTER = 'Status';
export const ANY_STATUS = 'Any status';
export const ACCOUNT_FILTER = 'Signed up on Lodgehall';
export const ACCOUNT_ANY = 'Everyone';
export const ACCOUNT_YES = 'Signed up';
export const ACCOUNT_NO = 'Not signed up yet';
export const ROSTER_FILTERS = 'Find members';
export const LOADING_ROSTER = 'Loading the roster…';
export const ROSTER_LOAD_FAILED = 'The roster could not be loaded.';
export const ROSTER_CAPTION = 'Members';
export const ROSTER_EMPTY_FILTERED = 'No member matches. Try another spelling, or fewer filters.';
export const ROSTER_EMPTY = 'The roster is empty.';
export const ROSTER_EMPTY_HINT = 'Import your members from a spreadsheet to fill it.';
export const COLUMN_NAME = 'Name';
export const COLUMN_MEMBER_NUMBER = 'Member number';
export const COLUMN_STATUS = 'Status';
export const COLUMN_LODGES = 'Lodges';
export const COLUMN_ACCOUNT = 'On Lodgehall';
export const HAS_ACCOUNT = 'Signed up';
export const NO_ACCOUNT = 'Not yet';
export const SCROLL_HINT = 'Slide the table sideways to see every column.';

export const STATUS_TEXT: Record<MemberStatusValue, string> = {
  active: 'Active',
  suspended: 'Suspended',
  demitted: 'Demitted',
  deceased: 'Deceased',
  expelled: 'Expelled',
};
export const STATUS_COLOR: Record<MemberStatusValue, string> = {
  active: 'green',
  suspended: 'orange',
  demitted: 'gray',
  deceased: 'dark',
  expelled: 'red',
};

// ---- A member's record ----
export const BACK_TO_ROSTER = 'Back to the roster';
export const LOADING_MEMBER = 'Loading the member’s record…';
export const DETAILS = 'Details';
export const FIRST_NAME = 'First name';
export const MIDDLE_NAME = 'Middle name';
export const LAST_NAME = 'Last name';
export const SUFFIX = 'Suffix';
export const PREFERRED_NAME = 'Goes by';
export const BIRTH_DATE = 'Birth date';
export const EMAILS = 'E-mail';
export const ADDRESS = 'Address';
export const LODGEHALL_ACCOUNT = 'Signed up on Lodgehall';
export const NOT_GIVEN = 'Not given';
export const MEMBERSHIPS = 'Lodges';
export const MEMBERSHIPS_CAPTION = 'The member’s lodges, with their duties and dates';
export const COLUMN_LODGE = 'Lodge';
export const COLUMN_ROLES = 'Duties';
export const COLUMN_JOINED = 'Joined';
export const COLUMN_LEFT = 'Left';
export const STILL_A_MEMBER = 'Still a member';
export const NO_ROLES = 'None';
export const MEMBER_NO_LODGES = 'Not a member of any lodge.';
export const ROLE_TEXT: Record<'webmaster' | 'secretary', string> = {
  webmaster: 'Webmaster',
  secretary: 'Secretary',
};
export const STANDING = 'Status';
export const STATUS_SINCE = 'Since';
export const STATUS_NOTE = 'Note';

// ---- Change status ----
export const CHANGE_STATUS = 'Change status';
export const NEW_STATUS = 'New status';
export const STATUS_DATE = 'Date it took effect';
export const STATUS_DATE_HINT = 'For example, the date of the lodge’s vote or of the letter.';
export const STATUS_NOTE_LABEL = 'Note (optional)';
export const STATUS_NOTE_HINT = 'Only the Lodge Office sees this note.';
export const SAVE_STATUS = 'Save status';
export const SAVING_STATUS = 'Saving the status…';
export const STATUS_SAVED = 'The status has been saved.';
export const STATUS_SAVE_FAILED = 'The status could not be saved. Please try again.';
export const STATUS_UNCHANGED =
  'Choose a status other than the one the member has, or change the date or note.';
export const CONFIRM_TITLE = 'Please confirm';
export const CANCEL_CHANGE = 'Go back';
export const confirmStatusQuestion = (name: string, status: MemberStatusValue): string =>
  `Set ${name}’s status to ${STATUS_TEXT[status]}?`;
export const CONFIRM_CONSEQUENCES = [
  'They are signed out of Lodgehall at once and cannot sign in again.',
  'They no longer appear in the directory or in member search.',
  'What they wrote (posts, comments) stays.',
] as const;
export const confirmStatusButton = (status: MemberStatusValue): string =>
  `Yes, set to ${STATUS_TEXT[status]}`;
export const NO_STATUS_CHANGE_RIGHT =
  'You may look at this member’s record but not change their status.';

// ---- Import ----
export const IMPORT_HOW_TITLE = 'How the file must look';
export const IMPORT_HOW = [
  'Save your spreadsheet as a CSV file (in Excel: File, Save As, “CSV UTF-8”).',
  'The first row holds the column names; the order does not matter.',
  'One row per member and lodge. A member of two lodges has two rows with the same member number.',
] as const;
export const IMPORT_REQUIRED = 'Columns every row needs:';
export const IMPORT_REQUIRED_COLUMNS: readonly { name: string; text: string }[] = [
  { name: 'member_number', text: 'the member’s number in your organisation' },
  { name: 'first_name', text: 'first name' },
  { name: 'last_name', text: 'last name' },
  { name: 'birth_date', text: 'birth date, as 03/31/1950 or 1950-03-31' },
  { name: 'club', text: 'the lodge’s web address name (for example harmony412) or its full name' },
];
export const IMPORT_OPTIONAL =
  'Columns you may add: middle_name, suffix, preferred_name, email, cell_phone, home_phone, office_phone, address_1, address_2, city, state, zip, country, roles (webmaster; secretary), status (active, suspended, demitted, deceased or expelled) and joined_on.';
export const IMPORT_TIP =
  'Tip: download the roster first; the file you get is already in this layout.';
export const CHOOSE_FILE = 'The CSV file';
export const CLEAR_FILE = 'Remove the chosen file';
export const CHOOSE_FILE_PLACEHOLDER = 'Choose a file…';
export const CHOOSE_FILE_HINT = 'Nothing changes yet: first Lodgehall checks the file.';
export const FILE_REQUIRED = 'Choose the CSV file first.';
export const FILE_TOO_LARGE =
  'That file is too large to import in one go. Split it into smaller files (for example, one per lodge) and import each.';
export const FILE_EMPTY = 'That file is empty.';
export const CHECK_FILE = 'Check file';
export const STEP_CHECK = 'Step 1: check the file';
export const STEP_RESULT = 'Step 2: what the check found';
export const CHECKING = 'Checking the file…';
export const IMPORTING = 'Importing the members…';
export const progressText = (done: number, total: number): string =>
  total > 0
    ? `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows`
    : 'Starting…';
export const PROGRESS_LABEL = 'Progress';
export const IMPORT_START_FAILED = 'The file could not be sent. Please try again.';
export const FILE_REFUSED = 'This file cannot be imported';
export const COUNT_ADDED = 'New members';
export const COUNT_UPDATED = 'Members whose details change';
export const COUNT_UPDATED_DONE = 'Members whose details changed';
export const COUNT_UNCHANGED = 'Members already up to date';
export const COUNTS_CAPTION = 'What importing this file would do';
export const COUNTS_DONE_CAPTION = 'What the import did';
export const rowErrorsTitle = (count: number): string =>
  count === 1 ? '1 problem in the file' : `${count.toLocaleString('en-US')} problems in the file`;
export const ROW_ERRORS_CAPTION = 'Problems to fix, by line of the file';
export const ROW_ERRORS_HELP =
  'Fix these in your spreadsheet, save it as a CSV file again, choose it above and press “Check file” again. Line 1 is the row of column names.';
export const COLUMN_LINE = 'Line';
export const COLUMN_COLUMN = 'Column';
export const COLUMN_PROBLEM = 'Problem';
export const importButton = (count: number): string =>
  count === 1 ? 'Import 1 member' : `Import ${count.toLocaleString('en-US')} members`;
export const IMPORT_BLOCKED = 'Importing is possible once the file has no problems.';
export const NOTHING_TO_IMPORT =
  'Nothing to import: every member in this file is already on the roster as written.';
export const IMPORT_DONE = 'The members have been imported.';
export const IMPORT_NOT_DONE =
  'Nothing was imported: the file had problems when it was read again. Fix them and check the file again.';
export const CHECK_ANOTHER = 'Check another file';
