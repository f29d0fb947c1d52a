import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  Outlet,
  ScrollRestoration,
  useLocation,
  useNavigate,
  type RouteObject,
} from 'react-router';
import { BASE_PATH } from '../common/constants.ts';
import { UNSUBSCRIBE_PATH } from '../common/schemas/mail-settings.ts';
import { rememberRequestedPath } from './http/requested-path.ts';
import {
  acknowledgeSessionEnded,
  clearAfterSignIn,
  useSession,
  type SessionStatus,
} from './api/session.ts';
import { AppLayout, preloadSignedInShell } from './components/AppLayout.tsx';
import { NotFound } from './components/NotFound.tsx';
import { Splash } from './components/Splash.tsx';
import {
  CONSOLE_AUDIT_PATH,
  CONSOLE_CLUBS_PATH,
  CONSOLE_DUES_PATH,
  CONSOLE_IMPORT_PATH,
  CONSOLE_INVITATIONS_PATH,
  CONSOLE_NEW_CLUB_PATH,
  CONSOLE_NEW_ORGANIZATION_PATH,
  CONSOLE_OFFICERS_PATH,
  CONSOLE_ORGANIZATION_PATH,
  CONSOLE_MEMBERS_PATH,
  CONSOLE_PATH,
  HOME_PATH,
  HOME_REDIRECT,
  SIGN_IN_PATH,
} from './paths.ts';

/**
 * The spec's route table (§2) and its one access guard (docs/architecture.md §8).
 *
 * - public: open to everyone (/about, and /unsubscribe, where an e-mail's link leads).
 * - publicOnly: visitors only; a signed-in member goes to / (ACC-02..ACC-06).
 * - member: needs a session; a visitor's requested path is remembered and they go to
 *   /user/signIn (ACC-07, AMB-38).
 * - / goes to /news (ACC-08); any other path shows the 404 page, signed in or not
 *   (ACC-09, AMB-44).
 *
 * Paths are relative to the /app base path. Every route of the spec has its screen.
 *
 * Each screen's code is fetched only when the guard renders it (React.lazy), not when the
 * router matches its path: a visitor sent from /news to sign-in never downloads the news
 * screen (issue 8 §3, D23).
 */
export type RouteAccess = 'public' | 'publicOnly' | 'member';

type LazyScreen = () => Promise<{ Component: ComponentType }>;

export interface RouteEntry {
  path: string;
  access: RouteAccess;
  screen: LazyScreen;
}

export { HOME_PATH, HOME_REDIRECT, SIGN_IN_PATH };

const aboutScreen: LazyScreen = () =>
  import('./pages/about/AboutPage.tsx').then((module) => ({ Component: module.AboutPage }));
const signInScreen: LazyScreen = () =>
  import('./pages/sign-in/SignInPage.tsx').then((module) => ({ Component: module.SignInPage }));
const registerScreen: LazyScreen = () =>
  import('./pages/identity/RegisterPage.tsx').then((module) => ({
    Component: module.RegisterPage,
  }));
const forgotPasswordScreen: LazyScreen = () =>
  import('./pages/identity/ForgotPasswordPage.tsx').then((module) => ({
    Component: module.ForgotPasswordPage,
  }));
const unsubscribeScreen: LazyScreen = () =>
  import('./pages/unsubscribe/UnsubscribePage.tsx').then((module) => ({
    Component: module.UnsubscribePage,
  }));
const myAccountScreen: LazyScreen = () =>
  import('./pages/account/MyAccountPage.tsx').then((module) => ({
    Component: module.MyAccountPage,
  }));
const changePasswordScreen: LazyScreen = () =>
  import('./pages/account/ChangePasswordPage.tsx').then((module) => ({
    Component: module.ChangePasswordPage,
  }));
const newsScreen: LazyScreen = () =>
  import('./pages/news/NewsPage.tsx').then((module) => ({ Component: module.NewsPage }));
