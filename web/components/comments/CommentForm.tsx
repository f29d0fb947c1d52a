import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { CANCEL } from '../../../common/messages.ts';
import { canSubmitComment, commentTextProblem, formFailure } from './comment-rules.ts';
import styles from './CommentsSection.module.css';

export interface CommentFormProps {
  label: string;
  submitLabel: string;
  /** ERR-29 or ERR-30: what any failure other than a 422 says. */
  failureText: string;
  initialText?: string;
  /** Reply and edit forms take focus when they open; the top-level form does not. */
  autoFocus?: boolean;
  /** Resolves when the server has taken the text; rejects with the ApiError otherwise. */
  onSubmit: (text: string) => Promise<unknown>;
  /**
   * Called after a successful submit (the top-level form clears itself instead, and leaves the
   * focus to the section, which moves it to the new comment).
   */
  onDone?: () => void;
  /** Reply and edit forms can be closed; the top-level form has no Cancel. */
  onCancel?: () => void;
  testId: string;
}

/**
 * The comment form (CMT-11): replying, editing or adding, and submitting. Submit stays off
 * while the text is blank or a submit runs (VAL-10); while it runs every control is off and
 * Submit shows a spinner. A 422's field messages show under the text (ERR-28, VAL-11); any
 * other failure shows the fixed text under the form (ERR-29, ERR-30).
 */
export function CommentForm({
  label,
  submitLabel,
  failureText,
  initialText = '',
  autoFocus = false,
  onSubmit,
  onDone,
  onCancel,
  testId,
}: CommentFormProps) {
  const [text, setText] = useState(initialText);
  const [submitting, setSubmitting] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const formErrorId = useId();

  useEffect(() => {
    if (!autoFocus) return;
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.focus();
    // An edit starts with the cursor after the text, where people expect to type.
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
  }, [autoFocus]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmitComment(text, submitting)) return;
    const problem = commentTextProblem(text);
    if (problem !== null) {
      setFieldError(problem);
      return;
    }
    setSubmitting(true);
    setFieldError(null);
    setFormError(null);
    try {
      await onSubmit(text.trim());
    } catch (error) {
      const failure = formFailure(error, failureText);
      // Rendered at once, so the text field is enabled again before it takes the focus.
      flushSync(() => {
        setFieldError(failure.field);
        setFormError(failure.form);
        setSubmitting(false);
      });
      textareaRef.current?.focus();
      return;
    }
    if (onDone) {
      setSubmitting(false);
      onDone();
      return;
    }
    // The top-level form empties itself. The focus does not come back to the text field: the
    // section gives it to the new comment, which it brings into view (issue 8 §5); on a phone
    // the text field's focus would open the keyboard over it.
    setSubmitting(false);
    setText('');
  };

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      data-testid={testId}
      noValidate
      aria-busy={submitting}
    >
      <Stack gap="xs">
        <Textarea
          ref={textareaRef}
          label={label}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (fieldError !== null) setFieldError(null);
          }}
          disabled={submitting}
          error={fieldError}
          // Not autosize: Mantine's needs document.fonts, which some browsers and jsdom lack.
          rows={4}
          resize="vertical"
          size="md"
          {...(formError !== null ? { 'aria-describedby': formErrorId } : {})}
        />
        {formError !== null ? (
          <Text id={formErrorId} role="alert" c="red.9" size="md" fw={600}>
            {formError}
          </Text>
        ) : null}
        <Group gap="sm" justify="flex-end">
          {onCancel ? (
            <Button variant="default" size="md" onClick={onCancel} disabled={submitting}>
              {CANCEL}
            </Button>
          ) : null}
          <Button
            type="submit"
            size="md"
            loading={submitting}
            disabled={!canSubmitComment(text, submitting)}
          >
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
