/**
 * The server's clock as seen from this browser. X-SALT carries a timestamp that the server
 * refuses when it is more than 5 minutes off its own clock (docs/architecture.md §5), and many home
 * computers keep the wrong time. So every answer's `Date` header is compared with the local
 * clock, and a difference of more than SKEW_IGNORED_MS is added to the time the signer uses.
 * Smaller differences are left alone: `Date` has one-second resolution.
 */
const SKEW_IGNORED_MS = 30_000;

let offsetMs = 0;

/** Epoch milliseconds by the server's clock, as well as this browser can tell. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

export function serverClockOffset(): number {
  return offsetMs;
}

/**
 * Reads an answer's `Date` header. `sentAt` and `receivedAt` bracket the call (local epoch ms).
 * Returns true when the correction changed.
 */
export function observeServerDate(
  dateHeader: string | null,
  sentAt: number,
  receivedAt: number,
): boolean {
  if (!dateHeader) return false;
  const serverTime = Date.parse(dateHeader);
  if (Number.isNaN(serverTime)) return false;
  // The header is truncated to the second: its middle is half a second later.
  const measured = serverTime + 500 - (sentAt + receivedAt) / 2;
  const next = Math.abs(measured) < SKEW_IGNORED_MS ? 0 : Math.round(measured);
  if (Math.abs(next - offsetMs) < SKEW_IGNORED_MS && !(next === 0 && offsetMs !== 0)) return false;
  offsetMs = next;
  return true;
}

/** Tests only. */
export function resetServerClockForTests(offset = 0): void {
  offsetMs = offset;
}
