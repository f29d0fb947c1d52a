import { Anchor, Button, Container, Stack } from '@mantine/core';
import { IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { BACK_TO_POSTS, TRY_AGAIN } from '../../../common/messages.ts';

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor
      component={Link}
      to={to}
      fw={700}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6, minHeight: 44 }}
    >
      <IconArrowLeft size={22} aria-hidden="true" />
      {label}
    </Anchor>
  );
}

/**
 * A post that failed to load for any reason but a 404 (ERR-60, AMB-15): no screen-specific
 * message, since the global dialog has said what failed; only a way back and Try again.
 */
export function PostLoadFailed({ back, onRetry }: { back: string; onRetry: () => void }) {
  return (
    <Container size={760} px="md" py={{ base: 24, sm: 32 }} data-testid="post-load-failed">
      <Stack gap="lg" align="flex-start">
        <BackLink to={back} label={BACK_TO_POSTS} />
        <Button
          variant="default"
          leftSection={<IconRefresh size={22} aria-hidden="true" />}
          onClick={onRetry}
        >
          {TRY_AGAIN}
        </Button>
      </Stack>
    </Container>
  );
}
