import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import {
  BACK_TO_CALENDAR,
  CREATE_EVENT,
  ERROR_CREATING_CALENDAR_EVENT,
  NEW_CALENDAR_EVENT,
  NO_LODGE_FOR_EVENTS_TEXT,
  NO_LODGE_FOR_EVENTS_TITLE,
} from '../../../common/messages.ts';
import { useCreateCalendarEvent } from '../../api/calendar-events.ts';
import { useSession } from '../../api/session.ts';
import { webmasterLodges } from '../../components/records/record-options.ts';
import { CALENDAR_PATH } from '../../paths.ts';
import { createEventRequest, newEventValues } from './event-form-schema.ts';
import { EventForm, type EventFormLodge } from './EventForm.tsx';

/**
 * /calendar/new (ROUTE-11, EVF-01..EVF-21): the form with the member's webmaster lodges
 * (EVF-03) and the first one's defaults (EVF-05..EVF-09); `POST /calendar_events`, then the
 * new event. A member who is webmaster of no lodge reads why there is no form (PERM-06).
 */
export function NewEventPage() {
  useDocumentTitle(`${NEW_CALENDAR_EVENT} – Lodgehall`);
  const { user } = useSession();
  const create = useCreateCalendarEvent();
  const clubs = user?.clubs;
  // The session's clubs carry each lodge's address and zone (User.clubs): all the defaults need.
  const lodges = useMemo(
    (): EventFormLodge[] =>
      webmasterLodges({ clubs: clubs ?? [] }).map((club) => ({
        id: club.id,
        name: club.name,
        full_address: club.full_address,
        time_zone_id: club.time_zone_id,
      })),
    [clubs],
  );
  const initialValues = useMemo(() => newEventValues(lodges), [lodges]);

  return (
    <Container size={760} px={{ base: 'xs', sm: 'md' }} py={{ base: 16, sm: 32 }}>
      {lodges.length === 0 ? (
        <NoLodgeForEvents />
      ) : (
        <EventForm
          title={NEW_CALENDAR_EVENT}
          submitLabel={CREATE_EVENT}
          initialValues={initialValues}
          lodge={{ kind: 'choose', lodges }}
          save={(values) => create.mutateAsync(createEventRequest(values))}
          fallbackError={ERROR_CREATING_CALENDAR_EVENT}
          cancelTo={CALENDAR_PATH}
          repeats="new"
        />
      )}
    </Container>
  );
}

function NoLodgeForEvents() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 40 }} shadow="xs">
      <Stack gap="lg" align="flex-start" data-testid="no-lodge-for-events">
        <Title order={1}>{NEW_CALENDAR_EVENT}</Title>
        <Text size="lg" fw={700}>
          {NO_LODGE_FOR_EVENTS_TITLE}
        </Text>
        <Text size="lg">{NO_LODGE_FOR_EVENTS_TEXT}</Text>
        <Button
          component={Link}
          to={CALENDAR_PATH}
          variant="default"
          leftSection={<IconArrowLeft size={22} aria-hidden="true" />}
        >
          {BACK_TO_CALENDAR}
        </Button>
      </Stack>
    </Paper>
  );
}
