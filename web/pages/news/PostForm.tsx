import { Checkbox, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useCallback, useMemo, useRef } from 'react';
import {
  ALLOWS_COMMENTS,
  PHOTOS,
  PHOTOS_HINT,
  PHOTOS_TOO_LARGE,
  POST_AS,
  POST_AS_HINT,
  POST_BODY_HINT,
  POST_BODY_LABEL,
  POST_SUBJECT_HINT,
  SAVING_POST,
  SUBJECT,
  VISIBILITY,
} from '../../../common/messages.ts';
import { BaseErrors } from '../../components/BaseErrors.tsx';
import { RichTextField } from '../../components/editor/RichTextField.tsx';
import { focusFirstError } from '../../components/forms/form-errors.ts';
import { FormActions } from '../../components/forms/FormActions.tsx';
import { useFormSave, useGoBack } from '../../components/forms/use-form-save.ts';
import { photosTooLarge } from '../../components/photos/form-photos.ts';
import { PhotoPicker } from '../../components/photos/PhotoPicker.tsx';
import { PHOTO_ACCEPT, usePhotoField } from '../../components/photos/use-photo-field.ts';
import { NEWS_PATH } from '../../paths.ts';
import type { SelectOption } from '../../components/records/record-options.ts';
import { defaultVisibility, isMemberPost } from './post-form-options.ts';
import {
  postFormFieldOf,
  postFormSchema,
  type PostFormField,
  type PostFormValues,
} from './post-form-schema.ts';

const FIELD_ORDER: readonly PostFormField[] = [
  'post_as',
  'subject',
  'new_body',
  'photos',
  'access',
  'allows_comments',
];

export interface PostFormProps {
  title: string;
  submitLabel: string;
  initialValues: PostFormValues;
  /** Post As choices; on edit a single, fixed one (the type never changes). */
  postAsOptions: readonly SelectOption[];
  postAsLocked?: boolean;
  /** Visibility choices for a Post As value. */
  visibilityFor: (postAs: string) => readonly SelectOption[];
  /**
   * Visibility shown but not changeable, sent back as it was: a member post whose lodge the
   * author has left (§6), or another member's post.
   */
  visibilityLocked?: boolean;
  /** Why Visibility is locked, shown under it. */
  visibilityNote?: string | null;
  /** Sends the request; rejects with ApiError. */
  save: (values: PostFormValues) => Promise<unknown>;
  /** ERR-37 / ERR-38. */
  fallbackError: string;
}

/**
 * The post form (POST-08..18, §4 Forms): Post As, Subject (lodge posts only), the rich-text
 * body, Photos, Visibility and Allows Comments. While saving every input is disabled and the
 * button spins; on success the member goes back (the mutation has marked the lists stale),
 * on failure the server's messages show under their fields or in the red alert.
 */
export function PostForm({
  title,
  submitLabel,
  initialValues,
  postAsOptions,
  postAsLocked = false,
  visibilityFor,
  visibilityLocked = false,
  visibilityNote = null,
  save,
  fallbackError,
}: PostFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  // POST-15, POST-16: back where the member came from, or to the posts when opened directly.
  const goBack = useGoBack(NEWS_PATH);

  const form = useForm<PostFormValues>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(postFormSchema, { sync: true }),
  });
  const { values } = form;
  const member = isMemberPost(values.post_as);
  const visibility = useMemo(() => visibilityFor(values.post_as), [visibilityFor, values.post_as]);
  const photos = usePhotoField(
    values.photos,
    (change) => form.setFieldValue('photos', change),
    () => form.clearFieldError('photos'),
  );
  const saving = useFormSave<PostFormField>({
    fallbackError,
    fieldOf: postFormFieldOf,
    onFieldErrors: (fields) => {
      form.setErrors(fields);
      focusFirstError(formRef.current, FIELD_ORDER, fields);
    },
  });

  const { submitting, baseErrors } = saving;

  const changePostAs = (postAs: string) => {
    form.setFieldValue('post_as', postAs);
    // The two kinds of post have different Visibility choices: start from the kind's default.
    form.setFieldValue('access', defaultVisibility(postAs));
    form.clearFieldError('subject');
    form.clearFieldError('access');
  };

  const onBodyChange = useCallback(
    (html: string) => {
      form.setFieldValue('new_body', html);
      form.clearFieldError('new_body');
    },
    [form],
  );

  const submit = (checked: PostFormValues) => {
    if (photosTooLarge(checked.photos, checked.new_body.length)) {
      form.setFieldError('photos', PHOTOS_TOO_LARGE);
      focusFirstError(formRef.current, FIELD_ORDER, { photos: true });
      return;
    }
    void saving.save(() => save(checked), goBack);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 40 }} shadow="xs">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        <BaseErrors messages={baseErrors} />
        <form
          ref={formRef}
          noValidate
          aria-busy={submitting}
          onSubmit={(event) => {
            event.preventDefault();
            const result = form.validate();
            if (result.hasErrors) focusFirstError(formRef.current, FIELD_ORDER, result.errors);
            else submit(form.getValues());
          }}
        >
          <Stack gap="xl">
            <NativeSelect
              label={POST_AS}
              description={postAsLocked ? undefined : POST_AS_HINT}
              size="lg"
              data-field="post_as"
              data={[...postAsOptions]}
              value={values.post_as}
              onChange={(event) => changePostAs(event.currentTarget.value)}
              disabled={submitting || postAsLocked}
              error={form.errors.post_as}
            />
            {!member && (
              <TextInput
                label={SUBJECT}
                description={POST_SUBJECT_HINT}
                withAsterisk
                data-field="subject"
                maxLength={200}
                {...form.getInputProps('subject')}
                disabled={submitting}
              />
            )}
            <RichTextField
              label={POST_BODY_LABEL}
              description={POST_BODY_HINT}
              error={form.errors.new_body as string | undefined}
              initialHtml={initialValues.new_body}
              onChange={onBodyChange}
              disabled={submitting}
              fieldName="new_body"
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
              description={visibilityLocked && visibilityNote ? visibilityNote : undefined}
              size="lg"
              data-field="access"
              data={[...visibility]}
              value={values.access}
              onChange={(event) => form.setFieldValue('access', event.currentTarget.value)}
              disabled={submitting || visibilityLocked}
              error={form.errors.access}
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
              savingLabel={SAVING_POST}
              submitting={submitting}
              onCancel={goBack}
            />
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
