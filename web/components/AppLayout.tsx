import { Box } from '@mantine/core';
import { lazy, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../api/session.ts';
import { CookieBanner } from './CookieBanner.tsx';
import { OkDialogHost } from './OkDialog.tsx';
import { SignedOutTopBar } from './SignedOutTopBar.tsx';
import { SkipLink } from './SkipLink.tsx';

const MAIN_ID = 'main-content';

// Only members see the shell (menus, drawer, My Memberships), so a visitor never downloads it
// (issue 8 §3). The route's Suspense (web/routes.tsx) stands in while it arrives.
const loadSignedInShell = () => import('./SignedInShell.tsx');
const SignedInShell = lazy(() =>
  loadSignedInShell().then((module) => ({ default: module.SignedInShell })),
);

/** Starts downloading the member's shell ahead of need (the module is fetched once). */
export function preloadSignedInShell(): void {
  loadSignedInShell().catch(() => {
    // Rendering the shell tries again and shows what failed.
  });
}

/**
 * The frame around every screen: the skip link, the cookie banner (NAV-11), the top bar and
 * the main area, and the OK dialog (NAV-12). Signed in, the member's shell (menus, badges,
 * My Memberships, NAV-02..10) stands round the main area instead of the visitor's top bar
 * (NAV-01).
 */
export function AppLayout({
  children,
  redirecting = false,
}: {
  children: ReactNode;
  /**
   * The guard is on its way elsewhere (e.g. from sign-in to the remembered path). The member's
   * shell waits for the destination, so it makes no calls from a page that is being left: a
   * session that ends under such a call would race the redirect.
   */
  redirecting?: boolean;
}) {
  const { status, user } = useSession();
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

  const main = (
    // tabIndex -1: the skip link puts focus here; Tab alone never stops on it.
    <Box component="main" id={MAIN_ID} tabIndex={-1} ref={mainRef} pb={64}>
      {children}
    </Box>
  );
  return (
    <>
      <SkipLink targetId={MAIN_ID} />
      <CookieBanner />
      {status === 'signedIn' && user ? (
        redirecting ? (
          main
        ) : (
          <SignedInShell user={user}>{main}</SignedInShell>
        )
      ) : (
        <>
          <SignedOutTopBar />
          {main}
        </>
      )}
      <OkDialogHost />
    </>
  );
}
