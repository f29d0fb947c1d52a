import { Box, Image } from '@mantine/core';
import { avatarColor, avatarInitials } from '../../common/avatar-color.ts';
import type { SessionParty } from '../../common/schemas/session.ts';

type AvatarParty = Pick<SessionParty, 'first_name' | 'last_name' | 'display_name' | 'avatar'>;

/**
 * A member's avatar (CONST-30, AMB-31): the picture when there is one, otherwise the initials
 * in white on the colour the name chooses. Decorative: the name is always written beside it.
 */
export function MemberAvatar({ party, size = 40 }: { party: AvatarParty; size?: number }) {
  const url = party.avatar?.medium_url;
  if (url) {
    return (
      <Image
        src={url}
        alt=""
        w={size}
        h={size}
        radius="50%"
        fit="cover"
        style={{ flexShrink: 0 }}
        data-testid="member-avatar"
      />
    );
  }
  const background = avatarColor(party.display_name);
  return (
    <Box
      component="span"
      aria-hidden="true"
      data-testid="member-avatar"
      data-color={background}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: '50%',
        background,
        color: '#fff',
        fontWeight: 700,
        fontSize: Math.round(size * 0.4),
        letterSpacing: '0.02em',
        lineHeight: 1,
        userSelect: 'none',
      }}
    >
      {avatarInitials(party.first_name, party.last_name, party.display_name)}
    </Box>
  );
}
