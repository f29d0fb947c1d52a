import { Alert, Button, Container, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LOAD_MORE, TRY_AGAIN } from '../../common/messages.ts';
import { isApiError } from '../http/client.ts';
import { BackLink } from './BackLink.tsx';
import { NotFound } from './NotFound.tsx';

/** The wait for a list or a record: a spinner and words a screen reader announces. */
export function Loading({ label, testId }: { label: string; testId?: string }) {
  return (
    <Group gap="md" py="xl" role="status" data-testid={testId}>
      <Loader size="md" aria-hidden="true" />
      <Text size="lg">{label}</Text>
    </Group>
  );
}

/** A load that failed with nothing to show: what failed, and Try again. */
export function LoadFailed({
  title,
  retrying,
  onRetry,
}: {
  title: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={24} aria-hidden="true" />}
      title={title}
    >
      <Button
        mt="sm"
        variant="default"
        size="md"
        leftSection={<IconRefresh size={22} aria-hidden="true" />}
        loading={retrying}
        onClick={onRetry}
      >
        {TRY_AGAIN}
      </Button>
    </Alert>
  );
}

/**
 * A record (a post, an event) that failed to load for any reason but a 404 (ERR-60, AMB-15:
 * "silently stop the spinner"): no message of its own, since the global dialog has said what
 * failed; only the way back and Try again.
 */
export function RecordLoadFailed({
  back,
  backLabel,
  onRetry,
  testId,
}: {
  back: string;
  backLabel: string;
  onRetry: () => void;
  testId: string;
}) {
  return (
    <Container size={760} px="md" py={{ base: 24, sm: 32 }} data-testid={testId}>
      <Stack gap="lg" align="flex-start">
        <BackLink to={back} label={backLabel} />
        <Button
          variant="default"
          leftSection={<IconRefresh size={22} aria-hidden="true" />}
          onClick={onRetry}
        >
          {TRY_AGAIN}
        </Button>
      </Stack>
    </Container>
  );
}

/** The next page of a long list, on request. */
export function LoadMore({ loading, onLoad }: { loading: boolean; onLoad: () => void }) {
  return (
    <Group justify="center">
      <Button size="lg" variant="default" miw={220} loading={loading} onClick={onLoad}>
        {LOAD_MORE}
      </Button>
    </Group>
  );
}

/**
 * A screen of one record (a post, an event, a member, a club): the spinner while it loads, the
 * 404 page when it is unknown or not for this member (AMB-44), RecordLoadFailed for any other
 * failure (ERR-60), else the record. Test ids are `testId` plus -loading and -load-failed.
 */
export function RecordScreen<T>({
  query,
  loadingLabel,
  testId,
  back,
  backLabel,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  testId: string;
  back: string;
  backLabel: string;
  children: (record: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Container size={760} px="md" py={{ base: 24, sm: 32 }}>
        <Loading label={loadingLabel} testId={`${testId}-loading`} />
      </Container>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <NotFound />;
    return (
      <RecordLoadFailed
        back={back}
        backLabel={backLabel}
        onRetry={() => void query.refetch()}
        testId={`${testId}-load-failed`}
      />
    );
  }
  return children(query.data);
}
