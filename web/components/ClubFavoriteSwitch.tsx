import { Switch } from '@mantine/core';
import {
  ERROR_MAKING_FAVORITE,
  ERROR_REMOVING_FAVORITE,
  ERROR_TITLE,
  FAVORITE,
  MEMBER_OF_CLUB_NOTE,
  favoriteClubLabel,
} from '../../common/messages.ts';
import { useClubFavoriteToggle, type FavoriteClubCache } from '../api/clubs.ts';
import classes from './ClubFavoriteSwitch.module.css';
import { showOkDialog } from './ok-dialog-store.ts';

export interface FavoriteClubState {
  id: number;
  name: string;
  is_favorite: boolean;
  is_member: boolean;
}

/**
 * A club's favourite switch (CLUB-05..07, CLUB-20), on the club home and in the party page's
 * club list (AMB-36). It moves at once and goes back if the call fails, then says so in the
 * spec's words (AMB-48: 'Error making favorite.' or 'Error removing favorite.', after any
 * Network or Server Error dialog). A member's own club is on and cannot be turned off, with a
 * note saying why (CLUB-07). `related` are the other screens' cached answers that show it.
 */
export function ClubFavoriteSwitch({
  club,
  related,
  size = 'lg',
}: {
  club: FavoriteClubState;
  related?: readonly FavoriteClubCache[];
  size?: 'md' | 'lg';
}) {
  const mutation = useClubFavoriteToggle(club.id, related);
  const change = (favorite: boolean) => {
    // One change at a time; the switch keeps its focus meanwhile rather than being disabled.
    if (mutation.isPending) return;
    mutation.mutate(favorite, {
      onError: () =>
        showOkDialog({
          title: ERROR_TITLE,
          content: favorite ? ERROR_MAKING_FAVORITE : ERROR_REMOVING_FAVORITE,
        }),
    });
  };
  return (
    <Switch
      size={size}
      label={FAVORITE}
      aria-label={favoriteClubLabel(club.name)}
      description={club.is_member ? MEMBER_OF_CLUB_NOTE : undefined}
      checked={club.is_member || club.is_favorite}
      disabled={club.is_member}
      onChange={(event) => change(event.currentTarget.checked)}
      classNames={{
        label: classes.label,
        description: classes.description,
        track: classes.track,
        thumb: classes.thumb,
      }}
      data-testid="club-favorite-switch"
    />
  );
}
