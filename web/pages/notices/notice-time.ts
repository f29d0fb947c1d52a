import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** AMB-30, NOTE-04: "5 minutes ago", "2 days ago", from the server's clock. */
export function noticeTime(lastSetAt: number, now: number): string {
  // A notice stamped a moment ahead of this clock reads as just now, not "in a few seconds".
  return dayjs(Math.min(lastSetAt, now)).from(dayjs(now));
}
