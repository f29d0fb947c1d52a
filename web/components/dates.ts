import dayjs from 'dayjs';

/**
 * Dates as the screens write them, one place for each format several pages show (a post's
 * time on its card and on a club's home page; when a member was last contacted).
 */

/** Dates as people write them ("November 20, 2026 at 3:15 PM"): no numeric formats to decode. */
export function formatPostDate(epochMs: number): string {
  return dayjs(epochMs).format('MMMM D, YYYY [at] h:mm A');
}

/** PARTY-04, CONST-37: `M/D/YYYY - h:mm A` in the member's own zone. */
export function formatLastContacted(epochMs: number): string {
  return dayjs(epochMs).format('M/D/YYYY - h:mm A');
}
