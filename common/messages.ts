/**
 * Every user-visible string that the spec quotes, exactly as quoted (spelling, case,
 * punctuation and spacing kept: `occured`, two spaces after `server.`). Screens and tests
 * read these constants so they never drift apart. Checklist IDs are noted beside each group.
 *
 * Strings with a `{placeholder}` are functions. Texts the spec leaves open and the checklist's
 * AMB rows decide are marked with the AMB id.
 *
 * Pure data: no DOM types and no JSX, so the server can import it too.
 */

/** General dialogs and pages (ACC-09, ERR-01, ERR-02, NAV-11..13, AMB-24). */
export const NOT_FOUND_TITLE = '404 page not found';
export const NOT_FOUND_TEXT = 'We are sorry but the page you are looking for does not exist.';
/** The 404 page's way on (Lodgehall's own words). */
export const GO_TO_START_PAGE = 'Go to the start page';
export const GO_TO_ABOUT_PAGE = 'Go to the About page';
export const NETWORK_ERROR_TITLE = 'Network Error';
export const NETWORK_ERROR_TEXT = 'Error communicating with network services.';
export const SERVER_ERROR_TITLE = 'Server Error';
export const SERVER_ERROR_TEXT = "An error occured on the server.  We're looking into it.";
export const COOKIES_DISABLED_TEXT =
  'Cookies are disabled in your browser. Please enable cookies to use this site.';
export const OK = 'OK';
export const CANCEL = 'Cancel';
export const ALERT_TITLE = 'Alert';
export const ERROR_TITLE = 'Error';

/** Navigation (NAV-01, NAV-07, NAV-09). */
export const NAV_ABOUT = 'About';
export const NAV_SIGN_IN = 'Sign In';
export const NAV_POSTS = 'Posts';
export const NAV_CALENDAR = 'Calendar';
export const NAV_DIRECTORY = 'Directory';
export const NAV_STATUS_CHECKER = 'Status Checker';
export const NAV_SUPPORT = 'Support';
export const MY_MEMBERSHIPS = 'My Memberships';

/** Sign-in and session (SIGNIN-02, VAL-09, SESS-06). */
export const SIGN_IN_FAILED = 'Incorrect username and/or password';
export const FORGOT_PASSWORD_LINK = 'forgot password';
export const CREATE_ACCOUNT_LINK = 'create account';
export const SIGN_OUT_LINK = 'sign out';
export const CHANGE_PASSWORD_LINK = 'change password';

/** Registration and password reset (REG-04, VAL-14..19, ERR-47, AMB-22). */
export const NO_ORGANIZATIONS = 'There are no organizations.';
export const BIRTH_DATE_MASK = 'MM/DD/YYYY';
export const CODE_BLANK = "can't be blank";
export const CODE_INVALID = 'invalid code';
export const CHOICE_NOT_AVAILABLE = 'choice no longer available';
export const PASSWORD_TOO_WEAK = 'Too Weak';
export const PASSWORD_GOOD = 'Good';
export const PASSWORD_GREAT = 'Great';
export const PASSWORD_MISMATCH = 'Does Not Match';
export const contactClubWithPhone = (name: string, phone: string): string =>
  `Contact ${name} at ${phone} to update your information.`;
/** AMB-22: the no-phone variant. */
export const contactClubWithoutPhone = (name: string): string =>
  `Contact ${name} to update your information.`;

/** Club pages (CLUB-02, CLUB-13, PERM-04). */
export const CLUB_HOME = 'Home';
export const CLUB_CALENDAR = 'Calendar';
export const CLUB_POSTS = 'Posts';
export const CLUB_FILES = 'Files';
export const CLUB_PHOTOS = 'Photos';
export const CLUB_DASHBOARD = 'Dashboard';

/** Posts and comments (ROUTE-04, POST-*, CMT-09, PHOTO-02). */
export const LOAD_MORE = 'Load More';
export const NEW_POST = 'New Post';
export const EDIT_POST = 'Edit Post';
export const DONATE_NOW = 'Donate Now';
export const POST_AS = 'Post As';
export const POST_AS_MEMBER = 'Member';
export const SUBJECT = 'Subject';
export const PHOTOS = 'Photos';
export const VISIBILITY = 'Visibility';
export const ALLOWS_COMMENTS = 'Allows Comments';
export const ALL_FOLLOWERS = 'All followers';
export const membersOfLodge = (lodge: string): string => `Members of ${lodge}`;
export const COMMENT_HIDDEN = 'This comment was marked hidden';
export const morePhotos = (count: number): string => `+${count}`;

