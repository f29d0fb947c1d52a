/**
 * What members are told and how they choose (issue 25, D81): the "E-mail and reminders"
 * section of My Account, the unsubscribe page, a cancelled event's page and the notices about
 * a changed or cancelled event. Lodgehall's own words, plain enough for a lodge secretary.
 * Read through common/messages.ts.
 */
import type { Reminder } from '../schemas/mail-settings.ts';

// ---- My Account: "E-mail and reminders" ------------------------------------------------------

export const MAIL_SETTINGS_SECTION = 'E-mail and reminders';
export const MAIL_SETTINGS_INTRO =
  'Choose which e-mails Lodgehall sends you. Your notices are always on the Notices page.';
export const NOTICE_MAIL_LABEL = 'E-mail me my notices';
export const NOTICE_MAIL_HINT =
  'Notices tell you about new comments and about meetings that were moved or cancelled.';
export const NOTICE_MAIL_IMMEDIATELY = 'As soon as they happen';
export const NOTICE_MAIL_DAILY = 'Once a day, all together';
export const NOTICE_MAIL_OFF = 'Never';
export const ANNOUNCEMENT_MAIL_LABEL = 'E-mail me when my lodge announces a meeting';
export const ANNOUNCEMENT_MAIL_ON = 'Yes, e-mail me';
export const ANNOUNCEMENT_MAIL_OFF = 'No';
export const REMINDER_LABEL = 'Remind me of a meeting I said I am going to';
export const REMINDER_OFF = 'No reminder';
export const REMINDER_1_HOUR = '1 hour before';
export const REMINDER_1_DAY = '1 day before';
export const REMINDER_3_DAYS = '3 days before';
/** My Account's section, as a link's `#` goes to it: the RSVP's reminder line links there. */
export const MAIL_SETTINGS_ANCHOR = 'email-and-reminders';
/** Under a Going answer: when the reminder comes, by the member's own setting. */
export const reminderHint = (lead: Reminder): string =>
  lead === 'off'
    ? 'E-mail reminders are off.'
    : `We will e-mail you a reminder ${{ '1_hour': '1 hour', '1_day': '1 day', '3_days': '3 days' }[lead]} before.`;
export const CHANGE_REMINDERS = 'Change reminders';
export const SAVE_MAIL_SETTINGS = 'Save my choices';
export const SAVING_MAIL_SETTINGS = 'Saving your choices…';
export const MAIL_SETTINGS_SAVED = 'Your choices are saved.';
export const ERROR_SAVING_MAIL_SETTINGS =
  'Your choices could not be saved. Please check your connection and try again.';
export const LOADING_MAIL_SETTINGS = 'Loading your e-mail choices…';
export const ERROR_LOADING_MAIL_SETTINGS = 'Your e-mail choices could not be loaded.';

// ---- The unsubscribe page and its API ----------------------------------------------------------

export const UNSUBSCRIBE_TITLE = 'Stop these e-mails';
export const UNSUBSCRIBE_NOTICE_MAIL =
  'You will no longer get e-mails about your notices. You can still read them on the Notices page.';
export const UNSUBSCRIBE_ANNOUNCEMENT_MAIL =
  'You will no longer get e-mails when your lodge announces a meeting.';
export const UNSUBSCRIBE_EVENT_REMINDER =
  'You will no longer get e-mail reminders before meetings you are going to.';
export const UNSUBSCRIBE_BUTTON = 'Stop these e-mails';
export const UNSUBSCRIBE_DONE =
  'Done. You will not get these e-mails any more. You can turn them back on under My Account, E-mail and reminders.';
export const UNSUBSCRIBE_ALREADY_OFF =
  'These e-mails are already turned off. You can turn them back on under My Account, E-mail and reminders.';
export const UNSUBSCRIBE_FAILED =
  'Your choice could not be saved. Please check your connection and try again.';
export const LOADING_UNSUBSCRIBE = 'Checking your link…';
/** The problem title of a link that was changed, cut short or never made by Lodgehall. */
export const UNSUBSCRIBE_LINK_INVALID =
  'This unsubscribe link is not valid. It may have been cut short when it was copied. You can change your e-mail choices under My Account after signing in.';
export const UNSUBSCRIBE_TO_MY_ACCOUNT = 'Go to My Account';

// ---- A cancelled event ------------------------------------------------------------------------

/** The problem title of an event that was deleted (410 event-cancelled). */
export const EVENT_WAS_CANCELLED = 'This event was cancelled.';
export const CANCELLED_EVENT_TITLE = 'This event was cancelled';
export const cancelledEventText = (name: string, when: string): string =>
  `${name}, planned for ${when}, will not take place.`;

