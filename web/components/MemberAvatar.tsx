import { avatarColor, avatarInitials } from '../../common/avatar-color.ts';
import type { SessionParty } from '../../common/schemas/session.ts';
import { AvatarFrame } from './AvatarFrame.tsx';

type AvatarParty = Pick<SessionParty, 'first_name' | 'last_name' | 'display_name' | 'avatar'>;

/**
 * A member's avatar (CONST-30, AMB-31): the picture when there is one, otherwise the initials
 * in white on the colour the name chooses.
 */
export function MemberAvatar({ party, size = 40 }: { party: AvatarParty; size?: number }) {
  const background = avatarColor(party.display_name);
  return (
    <AvatarFrame
      imageUrl={party.avatar?.medium_url}
      size={size}
      background={background}
      dataColor={background}
      testId="member-avatar"
    >
      {avatarInitials(party.first_name, party.last_name, party.display_name)}
    </AvatarFrame>
  );
}
