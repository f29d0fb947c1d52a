import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { NavLink } from 'react-router';
import { NAV_ABOUT, NAV_SIGN_IN } from '../../common/messages.ts';
import { BrandLink } from './BrandLink.tsx';
import classes from './SignedOutTopBar.module.css';

/** NAV-01: the visitor's top bar holds the logo, About and Sign In, and nothing else. */
export function SignedOutTopBar() {
  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <BrandLink to="/about" narrow="shrink" />
        <Group component="nav" aria-label="Main" gap="xs" wrap="nowrap">
          <Anchor component={NavLink} to="/about" underline="never" className={classes.link}>
            {NAV_ABOUT}
          </Anchor>
          <Button component={NavLink} to="/user/signIn" size="md" className={classes.signIn}>
            {NAV_SIGN_IN}
          </Button>
        </Group>
      </Container>
    </Box>
  );
}
