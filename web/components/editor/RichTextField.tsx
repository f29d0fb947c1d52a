import { Input } from '@mantine/core';
import { useId } from 'react';
import { BodyEditor } from './BodyEditor.tsx';

export interface RichTextFieldProps {
  label: string;
  description?: string;
  error?: string | undefined;
  /** The HTML the editor starts with; later changes are ignored. */
  initialHtml: string;
  onChange: (html: string) => void;
  disabled?: boolean;
  /** The form field's name, where the form moves focus to show its error. */
  fieldName: string;
}

/**
 * A required rich-text field (a post's message, an event's description): the label, hint and
 * error of a Mantine input around the body editor, tied to its writing area by ARIA, since a
 * contenteditable cannot be the target of a `<label for>`.
 */
export function RichTextField({
  label,
  description,
  error,
  initialHtml,
  onChange,
  disabled = false,
  fieldName,
}: RichTextFieldProps) {
  const id = useId();
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      error={error}
      withAsterisk
      size="lg"
      labelProps={{ id: `${id}-label`, htmlFor: undefined }}
    >
      <div style={{ marginTop: 8 }}>
        <BodyEditor
          labelId={`${id}-label`}
          describedBy={describedBy || undefined}
          initialHtml={initialHtml}
          onChange={onChange}
          disabled={disabled}
          invalid={Boolean(error)}
          fieldName={fieldName}
        />
      </div>
    </Input.Wrapper>
  );
}
