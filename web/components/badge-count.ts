import { BADGE_COUNT_MAX, BADGE_WIDE_ABOVE } from '../../common/constants.ts';

/**
 * What an unseen-count badge says (NAV-04..06, AMB-25): nothing at 0 or null, the exact
 * number up to 99, then `99+`.
 */
export function badgeText(count: number | null): string | null {
  if (count === null || !Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_COUNT_MAX ? `${BADGE_COUNT_MAX}+` : String(Math.floor(count));
}

/** NAV-06: above 9 the badge is the wider pill. */
export function isWideBadge(count: number | null): boolean {
  return count !== null && count > BADGE_WIDE_ABOVE;
}
