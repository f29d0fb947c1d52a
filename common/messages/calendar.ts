/** The calendar and the event form. Read through common/messages.ts. */

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

/** The event form (EVF-01..EVF-23). Lodgehall's own words. */
export const CREATE_EVENT = 'Create Event';
export const SAVING_EVENT = 'Saving the event…';
export const LOADING_EVENT_FORM = 'Loading the event…';
export const EVENT_FORM_LOAD_FAILED = 'The event could not be loaded.';
export const EVENT_POST_AS_HINT = 'The lodge whose calendar the event goes on.';
export const EVENT_CHOOSE_TIME = 'Choose a time';
export const EVENT_NO_END_TIME = 'No end time';
export const EVENT_END_DATE_HINT = 'Optional. It moves with the start date.';
export const EVENT_END_TIME_HINT = 'Optional. It moves with the start time.';
export const EVENT_TIME_ZONE_HINT = 'The times above are in this time zone.';
export const EVENT_DESCRIPTION_HINT =
  'What members should know. Use the buttons above the box for bold, lists, headings and links.';
/** /calendar/new for a member who is not a webmaster of any lodge. */
export const NO_LODGE_FOR_EVENTS_TITLE = 'Only a lodge’s webmaster can add events';
export const NO_LODGE_FOR_EVENTS_TEXT =
  'You are not a webmaster of any lodge. Ask your lodge’s secretary to add the event to the calendar.';
/** /calendar/{id}/edit for a member who may not change the event (403). */
export const MAY_NOT_EDIT_EVENT_TITLE = 'You cannot change this event';
export const BACK_TO_CALENDAR = 'Back to the Calendar';

/** The /calendar list (CAL-01..07). Lodgehall's own words. */
export const CALENDAR_TITLE = 'Calendar';
export const CALENDAR_TABS_LABEL = 'Which events';
/** What each tab holds (decision D31), said under the tabs. */
export const MY_EVENTS_HINT = 'Events of your lodges and of the lodges you follow.';
export const NEARBY_EVENTS_HINT = 'Events of other lodges within 50 miles of your lodges.';
export const OTHER_EVENTS_HINT = 'Every other event you can see.';
export const LOADING_EVENTS = 'Loading the events…';
export const EVENTS_LOAD_FAILED = 'The events could not be loaded.';
export const MORE_EVENTS_LOAD_FAILED = 'More events could not be loaded.';
export const eventsShown = (count: number): string =>
  count === 1 ? 'Showing 1 event.' : `Showing ${count} events.`;
export const UPCOMING_EVENTS = 'Coming up';
export const PAST_EVENTS = 'Past events';
export const TODAY = 'Today';
export const TOMORROW = 'Tomorrow';
export const goingWithGuests = (guests: number): string =>
  guests === 0 ? RSVP_GOING : `${RSVP_GOING} ${plusGuests(guests)}`;

/** Error catalogue (§8). */
export const ERROR_DELETING_CALENDAR_EVENT = 'Error deleting calendar event.';
export const ERROR_RETRIEVING_EVENT_ATTENDEES = 'Error retrieving event attendees.';
export const ERROR_CREATING_CALENDAR_EVENT = 'Error creating calendar event.';
export const ERROR_UPDATING_CALENDAR_EVENT = 'Error updating calendar event.';

/** Refusals of the calendar's calls (API-CAL). */
export const NO_SUCH_EVENT = 'No such event.';
export const NO_SUCH_RSVP = 'No such RSVP.';
export const ONLY_OWN_RSVP = 'You can change only your own RSVP.';

/** Calendar feeds (decision D30). */
export const NO_SUCH_CALENDAR_FEED =
  'No such calendar feed. Ask for a new address on the calendar.';

/** The event form's field errors and the refusals of event writes (VAL-27, AMB-40, §6). */
export const NOT_A_WIRE_DATE = 'must be a date written as MM/DD/YYYY';
export const NOT_A_TIME_LABEL = 'must be a time such as 1:00pm';
export const END_BEFORE_START = 'must not be before the start';
export const notAPhotoOfThisEvent = (photoId: number): string =>
  `Photo ${photoId} is not a photo of this event.`;
export const ONLY_WEBMASTERS_ADD_EVENTS =
  'You may add events only to a lodge you are webmaster of.';
export const ONLY_WEBMASTERS_CHANGE_EVENTS =
  'Only an admin or a webmaster of the lodge may change its events.';
export const EVENT_WITH_COMMENTS_NOT_DELETABLE =
  'This event has comments, so it cannot be deleted. Turn off comments first.';

/**
 * Announce (AMB-06): the notice, as HTML built from escaped parts, and the e-mail, plain text.
 * `when` is the event's local_start_date_time_with_duration.
 */
export const eventAnnouncedNotice = (lodgeHtml: string, eventHtml: string, whenHtml: string) =>
  `<b>${lodgeHtml}</b> announced <i>${eventHtml}</i>, ${whenHtml}`;
export const eventAnnouncedMailSubject = (lodge: string, event: string): string =>
  `${lodge}: ${event}`;
export const eventAnnouncedMailText = (
  lodge: string,
  event: string,
  when: string,
  location: string | null,
  link: string | null,
): string =>
  [
    `${lodge} announces ${event}.`,
    '',
    `When: ${when}`,
    ...(location ? [`Where: ${location}`] : []),
    '',
    link
      ? `See the event and answer whether you are going: ${link}`
      : 'See the event and answer whether you are going on the calendar in Lodgehall.',
  ].join('\n');