const clubHomeScreen: LazyScreen = () =>
  import('./pages/clubs/ClubHomePage.tsx').then((module) => ({ Component: module.ClubHomePage }));
const clubNewsScreen: LazyScreen = () =>
  import('./pages/news/ClubNewsPage.tsx').then((module) => ({ Component: module.ClubNewsPage }));
const postDetailScreen: LazyScreen = () =>
  import('./pages/news/PostDetailPage.tsx').then((module) => ({
    Component: module.PostDetailPage,
  }));
const newPostScreen: LazyScreen = () =>
  import('./pages/news/NewPostPage.tsx').then((module) => ({ Component: module.NewPostPage }));
const calendarScreen: LazyScreen = () =>
  import('./pages/calendar/CalendarPage.tsx').then((module) => ({
    Component: module.CalendarPage,
  }));
const eventDetailScreen: LazyScreen = () =>
  import('./pages/calendar/EventDetailPage.tsx').then((module) => ({
    Component: module.EventDetailPage,
  }));
const clubCalendarScreen: LazyScreen = () =>
  import('./pages/calendar/ClubCalendarPage.tsx').then((module) => ({
    Component: module.ClubCalendarPage,
  }));
const newEventScreen: LazyScreen = () =>
  import('./pages/calendar/NewEventPage.tsx').then((module) => ({
    Component: module.NewEventPage,
  }));
const editEventScreen: LazyScreen = () =>
  import('./pages/calendar/EditEventPage.tsx').then((module) => ({
    Component: module.EditEventPage,
  }));
const directoryScreen: LazyScreen = () =>
  import('./pages/directory/DirectoryPage.tsx').then((module) => ({
    Component: module.DirectoryPage,
  }));
const partyScreen: LazyScreen = () =>
  import('./pages/parties/PartyPage.tsx').then((module) => ({ Component: module.PartyPage }));
const chatScreen: LazyScreen = () =>
  import('./pages/chats/ChatPage.tsx').then((module) => ({ Component: module.ChatPage }));
const chatListScreen: LazyScreen = () =>
  import('./pages/chats/ChatListPage.tsx').then((module) => ({ Component: module.ChatListPage }));
const newChatScreen: LazyScreen = () =>
  import('./pages/chats/NewChatPage.tsx').then((module) => ({ Component: module.NewChatPage }));
const addChatMemberScreen: LazyScreen = () =>
  import('./pages/chats/AddChatMemberPage.tsx').then((module) => ({
    Component: module.AddChatMemberPage,
  }));
const renameChatScreen: LazyScreen = () =>
  import('./pages/chats/RenameChatPage.tsx').then((module) => ({
    Component: module.RenameChatPage,
  }));
const chatMembersScreen: LazyScreen = () =>
  import('./pages/chats/ChatMembersPage.tsx').then((module) => ({
    Component: module.ChatMembersPage,
  }));
const contactEditScreen: LazyScreen = () =>
  import('./pages/account/ContactEditPage.tsx').then((module) => ({
    Component: module.ContactEditPage,
  }));
const statusCheckerScreen: LazyScreen = () =>
  import('./pages/status-checker/StatusCheckerPage.tsx').then((module) => ({
    Component: module.StatusCheckerPage,
  }));
const duesPaymentScreen: LazyScreen = () =>
  import('./pages/dues/DuesPaymentPage.tsx').then((module) => ({
    Component: module.DuesPaymentPage,
  }));
const noticesScreen: LazyScreen = () =>
  import('./pages/notices/NoticesPage.tsx').then((module) => ({ Component: module.NoticesPage }));
const editPostScreen: LazyScreen = () =>
  import('./pages/news/EditPostPage.tsx').then((module) => ({ Component: module.EditPostPage }));
const consoleHomeScreen: LazyScreen = () =>
  import('./pages/admin/ConsoleHomePage.tsx').then((module) => ({
    Component: module.ConsoleHomePage,
  }));
