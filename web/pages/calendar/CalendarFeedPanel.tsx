import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  IconCalendarShare,
  IconChevronDown,
  IconChevronUp,
  IconCopy,
  IconPlugOff,
  IconRefresh,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useId, useRef, useState } from 'react';
import {
  CALENDAR_FEED_ADDRESS,
  CALENDAR_FEED_COPIED,
  CALENDAR_FEED_COPY,
  CALENDAR_FEED_COPY_BY_HAND,
  CALENDAR_FEED_EXPLANATION,
  CALENDAR_FEED_IF_LOST,
  CALENDAR_FEED_LOAD_FAILED,
  CALENDAR_FEED_LOADING,
  CALENDAR_FEED_MAKE,
  CALENDAR_FEED_MAKE_FAILED,
  CALENDAR_FEED_NONE,
  CALENDAR_FEED_NOT_SHOWN_AGAIN,
  CALENDAR_FEED_PRIVATE,
  CALENDAR_FEED_RENEW,
  CALENDAR_FEED_RENEW_CONFIRM,
  CALENDAR_FEED_RENEW_TITLE,
  CALENDAR_FEED_RENEWED,
  CALENDAR_FEED_SHOWN_ONCE,
  CALENDAR_FEED_TITLE,
  CALENDAR_FEED_TURN_OFF,
  CALENDAR_FEED_TURN_OFF_CONFIRM,
  CALENDAR_FEED_TURN_OFF_FAILED,
  CALENDAR_FEED_TURN_OFF_TITLE,
  CALENDAR_FEED_TURNED_OFF,
  calendarFeedMadeOn,
} from '../../../common/messages.ts';
import {
  useCalendarFeed,
  useRenewCalendarFeed,
  useTurnOffCalendarFeed,
} from '../../api/calendar-feed.ts';
import { LoadFailed, Loading } from '../../components/LoadStates.tsx';
import { showOkDialog } from '../../components/ok-dialog-store.ts';
import classes from './CalendarFeedPanel.module.css';

/** The button that shows and hides the panel; the panel asks for the address once shown. */
export function CalendarFeedButton({
  opened,
  panelId,
  onToggle,
}: {
  opened: boolean;
  panelId: string;
  onToggle: () => void;
}) {
  return (
    <Button
      variant="default"
      size="md"
      classNames={{ root: classes.button, label: classes.label }}
      leftSection={<IconCalendarShare size={22} aria-hidden="true" />}
      rightSection={
        opened ? (
          <IconChevronUp size={20} aria-hidden="true" />
        ) : (
          <IconChevronDown size={20} aria-hidden="true" />
        )
      }
      aria-expanded={opened}
      aria-controls={panelId}
      onClick={onToggle}
    >
      {CALENDAR_FEED_TITLE}
    </Button>
  );
}

/**
 * The member's private calendar address on /calendar (decisions D30, D54). The server keeps only
 * a hash of it, so the address is shown once, right after it is made: read-only, with Copy (the
 * clipboard, or the text selected for Ctrl+C where the browser gives no clipboard), and the
 * plain word that it is shown only this once. A feed made earlier offers Make a new address and
 * Turn off, each asked for first. What happened is said in a status line a screen reader reads
 * out.
 */
