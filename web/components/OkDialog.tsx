import { Button, CloseButton, Group, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { CANCEL, OK } from '../../common/messages.ts';
import classes from './OkDialog.module.css';
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
 *
 * The browser's own modal <dialog> (D23): it keeps the rest of the page inert, traps focus and
 * gives it back, at no cost to the first download, where Mantine's Modal brought its scroll
 * area and floating-ui (about 20 KB compressed) to every visitor's sign-in screen. It must be
 * there at once: the Network Error dialog opens when the network has just gone.
 */
export function OkDialog({ opened, title, content, onOk, onClose }: OkDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (opened && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLButtonElement>('[data-autofocus]')?.focus();
    } else if (!opened && dialog.open) {
      dialog.close();
    }
  }, [opened]);
  const confirm = () => {
    onOk?.();
    onClose();
  };
  return (
    <dialog
      ref={ref}
      className={classes.dialog}
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        // Handled here so the browser's own close request does not close it behind React's back.
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={classes.header}>
        <h2 id={titleId} className={classes.title}>
          {title}
        </h2>
        <CloseButton aria-label="Close" onClick={onClose} />
      </div>
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
    </dialog>
  );
}

/** Shows the dialogs asked for with showOkDialog(), one at a time. Rendered once by the app. */
export function OkDialogHost() {
  const current = useCurrentOkDialog();
  // Keep the last dialog's words while it closes, so it never shows empty.
  const [last, setLast] = useState(current);
  if (current !== null && current !== last) setLast(current);
  const shown = current ?? last;
  if (shown === null) return null;
  return (
    <OkDialog
      key={shown.id}
      opened={current !== null}
      title={shown.title}
      content={shown.content}
      onClose={() => closeOkDialog(shown.id, false)}
      {...(shown.onOk ? { onOk: () => closeOkDialog(shown.id, true) } : {})}
    />
  );
}
