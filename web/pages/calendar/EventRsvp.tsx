import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  NativeSelect,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconUsers } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  ATTENDANCE_LABEL,
  CANCEL,
  CHANGE_REMINDERS,
  CLOSE,
  ERROR_SAVING_RSVP,
  goingCount,
  guestCount,
  notGoingCount,
  RSVP_CHANGE_HINT,
  RSVP_GOING,
  RSVP_GUESTS_HINT,
  RSVP_GUESTS_LABEL,
  RSVP_NOT_GOING,
  RSVP_QUESTION,
  RSVP_SAVED,
  SAVE_RSVP,
  YOUR_ANSWER,
  MAIL_SETTINGS_ANCHOR,
  reminderHint,
} from '../../../common/messages.ts';
import type { CalendarEventDetail } from '../../../common/schemas/calendar-event.ts';
import { useMailSettings } from '../../api/account.ts';
import { useSaveRsvp } from '../../api/calendar-events.ts';
import { MY_ACCOUNT_PATH } from '../../paths.ts';
import classes from './EventDetailPage.module.css';
import {
  GUEST_CHOICES,
  initialRsvpChoice,
  rsvpAnswer,
  rsvpButtonText,
  type RsvpStatus,
} from './rsvp.ts';

/**
 * The member's answer to an event (CAL-12..18, AMB-43) and the counts so far. The button says
 * the answer; it opens a small dialog (Mantine's Modal: focus inside, Escape closes, focus back
 * on the button) with Going and Not Going as radio buttons and, for Going, the guests 0-9.
 * Saving sends POST or PUT and fetches the event again (useSaveRsvp); the dialog closes only
 * then, so the button never shows an answer the server has not taken.
 */
export function EventRsvp({ event }: { event: CalendarEventDetail }) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  const [openings, setOpenings] = useState(0);
  const save = useSaveRsvp(event);
  const text = rsvpButtonText(event.event_attendee);
  const counts = event.event_attendance_counts;
  const headingId = useId();

  return (
    <section className={classes.rsvp} aria-labelledby={headingId} data-testid="event-rsvp">
      <Title order={2} id={headingId} className={classes.sectionTitle}>
        {YOUR_ANSWER}
      </Title>
      <Group gap="md" align="center">
        <Button
          size="lg"
          variant={event.event_attendee === null ? 'filled' : 'default'}
          aria-haspopup="dialog"
          data-testid="rsvp-button"
          leftSection={
            event.event_attendee?.status === 'YES' ? (
              <IconCheck size={22} aria-hidden="true" />
            ) : null
          }
          onClick={() => {
            save.reset();
            setSaved(false);
            setOpenings((count) => count + 1);
            setOpen(true);
          }}
        >
          {text.label}
          {text.guests ? <span className={classes.guests}>{text.guests}</span> : null}
        </Button>
        <Text role="status" fw={600} c="lodge.9" data-testid="rsvp-saved">
          {saved ? RSVP_SAVED : ''}
        </Text>
      </Group>
      {event.event_attendee !== null ? (
        <Text c="dimmed" mt={-8}>
          {RSVP_CHANGE_HINT}
        </Text>
      ) : null}
      {event.event_attendee?.status === 'YES' ? <ReminderHint /> : null}
      <Text className={classes.counts} data-testid="attendance-counts">
        <IconUsers size={20} aria-hidden="true" className={classes.icon} />
        <span>
          {ATTENDANCE_LABEL}: {goingCount(counts.yes)}, {notGoingCount(counts.no)},{' '}
          {guestCount(counts.guests)}.
        </span>
      </Text>
      <RsvpDialog
        opened={open}
        formKey={openings}
        initial={initialRsvpChoice(event.event_attendee)}
        saving={save.isPending}
        failed={save.isError}
        onCancel={() => setOpen(false)}
        onSave={(status, guests) =>
          save.mutate(rsvpAnswer(status, guests), {
            onSuccess: () => {
              setOpen(false);
              setSaved(true);
            },
          })
        }
      />
    </section>
  );
}

/**
 * When the reminder of a meeting the member is going to comes (D81), and the way to change it.
 * Nothing while the settings load or when they cannot be read: it is a hint, not the answer.
 */
function ReminderHint() {
  const settings = useMailSettings();
  if (!settings.data) return null;
  // The link on a line of its own: a link inside a sentence must stand out by more than colour.
  return (
    <Stack gap={2} align="flex-start" data-testid="rsvp-reminder">
      <Text>{reminderHint(settings.data.event_reminder)}</Text>
      <Anchor component={Link} to={`${MY_ACCOUNT_PATH}#${MAIL_SETTINGS_ANCHOR}`} fw={600}>
        {CHANGE_REMINDERS}
      </Anchor>
    </Stack>
  );
}

interface RsvpFormProps {
  initial: { status: RsvpStatus; guests: number };
  saving: boolean;
  failed: boolean;
  onCancel: () => void;
  onSave: (status: RsvpStatus, guests: number) => void;
}

/**
 * The Modal stays mounted, so that closing it gives the focus back to the RSVP button; the form
 * inside takes a new key at each opening, so it starts from the member's answer.
 */
function RsvpDialog({
  opened,
  formKey,
  ...form
}: RsvpFormProps & { opened: boolean; formKey: number }) {
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!form.saving) form.onCancel();
      }}
      title={RSVP_QUESTION}
      size="md"
      classNames={{ title: classes.dialogTitle }}
      closeButtonProps={{ 'aria-label': CLOSE }}
    >
      <RsvpForm key={formKey} {...form} />
    </Modal>
  );
}

function RsvpForm({ initial, saving, failed, onCancel, onSave }: RsvpFormProps) {
  const [status, setStatus] = useState<RsvpStatus>(initial.status);
  const [guests, setGuests] = useState(initial.guests);
  return (
    <form
      onSubmit={(submitted) => {
        submitted.preventDefault();
        onSave(status, guests);
      }}
    >
      <Stack gap="lg">
        <Radio.Group
          label={YOUR_ANSWER}
          value={status}
          onChange={(value) => setStatus(value === 'NO' ? 'NO' : 'YES')}
          size="md"
        >
          <Stack gap="sm" mt="xs">
            <Radio
              value="YES"
              label={RSVP_GOING}
              disabled={saving}
              classNames={{ root: classes.radio }}
            />
            <Radio
              value="NO"
              label={RSVP_NOT_GOING}
              disabled={saving}
              classNames={{ root: classes.radio }}
            />
          </Stack>
        </Radio.Group>
        {status === 'YES' ? (
          <NativeSelect
            size="md"
            label={RSVP_GUESTS_LABEL}
            description={RSVP_GUESTS_HINT}
            value={String(guests)}
            disabled={saving}
            data={GUEST_CHOICES.map((count) => String(count))}
            onChange={(changed) => setGuests(Number(changed.currentTarget.value))}
          />
        ) : null}
        {failed ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertTriangle size={24} aria-hidden="true" />}
          >
            {ERROR_SAVING_RSVP}
          </Alert>
        ) : null}
        <Group gap="md">
          <Button type="submit" size="md" loading={saving} data-autofocus>
            {SAVE_RSVP}
          </Button>
          <Button type="button" size="md" variant="default" disabled={saving} onClick={onCancel}>
            {CANCEL}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
