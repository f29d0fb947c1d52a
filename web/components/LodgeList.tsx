import type { ClubSummary } from '../../common/schemas/club.ts';
import { clubPath } from '../paths.ts';
import { Link } from 'react-router';
import { LodgeAvatar } from './LodgeAvatar.tsx';
import classes from './PartyList.module.css';

/** Where a lodge is, for the line under its name: "Columbus, OH". */
export function lodgePlace(club: Pick<ClubSummary, 'city' | 'state'>): string {
  return [club.city, club.state].filter(Boolean).join(', ');
}

/**
 * Lodges in a list (search results, By City, favourites): each row one link to the club home
 * (DIR-12), read as the name and where it meets, drawn as the member lists are.
 */
export function LodgeList({
  clubs,
  testId,
  showPlace = true,
}: {
  clubs: readonly ClubSummary[];
  testId: string;
  /** By City's rows sit under their city's heading already. */
  showPlace?: boolean;
}) {
  return (
    <ul className={classes.list} data-testid={testId}>
      {clubs.map((club) => {
        const detail = showPlace ? lodgePlace(club) : club.type_name;
        return (
          <li key={club.id} className={classes.item}>
            <Link to={clubPath(club.subdomain)} className={classes.row} data-testid="lodge-row">
              <LodgeAvatar club={club} size={48} />
              <span>
                <span className={classes.name}>{club.name}</span>
                {detail ? (
                  <>
                    <br />
                    <span className={classes.detail}>{detail}</span>
                  </>
                ) : null}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
