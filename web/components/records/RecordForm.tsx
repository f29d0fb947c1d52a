import { Checkbox, NativeSelect, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ALLOWS_COMMENTS, PHOTOS, PHOTOS_HINT, VISIBILITY } from '../../../common/messages.ts';
import { BaseErrors } from '../BaseErrors.tsx';
import { RichTextField } from '../editor/RichTextField.tsx';
import { FormActions } from '../forms/FormActions.tsx';
import { PhotoPicker } from '../photos/PhotoPicker.tsx';
import { PHOTO_ACCEPT } from '../photos/use-photo-field.ts';
import type { SelectOption } from './record-options.ts';
import type { RecordFormState, RecordFormValues } from './use-record-form.ts';

export interface RecordFormProps<V extends RecordFormValues> {
  /** useRecordForm's answer. */
  record: RecordFormState<V>;
  title: string;
  submitLabel: string;
  /** Said while saving (FormActions). */
  savingLabel: string;
  onCancel: () => void;
  /** The rich-text field's label and hint. */
  body: { label: string; description: string };
  visibility: {
    options: readonly SelectOption[];
    /** Shown but not changeable, sent back as it was. */
    locked?: boolean;
    /** Why it is locked, shown under it. */
    note?: string | null;
  };
  /** The record's own fields, above the ones every record has. */
  children: ReactNode;
}

/**
 * A record's form (a post's, an event's; §4 Forms) on its card: the title, the base alert, the
 * record's own fields, then what every record has, in this order: the rich-text body, Photos,
 * Visibility, Allows Comments, and Cancel and submit. While saving every input is disabled and
 * the button spins.
 */
export function RecordForm<V extends RecordFormValues>({
  record,
  title,
  submitLabel,
  savingLabel,
  onCancel,
  body,
  visibility,
  children,
}: RecordFormProps<V>) {
  const { form, photos, submitting } = record;
  const { locked = false, note = null } = visibility;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 40 }} shadow="xs">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <BaseErrors messages={record.baseErrors} />
        <form noValidate aria-busy={submitting} onSubmit={record.onSubmit}>
          <Stack gap="xl">
            {children}
            <RichTextField
              label={body.label}
              description={body.description}
              error={form.errors[record.bodyField] as string | undefined}
              initialHtml={record.initialBody}
              onChange={record.onBodyChange}
              disabled={submitting}
              fieldName={record.bodyField}
            />
            <PhotoPicker
              label={PHOTOS}
              description={PHOTOS_HINT}
              photos={photos.pickerPhotos}
              onPick={photos.pick}
              onRemove={photos.remove}
              rejections={photos.rejections}
              error={typeof form.errors.photos === 'string' ? form.errors.photos : undefined}
              disabled={submitting}
              accept={PHOTO_ACCEPT}
            />
            <NativeSelect
              label={VISIBILITY}
              description={locked && note ? note : undefined}
              size="lg"
              data-field="access"
              data={[...visibility.options]}
              {...form.getInputProps('access')}
              disabled={submitting || locked}
            />
            <Checkbox
              label={ALLOWS_COMMENTS}
              size="lg"
              data-field="allows_comments"
              {...form.getInputProps('allows_comments', { type: 'checkbox' })}
              disabled={submitting}
            />
            <FormActions
              submitLabel={submitLabel}
              savingLabel={savingLabel}
              submitting={submitting}
              onCancel={onCancel}
            />
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
