import { Button } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ERROR_TITLE } from '../../../common/messages.ts';
import { showOkDialog } from '../ok-dialog-store.ts';

/** A record's Edit: a link to its form. */
export function EditRecordButton({ to, label }: { to: string; label: string }) {
  return (
    <Button
      component={Link}
      to={to}
      variant="default"
      leftSection={<IconPencil size={22} aria-hidden="true" />}
    >
      {label}
    </Button>
  );
}

export interface DeleteRecordButtonProps {
  label: string;
  id: number;
  /** The api module's delete mutation (useDeletePost, useDeleteCalendarEvent). */
  remove: UseMutationResult<void, Error, number>;
  /** The dialog that asks first. */
  confirm: { title: string; content: string };
  /** Said after any Network or Server Error dialog when the delete fails (ERR-35). */
  failure: string;
  /** The list the member lands on. */
  then: string;
}

/**
 * A record's Delete (AMB-17): it asks first; once deleted the lists reload (the mutation's
 * work) and the member goes to `then`, in place of the deleted record's entry, so Back does
 * not lead to its 404 (POST-19, CAL-22).
 */
export function DeleteRecordButton({
  label,
  id,
  remove,
  confirm,
  failure,
  then,
}: DeleteRecordButtonProps) {
  const navigate = useNavigate();
  const askDelete = () =>
    showOkDialog({
      title: confirm.title,
      content: confirm.content,
      onOk: () =>
        remove.mutate(id, {
          onSuccess: () => void navigate(then, { replace: true }),
          onError: () => showOkDialog({ title: ERROR_TITLE, content: failure }),
        }),
    });
  return (
    <Button
      variant="outline"
      color="red.9"
      loading={remove.isPending}
      leftSection={<IconTrash size={22} aria-hidden="true" />}
      onClick={askDelete}
    >
      {label}
    </Button>
  );
}