/** Calendar and event form (CAL-*, EVF-*). */
export const MY_EVENTS = 'My Events';
export const NEARBY_EVENTS = 'Nearby Events';
export const OTHER_EVENTS = 'Other Events';
export const NO_EVENTS = 'No events to display.';
export const NEW_EVENT = 'New Event';
export const RSVP_ATTENDING = 'Attending?';
export const RSVP_GOING = 'Going';
export const RSVP_NOT_GOING = 'Not Going';
export const plusGuests = (count: number): string => `+${count} guests`;
export const ANNOUNCE = 'Announce';
export const NEW_CALENDAR_EVENT = 'New Calendar Event';
export const EDIT_CALENDAR_EVENT = 'Edit Calendar Event';
export const EVENT_NAME = 'Name';
export const EVENT_START_DATE = 'Start Date';
export const EVENT_START_TIME = 'Start Time';
export const EVENT_END_DATE = 'End Date';
export const EVENT_END_TIME = 'End Time';
export const EVENT_TIME_ZONE = 'Time Zone';
export const EVENT_LOCATION = 'Location';
export const EVENT_DESCRIPTION = 'Description';

/** Chats (CHAT-*, CONST-31, CONST-32). */
export const NEW_ONE_ON_ONE = 'New 1-on-1';
export const NEW_GROUP = 'New Group';
export const SHOW_HIDDEN_CHATS = 'Show Hidden Chats';
export const HIDE_HIDDEN_CHATS = 'Hide Hidden Chats';
export const NO_CHATS = 'No chats to display.';
export const LIST_MEMBERS = 'List Members';
export const ADD_A_MEMBER = 'Add a Member';
export const RENAME = 'Rename';
export const LEAVE = 'Leave';
export const HIDE = 'Hide';
export const NEW_GROUP_CHAT = 'New Group Chat';
export const moreMembers = (count: number): string => `+${count}`;

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

/** My Account, dues and notices (ACCT-*, DUES-01, NOTE-05). */
export const DUES = 'Dues';
export const ARREARS = 'Arrears';
export const TOTAL = 'Total';
export const ACTION = 'Action';
export const PAY = 'pay';
export const NO_DUES = 'No dues to display.';
export const PAYMENT_INFORMATION = 'Payment Information';
export const CONTACT_INFORMATION = 'Contact Information';
export const ADDRESSES = 'Addresses';
export const E_MAILS = 'E-Mails';
export const PHONES = 'Phones';
export const EDIT = 'edit';
export const REMOVE = 'remove';
export const ADD = 'add';
export const CURRENTLY_INVALID = 'Currently Invalid:';
export const ADD_CONTACT_INFORMATION = 'Add Contact Information';
export const EDIT_CONTACT_INFORMATION = 'Edit Contact Information';
export const DUES_MOVED = 'Dues Payments has moved!';
export const DUES_REDIRECTING = 'One moment while we redirect you...';
/** AMB-14. */
export const BACK_TO_MY_ACCOUNT = 'Back to My Account';
export const NO_NOTICES = 'No notices to display.';

/** Error catalogue (§8: ERR-08..ERR-41, ERR-56..59, AMB-39). */
export const ERROR_CREATING_CHAT_MESSAGE = 'Error creating chat message';
/** AMB-39: the bare text, or the text, a colon and the base errors joined by ', '. */
export const errorCreatingChatMessage = (baseErrors: readonly string[]): string =>
  baseErrors.length > 0
    ? `${ERROR_CREATING_CHAT_MESSAGE}: ${baseErrors.join(', ')}`
    : ERROR_CREATING_CHAT_MESSAGE;
