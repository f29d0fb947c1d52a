import { NativeSelect, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import {
  POST_AS,
  POST_AS_HINT,
  POST_BODY_HINT,
  POST_BODY_LABEL,
  POST_SUBJECT_HINT,
  SAVING_POST,
  SUBJECT,
} from '../../../common/messages.ts';
import { useGoBack } from '../../components/forms/use-form-save.ts';
import type { SelectOption } from '../../components/records/record-options.ts';
import { RecordForm } from '../../components/records/RecordForm.tsx';
import { useRecordForm } from '../../components/records/use-record-form.ts';
import { NEWS_PATH } from '../../paths.ts';
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
 * The post form (POST-08..18, §4 Forms): Post As and Subject (lodge posts only), then the
 * record form's rich-text body, Photos, Visibility and Allows Comments (RecordForm). On
 * success the member goes back (the mutation has marked the lists stale), on failure the
 * server's messages show under their fields or in the red alert.
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
  // POST-15, POST-16: back where the member came from, or to the posts when opened directly.
  const goBack = useGoBack(NEWS_PATH);
  const record = useRecordForm({
    initialValues,
    schema: postFormSchema,
    fieldOrder: FIELD_ORDER,
    fieldOf: postFormFieldOf,
    fallbackError,
    bodyField: 'new_body',
    save,
    onSaved: goBack,
  });
  const { form, submitting } = record;
  const { values } = form;
  const member = isMemberPost(values.post_as);
  const visibility = useMemo(() => visibilityFor(values.post_as), [visibilityFor, values.post_as]);

  const changePostAs = (postAs: string) => {
    form.setFieldValue('post_as', postAs);
    // The two kinds of post have different Visibility choices: start from the kind's default.
    form.setFieldValue('access', defaultVisibility(postAs));
    form.clearFieldError('subject');
    form.clearFieldError('access');
  };

  return (
    <RecordForm
      record={record}
      title={title}
      submitLabel={submitLabel}
      savingLabel={SAVING_POST}
      onCancel={goBack}
      body={{ label: POST_BODY_LABEL, description: POST_BODY_HINT }}
      visibility={{ options: visibility, locked: visibilityLocked, note: visibilityNote }}
    >
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
    </RecordForm>
  );
}
