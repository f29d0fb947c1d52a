import { badgeText, isWideBadge } from './badge-count.ts';
import classes from './SignedInShell.module.css';

/**
 * The red unseen-count badge on the chats and notices icons (NAV-04..06, AMB-25). Hidden at 0
 * or null; the link around it names the count for screen readers, so the badge itself is
 * hidden from them.
 */
export function CountBadge({ count, testId }: { count: number | null; testId: string }) {
  const text = badgeText(count);
  if (text === null) return null;
  const wide = isWideBadge(count);
  return (
    <span
      className={wide ? `${classes.badge} ${classes.badgeWide}` : classes.badge}
      data-testid={testId}
      data-wide={wide ? 'true' : undefined}
      aria-hidden="true"
    >
      {text}
    </span>
  );
}
