import { Paper, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { useMemo, type ReactNode } from 'react';
import {
  EVENTS_LOAD_FAILED,
  eventsShown,
  LOADING_EVENTS,
  MORE_EVENTS_LOAD_FAILED,
  NO_EVENTS,
  PAST_EVENTS,
  UPCOMING_EVENTS,
} from '../../../common/messages.ts';
import type { CalendarEvent } from '../../../common/schemas/calendar-event.ts';
import {
  flattenCalendarPages,
  useCalendarList,
  type CalendarListScope,
} from '../../api/calendar-events.ts';
import { calendarSections, dayHeading, type DaySection } from './calendar-sections.ts';
import { EventCard } from './EventCard.tsx';
import classes from './EventCard.module.css';
import { LoadFailed, LoadMore, Loading } from '../../components/LoadStates.tsx';

export interface CalendarListViewProps {
  scope: CalendarListScope;
  /** Where a card leads. */
  pathOf: (event: CalendarEvent) => string;
  /** Narrows the loaded events, as a club calendar's type toggles do (CAL-10); keep it stable. */
  select?: (events: CalendarEvent[]) => CalendarEvent[];
}

function DaySections({
  sections,
  todayIso,
  pathOf,
}: {
  sections: DaySection[];
  todayIso?: string;
  pathOf: (event: CalendarEvent) => string;
}) {
  return sections.map((section) => (
    <section
      key={section.date}
      className={classes.day}
      data-testid="calendar-day"
      data-date={section.date}
    >
      <Title order={3} className={classes.dayHeading}>
        {dayHeading(section.date, todayIso)}
      </Title>
      <ul className={classes.list}>
        {section.events.map((event) => (
          <li key={event.id}>
            <EventCard event={event} to={pathOf(event)} />
          </li>
        ))}
      </ul>
    </section>
  ));
}

/**
 * One calendar list (CAL-02..07): a spinner while it loads, the error with Try again, 'No events
 * to display.', or the events in day sections by `local_start_date` (CAL-03), upcoming ones under
 * Coming up and past ones under Past events, then Load More while the server has more.
 */
export function CalendarListView({ scope, pathOf, select }: CalendarListViewProps) {
  const query = useCalendarList(scope);
  const events = useMemo(() => {
    const all = flattenCalendarPages(query.data);
    return select ? select(all) : all;
  }, [query.data, select]);
  const readAt = query.data?.pages[0]?.readAt;
  const sections = useMemo(
    () => (readAt === undefined ? null : calendarSections(events, readAt)),
    [events, readAt],
  );

  if (query.isPending) {
    return <Loading label={LOADING_EVENTS} testId="events-loading" />;
  }
  if (query.isError && !query.data) {
    return (
      <LoadFailed
        title={EVENTS_LOAD_FAILED}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  let more: ReactNode = null;
  if (query.hasNextPage) {
    more = (
      <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
    );
  }
  const moreFailed = query.isFetchNextPageError ? (
    <Text c="red.9" ta="center" role="alert">
      {MORE_EVENTS_LOAD_FAILED}
    </Text>
  ) : null;
  if (events.length === 0 || sections === null) {
    // Also when the type toggles hide every loaded event: a later page may still hold some.
    return (
      <Stack gap="xl">
        <Paper withBorder radius="lg" p="xl">
          <Text size="lg" role="status">
            {NO_EVENTS}
          </Text>
        </Paper>
        {moreFailed}
        {more}
      </Stack>
    );
  }

  // The member's own day, for the Today and Tomorrow labels of upcoming days.
  const todayIso = dayjs().format('YYYY-MM-DD');
  return (
    <Stack gap="xl" data-testid="event-list">
      {sections.upcoming.length > 0 ? (
        <Stack gap="lg">
          <Title order={2}>{UPCOMING_EVENTS}</Title>
          <DaySections sections={sections.upcoming} todayIso={todayIso} pathOf={pathOf} />
        </Stack>
      ) : null}
      {sections.past.length > 0 ? (
        <Stack gap="lg">
          <Title order={2}>{PAST_EVENTS}</Title>
          <DaySections sections={sections.past} pathOf={pathOf} />
        </Stack>
      ) : null}
      {/* Tells a screen reader that Load More added events above the button. */}
      <Text role="status" size="sm" c="dimmed" ta="center">
        {eventsShown(events.length)}
      </Text>
      {moreFailed}
      {more}
    </Stack>
  );
}
