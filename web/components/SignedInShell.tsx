import { Drawer, Stack, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell, IconMenu2, IconMessages, IconX } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import {
  CLOSE_MENU,
  MAIN_MENU,
  MY_ACCOUNT,
  MY_MEMBERSHIPS,
  NAV_CHATS,
  NAV_MENU,
  NAV_NOTICES,
  OPEN_MENU,
  withUnseenCount,
} from '../../common/messages.ts';
import { chatStreamHandlers } from '../api/chats.ts';
import type { SessionUser } from '../api/session.ts';
import { startEventStream } from '../http/event-stream.ts';
import { useBadgeCounts } from '../http/user-metadata.ts';
import { CHATS_PATH, HOME_PATH, MY_ACCOUNT_PATH, NOTICES_PATH } from '../paths.ts';
import { BrandLink } from './BrandLink.tsx';
import { CountBadge } from './CountBadge.tsx';
import { MainMenu } from './MainMenu.tsx';
import { MemberAvatar } from './MemberAvatar.tsx';
import { MyMemberships } from './MyMemberships.tsx';
import classes from './SignedInShell.module.css';

function IconWithBadge({
  to,
  label,
  count,
  icon,
  testId,
}: {
  to: string;
  label: string;
  count: number | null;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <NavLink
      to={to}
      className={classes.iconLink}
      aria-label={withUnseenCount(label, count)}
      data-testid={`${testId}-link`}
    >
      <span className={classes.iconWrap}>
        {icon}
        <CountBadge count={count} testId={`${testId}-badge`} />
      </span>
      <span className={classes.iconLabel} aria-hidden="true">
        {label}
      </span>
    </NavLink>
  );
}

/**
 * The signed-in top bar (NAV-02..07): the logo; on a phone, the burger that opens the menu
 * drawer; on a wide screen, the menu itself; the chats and notices icons with their red
 * unseen counts (META-02, META-03); and the member's avatar and first name, which lead to My
 * Account.
 */
function SignedInTopBar({
  user,
  menuOpened,
  onMenu,
}: {
  user: SessionUser;
  menuOpened: boolean;
  onMenu: () => void;
}) {
  const counts = useBadgeCounts();
  const party = user.party;
  const firstName = party.first_name?.trim() || party.display_name;
  return (
    <header className={classes.header}>
      <div className={classes.headerInner}>
        <UnstyledButton
          className={classes.menuButton}
          onClick={onMenu}
          aria-expanded={menuOpened}
          aria-controls="member-menu-drawer"
          aria-haspopup="dialog"
          data-testid="menu-button"
        >
          {menuOpened ? (
            <IconX size={30} stroke={1.8} aria-hidden="true" />
          ) : (
            <IconMenu2 size={30} stroke={1.8} aria-hidden="true" />
          )}
          <span className={classes.iconLabel}>{NAV_MENU}</span>
          <VisuallyHidden>{OPEN_MENU}</VisuallyHidden>
        </UnstyledButton>
        <BrandLink to={HOME_PATH} narrow="hide" />
        <MainMenu variant="bar" label={MAIN_MENU} user={user} />
        <div className={classes.actions}>
          <IconWithBadge
            to={CHATS_PATH}
            label={NAV_CHATS}
            count={counts.unseenChatMessagesCount}
            icon={<IconMessages size={30} stroke={1.8} aria-hidden="true" />}
            testId="chats"
          />
          <IconWithBadge
            to={NOTICES_PATH}
            label={NAV_NOTICES}
            count={counts.unseenNoticeCount}
            icon={<IconBell size={30} stroke={1.8} aria-hidden="true" />}
            testId="notices"
          />
          <NavLink
            to={MY_ACCOUNT_PATH}
            className={classes.account}
            // One name, "Raymond, My Account": the hidden part alone was read "Raymond , My Account".
            aria-label={`${firstName}, ${MY_ACCOUNT}`}
            data-testid="account-link"
          >
            <MemberAvatar party={party} size={40} />
            <span className={classes.firstName} data-testid="first-name">
              {firstName}
            </span>
          </NavLink>
        </div>
      </div>
    </header>
  );
}

/**
 * The frame of every screen while signed in (NAV-02..10): the top bar, the left column with
 * the menu, the main area and the right column with My Memberships. On a phone both columns
 * fold into a drawer that the burger opens.
 */
export function SignedInShell({ user, children }: { user: SessionUser; children: ReactNode }) {
  const [menuOpened, menu] = useDisclosure(false);
  const { pathname } = useLocation();

  // The member's events (D43, D45) flow while the shell stands; sign-out ends both.
  useEffect(() => startEventStream(chatStreamHandlers), []);

  // A new screen closes the drawer.
  useEffect(() => {
    menu.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the screen changes
  }, [pathname]);

  return (
    <>
      <SignedInTopBar user={user} menuOpened={menuOpened} onMenu={menu.toggle} />
      <Drawer
        id="member-menu-drawer"
        opened={menuOpened}
        onClose={menu.close}
        title={NAV_MENU}
        size={340}
        padding="md"
        closeButtonProps={{ 'aria-label': CLOSE_MENU, size: 'xl' }}
        styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 700 } }}
      >
        <Stack gap="xl">
          <MainMenu variant="column" label={NAV_MENU} user={user} onNavigate={menu.close} />
          <MyMemberships onNavigate={menu.close} />
        </Stack>
      </Drawer>
      <div className={classes.body}>
        <div className={classes.side}>
          <MainMenu variant="column" label={NAV_MENU} user={user} />
        </div>
        <div className={classes.main}>{children}</div>
        <aside className={classes.side} aria-label={MY_MEMBERSHIPS}>
          <MyMemberships />
        </aside>
      </div>
    </>
  );
}
