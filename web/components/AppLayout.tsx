import { Box } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../api/session.ts';
import { CookieBanner } from './CookieBanner.tsx';
import { OkDialogHost } from './OkDialog.tsx';
import { SignedOutTopBar } from './SignedOutTopBar.tsx';

/**
 * The frame around every screen: the cookie banner, the top bar and the main area. The
 * signed-in shell (menus, badges, My Memberships) takes the visitor's top bar's place
 * once members can sign in.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);

  // After moving to another screen, put keyboard and screen-reader focus on its heading.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const heading = mainRef.current?.querySelector('h1');
    if (heading instanceof HTMLElement) {
      heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    }
  }, [pathname]);

  return (
    <>
      <CookieBanner />
      {status === 'signedIn' ? null : <SignedOutTopBar />}
      <Box component="main" id="main-content" ref={mainRef} pb={64}>
        {children}
      </Box>
      <OkDialogHost />
    </>
  );
}
