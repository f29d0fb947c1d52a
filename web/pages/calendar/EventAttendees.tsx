import { Text, Title } from '@mantine/core';
import { useId } from 'react';
import {
  ATTENDEES_TITLE,
  ERROR_RETRIEVING_EVENT_ATTENDEES,
  LOADING_ATTENDEES,
  NO_ATTENDEES,
  otherOrganizationsAttendees,
  plusGuests,
  RSVP_GOING,
  RSVP_NOT_GOING,
} from '../../../common/messages.ts';
import { useEventAttendees } from '../../api/calendar-events.ts';
import { LoadFailed, Loading } from '../../components/LoadStates.tsx';
import { MemberAvatar } from '../../components/MemberAvatar.tsx';
import classes from './EventDetailPage.module.css';

/**
 * Who has answered (CAL-19): each member's avatar and name, Going or Not Going in words, and
 * their guests; those going first, as the server orders them. Members of other organisations,
 * whom the directory does not show, are one line with their number (D53). A failed load says
 * ERR-36 and offers Try again.
 */
export function EventAttendees({ eventId }: { eventId: number }) {
  const query = useEventAttendees(eventId);
  const headingId = useId();
  return (
    <section className={classes.panel} aria-labelledby={headingId} data-testid="event-attendees">
      <Title order={2} id={headingId} className={classes.sectionTitle}>
        {ATTENDEES_TITLE}
      </Title>
      {query.isPending ? (
        <Loading label={LOADING_ATTENDEES} testId="attendees-loading" />
      ) : query.isError ? (
        <LoadFailed
          title={ERROR_RETRIEVING_EVENT_ATTENDEES}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.event_attendees.length === 0 && query.data.hidden_attendee_count === 0 ? (
        <Text size="lg">{NO_ATTENDEES}</Text>
      ) : (
        <>
          {query.data.event_attendees.length > 0 ? (
            <ul className={classes.attendees}>
              {query.data.event_attendees.map((attendee) => (
                <li key={attendee.id} className={classes.attendee} data-testid="attendee">
                  <MemberAvatar party={attendee.party} size={40} />
                  <Text fw={600} className={classes.attendeeName}>
                    {attendee.party.display_name}
                  </Text>
                  <Text
                    className={classes.attendeeStatus}
                    fw={attendee.status === 'YES' ? 700 : 400}
                    c={attendee.status === 'YES' ? 'lodge.9' : 'gray.8'}
                  >
                    {attendee.status === 'YES' ? RSVP_GOING : RSVP_NOT_GOING}
                    {attendee.status === 'YES' && attendee.guests > 0
                      ? ` ${plusGuests(attendee.guests)}`
                      : ''}
                  </Text>
                </li>
              ))}
            </ul>
          ) : null}
          {query.data.hidden_attendee_count > 0 ? (
            <Text
              size="lg"
              className={
                query.data.event_attendees.length > 0 ? classes.hiddenAttendees : undefined
              }
              data-testid="hidden-attendees"
            >
              {otherOrganizationsAttendees(
                query.data.hidden_attendee_count,
                query.data.event_attendees.length > 0,
              )}
            </Text>
          ) : null}
        </>
      )}
    </section>
  );
}
