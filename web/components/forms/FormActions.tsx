import { Button, Group, Text } from '@mantine/core';
import { CANCEL } from '../../../common/messages.ts';

export interface FormActionsProps {
  submitLabel: string;
  /** Said while saving, to everyone (a status line) and to screen readers on the spinner. */
  savingLabel: string;
  submitting: boolean;
  onCancel: () => void;
}

/**
 * A form's Cancel and submit buttons, full width on a phone and side by side from the `xs`
 * breakpoint, the submit button last (first on a phone, where it wraps to the top), and the
 * saving line under them while the save runs.
 */
export function FormActions({ submitLabel, savingLabel, submitting, onCancel }: FormActionsProps) {
  return (
    <>
      <Group gap="md" justify="flex-end" wrap="wrap-reverse">
        <Button
          variant="default"
          onClick={onCancel}
          disabled={submitting}
          miw={{ base: '100%', xs: 160 }}
        >
          {CANCEL}
        </Button>
        <Button
          type="submit"
          loading={submitting}
          loaderProps={{ 'aria-label': savingLabel }}
          miw={{ base: '100%', xs: 200 }}
        >
          {submitLabel}
        </Button>
      </Group>
      {submitting && (
        <Text size="md" role="status" ta="right">
          {savingLabel}
        </Text>
      )}
    </>
  );
}
