import { Text } from '@mantine/core';
import {
  ERROR_RETRIEVING_DATA,
  LOADING_CONTACTS,
  NO_RECENT_CONTACTS,
} from '../../../common/messages.ts';
import { useRecentContacts } from '../../api/parties.ts';
import { Loading, LoadFailed } from '../../components/LoadStates.tsx';
import { PartyList } from '../../components/PartyList.tsx';
import { LastContacted } from '../../components/LastContacted.tsx';

/**
 * Members › Recent (DIR-16): the members last called, e-mailed or chatted with, newest first,
 * each opening their page, with when. The spec shows the list only when it has more than one
 * entry; with none or one, 'No Recent Contacts'. A failed load says so, with Try again.
 */
export function RecentContactsPanel() {
  const query = useRecentContacts();
  if (query.isPending) return <Loading label={LOADING_CONTACTS} testId="recent-contacts-loading" />;
  if (query.isError) {
    return (
      <LoadFailed
        title={ERROR_RETRIEVING_DATA}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length <= 1) {
    return (
      <Text size="lg" data-testid="recent-contacts-empty">
        {NO_RECENT_CONTACTS}
      </Text>
    );
  }
  return (
    <PartyList
      testId="recent-contacts"
      entries={query.data.map((entry) => ({
        party: entry.party,
        detail: <LastContacted at={entry.contacted_at} />,
      }))}
    />
  );
}