export const ERROR_CREATING_CHAT = 'Error creating chat.';
export const ERROR_ADDING_MEMBER_TO_CHAT = 'Error adding member to chat.';
export const ERROR_FETCHING_CHAT = 'Error fetching chat';
export const ERROR_HIDING_CHAT_MESSAGE = 'Error hiding chat message';
export const ERROR_LEAVING_CHAT_MESSAGE = 'Error leaving chat message';
export const ERROR_TOGGLING_HIDDEN_CHATS = 'Error toggling hidden chats.';
export const ERROR_MAKING_FAVORITE = 'Error making favorite.';
export const ERROR_REMOVING_FAVORITE = 'Error removing favorite.';
export const CONFIRM_HIDE_CHAT = 'Are you sure you wish to hide this chat?';
export const CONFIRM_LEAVE_CHAT = 'Are you sure you wish to leave this chat?';
/** Member search and status check failures. */
export const SEARCHING_ERROR = 'Searching Error';
/** Lodge search failure (note the lower-case e: a different string from SEARCHING_ERROR). */
export const LODGE_SEARCHING_ERROR = 'Searching error';
export const ERROR_RETRIEVING_DATA = 'Error retrieving data from server.';
export const ERROR_UPDATING_COMMENT = 'Error updating comment.';
export const ERROR_CREATING_COMMENT = 'Error creating comment.';
export const ERROR_HIDING_COMMENT = 'Error hiding comment.';
export const ERROR_UNHIDING_COMMENT = 'Error unhiding comment.';
export const ERROR_DELETING_COMMENT = 'Error deleting comment.';
export const ERROR_DELETING_POST = 'Error deleting post.';
export const ERROR_DELETING_CALENDAR_EVENT = 'Error deleting calendar event.';
export const ERROR_RETRIEVING_EVENT_ATTENDEES = 'Error retrieving event attendees.';
export const ERROR_CREATING_POST = 'Error creating post.';
export const ERROR_UPDATING_POST = 'Error updating post.';
export const ERROR_CREATING_CALENDAR_EVENT = 'Error creating calendar event.';
export const ERROR_UPDATING_CALENDAR_EVENT = 'Error updating calendar event.';
export const ERROR_UPDATING_CONTACT_INFORMATION = 'Error updating contact information.';
export const ERROR_UPDATING_AVATAR = 'Error updating avatar';

/** Validation (§5: VAL-02..VAL-06, VAL-29..VAL-41). */
export const IMAGE_TYPE_INVALID = 'image type must be jpg, jpeg, png, or gif';
export const imageFileTypeInvalid = (file: string): string =>
  `Image "${file}" must have image type jpg, jpeg, png, or gif.`;
export const NO_CHAT_WITH_SELF = 'You cannot have a 1-on-1 chat with yourself.';
export const ALREADY_IN_CHAT = 'You are already in this chat.';
export const CANT_BE_BLANK = "Can't be blank.";
export const INVALID_ZIPCODE = 'Invalid zipcode format.';
export const INVALID_DAY_FORMAT = 'Invalid mm/dd format.';
export const INVALID_EMAIL = 'Invalid e-mail format.';
export const NOT_A_NUMBER = 'Not a number.';

/**
 * Lodgehall's own words, where the spec gives none. Not spec strings: change them freely.
 */
/** ERR-42 gives no text for other sign-in failures; this keeps the member from guessing. */
export const SIGN_IN_UNAVAILABLE =
  'Signing in did not work just now. Please try again in a few minutes.';

/** The signed-in shell (NAV-02..10): names of the icons and regions. Lodgehall's own words. */
export const NAV_CHATS = 'Chats';
export const NAV_NOTICES = 'Notices';
export const NAV_MENU = 'Menu';
export const OPEN_MENU = 'Open the menu';
export const MAIN_MENU = 'Main menu';
/** How a screen reader names a badge: "Chats, 3 unseen". */
export const withUnseenCount = (name: string, count: number | null): string =>
  count !== null && count > 0 ? `${name}, ${count} unseen` : name;
export const OPENS_IN_NEW_TAB = '(opens in a new tab)';
export const NO_MEMBERSHIPS = 'No memberships to show.';
export const MEMBERSHIPS_UNAVAILABLE = 'Your memberships could not be loaded just now.';
export const MY_ACCOUNT = 'My Account';

