import { Button, Group, Modal, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { CANCEL, OK } from '../../common/messages.ts';
import { closeOkDialog, useCurrentOkDialog } from './ok-dialog-store.ts';

export interface OkDialogProps {
  opened: boolean;
  title: string;
  content: ReactNode;
  /** With a callback the dialog also offers Cancel; the callback runs on OK only (NAV-13). */
  onOk?: () => void;
  /** Called whenever the dialog closes: OK, Cancel, Escape or the close button. */
  onClose: () => void;
}

/**
 * The spec's OK dialog (NAV-12, NAV-13): a title, the content and OK, plus Cancel when a
 * callback is given. Focus goes to OK when it opens, stays inside while it is open, and
 * returns to where it was when it closes. Escape and the close button count as Cancel.
 */
export function OkDialog({ opened, title, content, onOk, onClose }: OkDialogProps) {
  const confirm = () => {
    onOk?.();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
    >
      {typeof content === 'string' ? (
        // pre-wrap keeps the spec's exact spacing on screen too (ERR-02's two spaces).
        <Text size="md" style={{ whiteSpace: 'pre-wrap' }}>
          {content}
        </Text>
      ) : (
        content
      )}
      <Group justify="flex-end" gap="md" mt="xl">
        {onOk ? (
          <Button variant="default" miw={112} onClick={onClose}>
            {CANCEL}
          </Button>
        ) : null}
        <Button miw={112} onClick={confirm} data-autofocus>
          {OK}
        </Button>
      </Group>
    </Modal>
  );
}

/** Shows the dialogs asked for with showOkDialog(), one at a time. Rendered once by the app. */
export function OkDialogHost() {
  const current = useCurrentOkDialog();
  // Keep the last dialog's words on screen while the closing transition runs.
  const [last, setLast] = useState(current);
  if (current !== null && current !== last) setLast(current);
  const shown = current ?? last;
  if (shown === null) return null;
  return (
    <OkDialog
      opened={current !== null}
      title={shown.title}
      content={shown.content}
      onClose={() => closeOkDialog(shown.id, false)}
      {...(shown.onOk ? { onOk: () => closeOkDialog(shown.id, true) } : {})}
    />
  );
}
