import dayjs from 'dayjs';

const DAY_MS = 24 * 60 * 60 * 1000;
/** CONST-26: older than this shows the full date. */
const FULL_DATE_AFTER_DAYS = 60;

/**
 * A chat's last activity in the chat list (CONST-26, AMB-33): `M/D/YY` once more than 60 × 24 h
 * have passed, `MMM D` once more than 24 h, otherwise `h:mm A`; in the browser's own zone. A time
 * a little ahead of the clock (a server clock that runs fast) counts as just now.
 */
export function formatChatListTime(epochMs: number, now: number = Date.now()): string {
  const elapsed = now - epochMs;
  const at = dayjs(epochMs);
  if (elapsed > FULL_DATE_AFTER_DAYS * DAY_MS) return at.format('M/D/YY');
  if (elapsed > DAY_MS) return at.format('MMM D');
  return at.format('h:mm A');
}
