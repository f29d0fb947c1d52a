import { Button, Container, Divider, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  CREATE_ACCOUNT_LINK,
  FORGOT_PASSWORD_LINK,
  NAV_SIGN_IN,
  PASSWORD_LABEL,
  SIGN_IN_FAILED,
  SIGN_IN_UNAVAILABLE,
  tooManyAttempts,
  USERNAME_LABEL,
} from '../../../common/messages.ts';
import { signIn, type SignInResult } from '../../api/session.ts';
import { BaseErrors } from '../../components/BaseErrors.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';

/**
 * /user/signIn (SIGNIN-01, SIGNIN-02, VAL-08, VAL-09, GEN-01, ERR-42). Where a member goes
 * next is the guard's business: the remembered path, else /calendar (SIGNIN-03, SIGNIN-04).
 */
export function SignInPage() {
  useDocumentTitle('Sign In – Lodgehall');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Exclude<SignInResult, { outcome: 'signedIn' }> | null>(
    null,
  );
  const usernameRef = useRef<HTMLInputElement>(null);

  // VAL-08: submit only with both fields filled in.
  const complete = username.trim() !== '' && password !== '';
  const fieldError = outcome?.outcome === 'invalid' ? SIGN_IN_FAILED : undefined;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!complete || submitting) return;
    setSubmitting(true);
    setOutcome(null);
    const result = await signIn(username, password);
    if (result.outcome !== 'signedIn') {
      setSubmitting(false);
      setOutcome(result);
    }
  };

  // Back to the first field, where the message is read out with it (VAL-09). After the render
  // that enables the inputs again: a disabled input cannot take focus.
  useEffect(() => {
    if (outcome?.outcome === 'invalid' && !submitting) usernameRef.current?.focus();
  }, [outcome, submitting]);

  const edited = () => {
    if (outcome !== null) setOutcome(null);
  };

  return (
    <Container size={520} px="md" py={40}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="xs">
        <Stack gap="lg">
          <Stack gap={6}>
            <Title order={1}>{NAV_SIGN_IN}</Title>
            <Text size="md">Enter your username and password, then press Sign In.</Text>
          </Stack>

          {outcome?.outcome === 'failed' ||
          outcome?.outcome === 'limited' ||
          outcome?.outcome === 'refused' ? (
            <BaseErrors
              messages={[
                outcome.outcome === 'limited'
                  ? tooManyAttempts(outcome.retryAfterSeconds)
                  : outcome.outcome === 'refused'
                    ? outcome.message
                    : SIGN_IN_UNAVAILABLE,
              ]}
            />
          ) : null}

          <form onSubmit={(event) => void submit(event)} noValidate aria-busy={submitting}>
            <Stack gap="lg">
              <TextInput
                ref={usernameRef}
                label={USERNAME_LABEL}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                value={username}
                onChange={(event) => {
                  setUsername(event.currentTarget.value);
                  edited();
                }}
                disabled={submitting}
                error={fieldError}
              />
              <PasswordInput
                label={PASSWORD_LABEL}
                field="password"
                autoComplete="current-password"
                value={password}
                onValueChange={(value) => {
                  setPassword(value);
                  edited();
                }}
                disabled={submitting}
                error={fieldError}
              />
              <Button type="submit" fullWidth disabled={!complete} loading={submitting}>
                {NAV_SIGN_IN}
              </Button>
            </Stack>
          </form>

          <Divider />

          <Stack gap="sm">
            <Text size="md">Forgotten your password, or new to Lodgehall?</Text>
            <Stack gap="sm">
              <Button component={Link} to="/forgot_password" variant="default" fullWidth>
                {FORGOT_PASSWORD_LINK}
              </Button>
              <Button component={Link} to="/register" variant="default" fullWidth>
                {CREATE_ACCOUNT_LINK}
              </Button>
            </Stack>
          </Stack>
        </Stack>
      </Paper>
    </Container>
  );
}
