import {
  Button,
  Checkbox,
  Group,
  Input,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MAX_UPLOAD_REQUEST_BYTES } from '../../../common/constants.ts';
import {
  ALLOWS_COMMENTS,
  CANCEL,
  PHOTOS,
  PHOTOS_HINT,
  PHOTOS_TOO_LARGE,
  POST_AS,
  POST_AS_HINT,
  POST_BODY_HINT,
  POST_BODY_LABEL,
  POST_SUBJECT_HINT,
  savedPhotoName,
  SAVING_POST,
  SUBJECT,
  VISIBILITY,
} from '../../../common/messages.ts';
import { isApiError } from '../../http/client.ts';
import { BaseErrors } from '../../components/BaseErrors.tsx';
import { BodyEditor } from '../../components/editor/BodyEditor.tsx';
import { PhotoPicker, type PickerPhoto } from '../../components/photos/PhotoPicker.tsx';
import { NEWS_PATH } from '../../paths.ts';
import { defaultVisibility, isMemberPost, type SelectOption } from './post-form-options.ts';
import {
  imageContentType,
  newPhotoGuid,
  readFileAsBase64,
  sortPickedFiles,
  type FormPhoto,
} from './post-form-photos.ts';
import {
  postFormErrors,
  postFormSchema,
  type PostFormField,
  type PostFormValues,
} from './post-form-schema.ts';

/** The file chooser's filter (the picked files are checked again, VAL-03). */
const ACCEPT = '.jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif';
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
  const navigate = useNavigate();
  const location = useLocation();
  const bodyId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [submitting, setSubmitting] = useState(false);
  const [baseErrors, setBaseErrors] = useState<string[]>([]);
  const [rejections, setRejections] = useState<string[]>([]);

  const form = useForm<PostFormValues>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(postFormSchema, { sync: true }),
  });
  const { values } = form;
  const member = isMemberPost(values.post_as);
  const visibility = useMemo(() => visibilityFor(values.post_as), [visibilityFor, values.post_as]);

  // Blob previews of new photos: removal frees its own, the rest go when the form goes away.
  const previewUrls = useRef(new Set<string>());
  useEffect(() => {
    const urls = previewUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const goBack = () => {
    // POST-15, POST-16: back where the member came from, or to the posts when opened directly.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(NEWS_PATH, { replace: true });
  };

  const focusFirstError = (errors: Partial<Record<string, unknown>>) => {
    const first = FIELD_ORDER.find((field) => errors[field]);
    if (!first) return;
    requestAnimationFrame(() => {
      const target =
        first === 'new_body'
          ? formRef.current?.querySelector<HTMLElement>('[data-testid="post-body-editor"]')
          : formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`);
      target?.focus();
    });
  };

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

  const pickPhotos = async (files: File[]) => {
    const { accepted, rejections: refused } = sortPickedFiles(files);
    setRejections(refused);
    form.clearFieldError('photos');
    const added: FormPhoto[] = [];
    for (const file of accepted) {
      try {
        const base64 = await readFileAsBase64(file);
        const previewUrl = URL.createObjectURL(file);
        previewUrls.current.add(previewUrl);
        added.push({
          kind: 'new',
          guid: newPhotoGuid(),
          fileName: file.name,
          contentType: imageContentType(file),
          base64,
          previewUrl,
        });
      } catch {
        // A file the browser cannot read (moved, no permission) is simply not added.
      }
    }
    if (added.length > 0) form.setFieldValue('photos', (current) => [...current, ...added]);
  };

  const removePhoto = (key: string) => {
    const photo = values.photos.find((item) => photoKey(item) === key);
    if (photo?.kind === 'new') {
      URL.revokeObjectURL(photo.previewUrl);
      previewUrls.current.delete(photo.previewUrl);
    }
    form.setFieldValue('photos', (current) => current.filter((item) => photoKey(item) !== key));
  };

  const submit = async (checked: PostFormValues) => {
    if (submitting) return;
    setBaseErrors([]);
    const photoBytes = checked.photos.reduce(
      (sum, photo) => sum + (photo.kind === 'new' ? photo.base64.length : 0),
      0,
    );
    if (photoBytes + checked.new_body.length > MAX_UPLOAD_REQUEST_BYTES * 0.95) {
      form.setFieldError('photos', PHOTOS_TOO_LARGE);
      focusFirstError({ photos: true });
      return;
    }
    setSubmitting(true);
    try {
      await save(checked);
      goBack();
    } catch (error) {
      const found = postFormErrors(
        isApiError(error) && error.status === 422 ? error.errors : null,
        fallbackError,
      );
      form.setErrors(found.fields);
      setBaseErrors(found.base);
      focusFirstError(found.fields);
      setSubmitting(false);
    }
  };

  const pickerPhotos: PickerPhoto[] = values.photos.map((photo, index) => ({
    key: photoKey(photo),
    previewUrl: photo.previewUrl,
    name: photo.kind === 'new' ? photo.fileName : savedPhotoName(index + 1),
  }));

  const bodyError = form.errors.new_body;
  const bodyDescribedBy = [`${bodyId}-description`, bodyError ? `${bodyId}-error` : null]
    .filter(Boolean)
    .join(' ');

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
            if (result.hasErrors) focusFirstError(result.errors);
            else void submit(form.getValues());
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
            <Input.Wrapper
              id={bodyId}
              label={POST_BODY_LABEL}
              description={POST_BODY_HINT}
              error={bodyError}
              withAsterisk
              size="lg"
              labelProps={{ id: `${bodyId}-label`, htmlFor: undefined }}
            >
              <div style={{ marginTop: 8 }}>
                <BodyEditor
                  labelId={`${bodyId}-label`}
                  describedBy={bodyDescribedBy}
                  initialHtml={initialValues.new_body}
                  onChange={onBodyChange}
                  disabled={submitting}
                  invalid={Boolean(bodyError)}
                />
              </div>
            </Input.Wrapper>
            <PhotoPicker
              label={PHOTOS}
              description={PHOTOS_HINT}
              photos={pickerPhotos}
              onPick={(files) => void pickPhotos(files)}
              onRemove={removePhoto}
              rejections={rejections}
              error={typeof form.errors.photos === 'string' ? form.errors.photos : undefined}
              disabled={submitting}
              accept={ACCEPT}
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
            <Group gap="md" justify="flex-end" wrap="wrap-reverse">
              <Button
                variant="default"
                onClick={goBack}
                disabled={submitting}
                miw={{ base: '100%', xs: 160 }}
              >
                {CANCEL}
              </Button>
              <Button
                type="submit"
                loading={submitting}
                loaderProps={{ 'aria-label': SAVING_POST }}
                miw={{ base: '100%', xs: 200 }}
              >
                {submitLabel}
              </Button>
            </Group>
            {submitting && (
              <Text size="md" role="status" ta="right">
                {SAVING_POST}
              </Text>
            )}
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}

function photoKey(photo: FormPhoto): string {
  return photo.kind === 'saved' ? `saved-${photo.id}` : `new-${photo.guid}`;
}
