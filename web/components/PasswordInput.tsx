import {
  PasswordInput as MantinePasswordInput,
  type PasswordInputProps as MantinePasswordInputProps,
} from '@mantine/core';

export interface PasswordInputProps extends Omit<
  MantinePasswordInputProps,
  'name' | 'autoComplete' | 'value' | 'onChange' | 'error'
> {
  /** The field's name in the API's errors; also its `data-field`, where error focus lands. */
  field: string;
  /** The password the member has, or one being chosen: password managers fill or offer one. */
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
}

/**
 * Every password field of sign-in, registration, reset and Change Password. Size and the
 * eye's label and focus come from the theme; this adds what each form repeated: the name,
 * autocomplete and the invalid state, which Mantine leaves off the inner input (VAL-09).
 */
export function PasswordInput({
  field,
  autoComplete,
  value,
  onValueChange,
  error,
  ...rest
}: PasswordInputProps) {
  return (
    <MantinePasswordInput
      {...rest}
      name={field}
      data-field={field}
      autoComplete={autoComplete}
      value={value}
      onChange={(event) => onValueChange(event.currentTarget.value)}
      error={error}
      aria-invalid={error ? true : undefined}
    />
  );
}
