import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Field messages as one line under the field (VAL-07's joining), or undefined when none. */
export function fieldErrorText(messages: readonly string[] | undefined): string | undefined {
  return messages && messages.length > 0 ? messages.join(', ') : undefined;
}

/** ERR-06: base errors in a danger (red) alert. Nothing when there are none. */
export function BaseErrors({ messages }: { messages: readonly string[] | undefined }) {
  if (!messages || messages.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle size={24} aria-hidden="true" />}
      data-testid="base-errors"
    >
      {messages.length === 1 ? (
        <Text size="md">{messages[0]}</Text>
      ) : (
        <List size="md">
          {messages.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
