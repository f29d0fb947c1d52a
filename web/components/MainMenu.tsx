import { VisuallyHidden } from '@mantine/core';
import {
  IconAddressBook,
  IconBuildingBank,
  IconCalendarEvent,
  IconExternalLink,
  IconLifebuoy,
  IconNews,
  IconShieldCheck,
  type Icon,
} from '@tabler/icons-react';
import { NavLink } from 'react-router';
import { SUPPORT_URL } from '../../common/constants.ts';
import {
  CONSOLE_TITLE,
  NAV_CALENDAR,
  NAV_DIRECTORY,
  NAV_POSTS,
  NAV_STATUS_CHECKER,
  NAV_SUPPORT,
  OPENS_IN_NEW_TAB,
} from '../../common/messages.ts';
import type { User } from '../../common/schemas/session.ts';
import {
  CALENDAR_PATH,
  CONSOLE_PATH,
  DIRECTORY_PATH,
  NEWS_PATH,
  STATUS_CHECKER_PATH,
} from '../paths.ts';
import classes from './SignedInShell.module.css';

/** NAV-07: the member menu, in order. */
export const MENU_ITEMS: readonly { to: string; label: string; icon: Icon }[] = [
  { to: NEWS_PATH, label: NAV_POSTS, icon: IconNews },
  { to: CALENDAR_PATH, label: NAV_CALENDAR, icon: IconCalendarEvent },
  { to: DIRECTORY_PATH, label: NAV_DIRECTORY, icon: IconAddressBook },
  { to: STATUS_CHECKER_PATH, label: NAV_STATUS_CHECKER, icon: IconShieldCheck },
];

/** The console's entry (issue 23), after the member menu, for those the session allows. */
export const CONSOLE_MENU_ITEM = { to: CONSOLE_PATH, label: CONSOLE_TITLE, icon: IconBuildingBank };

/**
 * The member menu (NAV-07, NAV-08): Posts, Calendar, Directory, Status Checker and the
 * external Support link, which opens in a new tab; administrators and secretaries also see the
 * console's link (abilities.use_console), before Support. `bar` is the top bar's row; `column` is the
 * left column's list (and the phone drawer's).
 */
export function MainMenu({
  variant,
  label,
  user,
  onNavigate,
}: {
  variant: 'bar' | 'column';
  label: string;
  /** The shell's member: passed down, so the menu needs no session store of its own. */
  user: Pick<User, 'abilities'>;
  onNavigate?: () => void;
}) {
  const linkClass = variant === 'bar' ? classes.barLink : classes.columnLink;
  const iconSize = variant === 'bar' ? 20 : 24;
  const items = user.abilities.use_console ? [...MENU_ITEMS, CONSOLE_MENU_ITEM] : MENU_ITEMS;
  return (
    <nav aria-label={label} className={variant === 'bar' ? classes.barMenu : classes.columnMenu}>
      {items.map(({ to, label: text, icon: ItemIcon }) => (
        <NavLink key={to} to={to} className={linkClass} onClick={onNavigate}>
          <ItemIcon size={iconSize} stroke={1.8} aria-hidden="true" />
          {text}
        </NavLink>
      ))}
      <a
        href={SUPPORT_URL}
        target="_blank"
        rel="noopener noreferrer"
        className={linkClass}
        onClick={onNavigate}
      >
        <IconLifebuoy size={iconSize} stroke={1.8} aria-hidden="true" />
        {NAV_SUPPORT}
        <IconExternalLink size={16} stroke={2} aria-hidden="true" />
        <VisuallyHidden>{OPENS_IN_NEW_TAB}</VisuallyHidden>
      </a>
    </nav>
  );
}
