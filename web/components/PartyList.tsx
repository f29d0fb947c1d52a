import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SessionParty } from '../../common/schemas/session.ts';
import { partyPath } from '../paths.ts';
import { MemberAvatar } from './MemberAvatar.tsx';
import classes from './PartyList.module.css';

export interface PartyListEntry {
  party: SessionParty;
  /** One line under the name: their lodges, when last contacted. */
  detail?: ReactNode;
}

/**
 * Members in a list (search results, recent and favourite contacts): each row one link to the
 * party page (DIR-13, DIR-17), read by a screen reader as the name and the detail.
 */
export function PartyList({
  entries,
  testId,
}: {
  entries: readonly PartyListEntry[];
  testId: string;
}) {
  return (
    <ul className={classes.list} data-testid={testId}>
      {entries.map(({ party, detail }) => (
        <li key={party.id} className={classes.item}>
          <Link to={partyPath(party.id)} className={classes.row}>
            <MemberAvatar party={party} size={48} />
            <span>
              <span className={classes.name}>{party.display_name}</span>
              {detail ? (
                <>
                  <br />
                  <span className={classes.detail}>{detail}</span>
                </>
              ) : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
