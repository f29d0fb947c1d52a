import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';

/**
 * What a member sees on a route of the spec whose screen has not been built yet (posts, the
 * calendar, chats, the directory...): a plain statement instead of an empty page, and a way on.
 * Each feature replaces it for its routes by giving the route table entry its screen.
 */
export function NotBuiltYet() {
  useDocumentTitle('Not ready yet – Lodgehall');
  return (
    <Container size="sm" py={48}>
      <Stack gap="lg" align="flex-start">
        <Title order={1}>Not ready yet</Title>
        <Text size="lg">
          This part of Lodgehall is still being built. Your account and your memberships are ready
          to use now.
        </Text>
        <Button component={Link} to="/my_account">
          Go to My Account
        </Button>
      </Stack>
    </Container>
  );
}