/** Field labels and screen titles of sign-in, registration, reset and account. */
export const USERNAME_LABEL = 'Username';
export const PASSWORD_LABEL = 'Password';
export const CONFIRM_PASSWORD_LABEL = 'Confirm Password';
export const NEW_PASSWORD_LABEL = 'New Password';
export const CONFIRM_NEW_PASSWORD_LABEL = 'Confirm New Password';
export const CURRENT_PASSWORD_LABEL = 'Current Password';
export const BIRTH_DATE_LABEL = 'Birth Date';
export const CODE_LABEL = 'Six-digit code';
export const CONTACT_METHOD_LABEL = 'Where should we send your code?';
export const NAME_LABEL = 'Name';
export const REGISTER_TITLE = 'Create Your Account';
export const RESET_TITLE = 'Reset Your Password';
export const CHANGE_PASSWORD_TITLE = 'Change Password';
export const ACCOUNT_SECTION = 'Account';
export const stepOf = (step: number, total: number): string => `Step ${step} of ${total}`;
export const STEP_MEMBERSHIP = 'Show that you are a member';
export const STEP_CONTACT = 'Get your code';
export const STEP_CODE = 'Enter your code';
export const STEP_NEW_PASSWORD = 'Choose a new password';
export const STEP_ACCOUNT = 'Choose your username and password';
export const NEXT = 'Next';
export const CREATE_ACCOUNT_BUTTON = 'Create My Account';
export const SAVE_PASSWORD_BUTTON = 'Save New Password';
export const CHANGE_PASSWORD_BUTTON = 'Change Password';
export const MEMBERSHIP_INTRO =
  'We check these against your lodge’s records. Your birth date is never shown to anyone.';
export const MEMBER_NUMBER_HINT = 'As printed on your membership card or dues receipt.';
export const BIRTH_DATE_HINT = 'Month, day and year, for example 07/04/1949.';
export const CHOOSE_ORGANIZATION_PLACEHOLDER = 'Choose your organization';
export const CONTACT_METHOD_HINT = 'We will send a six-digit code there. It works for 10 minutes.';
export const codeSentTo = (where: string): string => `We sent a six-digit code to ${where}.`;
export const CODE_HINT = 'Type the six digits. The code works for 10 minutes.';
export const PASSWORD_HINT =
  'A good password is long and easy for you to remember: for example three or four words that belong together only for you.';
export const USERNAME_HINT =
  'You will type this to sign in. Letters, digits, dots, dashes and underscores.';
export const passwordStrength = (label: string): string => `Password strength: ${label}`;
export const PASSWORD_STRENGTH_CHECKING = 'Password strength: checking…';

/** Client-side validation of these forms (VAL-12..VAL-21, VAL-47). Lodgehall's own words. */
export const CHOOSE_ORGANIZATION = 'Choose your organization.';
export const BIRTH_DATE_INCOMPLETE = 'Enter the whole date as MM/DD/YYYY.';
export const BIRTH_DATE_NOT_REAL = 'That date does not exist. Check the month and the day.';
export const CHOOSE_CONTACT_METHOD = 'Choose where to send your code.';
export const CODE_SIX_DIGITS = 'Enter all six digits of the code.';

/** Outcomes of these forms. Lodgehall's own words. */
export const FLOW_RESTARTED =
  'Something went wrong, so we have gone back to the first step. Please check your details and press Next again.';
export const CODE_NO_LONGER_WORKS =
  'That code no longer works, so we have to start again. Please begin once more from the first step.';
export const FLOW_STEP_FAILED = 'That did not work. Please check your details and try again.';
/** A 429's wait in plain words: "30 seconds", "a minute", "5 minutes", "a few minutes". */
export const waitInWords = (seconds: number | null): string => {
  if (seconds === null || !Number.isFinite(seconds)) return 'a few minutes';
  if (seconds <= 45) return `${Math.max(1, Math.ceil(seconds))} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`;
};
export const tooManyAttempts = (seconds: number | null): string =>
  `Too many attempts. Please wait ${waitInWords(seconds)} and try again.`;
export const PASSWORD_CHANGED = 'Your password has been changed.';
export const SHOW_PASSWORD = 'Show password';
export const CLOSE_MENU = 'Close the menu';
export const HOME_LINK_LABEL = 'Lodgehall, start page';
export const SKIP_TO_CONTENT = 'Skip to content';
export const LOADING = 'Loading';
export const LOADING_ORGANIZATIONS = 'Loading the organizations…';
export const OTHER_SESSIONS_END = 'Other computers and phones signed in as you will be signed out.';

