import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCalendarOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  CANCELLED_EVENT_TITLE,
  cancelledEventText,
  EVENT_LODGE,
} from '../../../common/messages.ts';
import {
  cancelledEventProblemSchema,
  type CancelledEvent,
} from '../../../common/schemas/cancelled-event.ts';
import { isApiError } from '../../http/client.ts';

/** What the notice shows of the event: a deleted event's tombstone, or a cancelled occurrence. */
export type CancelledEventFacts = Pick<
  CancelledEvent,
  'name' | 'club_name' | 'local_start_date_time_with_duration'
>;

/** The deleted event of a 410 `event-cancelled` answer (D81); null for any other failure. */
export function cancelledEventOf(error: unknown): CancelledEvent | null {
  if (!isApiError(error) || error.status !== 410) return null;
  const problem = cancelledEventProblemSchema.safeParse(error.body);
  return problem.success ? problem.data.calendar_event : null;
}

/**
 * "This event was cancelled" (issue 25, D81): what the link of a deleted event shows instead of
 * the 404 page, with its name, lodge and time and the way back to the calendar. A cancelled
 * occurrence of a series shows the same, from its own record (`event`).
 */
export function CancelledEventNotice({
  event,
  back,
  backLabel,
}: {
  event: CancelledEventFacts;
  back: string;
  backLabel: string;
}) {
  useDocumentTitle(`${CANCELLED_EVENT_TITLE}: ${event.name} – Lodgehall`);
  return (
    <Container size={760} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg" align="flex-start" data-testid="event-cancelled">
        <Title order={1}>{CANCELLED_EVENT_TITLE}</Title>
        <Alert
          color="orange"
          variant="light"
          icon={<IconCalendarOff size={24} aria-hidden="true" />}
          w="100%"
        >
          <Stack gap="xs">
            <Text size="lg" fw={700} style={{ overflowWrap: 'anywhere' }}>
              {cancelledEventText(event.name, event.local_start_date_time_with_duration)}
            </Text>
            <Text size="md" style={{ overflowWrap: 'anywhere' }}>
              {EVENT_LODGE}: {event.club_name}
            </Text>
          </Stack>
        </Alert>
        <Button component={Link} to={back} size="md">
          {backLabel}
        </Button>
      </Stack>
    </Container>
  );
}
