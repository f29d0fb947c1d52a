import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Field messages as one line under the field (VAL-07's joining), or undefined when none. */
export function fieldErrorText(messages: readonly string[] | undefined): string | undefined {
  return messages && messages.length > 0 ? messages.join(', ') : undefined;
}

export interface BaseErrorsProps {
  /** One message shows as a line, several as a list. */
  messages?: readonly string[] | undefined;
  /** A bold first line, for a refusal that names its reason and then says what to do. */
  title?: string | undefined;
  /** Said after the title instead of messages, when a line needs more than text (a link). */
  children?: ReactNode;
  /** Tests find each alert by its own id; base errors of a form are `base-errors`. */
  testId?: string;
}

/**
 * ERR-06: the red alert of every form's base errors and every refusal shown above a form.
 * Nothing when there is nothing to say.
 */
export function BaseErrors({
  messages = [],
  title,
  children,
  testId = 'base-errors',
}: BaseErrorsProps) {
  const body =
    messages.length === 0 ? (
      children
    ) : messages.length === 1 ? (
      <Text size="md">{messages[0]}</Text>
    ) : (
      <List size="md">
        {messages.map((message, index) => (
          // The same text can stand twice, as for two files turned down for one reason.
          <List.Item key={`${index}-${message}`}>{message}</List.Item>
        ))}
      </List>
    );
  if (!title && (body === undefined || body === null || body === false)) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle size={24} aria-hidden="true" />}
      data-testid={testId}
    >
      {title ? (
        <Stack gap="xs">
          <Text size="md" fw={700}>
            {title}
          </Text>
          {body}
        </Stack>
      ) : (
        body
      )}
    </Alert>
  );
}
