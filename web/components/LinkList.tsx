import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './LinkList.module.css';

export interface LinkListEntry {
  key: number | string;
  to: string;
  /** The avatar or emblem before the name. */
  picture: ReactNode;
  name: string;
  /** One line under the name. */
  detail?: ReactNode;
}

/**
 * Rows that each lead somewhere (members, lodges): one link per row, read by a screen reader as
 * the name and the detail.
 */
export function LinkList({
  entries,
  testId,
  rowTestId,
}: {
  entries: readonly LinkListEntry[];
  testId: string;
  rowTestId?: string;
}) {
  return (
    <ul className={classes.list} data-testid={testId}>
      {entries.map((entry) => (
        <li key={entry.key} className={classes.item}>
          <Link to={entry.to} className={classes.row} data-testid={rowTestId}>
            {entry.picture}
            <span>
              <span className={classes.name}>{entry.name}</span>
              {entry.detail ? (
                <>
                  <br />
                  <span className={classes.detail}>{entry.detail}</span>
                </>
              ) : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
