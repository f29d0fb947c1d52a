import { Alert, Stack, Text } from '@mantine/core';
import { IconCalendarOff } from '@tabler/icons-react';
import { MEETING_CANCELLED_TITLE, meetingCancelledText } from '../../../common/messages.ts';
import type { CalendarEvent } from '../../../common/schemas/calendar-event.ts';

/**
 * "This meeting is cancelled" at the top of a cancelled meeting's page (issue 25, D80): the
 * meeting is still there with its description and comments, only the RSVP is gone. A deleted
 * event has nothing left to show but its tombstone: that is CancelledEventNotice's whole page.
 */
export function CancelledMeetingNotice({
  event,
}: {
  event: Pick<CalendarEvent, 'local_start_date_time_with_duration'>;
}) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconCalendarOff size={24} aria-hidden="true" />}
      data-testid="meeting-cancelled"
      mb="md"
    >
      {/* The text keeps the body colour: orange type on the light orange is too faint (axe). */}
      <Stack gap={4}>
        <Text size="lg" fw={700}>
          {MEETING_CANCELLED_TITLE}
        </Text>
        <Text size="lg" style={{ overflowWrap: 'anywhere' }}>
          {meetingCancelledText(event.local_start_date_time_with_duration)}
        </Text>
      </Stack>
    </Alert>
  );
}
