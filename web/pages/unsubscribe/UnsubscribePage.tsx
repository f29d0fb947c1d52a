import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconMailOff } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import {
  LOADING_UNSUBSCRIBE,
  UNSUBSCRIBE_ALREADY_OFF,
  UNSUBSCRIBE_ANNOUNCEMENT_MAIL,
  UNSUBSCRIBE_BUTTON,
  UNSUBSCRIBE_DONE,
  UNSUBSCRIBE_EVENT_REMINDER,
  UNSUBSCRIBE_FAILED,
  UNSUBSCRIBE_LINK_INVALID,
  UNSUBSCRIBE_NOTICE_MAIL,
  UNSUBSCRIBE_TITLE,
  UNSUBSCRIBE_TO_MY_ACCOUNT,
  ERROR_TITLE,
} from '../../../common/messages.ts';
import {
  unsubscribeTokenSchema,
  type UnsubscribeTopic,
} from '../../../common/schemas/mail-settings.ts';
import { useUnsubscribe, useUnsubscribeState } from '../../api/account.ts';
import { LoadFailed, Loading } from '../../components/LoadStates.tsx';
import { isApiError } from '../../http/client.ts';
import { MY_ACCOUNT_PATH } from '../../paths.ts';

const WHAT_CHANGES: Readonly<Record<UnsubscribeTopic, string>> = {
  notice_mail: UNSUBSCRIBE_NOTICE_MAIL,
  announcement_mail: UNSUBSCRIBE_ANNOUNCEMENT_MAIL,
  event_reminder: UNSUBSCRIBE_EVENT_REMINDER,
};

/** A link the server does not know: cut short, changed, or of a member no longer on file. */
function isInvalidLink(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

function Message({ tone, text }: { tone: 'done' | 'problem'; text: string }) {
  const done = tone === 'done';
  return (
    <Alert
      color={done ? 'green' : 'red'}
      variant="light"
      role={done ? 'status' : 'alert'}
      icon={
        done ? (
          <IconCircleCheck size={24} aria-hidden="true" />
        ) : (
          <IconAlertTriangle size={24} aria-hidden="true" />
        )
      }
    >
      <Text size="lg">{text}</Text>
    </Alert>
  );
}

function ToMyAccount() {
  return (
    <div>
      <Button component={Link} to={MY_ACCOUNT_PATH} variant="default" size="md">
        {UNSUBSCRIBE_TO_MY_ACCOUNT}
      </Button>
    </div>
  );
}

function Unsubscribe({ token }: { token: string }) {
  const state = useUnsubscribeState(token);
  const stop = useUnsubscribe(token);

  if (state.isPending) return <Loading label={LOADING_UNSUBSCRIBE} />;
  if (isInvalidLink(state.error) || isInvalidLink(stop.error)) {
    return <Message tone="problem" text={UNSUBSCRIBE_LINK_INVALID} />;
  }
  if (state.isError) {
    return (
      <LoadFailed
        title={ERROR_TITLE}
        retrying={state.isFetching}
        onRetry={() => void state.refetch()}
      />
    );
  }
  const { topic, already_off: alreadyOff } = state.data;
  if (stop.isSuccess) {
    return (
      <Stack gap="md">
        <Message tone="done" text={UNSUBSCRIBE_DONE} />
        <ToMyAccount />
      </Stack>
    );
  }
  if (alreadyOff) {
    return (
      <Stack gap="md">
        <Text size="lg">{UNSUBSCRIBE_ALREADY_OFF}</Text>
        <ToMyAccount />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text size="lg">{WHAT_CHANGES[topic]}</Text>
      {stop.isError ? <Message tone="problem" text={UNSUBSCRIBE_FAILED} /> : null}
      <div>
        <Button
          size="lg"
          loading={stop.isPending}
          onClick={() => stop.mutate()}
          leftSection={<IconMailOff size={24} aria-hidden="true" />}
          w={{ base: '100%', xs: 'auto' }}
        >
          {UNSUBSCRIBE_BUTTON}
        </Button>
      </div>
    </Stack>
  );
}

/**
 * /unsubscribe?token=… (issue 25, D81): where an e-mail's unsubscribe link leads, open to
 * visitors and members alike. It says what will change and has one button; a mail program's
 * one-click POST to the same address changes it without this page (RFC 8058).
 */
export function UnsubscribePage() {
  useDocumentTitle(`${UNSUBSCRIBE_TITLE} – Lodgehall`);
  const [params] = useSearchParams();
  const token = unsubscribeTokenSchema.safeParse(params.get('token'));
  return (
    <Container size={640} px="md" py={{ base: 24, sm: 48 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <Title order={1}>{UNSUBSCRIBE_TITLE}</Title>
          {token.success ? (
            <Unsubscribe token={token.data} />
          ) : (
            <Message tone="problem" text={UNSUBSCRIBE_LINK_INVALID} />
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