const rosterScreen: LazyScreen = () =>
  import('./pages/admin/RosterPage.tsx').then((module) => ({ Component: module.RosterPage }));
const consoleMemberScreen: LazyScreen = () =>
  import('./pages/admin/ConsoleMemberPage.tsx').then((module) => ({
    Component: module.ConsoleMemberPage,
  }));
const organizationScreen: LazyScreen = () =>
  import('./pages/admin/OrganizationPage.tsx').then((module) => ({
    Component: module.OrganizationPage,
  }));
const newOrganizationScreen: LazyScreen = () =>
  import('./pages/admin/OrganizationPage.tsx').then((module) => ({
    Component: module.NewOrganizationPage,
  }));
const clubTreeScreen: LazyScreen = () =>
  import('./pages/admin/ClubTreePage.tsx').then((module) => ({ Component: module.ClubTreePage }));
const consoleClubScreen: LazyScreen = () =>
  import('./pages/admin/ClubEditPage.tsx').then((module) => ({ Component: module.ClubEditPage }));
const newClubScreen: LazyScreen = () =>
  import('./pages/admin/ClubEditPage.tsx').then((module) => ({ Component: module.NewClubPage }));
const rosterImportScreen: LazyScreen = () =>
  import('./pages/admin/ImportPage.tsx').then((module) => ({ Component: module.ImportPage }));
const officersScreen: LazyScreen = () =>
  import('./pages/admin/OfficersPage.tsx').then((module) => ({ Component: module.OfficersPage }));
const invitationsScreen: LazyScreen = () =>
  import('./pages/admin/InvitationsPage.tsx').then((module) => ({
    Component: module.InvitationsPage,
  }));
const consoleDuesScreen: LazyScreen = () =>
  import('./pages/admin/DuesPage.tsx').then((module) => ({ Component: module.DuesPage }));
const auditLogScreen: LazyScreen = () =>
  import('./pages/admin/AuditLogPage.tsx').then((module) => ({ Component: module.AuditLogPage }));

