import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIES_DISABLED_TEXT } from '../../common/messages.ts';
import { renderWithProviders } from '../test/render.tsx';
import { CookieBanner } from './CookieBanner.tsx';
import { cookiesEnabled } from './cookies.ts';

/** A document whose cookie jar keeps nothing, as when a blocker drops every cookie. */
const droppingDocument = {
  get cookie() {
    return '';
  },
  set cookie(_value: string) {},
};

describe('cookie check (NAV-11, AMB-24)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is true when a test cookie can be written and read back, and removes it', () => {
    expect(cookiesEnabled()).toBe(true);
    expect(document.cookie).not.toContain('lodgehall_cookie_check');
  });

  it('is false when navigator.cookieEnabled is false', () => {
    expect(cookiesEnabled({ cookieEnabled: false }, document)).toBe(false);
  });

  it('is false when the test cookie does not stick', () => {
    expect(cookiesEnabled({ cookieEnabled: true }, droppingDocument)).toBe(false);
  });

  it('shows the red banner with the AMB-24 text only when cookies are off', () => {
    const { unmount } = renderWithProviders(<CookieBanner />);
    expect(screen.queryByText(COOKIES_DISABLED_TEXT)).toBeNull();
    unmount();
    vi.spyOn(window.navigator, 'cookieEnabled', 'get').mockReturnValue(false);
    renderWithProviders(<CookieBanner />);
    expect(screen.getByRole('alert').textContent).toBe(COOKIES_DISABLED_TEXT);
  });
});
