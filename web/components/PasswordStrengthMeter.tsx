import { Box, Progress, Text } from '@mantine/core';
import { useMemo } from 'react';
import { PASSWORD_STRENGTH_CHECKING, passwordStrength } from '../../common/messages.ts';
import { usePasswordStrength } from './password-strength-loader.ts';

/**
 * The strength meter of VAL-18 (AMB-20): a bar and the words Too Weak, Good or Great, so the
 * meaning never rests on colour alone. Nothing shows while the password is empty; the first
 * character typed fetches the rule's dictionaries, and until they arrive the meter says it is
 * checking, with no score (issue 8 §3).
 */
export function PasswordStrengthMeter({
  password,
  userInputs,
  id,
}: {
  password: string;
  userInputs: readonly string[];
  /** For the password input's aria-describedby. */
  id?: string;
}) {
  const strength = usePasswordStrength(password !== '');
  const inputsKey = userInputs.join('\n');
  const score = useMemo(
    () =>
      strength ? strength.passwordScore(password, inputsKey ? inputsKey.split('\n') : []) : null,
    [strength, password, inputsKey],
  );
  if (password.trim() === '') return null;
  if (strength === null || score === null) {
    return (
      <Text id={id} size="md" data-testid="password-strength">
        {PASSWORD_STRENGTH_CHECKING}
      </Text>
    );
  }
  const label = strength.passwordStrengthLabel(score);
  const strongEnough = strength.isStrongEnough(score);
  return (
    <Box id={id} data-testid="password-strength" data-score={score}>
      <Progress
        value={Math.max(10, (score / 4) * 100)}
        color={strongEnough ? 'green.9' : 'red.9'}
        size="lg"
        radius="xl"
        aria-hidden="true"
      />
      <Text size="md" fw={700} mt={6} c={strongEnough ? 'green.9' : 'red.9'} aria-live="polite">
        {passwordStrength(label)}
      </Text>
    </Box>
  );
}