export const ROUTE_TABLE: readonly RouteEntry[] = [
  // Visitors (§2 Access rules)
  { path: SIGN_IN_PATH, access: 'publicOnly', screen: signInScreen },
  { path: '/forgot_password', access: 'publicOnly', screen: forgotPasswordScreen },
  { path: '/register', access: 'publicOnly', screen: registerScreen },
  { path: '/about', access: 'public', screen: aboutScreen },
  // An e-mail's unsubscribe link works without signing in (issue 25, D81).
  { path: UNSUBSCRIBE_PATH, access: 'public', screen: unsubscribeScreen },
  // Club pages (ROUTE-01..05); {id} of /clubs/{id} is the club subdomain
  { path: '/clubs/:id', access: 'member', screen: clubHomeScreen },
  { path: '/clubs/:id/calendar', access: 'member', screen: clubCalendarScreen },
  { path: '/clubs/:club_id/calendar/:id', access: 'member', screen: eventDetailScreen },
  { path: '/clubs/:id/news', access: 'member', screen: clubNewsScreen },
  { path: '/clubs/:club_id/news/:id', access: 'member', screen: postDetailScreen },
  // Posts (ROUTE-06..09)
  { path: '/news', access: 'member', screen: newsScreen },
  { path: '/news/new', access: 'member', screen: newPostScreen },
  { path: '/news/:id', access: 'member', screen: postDetailScreen },
  { path: '/news/:id/edit', access: 'member', screen: editPostScreen },
  // Calendar (ROUTE-10..13)
  { path: '/calendar', access: 'member', screen: calendarScreen },
  { path: '/calendar/new', access: 'member', screen: newEventScreen },
  { path: '/calendar/:id', access: 'member', screen: eventDetailScreen },
  { path: '/calendar/:id/edit', access: 'member', screen: editEventScreen },
  // Chats (ROUTE-14..19)
  { path: '/chats', access: 'member', screen: chatListScreen },
  { path: '/chats/new', access: 'member', screen: newChatScreen },
  { path: '/chats/:chatId', access: 'member', screen: chatScreen },
  { path: '/chats/:chatId/add_member', access: 'member', screen: addChatMemberScreen },
  { path: '/chats/:chatId/edit', access: 'member', screen: renameChatScreen },
  { path: '/chat_parties/:chatId', access: 'member', screen: chatMembersScreen },
  // Directory and members (ROUTE-20..24). The static /parties/* paths outrank /parties/:id.
  { path: '/directory', access: 'member', screen: directoryScreen },
  { path: '/parties/recent', access: 'member', screen: directoryScreen },
  { path: '/parties/favorite', access: 'member', screen: directoryScreen },
  { path: '/parties/search', access: 'member', screen: directoryScreen },
  { path: '/parties/:id', access: 'member', screen: partyScreen },
  // My Account (ROUTE-25..27)
  { path: '/my_account', access: 'member', screen: myAccountScreen },
  { path: '/my_account/contacts/edit', access: 'member', screen: contactEditScreen },
  { path: '/password_change_request', access: 'member', screen: changePasswordScreen },
  // Other screens (ROUTE-28..30)
  { path: '/status_checker', access: 'member', screen: statusCheckerScreen },
  { path: '/dues_payments/:clubId', access: 'member', screen: duesPaymentScreen },
  { path: '/notices', access: 'member', screen: noticesScreen },
  // The console (issue 23): members' routes; the screens show the 404 page to anyone the
  // session's abilities.use_console leaves out, and the server answers them 403 besides.
  { path: CONSOLE_PATH, access: 'member', screen: consoleHomeScreen },
  { path: CONSOLE_MEMBERS_PATH, access: 'member', screen: rosterScreen },
  { path: `${CONSOLE_MEMBERS_PATH}/:partyId`, access: 'member', screen: consoleMemberScreen },
  { path: CONSOLE_IMPORT_PATH, access: 'member', screen: rosterImportScreen },
  { path: CONSOLE_OFFICERS_PATH, access: 'member', screen: officersScreen },
  { path: CONSOLE_INVITATIONS_PATH, access: 'member', screen: invitationsScreen },
  { path: CONSOLE_DUES_PATH, access: 'member', screen: consoleDuesScreen },
  { path: CONSOLE_AUDIT_PATH, access: 'member', screen: auditLogScreen },
  { path: CONSOLE_ORGANIZATION_PATH, access: 'member', screen: organizationScreen },
  { path: CONSOLE_NEW_ORGANIZATION_PATH, access: 'member', screen: newOrganizationScreen },
  { path: CONSOLE_CLUBS_PATH, access: 'member', screen: clubTreeScreen },
  { path: CONSOLE_NEW_CLUB_PATH, access: 'member', screen: newClubScreen },
  { path: `${CONSOLE_CLUBS_PATH}/:clubId`, access: 'member', screen: consoleClubScreen },
];

interface RouteHandle {
  access: RouteAccess | 'home' | 'notFound';
}

function RootRoute() {
  const session = useSession();
  const location = useLocation();
  const requested = `${location.pathname}${location.search}${location.hash}`;

  // One-shot instructions are dropped only once the app has arrived where they pointed,
  // so no render in between can send the member somewhere else.
  useEffect(() => {
    if (session.afterSignIn !== null && session.afterSignIn === requested) clearAfterSignIn();
    if (session.ended && location.pathname === SIGN_IN_PATH) acknowledgeSessionEnded();
  }, [session.afterSignIn, session.ended, requested, location.pathname]);

  // A stored session being checked, or a member: their shell and this screen download while
  // the server answers, rather than after. A visitor (no stored keys) never starts this.
  const likelyMember = session.status === 'signedIn' || session.restoring;
  useEffect(() => {
    if (!likelyMember) return;
    preloadSignedInShell();
    preloadScreen(location.pathname);
  }, [likelyMember, location.pathname]);

  // ACC-10: nothing is shown and nothing is decided before the bootstrap settles.
  if (session.status === 'bootstrapping') return <Splash />;

  const decision = decideAccess({
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
    status: session.status,
    afterSignIn: session.afterSignIn,
    ended: session.ended,
  });
  // The splash also stands while the first screen's code (or the member's shell) arrives;
  // later navigations run as transitions, so the screen being left stays until then.
  return (
    <Suspense fallback={<Splash />}>
      <AppLayout redirecting={decision.kind === 'redirect'}>
        {decision.kind === 'redirect' ? (
          <Redirect to={decision.to} remember={decision.remember} />
        ) : (
          <Outlet />
        )}
        <ScrollRestoration />
      </AppLayout>
    </Suspense>
  );
}

