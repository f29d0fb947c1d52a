import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  ACCOUNT_SECTION,
  CHANGE_PASSWORD_LINK,
  NAME_LABEL,
  SIGN_OUT_LINK,
  USERNAME_LABEL,
} from '../../../common/messages.ts';
import type { User } from '../../../common/schemas/session.ts';
import { signOut } from '../../api/session.ts';
import { CHANGE_PASSWORD_PATH } from '../../paths.ts';

/**
 * The Account section of /my_account (§2 My Account, ACCT-06): name, username, 'change
 * password' and 'sign out' (SESS-06). The avatar has its own section above (docs/decisions.md
 * D51), so it is not shown twice.
 */
export function AccountSection({ user }: { user: User }) {
  const [signingOut, setSigningOut] = useState(false);
  const leave = async () => {
    setSigningOut(true);
    await signOut();
  };
  return (
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
        <Stack gap="sm" component="dl" m={0} style={{ minWidth: 0 }}>
          <div>
            <Text component="dt" size="sm" c="dimmed" fw={700}>
              {NAME_LABEL}
            </Text>
            <Text component="dd" m={0} size="lg" fw={700} style={{ overflowWrap: 'anywhere' }}>
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
  );
}
