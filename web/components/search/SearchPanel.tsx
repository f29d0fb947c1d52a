import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { MORE_RESULTS, NO_MATCHES, SEARCH_TO_NARROW, SEARCHING } from '../../../common/messages.ts';
import { LoadFailed, Loading } from '../LoadStates.tsx';
import type { NarrowingSearch } from './use-narrowing-search.ts';

/**
 * A directory search as the member sees it (member and lodge search alike, DIR-06..08,
 * DIR-13..15): the box, then the prompt, a spinner, the results, 'No Matches' or the failure
 * with Try again (failures have the app's warning icon, not red alone); More results on
 * request. Test ids are `testId` plus -input, -status, -error, -empty.
 */
export function SearchPanel<T>({
  search,
  label,
  hint,
  testId,
  fallbackError,
  children,
}: {
  search: NarrowingSearch<T>;
  label: string;
  hint: string;
  testId: string;
  /** The failure's words when the search has none of its own. */
  fallbackError: string;
  /** The results, when there are any. */
  children: ReactNode;
}) {
  return (
    <Stack gap="md">
      <TextInput
        label={label}
        description={hint}
        size="lg"
        type="search"
        autoComplete="off"
        spellCheck={false}
        leftSection={<IconSearch size={22} aria-hidden="true" />}
        value={search.typed}
        onChange={(event) => search.setTyped(event.currentTarget.value)}
        data-testid={`${testId}-input`}
      />
      <div aria-live="polite" data-testid={`${testId}-status`}>
        {search.status === 'prompt' ? <Text size="lg">{SEARCH_TO_NARROW}</Text> : null}
        {search.status === 'searching' && search.items.length === 0 ? (
          <Loading label={SEARCHING} />
        ) : null}
        {search.status === 'error' ? (
          <div data-testid={`${testId}-error`}>
            <LoadFailed
              title={search.error ?? fallbackError}
              retrying={false}
              onRetry={search.retry}
            />
          </div>
        ) : null}
        {search.status === 'results' && search.items.length === 0 ? (
          <Text size="lg" data-testid={`${testId}-empty`}>
            {NO_MATCHES}
          </Text>
        ) : null}
      </div>
      {search.items.length > 0 ? children : null}
      {search.status === 'results' && search.error ? (
        <Text c="red.9" size="lg" role="alert">
          {search.error}
        </Text>
      ) : null}
      {search.hasMore && search.status === 'results' ? (
        <Group justify="center">
          <Button
            size="lg"
            variant="default"
            loading={search.loadingMore}
            onClick={search.loadMore}
          >
            {MORE_RESULTS}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
