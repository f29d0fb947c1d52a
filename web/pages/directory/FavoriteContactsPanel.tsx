import { Text } from '@mantine/core';
import {
  ERROR_RETRIEVING_DATA,
  LOADING_CONTACTS,
  NO_FAVORITE_CONTACTS,
} from '../../../common/messages.ts';
import { useFavoriteContacts } from '../../api/parties.ts';
import { Loading, LoadFailed } from '../../components/LoadStates.tsx';
import { PartyList } from '../../components/PartyList.tsx';

/**
 * Members › Favorite (DIR-17): the member's favourite members by last name, each opening
 * their page. None yet says how to add one; a failed load says so, with Try again.
 */
export function FavoriteContactsPanel() {
  const query = useFavoriteContacts();
  if (query.isPending) {
    return <Loading label={LOADING_CONTACTS} testId="favorite-contacts-loading" />;
  }
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
      <Text size="lg" data-testid="favorite-contacts-empty">
        {NO_FAVORITE_CONTACTS}
      </Text>
    );
  }
  return (
    <PartyList
      testId="favorite-contacts"
      entries={query.data.map((entry) => ({ party: entry.party }))}
    />
  );
}
