import { matchesMemberSearch } from '../../../common/member-search.ts';
import {
  MEMBER_SEARCH_HINT,
  MEMBER_SEARCH_LABEL,
  SEARCHING_ERROR,
} from '../../../common/messages.ts';
import type { MemberSearchParty } from '../../../common/schemas/member-search.ts';
import { searchMembers } from '../../api/member-search.ts';
import { isApiError } from '../../http/client.ts';
import { PartyList } from '../../components/PartyList.tsx';
import { SearchPanel } from '../../components/search/SearchPanel.tsx';
import { useNarrowingSearch } from '../../components/search/use-narrowing-search.ts';

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
  const search = useNarrowingSearch<MemberSearchParty>({
    memoryKey: 'members',
    clean: (typed) => typed.trim(),
    search: searchMembers,
    matches: matchesMemberSearch,
    errorText: memberSearchError,
  });

  return (
    <SearchPanel
      search={search}
      label={MEMBER_SEARCH_LABEL}
      hint={MEMBER_SEARCH_HINT}
      testId="member-search"
      fallbackError={SEARCHING_ERROR}
    >
      <PartyList
        testId="member-search-results"
        entries={search.items.map((party) => ({
          party,
          detail: party.club_names.join(', ') || undefined,
        }))}
      />
    </SearchPanel>
  );
}
