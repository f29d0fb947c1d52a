import { Link } from 'react-router';
import { HOME_LINK_LABEL } from '../../common/messages.ts';
import classes from './BrandLink.module.css';
import { Logo } from './Logo.tsx';

export interface BrandLinkProps {
  /** Where the logo leads: the start page when signed in, About for visitors. */
  to: string;
  /** On narrow screens the wordmark is hidden (signed in) or set smaller (signed out). */
  narrow: 'hide' | 'shrink';
}

/** The logo and the Lodgehall wordmark that open both top bars (NAV-01, NAV-02). */
export function BrandLink({ to, narrow }: BrandLinkProps) {
  const wordmarkClass = `${classes.wordmark} ${
    narrow === 'hide' ? classes.hideWhenNarrow : classes.shrinkWhenNarrow
  }`;
  return (
    <Link to={to} className={classes.brand} aria-label={HOME_LINK_LABEL}>
      <Logo size={40} />
      <span className={wordmarkClass} aria-hidden="true">
        Lodgehall
      </span>
    </Link>
  );
}
