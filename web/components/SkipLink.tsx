import type { MouseEvent } from 'react';
import { SKIP_TO_CONTENT } from '../../common/messages.ts';
import classes from './SkipLink.module.css';

/**
 * "Skip to content" (WCAG 2.4.1): the first thing Tab reaches on every screen, shown only while
 * it has focus. It moves focus onto the main area itself, so the next Tab goes to the screen's
 * first control instead of through the top bar and the menu.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    // Focus by hand rather than follow the #hash: the router would take the hash as a
    // navigation, and the address bar would keep it.
    event.preventDefault();
    target.focus();
  };
  return (
    <a href={`#${targetId}`} className={classes.skipLink} onClick={skip}>
      {SKIP_TO_CONTENT}
    </a>
  );
}
