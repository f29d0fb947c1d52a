import { IconUsersGroup } from '@tabler/icons-react';
import { CHAT_AVATAR_MAX } from '../../../common/constants.ts';
import { moreMembers } from '../../../common/messages.ts';
import type { SessionParty } from '../../../common/schemas/session.ts';
import { MemberAvatar } from '../../components/MemberAvatar.tsx';
import classes from './ChatListPage.module.css';

/**
 * A chat's picture in the list (CONST-31, D46): the other members' avatars, up to four, and
 * '+N' under them for the other members beyond. One other member fills the picture; several
 * share it in a square of four; a group with no one else shows the group sign. Decorative: the title beside it names the members.
 */
export function ChatAvatars({
  parties,
  otherCount,
}: {
  parties: readonly SessionParty[];
  /** Every current member but the viewer; may exceed the parties the list sent. */
  otherCount: number;
}) {
  const shown = parties.slice(0, CHAT_AVATAR_MAX);
  const more = Math.max(otherCount, parties.length) - shown.length;
  if (shown.length === 0) {
    return (
      <span className={classes.avatars} aria-hidden="true">
        <span className={classes.emptyGroup}>
          <IconUsersGroup size={30} />
        </span>
      </span>
    );
  }
  return (
    <span className={classes.avatars} aria-hidden="true" data-testid="chat-avatars">
      {shown.length === 1 && shown[0] ? (
        <MemberAvatar party={shown[0]} size={56} />
      ) : (
        <span className={classes.avatarGrid}>
          {shown.map((party) => (
            <MemberAvatar key={party.id} party={party} size={27} />
          ))}
        </span>
      )}
      {more > 0 ? (
        <span className={classes.more} data-testid="chat-avatars-more">
          {moreMembers(more)}
        </span>
      ) : null}
    </span>
  );
}
