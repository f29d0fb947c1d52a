/**
 * The Lodge Office's words for duties (roles), officers and invitations (issue 23, D69):
 * Lodgehall's own, the spec gives none. Written for a lodge secretary: "duties", "officers",
 * "invite", never "role", "term record" or "party".
 */

// ---- Duties (roles) on a member's record ----
export const DUTIES_TITLE = 'Duties';
export const DUTIES_INTRO =
  'A webmaster posts news and events as the lodge. A secretary keeps the lodge in the Lodge Office. Changes take effect at once.';
export const dutiesAt = (lodge: string): string => `Duties at ${lodge}`;
export const SAVE_DUTIES = 'Save duties';
export const SAVING_DUTIES = 'Saving duties…';
export const DUTIES_SAVED = 'The duties are saved.';
export const DUTIES_SAVE_FAILED = 'The duties could not be saved. Please try again.';
export const NO_CURRENT_LODGE_FOR_DUTIES =
  'Duties are set on a lodge the member belongs to now; this member belongs to none of yours.';
export const confirmDutiesRemoval = (name: string, duties: string, lodge: string): string =>
  `Take ${duties} at ${lodge} away from ${name}?`;
export const REMOVE_WEBMASTER_MEANS =
  'They can no longer post news or events as the lodge, from their next step on.';
export const REMOVE_SECRETARY_MEANS =
  'They lose the Lodge Office for this lodge at once, even if they have it open now.';
export const CONFIRM_REMOVE_DUTIES = 'Yes, take it away';

// ---- Officers ----
export const OFFICERS_TITLE = 'Officers';
export const OFFICERS_CARD_TEXT =
  'Who holds each office of the lodge, and who held it before. The lodge’s page shows the current officers.';
export const OPEN_OFFICERS = 'Open the officers';
export const OFFICERS_LODGE = 'Lodge';
export const LOADING_OFFICERS = 'Loading the officers…';
export const OFFICERS_LOAD_FAILED = 'The officers could not be loaded.';
export const NO_POSITIONS = 'This lodge has no offices yet. Add the first below.';
export const VACANT = 'Vacant';
export const CURRENT_HOLDERS = 'Now';
export const EARLIER_HOLDERS = 'Earlier';
export const NO_EARLIER_HOLDERS = 'No one before.';
export const termDates = (from: string, to: string | null): string =>
  to === null ? `since ${from}` : `${from} to ${to}`;
export const APPOINT = 'Appoint';
export const appointTo = (title: string): string => `Appoint a ${title}`;
export const RENAME_POSITION = 'Rename';
export const MOVE_UP = 'Move up';
export const MOVE_DOWN = 'Move down';
export const moveUpLabel = (title: string): string => `Move ${title} up`;
export const moveDownLabel = (title: string): string => `Move ${title} down`;
export const RETIRE_POSITION = 'Retire this office';
export const REMOVE_POSITION = 'Remove this office';
export const BRING_BACK = 'Bring back';
export const RETIRED_POSITIONS = 'Retired offices';
export const retiredOn = (date: string): string => `Retired ${date}`;
export const END_TERM = 'End term';
export const endTermOf = (name: string): string => `End ${name}’s term`;
export const TERM_ENDS_ON = 'Last day in office';
export const SAVE_END = 'End the term';
export const NEW_POSITION = 'Add an office';
export const POSITION_TITLE = 'Title of the office';
export const POSITION_TITLE_HINT = 'For example: Senior Warden, Chaplain, Tyler.';
export const ADD_POSITION = 'Add the office';
export const NEW_TITLE = 'New title';
export const SAVE_TITLE = 'Save the title';
export const OFFICERS_SAVE_FAILED = 'The change could not be saved. Please try again.';
export const OFFICERS_SAVED = 'Saved.';
export const HOLDER_FROM_ROSTER = 'A member of the roster';
export const HOLDER_BY_NAME = 'Someone not on the roster';
export const WHO = 'Who';
export const FIND_MEMBER = 'Find the member';
export const FIND_MEMBER_HINT = 'Type a name or member number.';
export const SEARCHING_ROSTER = 'Searching the roster…';
export const NO_MEMBER_FOUND = 'No member found.';
export const CHOOSE_MEMBER = 'Choose the member';
export const CHOOSE_A_MEMBER_FIRST = 'Choose a member from the roster first.';
export const HOLDER_NAME = 'Full name';
export const GIVE_A_NAME = 'Give the holder’s full name.';
export const IN_OFFICE_FROM = 'In office from';
export const IN_OFFICE_TO = 'Until (leave empty while in office)';
export const SAVE_APPOINTMENT = 'Appoint';
export const confirmRemovePosition = (title: string): string =>
  `Remove the office ${title}? It never had a holder, so nothing is lost.`;
export const CONFIRM_REMOVE = 'Yes, remove it';

// ---- Invitations ----
export const INVITATIONS_TITLE = 'Invite members';
export const INVITATIONS_CARD_TEXT =
  'E-mail members who have no Lodgehall account yet a link to register.';
export const OPEN_INVITATIONS = 'Invite members';
export const INVITATIONS_INTRO =
  'Members of the lodge who have no account yet get an e-mail with a link to the registration page. No one is invited twice within a day.';
export const INVITE_LODGE = 'Lodge';
export const COUNT_INVITATIONS = 'Count who would be invited';
export const COUNTING = 'Counting…';
export const invitationCount = (count: number): string =>
  count === 1 ? '1 member will be invited.' : `${count} members will be invited.`;
export const recentlyInvitedCount = (count: number): string =>
  count === 1
    ? '1 member was invited within the last day and is left out.'
    : `${count} members were invited within the last day and are left out.`;
export const withoutEmailCount = (count: number): string =>
  count === 1
    ? '1 member has no e-mail address on record and cannot be invited:'
    : `${count} members have no e-mail address on record and cannot be invited:`;
export const inviteAll = (count: number): string =>
  count === 1 ? 'Invite 1 member' : `Invite ${count} members`;
export const INCLUDE_RECENT = 'Also invite those invited within the last day';
export const NOBODY_TO_INVITE = 'There is no one to invite.';
export const SENDING_INVITATIONS = 'Sending the invitations…';
export const invitationsSent = (count: number): string =>
  count === 1
    ? 'The invitation is on its way.'
    : `${count} invitations are on their way. They go out over the next minutes.`;
export const INVITATIONS_FAILED = 'The invitations could not be sent. Please try again.';
export const INVITE_ONE_TITLE = 'Invitation to register';
export const INVITE_ONE_TEXT =
  'This member has no Lodgehall account yet. Send an e-mail with a link to register.';
export const INVITE_ONE = 'Send an invitation';
export const INVITE_AGAIN = 'Send it again';
export const INVITED_ONE = 'The invitation is on its way.';
export const ALREADY_INVITED_TODAY =
  'This member was invited within the last day. Send it again only if they ask.';
export const EARLIER_INVITATIONS = 'Invitations sent';
export const invitedOn = (when: string, email: string): string => `${when}, to ${email}`;
export const NOT_SENT_YET = '(not sent yet)';
