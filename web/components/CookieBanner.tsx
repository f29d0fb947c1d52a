import { Box, Group, Text } from '@mantine/core';
import { IconCookieOff } from '@tabler/icons-react';
import { useState } from 'react';
import { COOKIES_DISABLED_TEXT } from '../../common/messages.ts';
import { cookiesEnabled } from './cookies.ts';

/** NAV-11, AMB-24: the red banner when the browser refuses cookies. Nothing otherwise. */
export function CookieBanner() {
  const [enabled] = useState(() => cookiesEnabled());
  if (enabled) return null;
  return (
    <Box role="alert" data-testid="cookie-banner" bg="red.9" c="white" px="md" py="sm">
      <Group gap="sm" justify="center" wrap="nowrap">
        <IconCookieOff size={28} stroke={2} aria-hidden="true" style={{ flexShrink: 0 }} />
        <Text fw={700} size="md" c="white">
          {COOKIES_DISABLED_TEXT}
        </Text>
      </Group>
    </Box>
  );
}
