import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { BirthDateInput } from './BirthDateInput.tsx';

/**
 * The birth date field as people fill it in (issue 8 §5, CONST-24, VAL-14): typed on a
 * keyboard, on a phone whose keyboard names no key, and pasted. The rule itself is
 * common/birth-date.test.ts; here the field and the mask together.
 */

function renderField() {
  const onChangeRaw = vi.fn<(raw: string, masked: string) => void>();
  renderWithProviders(<BirthDateInput label="Birth Date" onChangeRaw={onChangeRaw} />);
  const input = screen.getByLabelText('Birth Date') as HTMLInputElement;
  input.focus();
  return { input, onChangeRaw };
}

/**
 * A desktop keyboard: keydown names the key; where nobody took the key, the browser inserts
 * it at the caret and fires input (jsdom does neither by itself).
 */
function typeOnKeyboard(input: HTMLInputElement, text: string) {
  for (const key of text) {
    if (!fireEvent.keyDown(input, { key })) continue;
    const at = input.selectionStart ?? input.value.length;
    input.value = input.value.slice(0, at) + key + input.value.slice(input.selectionEnd ?? at);
    input.setSelectionRange(at + 1, at + 1);
    fireEvent.input(input);
  }
}

/** An Android keyboard: keydown says "Unidentified", beforeinput carries the character. */
function typeOnPhone(input: HTMLInputElement, text: string) {
  for (const key of text) {
    fireEvent.keyDown(input, { key: 'Unidentified' });
    const beforeInput = new InputEvent('beforeinput', {
      bubbles: true,
      cancelable: true,
      inputType: 'insertText',
      data: key,
    });
    if (!input.dispatchEvent(beforeInput)) continue;
    const at = input.selectionStart ?? input.value.length;
    input.value = input.value.slice(0, at) + key + input.value.slice(input.selectionEnd ?? at);
    input.setSelectionRange(at + 1, at + 1);
    fireEvent.input(input);
  }
}

function paste(input: HTMLInputElement, text: string) {
  fireEvent.paste(input, { clipboardData: { getData: () => text } });
}

describe('the birth date field (issue 8 §5, CONST-24)', () => {
  it('takes 7/4/1949 typed on a keyboard as 07/04/1949', () => {
    const { input, onChangeRaw } = renderField();
    typeOnKeyboard(input, '7/4/1949');
    expect(input.value).toBe('07/04/1949');
    expect(onChangeRaw).toHaveBeenLastCalledWith('07041949', '07/04/1949');
  });

  it('pads a month or day that a separator ends: 1/3/1950 and 12-5-1950', () => {
    const first = renderField();
    typeOnKeyboard(first.input, '1/');
    expect(first.input.value).toBe('01/__/____');
    typeOnKeyboard(first.input, '3/1950');
    expect(first.input.value).toBe('01/03/1950');
    first.input.blur();
    document.body.innerHTML = '';

    const second = renderField();
    typeOnKeyboard(second.input, '12-5-1950');
    expect(second.input.value).toBe('12/05/1950');
  });

  it('still takes the date as the mask always did: 07041949 and 07/04/1949', () => {
    const { input } = renderField();
    typeOnKeyboard(input, '07041949');
    expect(input.value).toBe('07/04/1949');
    input.setSelectionRange(0, input.value.length);
    typeOnKeyboard(input, '07/04/1949');
    expect(input.value).toBe('07/04/1949');
  });

  it('takes 7/4/1949 typed on a phone keyboard that names no key', () => {
    const { input, onChangeRaw } = renderField();
    typeOnPhone(input, '7/4/1949');
    expect(input.value).toBe('07/04/1949');
    expect(onChangeRaw).toHaveBeenLastCalledWith('07041949', '07/04/1949');
  });

  it('takes 741949 from a number pad with no separator key', () => {
    const { input } = renderField();
    typeOnPhone(input, '741949');
    expect(input.value).toBe('07/04/1949');
  });

  it.each(['7/4/1949', '07-04-1949', '7.4.1949', ' 7 4 1949 ', '1949-07-04'])(
    'takes %j pasted as 07/04/1949',
    (pasted) => {
      const { input, onChangeRaw } = renderField();
      paste(input, pasted);
      expect(input.value).toBe('07/04/1949');
      expect(onChangeRaw).toHaveBeenLastCalledWith('07041949', '07/04/1949');
    },
  );

  it('leaves a two-digit year incomplete for VAL-14 to say so', () => {
    const { input } = renderField();
    typeOnKeyboard(input, '7/4/49');
    expect(input.value).toBe('07/04/49__');
  });

  it('leaves editing inside the date to the mask: the year changed in place', () => {
    const { input } = renderField();
    typeOnKeyboard(input, '7/4/1949');
    input.setSelectionRange(6, 10);
    typeOnKeyboard(input, '1950');
    expect(input.value).toBe('07/04/1950');
    input.setSelectionRange(3, 3);
    fireEvent.keyDown(input, { key: '/' });
    expect(input.value).toBe('07/04/1950');
  });
});
