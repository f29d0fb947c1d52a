const TEST_COOKIE = 'lodgehall_cookie_check';

/**
 * NAV-11, AMB-24: are cookies usable? `navigator.cookieEnabled` first, then a test cookie
 * written and read back (some blockers leave cookieEnabled true but drop the cookie).
 */
export function cookiesEnabled(
  nav: Pick<Navigator, 'cookieEnabled'> = navigator,
  doc: Pick<Document, 'cookie'> = document,
): boolean {
  try {
    if (!nav.cookieEnabled) return false;
    doc.cookie = `${TEST_COOKIE}=1; path=/; SameSite=Lax`;
    const found = doc.cookie.split(';').some((part) => part.trim() === `${TEST_COOKIE}=1`);
    doc.cookie = `${TEST_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
    return found;
  } catch {
    return false;
  }
}