// ---- Notices about a changed or cancelled event (HTML from escaped parts, in the tags the
// notices' allow-list keeps as they are) ---------------------------------------------------------

export const eventMovedNotice = (lodgeHtml: string, eventHtml: string, whenHtml: string) =>
  `<strong>${lodgeHtml}</strong>: <em>${eventHtml}</em> moved to ${whenHtml}`;
export const eventPlaceChangedNotice = (
  lodgeHtml: string,
  eventHtml: string,
  placeHtml: string | null,
) =>
  placeHtml === null
    ? `<strong>${lodgeHtml}</strong>: <em>${eventHtml}</em> no longer has a place set`
    : `<strong>${lodgeHtml}</strong>: <em>${eventHtml}</em> now meets at ${placeHtml}`;
export const eventMovedAndPlaceNotice = (
  lodgeHtml: string,
  eventHtml: string,
  whenHtml: string,
  placeHtml: string | null,
) =>
  placeHtml === null
    ? `<strong>${lodgeHtml}</strong>: <em>${eventHtml}</em> moved to ${whenHtml}; no place is set`
    : `<strong>${lodgeHtml}</strong>: <em>${eventHtml}</em> moved to ${whenHtml}, at ${placeHtml}`;
export const eventCancelledNotice = (lodgeHtml: string, eventHtml: string, whenHtml: string) =>
  `<strong>${lodgeHtml}</strong>: <em>${eventHtml}</em> on ${whenHtml} was cancelled`;

// ---- The same, by e-mail to members who take their notices at once (plain text) -------------

export const eventChangedMailSubject = (lodge: string, event: string): string =>
  `${lodge}: ${event} has changed`;
export const eventCancelledMailSubject = (lodge: string, event: string): string =>
  `${lodge}: ${event} is cancelled`;
export const eventMovedMailLine = (event: string, when: string): string =>
  `${event} moved to ${when}.`;
export const eventPlaceMailLine = (event: string, place: string | null): string =>
  place === null ? `${event} no longer has a place set.` : `${event} now meets at ${place}.`;
export const eventCancelledMailLine = (event: string, when: string): string =>
  `${event} on ${when} was cancelled and will not take place.`;
/** The body: what changed, the event's link, and how to stop these e-mails. */
/** The last line of an Announce's mail. */
export const announcementUnsubscribeLine = (unsubscribe: string): string =>
  `To stop e-mail when a lodge announces an event, open: ${unsubscribe}`;

export const noticeMailText = (
  lodge: string,
  lines: readonly string[],
  link: string | null,
  unsubscribe: string | null,
): string =>
  [
    `${lodge}:`,
    '',
    ...lines,
    ...(link === null ? [] : ['', `See the event: ${link}`]),
    '',
    'You get this e-mail because you answered this event on Lodgehall.',
    ...(unsubscribe === null ? [] : [`To stop e-mails about your notices, open: ${unsubscribe}`]),
  ].join('\n');

// ---- A reminder before a meeting the member said Going to (plain text) ----------------------

export const reminderMailSubject = (event: string, when: string): string =>
  `Reminder: ${event}, ${when}`;
export const reminderMailText = (
  lodge: string,
  event: string,
  when: string,
  place: string | null,
  link: string | null,
  unsubscribe: string | null,
): string =>
  [
    `You said you are going to ${event} (${lodge}).`,
    '',
    `When: ${when}`,
    ...(place === null ? [] : [`Where: ${place}`]),
    ...(link === null ? [] : ['', `See the event: ${link}`]),
    '',
    'You can change when reminders come under My Account, E-mail and reminders.',
    ...(unsubscribe === null ? [] : [`To stop reminders, open: ${unsubscribe}`]),
  ].join('\n');

// ---- The daily digest of unread notices (plain text, D83) -----------------------------------

export const digestMailSubject = (count: number): string =>
  count === 1 ? 'Lodgehall: 1 new notice' : `Lodgehall: ${count} new notices`;
/** The body: the newest notices, how many more, the Notices page, and how to stop these. */
export const digestMailText = (
  notices: readonly string[],
  more: number,
  link: string | null,
  unsubscribe: string | null,
): string =>
  [
    'New on Lodgehall since your last digest:',
    '',
    ...notices.map((notice) => `- ${notice}`),
    ...(more > 0 ? [`- and ${more} more`] : []),
    ...(link === null ? [] : ['', `See your notices: ${link}`]),
    '',
    'You get this e-mail once a day when you have unread notices. You can have each notice',
    'mailed at once instead, or none, under My Account, E-mail and reminders.',
    ...(unsubscribe === null ? [] : [`To stop e-mails about your notices, open: ${unsubscribe}`]),
  ].join('\n');