/** A club's calendar (ROUTE-02, CAL-08..10). Lodgehall's own words. */
export const CLUB_CALENDAR_TITLE = 'Lodge Calendar';
export const clubCalendarTitle = (club: string): string => `${club} – Calendar`;
export const CLUB_TYPE_FILTER_LEGEND = 'Show events from';

/** The member's calendar feed on /calendar (decisions D30, D54). Lodgehall's own words. */
export const CALENDAR_FEED_TITLE = 'Subscribe in your calendar program';
export const CALENDAR_FEED_EXPLANATION =
  'Give your private calendar address to Google Calendar, Outlook or Apple Calendar to see your events there. Keep the address to yourself.';
export const CALENDAR_FEED_PRIVATE =
  'Anyone who has the address can see your events. If it got out, make a new address.';
export const CALENDAR_FEED_ADDRESS = 'Your private calendar address';
/** Under the address, the one time it is shown (D54: only its hash is kept). */
export const CALENDAR_FEED_SHOWN_ONCE = 'Copy it now: it is shown only this once.';
export const CALENDAR_FEED_IF_LOST =
  'If you lose it, choose “Make a new address” to get a new one. The old one then stops working.';
/** A feed made earlier, whose address cannot be shown again. */
export const calendarFeedMadeOn = (date: string): string =>
  `You have a calendar address, made on ${date}.`;
export const CALENDAR_FEED_NOT_SHOWN_AGAIN =
  'For your safety, the address was shown only once, when it was made. To set up a calendar program again, make a new address. The old one then stops working, so give the new one to every calendar program that used the old one.';
export const CALENDAR_FEED_NONE = 'You have no calendar address yet.';
export const CALENDAR_FEED_TURNED_OFF = 'Your calendar address is turned off.';
export const CALENDAR_FEED_MAKE = 'Make my address';
export const CALENDAR_FEED_COPY = 'Copy';
export const CALENDAR_FEED_COPIED = 'Copied. Now paste it into your calendar program.';
export const CALENDAR_FEED_COPY_BY_HAND =
  'The address is selected. Press Ctrl+C (on a Mac, Command+C) to copy it.';
export const CALENDAR_FEED_RENEW = 'Make a new address';
export const CALENDAR_FEED_RENEW_TITLE = 'Make a new address?';
export const CALENDAR_FEED_RENEW_CONFIRM =
  'Your present address stops working at once. Every calendar program that uses it must be given the new address.';
export const CALENDAR_FEED_RENEWED = 'Here is your new address.';
export const CALENDAR_FEED_TURN_OFF = 'Turn off';
export const CALENDAR_FEED_TURN_OFF_TITLE = 'Turn off your calendar address?';
export const CALENDAR_FEED_TURN_OFF_CONFIRM =
  'Your address stops working at once, and calendar programs no longer get your events. You can make a new address later.';
export const CALENDAR_FEED_LOADING = 'Loading your calendar address…';
export const CALENDAR_FEED_LOAD_FAILED = 'Your calendar address could not be loaded.';
export const CALENDAR_FEED_MAKE_FAILED = 'The address could not be made. Please try again.';
export const CALENDAR_FEED_TURN_OFF_FAILED =
  'The address could not be turned off. Please try again.';

/** The event screen (CAL-11..22). Lodgehall's own words, but for the spec's fixed texts above. */
export const LOADING_EVENT = 'Loading the event…';
export const backToLodgeCalendar = (lodge: string): string => `Back to ${lodge} calendar`;
export const EVENT_LODGE = 'Lodge';
export const EVENT_WHEN = 'When';
export const EVENT_WHERE = 'Where';
export const ADD_TO_MY_CALENDAR = 'Add to my calendar';
export const EVENT_DOWNLOAD_FAILED = 'The event could not be downloaded. Please try again.';
export const YOUR_ANSWER = 'Your answer';
export const RSVP_QUESTION = 'Will you attend?';
export const RSVP_GUESTS_LABEL = 'Guests you will bring';
export const RSVP_GUESTS_HINT = 'Guests are people who are not members, such as family.';
export const SAVE_RSVP = 'Save my answer';
export const RSVP_SAVED = 'Your answer is saved.';
export const ERROR_SAVING_RSVP = 'Your answer could not be saved. Please try again.';
export const goingCount = (count: number): string => `${count} going`;
export const notGoingCount = (count: number): string => `${count} not going`;
export const guestCount = (count: number): string => (count === 1 ? '1 guest' : `${count} guests`);
export const ATTENDANCE_LABEL = 'Answers so far';
export const ATTENDEES_TITLE = 'Who has answered';
export const LOADING_ATTENDEES = 'Loading who has answered…';
export const NO_ATTENDEES = 'No one has answered yet.';
/**
 * The attendees one may not see in the directory, only counted (D37, D53): after the names
 * (`afterNames`) or alone.
 */
export const otherOrganizationsAttendees = (count: number, afterNames: boolean): string => {
  const members =
    count === 1 ? '1 member of another organization' : `${count} members of other organizations`;
  return afterNames ? `and ${members}` : members;
};
export const EVENT_ANNOUNCED = 'The event has been announced.';
export const ERROR_ANNOUNCING_EVENT = 'The event could not be announced. Please try again.';
export const EDIT_EVENT_LINK = 'Edit';
export const DELETE_EVENT_BUTTON = 'Delete';
export const DELETE_EVENT_TITLE = 'Delete Event';
export const CONFIRM_DELETE_EVENT = 'Are you sure you wish to delete this calendar event?';
export const RSVP_CHANGE_HINT = 'To change your answer, press the button.';
export const ANNOUNCE_EVENT_TITLE = 'Announce Event';
export const confirmAnnounceEvent = (lodge: string): string =>
  `Every member of ${lodge} will get a notice and an e-mail about this event. Announce it now?`;
