import { Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  STATUS_ACCESS_CLUBS_INTRO,
  STATUS_ACCESS_LINK,
  STATUS_ACCESS_NO_CLUBS,
  STATUS_ACCESS_SECTION,
} from '../../../common/messages.ts';
import { useSession } from '../../api/session.ts';
import { STATUS_CHECKER_PATH } from '../../paths.ts';

/**
 * Status checker access on /my_account (ACCT-08, AMB-35): the member's clubs in
 * `user.status_club_ids`, through which their status can be checked, and the link to the
 * checker, which every member may use (PERM-02), so it shows even with no such club. The session
 * user already holds both, so the section makes no call of its own.
 */
export function StatusAccessSection() {
  const { user } = useSession();
  if (!user) return null;
  const checkable = new Set(user.status_club_ids);
  const clubs = user.clubs.filter((club) => checkable.has(club.id));

  return (
    <Paper
      component="section"
      aria-labelledby="status-access-section"
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      data-testid="status-access-section"
    >
      <Stack gap="md">
        <Title order={2} id="status-access-section">
          {STATUS_ACCESS_SECTION}
        </Title>
        {clubs.length > 0 ? (
          <Stack gap="xs">
            <Text size="md">{STATUS_ACCESS_CLUBS_INTRO}</Text>
            <List size="md" spacing={4} data-testid="status-access-clubs">
              {clubs.map((club) => (
                <List.Item key={club.id} style={{ overflowWrap: 'anywhere' }}>
                  {club.name}
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : (
          <Text size="md" c="dimmed">
            {STATUS_ACCESS_NO_CLUBS}
          </Text>
        )}
        <div>
          <Button
            component={Link}
            to={STATUS_CHECKER_PATH}
            variant="default"
            // No icon: with one, the label is wider than a 390 px phone's button and is cut off.
            w={{ base: '100%', xs: 'auto' }}
          >
            {STATUS_ACCESS_LINK}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
