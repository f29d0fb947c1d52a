import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useId } from 'react';
import { matchesMemberSearch } from '../../../common/member-search.ts';
import {
  MEMBER_SEARCH_HINT,
  MEMBER_SEARCH_LABEL,
  MORE_RESULTS,
  NO_MATCHES,
  SEARCH_TO_NARROW,
  SEARCHING,
  SEARCHING_ERROR,
} from '../../../common/messages.ts';
import type { MemberSearchParty } from '../../../common/schemas/member-search.ts';
import { searchMembers } from '../../api/member-search.ts';
import { isApiError } from '../../http/client.ts';
import { LoadFailed, Loading } from '../../components/LoadStates.tsx';
import { PartyList } from '../../components/PartyList.tsx';
import { useNarrowingSearch } from './use-narrowing-search.ts';

/** ERR-22: a 422's messages joined by ', '; ERR-23: anything else. */
function memberSearchError(error: unknown): string {
  if (isApiError(error) && error.isUnprocessableEntity) {
    const messages = error.allErrorMessages();
    if (messages.length > 0) return messages.join(', ');
  }
  return SEARCHING_ERROR;
}

/**
 * Members › By Name (DIR-13..15, SRCH-01..11): the search box, then the prompt, a spinner, the
 * members found (each opening their page), 'No Matches' or the error; more results on request.
 */
export function MembersByNamePanel() {
  const statusId = useId();
  const search = useNarrowingSearch<MemberSearchParty>({
    memoryKey: 'members',
    clean: (typed) => typed.trim(),
    search: searchMembers,
    matches: matchesMemberSearch,
    errorText: memberSearchError,
  });

  return (
    <Stack gap="md">
      <TextInput
        label={MEMBER_SEARCH_LABEL}
        description={MEMBER_SEARCH_HINT}
        size="lg"
        type="search"
        autoComplete="off"
        spellCheck={false}
        leftSection={<IconSearch size={22} aria-hidden="true" />}
        value={search.typed}
        onChange={(event) => search.setTyped(event.currentTarget.value)}
        data-testid="member-search-input"
      />
      <div id={statusId} aria-live="polite" data-testid="member-search-status">
        {search.status === 'prompt' ? <Text size="lg">{SEARCH_TO_NARROW}</Text> : null}
        {search.status === 'searching' && search.items.length === 0 ? (
          <Loading label={SEARCHING} />
        ) : null}
        {search.status === 'error' ? (
          // The app's failed-load box: its icon says "error" to those who cannot tell the red.
          <div data-testid="member-search-error">
            <LoadFailed
              title={search.error ?? SEARCHING_ERROR}
              retrying={false}
              onRetry={search.retry}
            />
          </div>
        ) : null}
        {search.status === 'results' && search.items.length === 0 ? (
          <Text size="lg" data-testid="member-search-empty">
            {NO_MATCHES}
          </Text>
        ) : null}
      </div>
      {search.items.length > 0 ? (
        <PartyList
          testId="member-search-results"
          entries={search.items.map((party) => ({
            party,
            detail: party.club_names.join(', ') || undefined,
          }))}
        />
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
