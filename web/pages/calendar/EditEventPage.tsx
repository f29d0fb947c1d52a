import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import {
  BACK_TO_CALENDAR,
  EDIT_CALENDAR_EVENT,
  ERROR_UPDATING_CALENDAR_EVENT,
  EVENT_FORM_LOAD_FAILED,
  LOADING_EVENT_FORM,
  MAY_NOT_EDIT_EVENT_TITLE,
  ONLY_WEBMASTERS_CHANGE_EVENTS,
  SAVE_CHANGES,
} from '../../../common/messages.ts';
import type { CalendarEventDetail } from '../../../common/schemas/calendar-event.ts';
import { useCalendarEventForEdit, useUpdateCalendarEvent } from '../../api/calendar-events.ts';
import { isApiError } from '../../http/client.ts';
import { LoadFailed, Loading } from '../../components/LoadStates.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { CALENDAR_PATH, eventPath, parseRecordId } from '../../paths.ts';
import { editEventValues, updateEventRequest } from './event-form-schema.ts';
import { EventForm } from './EventForm.tsx';

/**
 * /calendar/{id}/edit (ROUTE-13, EVF-01, EVF-04, EVF-20, EVF-22): the saved event from `GET
 * /calendar_events/{id}/edit.json`, prefilled, its lodge shown but fixed; `PUT
 * /calendar_events/{id}.json`, then the event. An event that does not exist (or is hidden from
 * the member) is the 404 page (AMB-44); one the member may not change (403: not an admin nor a
 * webmaster of its lodge) says so plainly rather than showing a form that could only fail.
 */
export function EditEventPage() {
  useDocumentTitle(`${EDIT_CALENDAR_EVENT} – Lodgehall`);
  const id = parseRecordId(useParams().id);
  const query = useCalendarEventForEdit(id);
  const status = query.isError && isApiError(query.error) ? query.error.status : null;

  if (id === null || status === 404) return <NotFound />;
  if (status === 403) {
    return (
      <Notice>
        <Text size="lg" fw={700}>
          {MAY_NOT_EDIT_EVENT_TITLE}
        </Text>
        <Text size="lg">{ONLY_WEBMASTERS_CHANGE_EVENTS}</Text>
        <BackToCalendar />
      </Notice>
    );
  }
  if (query.isError && !query.data) {
    return (
      <Notice>
        <LoadFailed
          title={EVENT_FORM_LOAD_FAILED}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
        <BackToCalendar />
      </Notice>
    );
  }
  if (!query.data) {
    return (
      <Notice>
        <Loading label={LOADING_EVENT_FORM} />
      </Notice>
    );
  }
  return (
    <Container size={760} px={{ base: 'xs', sm: 'md' }} py={{ base: 16, sm: 32 }}>
      <EditEventForm key={query.data.id} event={query.data} />
    </Container>
  );
}

function EditEventForm({ event }: { event: CalendarEventDetail }) {
  const update = useUpdateCalendarEvent(event.id);
  // The form reads these once, so nothing overwrites what the member types.
  const initialValues = useMemo(() => editEventValues(event), [event]);
  return (
    <EventForm
      title={EDIT_CALENDAR_EVENT}
      submitLabel={SAVE_CHANGES}
      initialValues={initialValues}
      lodge={{ kind: 'fixed', typeName: event.club.type_name, name: event.club.name }}
      save={(values) => update.mutateAsync(updateEventRequest(values))}
      fallbackError={ERROR_UPDATING_CALENDAR_EVENT}
      cancelTo={eventPath(event)}
    />
  );
}

/** The form's frame with its title, for what shows instead of the form. */
function Notice({ children }: { children: ReactNode }) {
  return (
    <Container size={760} px={{ base: 'xs', sm: 'md' }} py={{ base: 16, sm: 32 }}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 40 }} shadow="xs">
        <Stack gap="lg" align="flex-start">
          <Title order={1}>{EDIT_CALENDAR_EVENT}</Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

function BackToCalendar() {
  return (
    <Button
      component={Link}
      to={CALENDAR_PATH}
      variant="default"
      leftSection={<IconArrowLeft size={22} aria-hidden="true" />}
    >
      {BACK_TO_CALENDAR}
    </Button>
  );
}
