import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconRepeat } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  BACK_TO_CALENDAR,
  CHANGE_WHICH_MEETINGS,
  changingMeetings,
  EDIT_REPEATING_MEETING,
  EDIT_REPEATING_MEETING_TEXT,
  onlyThisMeetingChanges,
  EDIT_CALENDAR_EVENT,
  ERROR_UPDATING_CALENDAR_EVENT,
  EVENT_FORM_LOAD_FAILED,
  LOADING_EVENT_FORM,
  MAY_NOT_EDIT_EVENT_TITLE,
  ONLY_WEBMASTERS_CHANGE_EVENTS,
  SAVE_CHANGES,
} from '../../../common/messages.ts';
import type { CalendarEventDetail, SeriesScope } from '../../../common/schemas/calendar-event.ts';
import { useCalendarEventForEdit, useUpdateCalendarEvent } from '../../api/calendar-events.ts';
import { isApiError } from '../../http/client.ts';
import { LoadFailed, Loading } from '../../components/LoadStates.tsx';
import { NotFound } from '../../components/NotFound.tsx';
import { CALENDAR_PATH, eventPath, parseRecordId } from '../../paths.ts';
import { editEventValues, updateEventRequest } from './event-form-schema.ts';
import { EventForm } from './EventForm.tsx';
import { SCOPE_LABELS, SeriesScopeDialog } from './SeriesScopeDialog.tsx';

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
  const navigate = useNavigate();
  // The form reads these once, so nothing overwrites what the member types.
  const initialValues = useMemo(() => editEventValues(event), [event]);
  const inSeries = event.series_id !== null;
  // A meeting of a series asks first which meetings the edit changes (D82): the form then
  // shows the series' rule for "following" and "all", and not for "this meeting".
  const [scope, setScope] = useState<SeriesScope | null>(null);
  const [asking, setAsking] = useState(inSeries);
  const repeats =
    !inSeries || scope === null || scope === 'this' || event.recurrence === null
      ? 'none'
      : 'series';
  return (
    <>
      <EventForm
        title={EDIT_CALENDAR_EVENT}
        submitLabel={SAVE_CHANGES}
        initialValues={initialValues}
        lodge={{ kind: 'fixed', typeName: event.club.type_name, name: event.club.name }}
        save={(values) =>
          update.mutateAsync(
            updateEventRequest(
              values,
              inSeries ? { scope: scope ?? 'this', initial: initialValues.recurrence } : undefined,
            ),
          )
        }
        fallbackError={ERROR_UPDATING_CALENDAR_EVENT}
        cancelTo={eventPath(event)}
        repeats={repeats}
        notice={
          inSeries && scope !== null ? (
            <ScopeNotice
              scope={scope}
              rule={repeats === 'none' ? event.recurrence_description : null}
              onChange={() => setAsking(true)}
            />
          ) : null
        }
      />
      {inSeries ? (
        <SeriesScopeDialog
          opened={asking}
          title={EDIT_REPEATING_MEETING}
          question={EDIT_REPEATING_MEETING_TEXT}
          onChoose={(chosen) => {
            setScope(chosen);
            setAsking(false);
          }}
          onCancel={() => {
            setAsking(false);
            // Nothing chosen yet: there is no form to go back to, so back to the meeting.
            if (scope === null) void navigate(eventPath(event), { replace: true });
          }}
        />
      ) : null}
    </>
  );
}

/** Which meetings the edit changes, the way to choose again, and for one meeting the rule. */
function ScopeNotice({
  scope,
  rule,
  onChange,
}: {
  scope: SeriesScope;
  rule: string | null;
  onChange: () => void;
}) {
  return (
    <Alert
      variant="light"
      color="lodge"
      icon={<IconRepeat size={22} aria-hidden="true" />}
      data-testid="edit-scope"
    >
      <Group gap="md" justify="space-between" align="center">
        <Stack gap={4}>
          <Text size="lg" fw={700}>
            {changingMeetings(SCOPE_LABELS[scope])}
          </Text>
          {rule ? <Text size="md">{onlyThisMeetingChanges(rule)}</Text> : null}
        </Stack>
        <Button variant="default" size="sm" onClick={onChange}>
          {CHANGE_WHICH_MEETINGS}
        </Button>
      </Group>
    </Alert>
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
