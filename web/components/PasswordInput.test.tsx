import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CANT_BE_BLANK, SHOW_PASSWORD } from '../../common/messages.ts';
import { renderWithProviders } from '../test/render.tsx';
import { PasswordInput } from './PasswordInput.tsx';

function Field({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <PasswordInput
        label="New Password"
        field="password_confirmation"
        autoComplete="new-password"
        value={value}
        onValueChange={setValue}
        error={error}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('PasswordInput, the one password field of every form', () => {
  it('names the field for the API and for error focus, and says which password it is', () => {
    renderWithProviders(<Field />);
    const input = screen.getByLabelText('New Password') as HTMLInputElement;
    expect(input.name).toBe('password_confirmation');
    expect(input.dataset.field).toBe('password_confirmation');
    expect(input.getAttribute('autocomplete')).toBe('new-password');
    expect(input.type).toBe('password');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByRole('button', { name: SHOW_PASSWORD })).toBeTruthy();
  });

  it('hands the typed text back as a string', () => {
    renderWithProviders(<Field />);
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: 'two words' } });
    expect(screen.getByTestId('value').textContent).toBe('two words');
  });

  it('marks the inner input invalid and described by its message (VAL-09)', () => {
    renderWithProviders(<Field error={CANT_BE_BLANK} />);
    const input = screen.getByLabelText('New Password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe(CANT_BE_BLANK);
  });
});
