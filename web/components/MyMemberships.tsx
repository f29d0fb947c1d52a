import { Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  LOADING,
  MEMBERSHIPS_UNAVAILABLE,
  MY_MEMBERSHIPS,
  NO_MEMBERSHIPS,
} from '../../common/messages.ts';
import type { ClubMembershipGroup } from '../../common/schemas/session.ts';
import { useClubMembershipGroups } from '../api/memberships.ts';
import { clubPath } from '../paths.ts';
import classes from './SignedInShell.module.css';

function OrganizationGroups({
  organization,
  showName,
  onNavigate,
}: {
  organization: ClubMembershipGroup;
  showName: boolean;
  onNavigate?: () => void;
}) {
  return (
    <Stack gap="sm">
      {showName ? (
        <Text size="md" fw={700} c="dimmed">
          {organization.name}
        </Text>
      ) : null}
      {organization.group_names.map((groupName) => {
        const clubs = organization.groups[groupName] ?? [];
        if (clubs.length === 0) return null;
        return (
          <Stack gap={2} key={groupName} data-testid="membership-group">
            <Title order={3} size="h4">
              {groupName}
            </Title>
            <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
              {clubs.map((club) => (
                <li key={club.club_id}>
                  <Link
                    to={clubPath(club.club_subdomain)}
                    className={classes.clubLink}
                    onClick={onNavigate}
                  >
                    {club.club_name}
                  </Link>
                </li>
              ))}
            </Stack>
          </Stack>
        );
      })}
    </Stack>
  );
}

/**
 * The right column's My Memberships (NAV-09, NAV-10): the member's clubs under their group
 * names, in the server's order, each linking to its club page.
 */
export function MyMemberships({ onNavigate }: { onNavigate?: () => void }) {
  const groups = useClubMembershipGroups();
  const organizations = groups.data ?? [];
  const showNames = organizations.length > 1;
  let content;
  if (groups.isPending) {
    content = <Loader size="sm" aria-label={LOADING} />;
  } else if (groups.isError) {
    content = <Text size="md">{MEMBERSHIPS_UNAVAILABLE}</Text>;
  } else if (organizations.every((organization) => organization.group_names.length === 0)) {
    content = <Text size="md">{NO_MEMBERSHIPS}</Text>;
  } else {
    content = (
      <Stack gap="lg">
        {organizations.map((organization) => (
          <OrganizationGroups
            key={organization.id}
            organization={organization}
            showName={showNames}
            {...(onNavigate ? { onNavigate } : {})}
          />
        ))}
      </Stack>
    );
  }
  return (
    <div className={classes.memberships} data-testid="my-memberships">
      <Stack gap="md">
        <Title order={2} size="h3">
          {MY_MEMBERSHIPS}
        </Title>
        {content}
      </Stack>
    </div>
  );
}