/** The comments section (CMT-01..12, AMB-17, AMB-34). Lodgehall's own words where the spec has none. */
export const COMMENTS_TITLE = 'Comments';
export const commentsTitle = (count: number): string => `Comments (${count})`;
export const ADD_A_COMMENT = 'Add a comment';
export const POST_COMMENT = 'Post Comment';
export const POST_REPLY = 'Post Reply';
export const COMMENT_SAVE = 'Save';
export const replyTo = (name: string): string => `Your reply to ${name}`;
export const EDIT_COMMENT_LABEL = 'Edit the comment';
export const COMMENT_REPLY = 'Reply';
export const COMMENT_EDIT = 'Edit';
export const COMMENT_UNHIDE = 'Unhide';
export const COMMENT_DELETE = 'Delete';
export const DELETE_COMMENT_TITLE = 'Delete Comment';
export const NO_COMMENTS_YET = 'No comments yet.';
export const COMMENTS_CLOSED = 'New comments and replies are turned off.';
export const LOADING_COMMENTS = 'Loading the comments…';
export const COMMENTS_LOAD_FAILED = 'The comments could not be loaded.';
export const TRY_AGAIN = 'Try again';
export const CONFIRM_DELETE_COMMENT = 'Are you sure you wish to delete this comment?';
export const commentBy = (name: string): string => `Comment by ${name}`;
/** Said to screen readers when a new comment or reply has been taken (issue 8 §5). */
export const COMMENT_POSTED = 'Comment posted.';
export const REPLY_POSTED = 'Reply posted.';

/** The post form (POST-08..18). Post As names the lodge; the rest are Lodgehall's own words. */
export const webmasterOfLodge = (lodge: string): string => `Webmaster of ${lodge}`;
export const POST_BODY_LABEL = 'Message';
export const POST_BODY_HINT = 'Use the buttons above the box for bold, lists, headings and links.';
export const POST_SUBJECT_HINT = 'A short title for the post.';
export const POST_AS_HINT = 'Post in your own name, or for a lodge you look after.';
export const ADD_PHOTOS = 'Add Photos';
export const PHOTOS_HINT = 'Pictures in JPG, PNG or GIF format. You can add several.';
export const removePhoto = (name: string): string => `Remove ${name}`;
export const savedPhotoName = (index: number): string => `photo ${index}`;
export const VISIBILITY_LOCKED =
  'You are no longer a member of this lodge, so who can see this post cannot be changed.';
export const PUBLISH_POST = 'Publish Post';
export const SAVE_CHANGES = 'Save Changes';
export const LOADING_EDITOR = 'Loading the editor…';
export const LOADING_POST = 'Loading the post…';
export const EDITOR_BOLD = 'Bold';
export const EDITOR_ITALIC = 'Italic';
export const EDITOR_UNDERLINE = 'Underline';
export const EDITOR_BULLET_LIST = 'Bulleted list';
export const EDITOR_ORDERED_LIST = 'Numbered list';
export const EDITOR_HEADING = 'Heading';
export const EDITOR_SUBHEADING = 'Small heading';
export const EDITOR_LINK = 'Add a link';
export const EDITOR_UNLINK = 'Remove the link';
export const EDITOR_LINK_ADDRESS = 'Link address';
export const EDITOR_LINK_SAVE = 'Save link';

/** Post list and detail, photo mosaic and lightbox (POST-01..20, PHOTO-01..06, AMB-17). */
export const POSTS_TITLE = 'Posts';
export const LODGE_POSTS_TITLE = 'Lodge Posts';
export const lodgePostsTitle = (lodge: string): string => `${lodge} – Posts`;
export const NO_POSTS_YET = 'No posts yet.';
export const LOADING_POSTS = 'Loading the posts…';
export const POSTS_LOAD_FAILED = 'The posts could not be loaded.';
export const MORE_POSTS_LOAD_FAILED = 'More posts could not be loaded.';
export const postsShown = (count: number): string =>
  count === 1 ? 'Showing 1 post.' : `Showing ${count} posts.`;
export const READ_MORE = 'Read more';
export const readMoreAbout = (title: string): string => `Read more: ${title}`;
export const postBy = (name: string): string => `Post by ${name}`;
export const postedToLodge = (lodge: string): string => `to ${lodge}`;
export const postedByMember = (name: string): string => `Posted by ${name}`;
export const commentCount = (count: number): string =>
  count === 1 ? '1 comment' : `${count} comments`;
