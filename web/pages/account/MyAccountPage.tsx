import { Alert, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck, IconKey, IconLogout } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  ACCOUNT_SECTION,
  CHANGE_PASSWORD_LINK,
  MY_ACCOUNT,
  NAME_LABEL,
  SIGN_OUT_LINK,
  USERNAME_LABEL,
} from '../../../common/messages.ts';
import { signOut, useSession } from '../../api/session.ts';
import { clearFlashMessage, peekFlashMessage } from '../../components/flash-store.ts';
import { MemberAvatar } from '../../components/MemberAvatar.tsx';
import { CHANGE_PASSWORD_PATH } from '../../paths.ts';

/**
 * /my_account (ROUTE-25). For now the Account section only (§2 My Account): the member's
 * name and username, 'change password' and 'sign out' (SESS-06). The avatar, status checker
 * access, dues, payment and contact sections come with their own work.
 */
export function MyAccountPage() {
  useDocumentTitle(`${MY_ACCOUNT} – Lodgehall`);
  const { user } = useSession();
  // Shown once: read while rendering, forgotten once on screen.
  const [flash] = useState(peekFlashMessage);
  useEffect(() => clearFlashMessage(), []);
  const [signingOut, setSigningOut] = useState(false);
  if (!user) return null;

  const leave = async () => {
    setSigningOut(true);
    await signOut();
  };

  return (
    <Container size={720} px="md" py={{ base: 24, sm: 32 }}>
      <Stack gap="lg">
        <Title order={1}>{MY_ACCOUNT}</Title>
        {flash ? (
          <Alert
            color="green"
            variant="light"
            role="status"
            icon={<IconCircleCheck size={24} aria-hidden="true" />}
          >
            <Text size="md">{flash}</Text>
          </Alert>
        ) : null}
        <Paper
          component="section"
          aria-labelledby="account-section"
          withBorder
          radius="lg"
          p={{ base: 'lg', sm: 'xl' }}
        >
          <Stack gap="lg">
            <Title order={2} id="account-section">
              {ACCOUNT_SECTION}
            </Title>
            <Group gap="lg" wrap="nowrap" align="center">
              <MemberAvatar party={user.party} size={72} />
              <Stack gap="sm" component="dl" m={0} style={{ minWidth: 0 }}>
                <div>
                  <Text component="dt" size="sm" c="dimmed" fw={700}>
                    {NAME_LABEL}
                  </Text>
                  <Text
                    component="dd"
                    m={0}
                    size="lg"
                    fw={700}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {user.party.display_name}
                  </Text>
                </div>
                <div>
                  <Text component="dt" size="sm" c="dimmed" fw={700}>
                    {USERNAME_LABEL}
                  </Text>
                  <Text component="dd" m={0} size="lg" style={{ overflowWrap: 'anywhere' }}>
                    {user.username}
                  </Text>
                </div>
              </Stack>
            </Group>
            <Group gap="md">
              <Button
                component={Link}
                to={CHANGE_PASSWORD_PATH}
                variant="default"
                w={{ base: '100%', xs: 'auto' }}
                leftSection={<IconKey size={22} aria-hidden="true" />}
              >
                {CHANGE_PASSWORD_LINK}
              </Button>
              <Button
                variant="outline"
                color="red.9"
                onClick={() => void leave()}
                loading={signingOut}
                w={{ base: '100%', xs: 'auto' }}
                leftSection={<IconLogout size={22} aria-hidden="true" />}
              >
                {SIGN_OUT_LINK}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