function Redirect({ to, remember }: { to: string; remember: string | null }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (remember !== null) rememberRequestedPath(remember);
    void navigate(to, { replace: true });
  }, [navigate, to, remember]);
  return null;
}

function lazyScreen(load: LazyScreen): ComponentType {
  return lazy(() => load().then((module) => ({ default: module.Component })));
}

/** Starts downloading the screen of `pathname` (relative to /app) ahead of the guard. */
function preloadScreen(pathname: string): void {
  const entry = matchRoutes(
    ROUTE_TABLE.map((route) => ({ path: route.path, screen: route.screen })),
    pathname,
  )?.at(-1)?.route;
  entry?.screen().catch(() => {
    // Rendering the screen tries again and shows what failed.
  });
}

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootRoute,
    children: [
      { index: true, element: null, handle: { access: 'home' } satisfies RouteHandle },
      ...ROUTE_TABLE.map((entry): RouteObject => ({
        path: entry.path.slice(1),
        handle: { access: entry.access } satisfies RouteHandle,
        Component: lazyScreen(entry.screen),
      })),
      { path: '*', handle: { access: 'notFound' } satisfies RouteHandle, Component: NotFound },
    ],
  },
];

/** How the route table classes a path (relative to /app). */
export function routeAccess(pathname: string): RouteHandle['access'] {
  const matches = matchRoutes(appRoutes, pathname) ?? [];
  const handle = matches.at(-1)?.route.handle as RouteHandle | undefined;
  return handle?.access ?? 'notFound';
}

export type AccessDecision =
  { kind: 'render' } | { kind: 'redirect'; to: string; remember: string | null };

export interface AccessInput {
  pathname: string;
  search?: string;
  hash?: string;
  status: Exclude<SessionStatus, 'bootstrapping'>;
  /** Set right after sign-in: the remembered path or /calendar (SIGNIN-03, SIGNIN-04). */
  afterSignIn?: string | null;
  /** The session has just ended (401, sign-out): do not remember the path (SESS-04). */
  ended?: boolean;
}

const RENDER: AccessDecision = { kind: 'render' };

/** The guard's one decision, a pure function of the location and the session. */
export function decideAccess(input: AccessInput): AccessDecision {
  const requested = `${input.pathname}${input.search ?? ''}${input.hash ?? ''}`;
  if (input.status === 'signedIn' && input.afterSignIn && input.afterSignIn !== requested) {
    return { kind: 'redirect', to: input.afterSignIn, remember: null };
  }
  switch (routeAccess(input.pathname)) {
    case 'home':
      return { kind: 'redirect', to: HOME_REDIRECT, remember: null };
    case 'public':
    case 'notFound':
      return RENDER;
    case 'publicOnly':
      return input.status === 'signedIn'
        ? { kind: 'redirect', to: HOME_PATH, remember: null }
        : RENDER;
    case 'member':
      return input.status === 'signedIn'
        ? RENDER
        : { kind: 'redirect', to: SIGN_IN_PATH, remember: input.ended ? null : requested };
  }
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes, { basename: BASE_PATH });
}
