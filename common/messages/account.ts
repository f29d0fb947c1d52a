/** My Account: the avatar and the status checker access section. Read through common/messages.ts. */

/** Error catalogue (§8, ERR-58). */
export const ERROR_UPDATING_AVATAR = 'Error updating avatar';

/*
 * §4 Avatar, ACCT-01..05: the spec names the actions set, remove, cancel and save and quotes no
 * label; these are Lodgehall's own words around them, lower case like ACCT-06's 'change
 * password' and 'sign out' in the next section.
 */
export const AVATAR_SECTION = 'Avatar';
export const SET_AVATAR = 'set avatar';
export const REMOVE_AVATAR = 'remove avatar';
export const CANCEL_AVATAR = 'cancel';
export const SAVE_AVATAR = 'save avatar';
export const AVATAR_PREVIEW_ALT = 'Preview of your new avatar';
export const YOUR_AVATAR_ALT = 'Your avatar';
export const AVATAR_HINT =
  'A JPG, PNG or GIF picture; it is cropped to a square and shown in a circle.';
export const AVATAR_PREVIEW_HINT = 'This is how your new avatar will look. Save it, or cancel.';
export const SAVING_AVATAR = 'Saving your avatar…';
/** AMB-17: the confirmation before the avatar is removed. */
export const REMOVE_AVATAR_TITLE = 'Remove avatar';
export const CONFIRM_REMOVE_AVATAR = 'Are you sure you wish to remove your avatar?';

/*
 * AMB-35: the status checker access section (Lodgehall's words): the clubs of
 * `user.status_club_ids`, through which the member's status can be checked, and the link to
 * the checker every member may use (PERM-02).
 */
export const STATUS_ACCESS_SECTION = 'Status Checker';
export const STATUS_ACCESS_CLUBS_INTRO = 'Your membership status can be checked through:';
export const STATUS_ACCESS_NO_CLUBS =
  'Your membership status cannot be checked through any of your lodges.';
export const STATUS_ACCESS_LINK = "Check a member's status";
