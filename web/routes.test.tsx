import { screen, waitFor, within } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GO_TO_ABOUT_PAGE,
  GO_TO_START_PAGE,
  NAV_SIGN_IN,
  NOT_FOUND_TEXT,
  NOT_FOUND_TITLE,
} from '../common/messages.ts';
import { clearRequestedPath, peekRequestedPath } from './http/requested-path.ts';
import { bootstrapSession, resetSessionForTests } from './api/session.ts';
import { appRoutes, decideAccess, ROUTE_TABLE, routeAccess } from './routes.tsx';
import { testUser } from './test/fixtures.ts';
import { renderApp } from './test/render.tsx';

describe('route table (§2, ROUTE-01..30)', () => {
  it('declares every route of the spec exactly once', () => {
    const paths = ROUTE_TABLE.map((entry) => entry.path.replace(/:[a-zA-Z_]+/g, '{}'));
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(
      [
        '/user/signIn',
        '/forgot_password',
        '/register',
        '/about',
        // An e-mail's unsubscribe link (issue 25, D81), beyond the spec's table.
        '/unsubscribe',
        '/clubs/{}',
        '/clubs/{}/calendar',
        '/clubs/{}/calendar/{}',
        '/clubs/{}/news',
        '/clubs/{}/news/{}',
        '/news',
        '/news/new',
        '/news/{}',
        '/news/{}/edit',
        '/calendar',
        '/calendar/new',
        '/calendar/{}',
        '/calendar/{}/edit',
        '/chats',
        '/chats/new',
        '/chats/{}',
        '/chats/{}/add_member',
        '/chats/{}/edit',
        '/chat_parties/{}',
        '/directory',
        '/parties/recent',
        '/parties/favorite',
        '/parties/search',
        '/parties/{}',
        '/my_account',
        '/my_account/contacts/edit',
        '/password_change_request',
        '/status_checker',
        '/dues_payments/{}',
        '/notices',
        // The console (issue 23), beyond the spec's table.
        '/admin',
        '/admin/members',
        '/admin/members/{}',
        '/admin/import',
        '/admin/officers',
        '/admin/invitations',
        '/admin/dues',
        '/admin/audit',
        '/admin/organization',
        '/admin/organizations/new',
        '/admin/clubs',
        '/admin/clubs/new',
        '/admin/clubs/{}',
      ].sort(),
    );
  });

  it.each([
    ['/parties/recent', 'parties/recent'],
    ['/parties/favorite', 'parties/favorite'],
    ['/parties/search', 'parties/search'],
    ['/parties/42', 'parties/:id'],
    ['/calendar/new', 'calendar/new'],
    ['/calendar/5', 'calendar/:id'],
    ['/clubs/l1sub/calendar/9', 'clubs/:club_id/calendar/:id'],
  ])('matches %s to %s (ROUTE-21..24: static paths are not read as ids)', (path, pattern) => {
    const leaf = matchRoutes(appRoutes, path)?.at(-1);
    expect(leaf?.route.path).toBe(pattern);
  });

  it.each([
    ['/user/signIn', 'publicOnly'],
    ['/forgot_password', 'publicOnly'],
    ['/register', 'publicOnly'],
    ['/about', 'public'],
    ['/unsubscribe', 'public'],
    ['/', 'home'],
    ['/news', 'member'],
    ['/my_account/contacts/edit', 'member'],
    ['/dues_payments/3', 'member'],
    ['/no-such-page', 'notFound'],
    ['/news/1/comments', 'notFound'],
    ['/parties', 'notFound'],
  ])('classes %s as %s', (path, access) => {
    expect(routeAccess(path)).toBe(access);
  });
});

