import { MaskInput, type MaskInputProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import {
  useEffect,
  useRef,
  type ClipboardEvent as ReactClipboardEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type Ref,
} from 'react';
import { birthDateForMask, isBirthDateSeparator } from '../../../common/birth-date.ts';
import { BIRTH_DATE_INPUT_MASK } from '../../../common/constants.ts';
import { BIRTH_DATE_MASK } from '../../../common/messages.ts';

export type BirthDateInputProps = Omit<MaskInputProps, 'mask' | 'placeholder' | 'inputMode'> & {
  ref?: Ref<HTMLInputElement>;
};

/** A key the date rule reads: a digit or a separator. */
function isDateCharacter(character: string): boolean {
  return /^\d$/.test(character) || isBirthDateSeparator(character);
}

/** What the member has typed: the text before the caret, without the mask's empty slots. */
function typedBeforeCaret(input: HTMLInputElement): string | null {
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  // Only at the end of what is typed; in the middle of a date the mask edits as it always does.
  if (/\d/.test(input.value.slice(end))) return null;
  return input.value.slice(0, start).replace(/_.*$/s, '');
}

/**
 * Hands the mask a whole new text, as the browser does when it fills a field in: the mask
 * reads the field on its `input` event and puts the caret after what changed.
 */
function replaceText(input: HTMLInputElement, text: string): void {
  input.value = birthDateForMask(text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The birth date field of registration and password reset step one (CONST-24, VAL-14): the
 * MM/DD/YYYY mask, which also takes the date as people write it (issue 8 §5, common/
 * birth-date.ts). A one-digit month or day is padded (`7/` → `07/`, and `7` at once, since no
 * month starts with 7), and a pasted `7/4/1949`, `07-04-1949` or `7.4.1949` lands as
 * `07/04/1949`; on its own the mask would drop the separators and read `74/19/49`.
 *
 * A key typed at the end of the date is read by that rule before the mask sees it: on keydown
 * where a keyboard names its key, on beforeinput where a phone's keyboard does not (Android
 * sends key "Unidentified"). Editing inside the date, deleting and undo stay the mask's.
 */
export function BirthDateInput({
  ref,
  onKeyDownCapture,
  onPasteCapture,
  ...props
}: BirthDateInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const mergedRef = useMergedRef(inputRef, ref);

  const onKey = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    onKeyDownCapture?.(event);
    if (event.ctrlKey || event.metaKey || event.altKey || !isDateCharacter(event.key)) return;
    const typed = typedBeforeCaret(event.currentTarget);
    if (typed === null) return;
    // Capture phase: stopped here, the key never reaches the mask's own keydown.
    event.preventDefault();
    event.stopPropagation();
    replaceText(event.currentTarget, typed + event.key);
  };

  const onPaste = (event: ReactClipboardEvent<HTMLInputElement>) => {
    onPasteCapture?.(event);
    const input = event.currentTarget;
    const pasted = event.clipboardData.getData('text');
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    event.preventDefault();
    event.stopPropagation();
    const before = input.value.slice(0, start).replace(/_.*$/s, '');
    const after = input.value.slice(end).replace(/_/g, '');
    replaceText(input, before + pasted + (/\d/.test(after) ? after : ''));
  };

  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const onBeforeInput = (event: InputEvent) => {
      if (event.inputType !== 'insertText' || event.data === null) return;
      if (!isDateCharacter(event.data)) return;
      const typed = typedBeforeCaret(input);
      if (typed === null) return;
      event.preventDefault();
      replaceText(input, typed + event.data);
    };
    input.addEventListener('beforeinput', onBeforeInput);
    return () => input.removeEventListener('beforeinput', onBeforeInput);
  }, []);

  return (
    <MaskInput
      {...props}
      ref={mergedRef}
      mask={BIRTH_DATE_INPUT_MASK}
      placeholder={BIRTH_DATE_MASK}
      inputMode="numeric"
      onKeyDownCapture={onKey}
      onPasteCapture={onPaste}
    />
  );
}
