import { Alert, Button, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import {
  ANNOUNCEMENT_MAIL_LABEL,
  ANNOUNCEMENT_MAIL_OFF,
  ANNOUNCEMENT_MAIL_ON,
  ERROR_LOADING_MAIL_SETTINGS,
  ERROR_SAVING_MAIL_SETTINGS,
  LOADING_MAIL_SETTINGS,
  MAIL_SETTINGS_INTRO,
  MAIL_SETTINGS_SAVED,
  MAIL_SETTINGS_ANCHOR,
  MAIL_SETTINGS_SECTION,
  NOTICE_MAIL_DAILY,
  NOTICE_MAIL_HINT,
  NOTICE_MAIL_IMMEDIATELY,
  NOTICE_MAIL_LABEL,
  NOTICE_MAIL_OFF,
  REMINDER_1_DAY,
  REMINDER_1_HOUR,
  REMINDER_3_DAYS,
  REMINDER_LABEL,
  REMINDER_OFF,
  SAVE_MAIL_SETTINGS,
  SAVING_MAIL_SETTINGS,
} from '../../../common/messages.ts';
import {
  noticeMailSchema,
  reminderSchema,
  type MailSettings,
  type NoticeMail,
  type Reminder,
} from '../../../common/schemas/mail-settings.ts';
import { useMailSettings, useSaveMailSettings } from '../../api/account.ts';
import { LoadFailed, Loading } from '../../components/LoadStates.tsx';

const NOTICE_MAIL_OPTIONS: readonly { value: NoticeMail; label: string }[] = [
  { value: 'immediately', label: NOTICE_MAIL_IMMEDIATELY },
  { value: 'daily', label: NOTICE_MAIL_DAILY },
  { value: 'off', label: NOTICE_MAIL_OFF },
];

const REMINDER_OPTIONS: readonly { value: Reminder; label: string }[] = [
  { value: 'off', label: REMINDER_OFF },
  { value: '1_hour', label: REMINDER_1_HOUR },
  { value: '1_day', label: REMINDER_1_DAY },
  { value: '3_days', label: REMINDER_3_DAYS },
];

function MailSettingsForm({ saved }: { saved: MailSettings }) {
  const [choices, setChoices] = useState<MailSettings>(saved);
  const save = useSaveMailSettings();
  const choose = (changes: Partial<MailSettings>) => {
    setChoices((current) => ({ ...current, ...changes }));
    // A new choice is not saved yet: the last save's message no longer describes it.
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(choices);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Radio.Group
          label={NOTICE_MAIL_LABEL}
          description={NOTICE_MAIL_HINT}
          value={choices.notice_mail}
          onChange={(value) => choose({ notice_mail: noticeMailSchema.parse(value) })}
          size="md"
        >
          <Stack gap="sm" mt="sm">
            {NOTICE_MAIL_OPTIONS.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} size="md" />
            ))}
          </Stack>
        </Radio.Group>
        {/* Yes or No rather than a lone checkbox: the same kind of question as the others. */}
        <Radio.Group
          label={ANNOUNCEMENT_MAIL_LABEL}
          value={choices.announcement_mail ? 'on' : 'off'}
          onChange={(value) => choose({ announcement_mail: value === 'on' })}
          size="md"
        >
          <Stack gap="sm" mt="sm">
            <Radio value="on" label={ANNOUNCEMENT_MAIL_ON} size="md" />
            <Radio value="off" label={ANNOUNCEMENT_MAIL_OFF} size="md" />
          </Stack>
        </Radio.Group>
        <Radio.Group
          label={REMINDER_LABEL}
          value={choices.event_reminder}
          onChange={(value) => choose({ event_reminder: reminderSchema.parse(value) })}
          size="md"
        >
          <Stack gap="sm" mt="sm">
            {REMINDER_OPTIONS.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} size="md" />
            ))}
          </Stack>
        </Radio.Group>
        {save.isError ? (
          <Alert
            color="red"
            variant="light"
            role="alert"
            icon={<IconAlertTriangle size={24} aria-hidden="true" />}
          >
            <Text size="md">{ERROR_SAVING_MAIL_SETTINGS}</Text>
          </Alert>
        ) : null}
        {save.isSuccess ? (
          <Alert
            color="green"
            variant="light"
            role="status"
            icon={<IconCircleCheck size={24} aria-hidden="true" />}
          >
            <Text size="md">{MAIL_SETTINGS_SAVED}</Text>
          </Alert>
        ) : null}
        <div>
          <Button
            type="submit"
            size="md"
            loading={save.isPending}
            loaderProps={{ 'aria-label': SAVING_MAIL_SETTINGS }}
            w={{ base: '100%', xs: 'auto' }}
          >
            {SAVE_MAIL_SETTINGS}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

/**
 * "E-mail and reminders" on /my_account (issue 25, D81): how notices reach the member by
 * e-mail, whether an Announce's mail does, and how long before a meeting they said Going to
 * a reminder comes. Saved together with one button.
 */
export function MailSettingsSection() {
  const settings = useMailSettings();
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  const loaded = settings.data !== undefined;
  // An event's "Change reminders" opens My Account at this section (the page is long).
  useEffect(() => {
    if (loaded && hash === `#${MAIL_SETTINGS_ANCHOR}`) section.current?.scrollIntoView();
  }, [loaded, hash]);
  return (
    <Paper
      ref={section}
      id={MAIL_SETTINGS_ANCHOR}
      component="section"
      aria-labelledby="mail-settings-section"
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      data-testid="mail-settings-section"
    >
      <Stack gap="md">
        <Title order={2} id="mail-settings-section">
          {MAIL_SETTINGS_SECTION}
        </Title>
        <Text size="md">{MAIL_SETTINGS_INTRO}</Text>
        {settings.isPending ? <Loading label={LOADING_MAIL_SETTINGS} /> : null}
        {settings.isError ? (
          <LoadFailed
            title={ERROR_LOADING_MAIL_SETTINGS}
            retrying={settings.isFetching}
            onRetry={() => void settings.refetch()}
          />
        ) : null}
        {settings.data ? <MailSettingsForm saved={settings.data} /> : null}
      </Stack>
    </Paper>
  );
}
