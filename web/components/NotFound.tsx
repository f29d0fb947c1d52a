import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import {
  GO_TO_ABOUT_PAGE,
  GO_TO_START_PAGE,
  NAV_SIGN_IN,
  NOT_FOUND_TEXT,
  NOT_FOUND_TITLE,
} from '../../common/messages.ts';
import { useSession } from '../api/session.ts';
import { HOME_PATH, SIGN_IN_PATH } from '../paths.ts';

/**
 * The 404 page (ACC-09, AMB-44): for any path outside the route table, signed in or not,
 * and later for a known route whose record does not exist. A visitor most likely followed a
 * member's link, so Sign In comes first, then About.
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
        {signedIn ? (
          <Button component={Link} to={HOME_PATH}>
            {GO_TO_START_PAGE}
          </Button>
        ) : (
          <Group gap="md">
            <Button component={Link} to={SIGN_IN_PATH}>
              {NAV_SIGN_IN}
            </Button>
            <Button component={Link} to="/about" variant="default">
              {GO_TO_ABOUT_PAGE}
            </Button>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