export function CalendarFeedPanel({ id }: { id: string }) {
  const feed = useCalendarFeed(true);
  const renew = useRenewCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  const [note, setNote] = useState('');
  /** The address this panel made, while it is open: the one time it is at hand. */
  const [shown, setShown] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const busy = renew.isPending || turnOff.isPending;

  const make = () => {
    turnOff.reset();
    renew.mutate(undefined, {
      onSuccess: (made) => {
        setShown(made.url);
        setNote(CALENDAR_FEED_RENEWED);
      },
    });
  };
  const copy = async (url: string) => {
    try {
      // Missing outside a secure page, and refused when the browser denies it.
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      setNote(CALENDAR_FEED_COPIED);
    } catch {
      input.current?.focus();
      input.current?.select();
      setNote(CALENDAR_FEED_COPY_BY_HAND);
    }
  };
  const askRenew = () =>
    showOkDialog({
      title: CALENDAR_FEED_RENEW_TITLE,
      content: CALENDAR_FEED_RENEW_CONFIRM,
      onOk: make,
    });
  const askTurnOff = () =>
    showOkDialog({
      title: CALENDAR_FEED_TURN_OFF_TITLE,
      content: CALENDAR_FEED_TURN_OFF_CONFIRM,
      onOk: () => {
        renew.reset();
        turnOff.mutate(undefined, {
          onSuccess: () => {
            setShown(null);
            setNote(CALENDAR_FEED_TURNED_OFF);
          },
        });
      },
    });

  const changes = (
    <Group gap="sm">
      <Button
        size="md"
        variant="default"
        leftSection={<IconRefresh size={22} aria-hidden="true" />}
        loading={renew.isPending}
        disabled={busy}
        onClick={askRenew}
      >
        {CALENDAR_FEED_RENEW}
      </Button>
      <Button
        size="md"
        variant="outline"
        color="red.9"
        leftSection={<IconPlugOff size={22} aria-hidden="true" />}
        loading={turnOff.isPending}
        disabled={busy}
        onClick={askTurnOff}
      >
        {CALENDAR_FEED_TURN_OFF}
      </Button>
    </Group>
  );

  let body;
  if (feed.isPending) {
    body = <Loading label={CALENDAR_FEED_LOADING} testId="calendar-feed-loading" />;
  } else if (feed.isError) {
    body = (
      <LoadFailed
        title={CALENDAR_FEED_LOAD_FAILED}
        retrying={feed.isFetching}
        onRetry={() => void feed.refetch()}
      />
    );
  } else if (feed.data === null) {
    body = (
      <Stack gap="sm" align="flex-start">
        {note === CALENDAR_FEED_TURNED_OFF ? null : <Text size="md">{CALENDAR_FEED_NONE}</Text>}
        <Button size="md" loading={renew.isPending} disabled={busy} onClick={make}>
          {CALENDAR_FEED_MAKE}
        </Button>
      </Stack>
    );
  } else if (shown === null) {
    body = (
      <Stack gap="sm" data-testid="calendar-feed-made-before">
        <Text size="md" fw={600}>
          {calendarFeedMadeOn(dayjs(feed.data.created_at).format('MMMM D, YYYY'))}
        </Text>
        <Text size="md">{CALENDAR_FEED_NOT_SHOWN_AGAIN}</Text>
        {changes}
      </Stack>
    );
  } else {
    const url = shown;
    body = (
      <Stack gap="sm">
        <TextInput
          ref={input}
          label={CALENDAR_FEED_ADDRESS}
          description={CALENDAR_FEED_SHOWN_ONCE}
          classNames={{ description: classes.shownOnce }}
          value={url}
          readOnly
          size="md"
          onFocus={(event) => event.currentTarget.select()}
          data-testid="calendar-feed-url"
        />
        <Group gap="sm">
          <Button
            size="md"
            leftSection={<IconCopy size={22} aria-hidden="true" />}
            disabled={busy}
            onClick={() => void copy(url)}
          >
            {CALENDAR_FEED_COPY}
          </Button>
        </Group>
        <Text size="md">{CALENDAR_FEED_IF_LOST}</Text>
        <Text size="sm">{CALENDAR_FEED_PRIVATE}</Text>
        {changes}
      </Stack>
    );
  }

  return (
    <Paper id={id} withBorder radius="lg" p="lg" aria-labelledby={titleId} component="section">
      <Stack gap="md">
        <Title order={2} id={titleId} size="h3">
          {CALENDAR_FEED_TITLE}
        </Title>
        <Text size="md">{CALENDAR_FEED_EXPLANATION}</Text>
        {body}
        {renew.isError ? (
          <Text c="red.9" role="alert">
            {CALENDAR_FEED_MAKE_FAILED}
          </Text>
        ) : null}
        {turnOff.isError ? (
          <Text c="red.9" role="alert">
            {CALENDAR_FEED_TURN_OFF_FAILED}
          </Text>
        ) : null}
        {/* Always there, so what is put in it later is read out. */}
        <Text size="md" fw={600} role="status" data-testid="calendar-feed-status">
          {note}
        </Text>
      </Stack>
    </Paper>
  );
}
