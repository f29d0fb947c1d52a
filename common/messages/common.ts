/** The words of no one area: general dialogs, the 404 page, and words every screen uses. Read through common/messages.ts. */

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

/** Error catalogue (§8): any screen whose data could not be read. */
export const ERROR_RETRIEVING_DATA = 'Error retrieving data from server.';

/** Words every area uses. Lodgehall's own words. */
export const LOADING = 'Loading';
export const TRY_AGAIN = 'Try again';
export const NEXT = 'Next';
export const PREVIOUS = 'Previous';
export const CLOSE = 'Close';

/** A button's label while its form is being saved. */
export const SAVING = 'Saving…';
