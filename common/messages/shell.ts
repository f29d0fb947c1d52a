/** The shells around every screen: navigation, the signed-in top bar and menu. Read through common/messages.ts. */

/** Navigation (NAV-01, NAV-07, NAV-09). */
export const NAV_ABOUT = 'About';
export const NAV_SIGN_IN = 'Sign In';
export const NAV_POSTS = 'Posts';
export const NAV_CALENDAR = 'Calendar';
export const NAV_DIRECTORY = 'Directory';
export const NAV_STATUS_CHECKER = 'Status Checker';
export const NAV_SUPPORT = 'Support';
export const MY_MEMBERSHIPS = 'My Memberships';

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
export const CLOSE_MENU = 'Close the menu';
export const HOME_LINK_LABEL = 'Lodgehall, start page';
export const SKIP_TO_CONTENT = 'Skip to content';
