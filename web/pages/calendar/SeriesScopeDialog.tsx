import { Button, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  CANCEL,
  CLOSE,
  SCOPE_ALL,
  SCOPE_ALL_HINT,
  SCOPE_FOLLOWING,
  SCOPE_FOLLOWING_HINT,
  SCOPE_THIS,
  SCOPE_THIS_HINT,
} from '../../../common/messages.ts';
import type { SeriesScope } from '../../../common/schemas/calendar-event.ts';
import classes from './EventDetailPage.module.css';

/** The words of each scope, as the dialog and the edit form's line say them. */
export const SCOPE_LABELS: Readonly<Record<SeriesScope, string>> = {
  this: SCOPE_THIS,
  following: SCOPE_FOLLOWING,
  all: SCOPE_ALL,
};

const SCOPE_HINTS: Readonly<Record<SeriesScope, string>> = {
  this: SCOPE_THIS_HINT,
  following: SCOPE_FOLLOWING_HINT,
  all: SCOPE_ALL_HINT,
};

const SCOPES: readonly SeriesScope[] = ['this', 'following', 'all'];

/**
 * "Which meetings?" for an edit or a delete of a meeting of a series (issue 25, D80, D82): This
 * meeting, This and following meetings, All meetings, each a button with what it does, and
 * Cancel. Mantine's Modal keeps focus inside and gives it back on close; focus starts on the
 * first choice.
 */
export function SeriesScopeDialog({
  opened,
  title,
  question,
  onChoose,
  onCancel,
  leaveOut = [],
  busy = false,
}: {
  opened: boolean;
  title: string;
  question: string;
  onChoose: (scope: SeriesScope) => void;
  onCancel: () => void;
  /** Scopes not offered (a cancelled meeting cannot be cancelled again). */
  leaveOut?: readonly SeriesScope[];
  busy?: boolean;
}) {
  const offered = SCOPES.filter((scope) => !leaveOut.includes(scope));
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={title}
      size="md"
      classNames={{ title: classes.dialogTitle }}
      closeButtonProps={{ 'aria-label': CLOSE }}
    >
      <Stack gap="md" data-testid="series-scope-dialog">
        <Text size="lg">{question}</Text>
        {offered.map((scope, index) => (
          <UnstyledButton
            key={scope}
            className={classes.scopeChoice}
            onClick={() => onChoose(scope)}
            disabled={busy}
            data-autofocus={index === 0 ? true : undefined}
            data-scope={scope}
          >
            <Text size="lg" fw={700} component="span" display="block">
              {SCOPE_LABELS[scope]}
            </Text>
            <Text size="md" c="dimmed" component="span" display="block">
              {SCOPE_HINTS[scope]}
            </Text>
          </UnstyledButton>
        ))}
        <Button variant="default" size="md" onClick={onCancel} disabled={busy}>
          {CANCEL}
        </Button>
      </Stack>
    </Modal>
  );
}
