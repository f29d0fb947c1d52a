import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { NOT_FOUND_TEXT, NOT_FOUND_TITLE } from '../../common/messages.ts';
import { useSession } from '../api/session.ts';

/**
 * The 404 page (ACC-09, AMB-44): for any path outside the route table, signed in or not,
 * and later for a known route whose record does not exist.
 */
export function NotFound() {
  const { status } = useSession();
  useDocumentTitle('Page not found – Lodgehall');
  const signedIn = status === 'signedIn';
  return (
    <Container size="sm" py={48}>
      <Stack gap="lg" align="flex-start">
        <Title order={1}>{NOT_FOUND_TITLE}</Title>
        <Text size="lg">{NOT_FOUND_TEXT}</Text>
        <Button component={Link} to={signedIn ? '/' : '/about'}>
          {signedIn ? 'Go to the start page' : 'Go to the About page'}
        </Button>
      </Stack>
    </Container>
  );
}
