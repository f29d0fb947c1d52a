import { schemaResolver, useForm } from '@mantine/form';
import { useCallback, useRef, type FormEvent } from 'react';
import { PHOTOS_TOO_LARGE } from '../../../common/messages.ts';
import { focusFirstError } from '../forms/form-errors.ts';
import { useFormSave } from '../forms/use-form-save.ts';
import { photosTooLarge, type FormPhoto } from '../photos/form-photos.ts';
import { usePhotoField } from '../photos/use-photo-field.ts';

/** The values every record form holds besides its own: photos, Visibility, Allows Comments. */
export interface RecordFormValues {
  access: string;
  allows_comments: boolean;
  photos: FormPhoto[];
}

export interface RecordFormOptions<V extends RecordFormValues, F extends string, R> {
  initialValues: V;
  /** The form's check, run before anything is sent. */
  schema: Parameters<typeof schemaResolver>[0];
  /** Every field in the form's order: focus goes to the first with an error. */
  fieldOrder: readonly F[];
  /** The form field a server field name belongs under, or null for the base alert. */
  fieldOf: (serverName: string) => F | null;
  /** ERR-37..ERR-40: said when the server gave no message of its own. */
  fallbackError: string;
  /** The rich-text field (a post's body, an event's description). */
  bodyField: F & keyof V;
  /** Sends the request; rejects with ApiError. */
  save: (values: V) => Promise<R>;
  /** Where the member goes once saved; the form stays disabled until it is gone. */
  onSaved: (result: R) => void;
}

/**
 * The state and submit of a record's form (a post's, an event's; §4 Forms): the Mantine form
 * checked by its schema, the Photos field, one save at a time, and on a failed check or save
 * the messages under their fields with focus on the first. A submit whose new photos would
 * come near the server's request limit says so under Photos instead of sending (POST-12,
 * EVF-02). The record's own fields work on `form`; RecordForm draws the shared ones.
 */
export function useRecordForm<V extends RecordFormValues, F extends string, R>({
  initialValues,
  schema,
  fieldOrder,
  fieldOf,
  fallbackError,
  bodyField,
  save,
  onSaved,
}: RecordFormOptions<V, F, R>) {
  // The form element last submitted, where focus moves to the first field with an error. Kept
  // from the submit event rather than handed out as a ref, so the state this hook answers can
  // be read while rendering.
  const formRef = useRef<HTMLFormElement | null>(null);
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
  });
  // Mantine cannot follow a field's path through a generic V; the paths set here are
  // RecordFormValues' own and the body field, both typed by the options.
  const setFieldValue = form.setFieldValue as (path: string, value: unknown) => void;
  const photos = usePhotoField(
    form.values.photos,
    (change) => setFieldValue('photos', change),
    () => form.clearFieldError('photos'),
  );
  const saving = useFormSave<F>({
    fallbackError,
    fieldOf,
    onFieldErrors: (fields) => {
      form.setErrors(fields);
      focusFirstError(formRef.current, fieldOrder, fields);
    },
  });

  const onBodyChange = useCallback(
    (html: string) => {
      setFieldValue(bodyField, html);
      form.clearFieldError(bodyField);
    },
    [form, setFieldValue, bodyField],
  );

  const submit = (checked: V) => {
    if (photosTooLarge(checked.photos, String(checked[bodyField]).length)) {
      form.setFieldError('photos', PHOTOS_TOO_LARGE);
      focusFirstError(formRef.current, fieldOrder, { photos: true });
      return;
    }
    void saving.save(() => save(checked), onSaved);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    formRef.current = event.currentTarget;
    const result = form.validate();
    if (result.hasErrors) focusFirstError(formRef.current, fieldOrder, result.errors);
    else submit(form.getValues());
  };

  return {
    form,
    photos,
    bodyField,
    initialBody: String(initialValues[bodyField]),
    submitting: saving.submitting,
    baseErrors: saving.baseErrors,
    onBodyChange,
    onSubmit,
  };
}

export type RecordFormState<V extends RecordFormValues> = ReturnType<
  typeof useRecordForm<V, string, unknown>
>;
