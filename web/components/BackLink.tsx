import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The way back from a record to its list, in words ("Back to the Calendar"), 44 px tall. */
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
