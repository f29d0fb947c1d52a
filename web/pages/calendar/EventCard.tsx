import { Text, Title } from '@mantine/core';
import {
  IconBuildingBank,
  IconCheck,
  IconClock,
  IconMapPin,
  IconRepeat,
  IconX,
} from '@tabler/icons-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { goingWithGuests, RSVP_NOT_GOING } from '../../../common/messages.ts';
import type { CalendarEvent } from '../../../common/schemas/calendar-event.ts';
import { timeWithinDay } from './calendar-sections.ts';
import classes from './EventCard.module.css';

/**
 * One event in a calendar list, under its day heading: its name (the link to the event), the
 * lodge, the time with its duration and zone as the server words it (AMB-33) less the day, how
 * a meeting of a series repeats (issue 25), the place, and the member's own answer when
 * they gave one. Memoised: TanStack Query keeps the same object for an unchanged event, so
 * loading another page renders only the new cards.
 */
export const EventCard = memo(function EventCard({
  event,
  to,
}: {
  event: CalendarEvent;
  to: string;
}) {
  const rsvp = event.event_attendee;
  return (
    <article className={classes.card} data-testid="event-card" data-event-id={event.id}>
      <Title order={4} className={classes.name}>
        <Link to={to} className={classes.link}>
          {event.name}
        </Link>
      </Title>
      <Text className={classes.line} fw={600}>
        <IconBuildingBank size={20} className={classes.icon} aria-hidden="true" />
        {event.club.name}
      </Text>
      <Text className={classes.line}>
        <IconClock size={20} className={classes.icon} aria-hidden="true" />
        {timeWithinDay(event)}
      </Text>
      {event.recurrence_description ? (
        <Text className={classes.line} data-testid="event-card-repeats">
          <IconRepeat size={20} className={classes.icon} aria-hidden="true" />
          {event.recurrence_description}
        </Text>
      ) : null}
      {event.location ? (
        <Text className={classes.line}>
          <IconMapPin size={20} className={classes.icon} aria-hidden="true" />
          {event.location}
        </Text>
      ) : null}
      {rsvp ? (
        <Text className={classes.line} fw={700} c={rsvp.status === 'YES' ? 'lodge.9' : 'gray.8'}>
          {rsvp.status === 'YES' ? (
            <IconCheck size={20} className={classes.icon} aria-hidden="true" />
          ) : (
            <IconX size={20} className={classes.icon} aria-hidden="true" />
          )}
          {rsvp.status === 'YES' ? goingWithGuests(rsvp.guests) : RSVP_NOT_GOING}
        </Text>
      ) : null}
    </article>
  );
});
