import type { ClubSummary } from '../../common/schemas/club.ts';
import { clubPath } from '../paths.ts';
import { LodgeAvatar } from './LodgeAvatar.tsx';
import { LinkList } from './LinkList.tsx';

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
    <LinkList
      testId={testId}
      rowTestId="lodge-row"
      entries={clubs.map((club) => ({
        key: club.id,
        to: clubPath(club.subdomain),
        picture: <LodgeAvatar club={club} size={48} />,
        name: club.name,
        detail: (showPlace ? lodgePlace(club) : club.type_name) || undefined,
      }))}
    />
  );
}