export const BACK_TO_POSTS = 'Back to Posts';
export const backToLodgePosts = (lodge: string): string => `Back to ${lodge} posts`;
export const EDIT_POST_LINK = 'Edit';
export const DELETE_POST_BUTTON = 'Delete';
export const DELETE_POST_TITLE = 'Delete Post';
export const CONFIRM_DELETE_POST = 'Are you sure you wish to delete this post?';
export const showAllPhotos = (count: number): string => `Show all ${count} photos`;
export const SHOW_FEWER_PHOTOS = 'Show fewer photos';
export const photoOf = (index: number, count: number): string => `Photo ${index} of ${count}`;
export const openPhoto = (index: number, count: number): string =>
  `Open photo ${index} of ${count}`;
export const NEXT_PHOTO = 'Next photo';
export const PREVIOUS_PHOTO = 'Previous photo';
export const PREVIOUS = 'Previous';
export const CLOSE = 'Close';

/** The comments API's refusals and notices (PERM-10, PERM-11, CMT-10, AMB-16, NOTE-10). */
export const COMMENT_HIDDEN_NOT_EDITABLE = 'A hidden comment cannot be edited.';
export const COMMENT_WITH_REPLIES_NOT_DELETABLE =
  'A comment with replies can be deleted only by an administrator.';
export const COMMENT_PARENT_NOT_HERE = 'is not a comment of this thread';
export const COMMENT_ID_MISMATCH = 'does not match the comment being edited';
/**
 * Notice texts, as HTML (notices carry sanitised HTML): every argument must already be
 * HTML-escaped by the caller; a null title leaves the "on ..." part out.
 */
export const commentedOnYourPostNotice = (nameHtml: string, subjectHtml: string | null): string =>
  subjectHtml
    ? `<b>${nameHtml}</b> commented on your post <i>${subjectHtml}</i>`
    : `<b>${nameHtml}</b> commented on your post`;
export const commentedOnYourEventNotice = (nameHtml: string, eventNameHtml: string): string =>
  `<b>${nameHtml}</b> commented on your event <i>${eventNameHtml}</i>`;
export const repliedToYourCommentNotice = (nameHtml: string, titleHtml: string | null): string =>
  titleHtml
    ? `<b>${nameHtml}</b> replied to your comment on <i>${titleHtml}</i>`
    : `<b>${nameHtml}</b> replied to your comment`;
export const REMOVE_PHOTO_BUTTON = 'Remove';
export const PHOTOS_TOO_LARGE =
  'These photos are too large to send together. Remove some of them and try again.';
export const SAVING_POST = 'Saving your post…';
/** Deep replies stop moving right, so they say whom they answer (CMT-01 on a phone). */
export const inReplyTo = (name: string): string => `In reply to ${name}`;
/** A reply under a comment already at the deepest level (MAX_COMMENT_DEPTH), on `parent_id`. */
export const COMMENT_NESTED_TOO_DEEPLY = 'is nested too deeply';
/** The edit form's Visibility note when the post is another member's (an admin editing it). */
export const VISIBILITY_AUTHORS_ONLY =
  'Only the author can change who can see a member post, so it stays as it is.';

/** Field errors and refusals of the posts and comments API, in the server's usual lower case. */
export const FIELD_BLANK = "can't be blank";
export const INVALID_CHOICE = 'is not a valid choice';
export const fieldTooLong = (maximum: number): string =>
  `is too long (maximum is ${maximum} characters)`;
export const tooManyNewPhotos = (maximum: number): string =>
  `You can add at most ${maximum} photos at a time.`;
export const notAPhotoOfThisPost = (photoId: number): string =>
  `Photo ${photoId} is not a photo of this post.`;
export const FILE_NOT_READABLE = 'The file could not be read.';
export const NO_SUCH_POST = 'No such post.';
export const NO_SUCH_LODGE = 'No such lodge.';
export const NO_SUCH_COMMENT = 'No such comment.';
export const NO_SUCH_COMMENTS = 'No such comments.';
export const ONLY_WEBMASTERS_POST_AS_LODGE = 'You may post only as a lodge you are webmaster of.';
