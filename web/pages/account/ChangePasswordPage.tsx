import { Box, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  CANCEL,
  CANT_BE_BLANK,
  CHANGE_PASSWORD_BUTTON,
  CHANGE_PASSWORD_TITLE,
  CONFIRM_NEW_PASSWORD_LABEL,
  CURRENT_PASSWORD_LABEL,
  NEW_PASSWORD_LABEL,
  OTHER_SESSIONS_END,
  PASSWORD_CHANGED,
  PASSWORD_HINT,
  tooManyAttempts,
} from '../../../common/messages.ts';
import { changePassword } from '../../api/account.ts';
import { isApiError } from '../../http/client.ts';
import { useSession } from '../../api/session.ts';
import { BaseErrors, fieldErrorText } from '../../components/BaseErrors.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { setFlashMessage } from '../../components/flash-store.ts';
import { loadPasswordStrength } from '../../components/password-strength-loader.ts';
import { PasswordStrengthMeter } from '../../components/PasswordStrengthMeter.tsx';
import { MY_ACCOUNT_PATH } from '../../paths.ts';

type Field = 'current_password' | 'password' | 'password_confirmation' | 'base';
type Errors = Partial<Record<Field, string[]>>;
const FIELDS: readonly Field[] = ['current_password', 'password', 'password_confirmation'];

/** Server field errors by field (ERR-55); anything else goes to base. */
export function passwordChangeErrors(errors: Readonly<Record<string, readonly string[]>>): Errors {
  const result: Errors = {};
  for (const [name, messages] of Object.entries(errors)) {
    if (messages.length === 0) continue;
    const field = (FIELDS as readonly string[]).includes(name) ? (name as Field) : 'base';
    result[field] = [...(result[field] ?? []), ...messages];
  }
  return result;
}

/**
 * /password_change_request (PWD-01..03, VAL-47, VAL-48, ERR-55, GEN-01..03): the current
 * password, a new one that passes the shared check and its confirmation. On success the member
 * goes back where they came from (My Account), which says the password has changed.
 */
export function ChangePasswordPage() {
  useDocumentTitle(`${CHANGE_PASSWORD_TITLE} – Lodgehall`);
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const party = user?.party;
  const userInputs = useMemo(
    () =>
      [
        user?.username,
        party?.first_name,
        party?.middle_name,
        party?.last_name,
        party?.preferred_name,
      ].filter((value): value is string => Boolean(value?.trim())),
    [user?.username, party],
  );

  const goBack = () => {
    // GEN-02: back to the previous screen, or to My Account when this page was opened directly.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(MY_ACCOUNT_PATH, { replace: true });
  };

  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = FIELDS.find((field) => (found[field]?.length ?? 0) > 0);
    if (first) {
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus(),
      );
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setErrors({});
    setSubmitting(true);
    try {
      const strength = await loadPasswordStrength();
      const found: Errors = {};
      if (currentPassword === '') found.current_password = [CANT_BE_BLANK];
      const checked = strength.checkNewPassword(
        password,
        confirmation,
        strength.passwordUserInputs({
          username: user?.username ?? null,
          first_name: party?.first_name ?? null,
          middle_name: party?.middle_name ?? null,
          last_name: party?.last_name ?? null,
          preferred_name: party?.preferred_name ?? null,
        }),
      );
      if (checked.password) found.password = [checked.password];
      if (checked.password_confirmation)
        found.password_confirmation = [checked.password_confirmation];
      if (Object.keys(found).length > 0) {
        showErrors(found);
        return;
      }
      await changePassword({
        currentPassword,
        password: password.trim(),
        passwordConfirmation: confirmation.trim(),
      });
      setFlashMessage(PASSWORD_CHANGED);
      goBack();
    } catch (error) {
      if (isApiError(error) && error.status === 429) {
        setErrors({ base: [tooManyAttempts(error.retryAfterSeconds)] });
      } else if (isApiError(error) && error.status === 422 && error.errors) {
        showErrors(passwordChangeErrors(error.errors));
      }
      // Anything else: the Network or Server Error dialog has said it (ERR-01, ERR-02).
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Container size={600} px="md" py={{ base: 24, sm: 40 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="xs">
        <Stack gap="lg">
          <Title order={1}>{CHANGE_PASSWORD_TITLE}</Title>
          <BaseErrors messages={errors.base} />
          <form
            ref={formRef}
            onSubmit={(event) => void submit(event)}
            noValidate
            aria-busy={submitting}
          >
            <Stack gap="lg">
              <PasswordInput
                label={CURRENT_PASSWORD_LABEL}
                field="current_password"
                autoComplete="current-password"
                value={currentPassword}
                onValueChange={setCurrentPassword}
                disabled={submitting}
                error={fieldErrorText(errors.current_password)}
              />
              <Box>
                <PasswordInput
                  label={NEW_PASSWORD_LABEL}
                  description={PASSWORD_HINT}
                  field="password"
                  autoComplete="new-password"
                  value={password}
                  onValueChange={setPassword}
                  disabled={submitting}
                  error={fieldErrorText(errors.password)}
                />
                <Box mt="sm">
                  <PasswordStrengthMeter password={password} userInputs={userInputs} />
                </Box>
              </Box>
              <PasswordInput
                label={CONFIRM_NEW_PASSWORD_LABEL}
                field="password_confirmation"
                autoComplete="new-password"
                value={confirmation}
                onValueChange={setConfirmation}
                disabled={submitting}
                error={fieldErrorText(errors.password_confirmation)}
              />
              <Stack gap="sm" mt="xs">
                <Button type="submit" fullWidth loading={submitting}>
                  {CHANGE_PASSWORD_BUTTON}
                </Button>
                <Button variant="default" fullWidth onClick={goBack} disabled={submitting}>
                  {CANCEL}
                </Button>
              </Stack>
            </Stack>
          </form>
          <Text size="sm" c="dimmed">
            {OTHER_SESSIONS_END}
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
