import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useId } from 'react';
import { cleanLodgeSearchText, matchesLodgeSearch } from '../../../common/lodge-search.ts';
import {
  LODGE_SEARCH_HINT,
  LODGE_SEARCH_LABEL,
  LODGE_SEARCHING_ERROR,
  MORE_RESULTS,
  NO_MATCHES,
  SEARCH_TO_NARROW,
  SEARCHING,
  TRY_AGAIN,
} from '../../../common/messages.ts';
import type { ClubSummary } from '../../../common/schemas/club.ts';
import { searchLodges } from '../../api/clubs.ts';
import { LodgeList } from '../../components/LodgeList.tsx';
import { useNarrowingSearch } from './use-narrowing-search.ts';

/**
 * Lodges › By Name (DIR-06..08, DIR-12, SRCH-12, AMB-11): the filter box, then the prompt, a
 * spinner, the lodges found (each opening its home), 'No Matches' or 'Searching error'. The
 * text is cleaned and matched as common/lodge-search.ts says, here and at the server.
 */
export function LodgesByNamePanel() {
  const statusId = useId();
  const search = useNarrowingSearch<ClubSummary>({
    memoryKey: 'lodges',
    clean: cleanLodgeSearchText,
    search: searchLodges,
    matches: matchesLodgeSearch,
    // ERR-24: one text for any failure.
    errorText: () => LODGE_SEARCHING_ERROR,
  });

  return (
    <Stack gap="md">
      <TextInput
        label={LODGE_SEARCH_LABEL}
        description={LODGE_SEARCH_HINT}
        size="lg"
        type="search"
        autoComplete="off"
        spellCheck={false}
        leftSection={<IconSearch size={22} aria-hidden="true" />}
        value={search.typed}
        onChange={(event) => search.setTyped(event.currentTarget.value)}
        data-testid="lodge-search-input"
      />
      <div id={statusId} aria-live="polite" data-testid="lodge-search-status">
        {search.status === 'prompt' ? <Text size="lg">{SEARCH_TO_NARROW}</Text> : null}
        {search.status === 'searching' && search.items.length === 0 ? (
          <Group gap="md" role="status">
            <Loader size="md" aria-hidden="true" />
            <Text size="lg">{SEARCHING}</Text>
          </Group>
        ) : null}
        {search.status === 'error' ? (
          <Alert color="red" variant="light" title={search.error} data-testid="lodge-search-error">
            <Button mt="sm" variant="default" onClick={search.retry}>
              {TRY_AGAIN}
            </Button>
          </Alert>
        ) : null}
        {search.status === 'results' && search.items.length === 0 ? (
          <Text size="lg" data-testid="lodge-search-empty">
            {NO_MATCHES}
          </Text>
        ) : null}
      </div>
      {search.items.length > 0 ? (
        <LodgeList clubs={search.items} testId="lodge-search-results" />
      ) : null}
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
