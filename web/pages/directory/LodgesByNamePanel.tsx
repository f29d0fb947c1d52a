import { cleanLodgeSearchText, matchesLodgeSearch } from '../../../common/lodge-search.ts';
import {
  LODGE_SEARCH_HINT,
  LODGE_SEARCH_LABEL,
  LODGE_SEARCHING_ERROR,
} from '../../../common/messages.ts';
import type { ClubSummary } from '../../../common/schemas/club.ts';
import { searchLodges } from '../../api/clubs.ts';
import { LodgeList } from '../../components/LodgeList.tsx';
import { SearchPanel } from '../../components/search/SearchPanel.tsx';
import { useNarrowingSearch } from '../../components/search/use-narrowing-search.ts';

/**
 * Lodges › By Name (DIR-06..08, DIR-12, SRCH-12, AMB-11): the filter box, then the prompt, a
 * spinner, the lodges found (each opening its home), 'No Matches' or 'Searching error'. The
 * text is cleaned and matched as common/lodge-search.ts says, here and at the server.
 */
export function LodgesByNamePanel() {
  const search = useNarrowingSearch<ClubSummary>({
    memoryKey: 'lodges',
    clean: cleanLodgeSearchText,
    search: searchLodges,
    matches: matchesLodgeSearch,
    // ERR-24: one text for any failure.
    errorText: () => LODGE_SEARCHING_ERROR,
  });

  return (
    <SearchPanel
      search={search}
      label={LODGE_SEARCH_LABEL}
      hint={LODGE_SEARCH_HINT}
      testId="lodge-search"
      fallbackError={LODGE_SEARCHING_ERROR}
    >
      <LodgeList clubs={search.items} testId="lodge-search-results" />
    </SearchPanel>
  );
}
