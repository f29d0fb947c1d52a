import { Text } from '@mantine/core';
import { ERROR_RETRIEVING_DATA, LOADING_LODGES, NO_LODGES } from '../../../common/messages.ts';
import { useFavoriteClubs } from '../../api/clubs.ts';
import { LoadFailed, Loading } from '../../components/LoadStates.tsx';
import { LodgeList } from '../../components/LodgeList.tsx';

/**
 * Lodges › Favorite, the Lodges default (DIR-05, DIR-11, DIR-12): the lodges the member follows
 * and those they belong to (docs/decisions.md D40), each opening its home; 'No lodges to
 * view.' when there are none, and ERR-25's words when they cannot be loaded.
 */
export function FavoriteLodgesPanel() {
  const query = useFavoriteClubs();
  if (query.isPending) return <Loading label={LOADING_LODGES} testId="lodges-loading" />;
  if (query.isError) {
    return (
      <LoadFailed
        title={ERROR_RETRIEVING_DATA}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) {
    return (
      <Text size="lg" data-testid="favorite-lodges-empty">
        {NO_LODGES}
      </Text>
    );
  }
  return <LodgeList clubs={query.data.map((entry) => entry.club)} testId="favorite-lodges" />;
}