describe('decideAccess: the one guard', () => {
  it('lets a visitor open the public-only routes and sends a member from them to / (ACC-02..06)', () => {
    for (const pathname of ['/user/signIn', '/forgot_password', '/register']) {
      expect(decideAccess({ pathname, status: 'signedOut' })).toEqual({ kind: 'render' });
      expect(decideAccess({ pathname, status: 'signedIn' })).toEqual({
        kind: 'redirect',
        to: '/',
        remember: null,
      });
    }
  });

  it('opens /about for everyone (ACC-05)', () => {
    expect(decideAccess({ pathname: '/about', status: 'signedOut' })).toEqual({ kind: 'render' });
    expect(decideAccess({ pathname: '/about', status: 'signedIn' })).toEqual({ kind: 'render' });
  });

  it('opens an e-mail’s unsubscribe link for everyone, signed in or not (D81)', () => {
    for (const status of ['signedOut', 'signedIn'] as const) {
      expect(decideAccess({ pathname: '/unsubscribe', search: '?token=12.n.abc', status })).toEqual(
        { kind: 'render' },
      );
    }
  });

  it('sends a visitor from a member route to sign-in and remembers the whole path (ACC-07)', () => {
    expect(
      decideAccess({ pathname: '/calendar/5', search: '?tab=1', hash: '#c3', status: 'signedOut' }),
    ).toEqual({ kind: 'redirect', to: '/user/signIn', remember: '/calendar/5?tab=1#c3' });
    expect(decideAccess({ pathname: '/calendar/5', status: 'signedIn' })).toEqual({
      kind: 'render',
    });
  });

  it('does not remember the path when the session has just ended (SESS-04)', () => {
    expect(decideAccess({ pathname: '/news', status: 'signedOut', ended: true })).toEqual({
      kind: 'redirect',
      to: '/user/signIn',
      remember: null,
    });
  });

  it('sends / to /news (ACC-08)', () => {
    for (const status of ['signedIn', 'signedOut'] as const) {
      expect(decideAccess({ pathname: '/', status })).toEqual({
        kind: 'redirect',
        to: '/news',
        remember: null,
      });
    }
  });

  it('shows the 404 page for unknown paths, signed in or not (ACC-09, AMB-44)', () => {
    for (const status of ['signedIn', 'signedOut'] as const) {
      expect(decideAccess({ pathname: '/no-such-page', status })).toEqual({ kind: 'render' });
    }
  });

  it('sends a member who has just signed in to the remembered path once (SIGNIN-03)', () => {
    const input = { status: 'signedIn', afterSignIn: '/chats' } as const;
    expect(decideAccess({ ...input, pathname: '/user/signIn' })).toEqual({
      kind: 'redirect',
      to: '/chats',
      remember: null,
    });
    expect(decideAccess({ ...input, pathname: '/chats' })).toEqual({ kind: 'render' });
  });
});

describe('the guard in the router', () => {
  beforeEach(() => {
    clearRequestedPath();
    resetSessionForTests();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows only the splash and decides nothing while the bootstrap runs (ACC-10)', async () => {
    const { router } = renderApp('/calendar/5');
    expect(await screen.findByRole('status', { name: 'Loading Lodgehall' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/calendar/5');
    expect(peekRequestedPath()).toBeNull();
  });

  it('settles signed out with no network call when no key pair is stored (AMB-03)', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    await bootstrapSession();
    const { router } = renderApp('/calendar/5?x=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/signIn'));
    expect(peekRequestedPath()).toBe('/calendar/5?x=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the 404 page with the exact texts for a visitor, with Sign In and About (ACC-09, issue 8 §5)', async () => {
    resetSessionForTests({ status: 'signedOut' });
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: NOT_FOUND_TITLE })).toBeTruthy();
    expect(screen.getByText(NOT_FOUND_TEXT)).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: NAV_SIGN_IN }).getAttribute('href')).toBe('/user/signIn');
    expect(main.getByRole('link', { name: GO_TO_ABOUT_PAGE }).getAttribute('href')).toBe('/about');
    expect(main.queryByRole('link', { name: GO_TO_START_PAGE })).toBeNull();
    expect(peekRequestedPath()).toBeNull();
  });

  it('shows the 404 page to a member too, leading to the start page (AMB-44)', async () => {
    resetSessionForTests({ status: 'signedIn', user: testUser() });
    const { router } = renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: NOT_FOUND_TITLE })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/no-such-page');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: GO_TO_START_PAGE }).getAttribute('href')).toBe('/');
    expect(main.queryByRole('link', { name: NAV_SIGN_IN })).toBeNull();
  });

  it('sends a member away from sign-in to / and on to /news (ACC-06, ACC-08)', async () => {
    resetSessionForTests({ status: 'signedIn', user: testUser() });
    const { router } = renderApp('/user/signIn');
    await waitFor(() => expect(router.state.location.pathname).toBe('/news'));
  });

  it('sends a member who has just signed in to the remembered path (SIGNIN-03)', async () => {
    resetSessionForTests({
      status: 'signedIn',
      user: testUser(),
      afterSignIn: '/calendar/5',
    });
    const { router } = renderApp('/user/signIn');
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar/5'));
  });

  it('shows About to a visitor with only the visitor top bar (ACC-05, NAV-01)', async () => {
    resetSessionForTests({ status: 'signedOut' });
    renderApp('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Lodgehall' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = Array.from(nav.querySelectorAll('a')).map((link) => link.textContent);
    expect(links).toEqual(['About', 'Sign In']);
  });
});
